import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import {
  type CreateOrganizationInput,
  createOrganizationInput,
  type OrganizationRecord,
  type UpdateOrganizationInput,
  updateOrganizationInput,
} from '../../../../contracts/schemas/organizations.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { call } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { refreshOrganizations, refreshProfile } from '../../lib/session.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { OrganizationEditor } from './organization-editor.tsx';

/**
 * `organization/new` and `organization/edit/{id}`: the whole record. A supervisor creates
 * organizations and changes modules, limits and currency; anyone else with organization-edit edits
 * the rest of their own organization (the server answers 404 for another one). Which of the two the
 * form is comes with the record (`can_administer`), not from the caller's roles.
 */
export default function OrganizationAdminEditPage() {
  const { t } = useTranslation(['organization', 'nav']);
  const navigate = usePageNavigate();
  const { id } = useParams();
  const { profile } = useStore(session);
  // Back to the list of organizations, or the dashboard for whoever does not see that list.
  const back = () => navigate(hrefOf('organizations'));

  const load = useCallback(async () => (id ? call('getOrganization', { params: { id } }) : null), [id]);
  const loadMembers = useCallback(
    async (record: OrganizationRecord) =>
      (await call('listOrganizationMemberOptions', { params: { id: record.organization_id } })).items,
    [],
  );
  const save = useCallback(
    async (body: CreateOrganizationInput | UpdateOrganizationInput) =>
      id
        ? call('updateOrganization', { params: { id }, body: body as UpdateOrganizationInput })
        : call('createOrganization', { body: body as CreateOrganizationInput }),
    [id],
  );
  const onSaved = useCallback(
    (record: OrganizationRecord) => {
      if (!id) {
        flash('success', 'organization_created', { values: { name: record.organization_name } });
        // The supervisor is the new organization's admin: it joins the organization switch.
        void refreshOrganizations().catch(() => {});
        navigate(hrefOf('organization/edit/:id', { id: record.organization_id }), { replace: true });
        return;
      }
      flash('success', 'organization_saved');
      if (record.organization_id === profile?.organization?.organization_id)
        void refreshProfile()
          .then(refreshOrganizations)
          .catch(() => {});
    },
    [id, navigate, profile?.organization?.organization_id],
  );

  return (
    <OrganizationEditor
      key={id ?? 'new'}
      title={t(id ? 'nav:title.organization_edit_admin' : 'nav:title.organization_new')}
      description={t(id ? 'description_admin' : 'description_new')}
      load={load}
      loadMembers={id ? loadMembers : undefined}
      schema={id ? updateOrganizationInput : createOrganizationInput}
      save={save as (body: never) => Promise<OrganizationRecord>}
      onSaved={onSaved}
      onCancel={back}
      subscriptionsHref={id ? hrefOf('organization/:id/subscriptions', { id }) : undefined}
      defaultTimezone={profile?.organization?.timezone}
    />
  );
}
