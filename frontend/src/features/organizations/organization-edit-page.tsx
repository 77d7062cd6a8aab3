import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type UpdateOwnOrganizationInput,
  updateOwnOrganizationInput,
} from '../../../../contracts/schemas/identity.ts';
import type { OrganizationRecord } from '../../../../contracts/schemas/organizations.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { call } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { refreshOrganizations, refreshProfile } from '../../lib/session.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { OrganizationEditor } from './organization-editor.tsx';

/**
 * `profile/organization-edit`: the organization's own record, edited by its admins. Modules, limits
 * and currency are shown; only a supervisor changes them (organization/edit/{id}).
 */
export default function OrganizationEditPage() {
  const { t } = useTranslation(['organization', 'common']);
  const navigate = usePageNavigate();
  const { profile } = useStore(session);
  const mayListMembers = profile?.can['organization-edit'] === true;

  const load = useCallback(() => call('getOwnOrganization'), []);
  const loadMembers = useCallback(
    async (record: OrganizationRecord) =>
      mayListMembers
        ? (await call('listOrganizationMemberOptions', { params: { id: record.organization_id } })).items
        : [],
    [mayListMembers],
  );
  const save = useCallback((body: UpdateOwnOrganizationInput) => call('updateOwnOrganization', { body }), []);
  const onSaved = useCallback(() => {
    flash('success', 'organization_saved');
    // The name and base airport appear in the profile and the organization switch.
    void refreshProfile()
      .then(refreshOrganizations)
      .catch(() => {});
  }, []);

  return (
    <OrganizationEditor
      mode="own"
      title={t('common:title.organization_edit')}
      description={t('description')}
      load={load}
      loadMembers={loadMembers}
      schema={updateOwnOrganizationInput}
      save={save as (body: never) => Promise<OrganizationRecord>}
      onSaved={onSaved}
      onCancel={() => navigate('/')}
    />
  );
}
