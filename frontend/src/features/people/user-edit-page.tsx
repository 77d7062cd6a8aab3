import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { MemberOutput } from '../../../../contracts/schemas/members.ts';
import { personInput } from '../../../../contracts/schemas/people.ts';
import { PageButton, usePageNavigate } from '../../app/links.tsx';
import { LoadFailed, RecordFormFrame } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { MemberAvatar } from '../../components/person/member-avatar.tsx';
import { PersonFields } from '../../components/person/person-fields.tsx';
import {
  FIELD_ORDER,
  type PersonFormValues,
  toPersonInput,
  toPersonValues,
} from '../../components/person/person-form.ts';
import { call } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { refreshProfile } from '../../lib/session.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { checkboxGrid } from './add-member-modal.tsx';

interface Values {
  person: PersonFormValues;
  role_ids: string[];
}

const toValues = (member: MemberOutput): Values => ({
  person: toPersonValues(member.person),
  role_ids: [...member.membership.role_ids].sort(),
});
const samePerson = (a: Values, b: Values) => JSON.stringify(a.person) === JSON.stringify(b.person);
const sameRoles = (a: Values, b: Values) => a.role_ids.join() === b.role_ids.join();

/**
 * `user/{id}`: a member's person record — the same fields the person edits on profile/edit, but the
 * notification switches, which are theirs to set — and their roles in this organization. Each part
 * is saved with the version loaded.
 */
export default function UserEditPage() {
  const { t } = useTranslation(['people', 'common', 'messages', 'roles', 'nav']);
  const navigate = usePageNavigate();
  const { id = '' } = useParams();
  const { profile } = useStore(session);
  const back = () => navigate(hrefOf('users'));

  const form = useRecordForm({
    load: useCallback(() => call('getMember', { params: { user_id: id } }), [id]),
    toValues,
    toInput: (values, member: MemberOutput) => toPersonInput(values.person, member.person.version, false),
    schema: personInput,
    save: async (body, member, values) => {
      const before = toValues(member);
      let next = member;
      if (!samePerson(values, before)) {
        const person = await call('updateMember', { params: { user_id: id }, body });
        next = { ...next, person };
      }
      if (!sameRoles(values, before)) {
        const membership = await call('setMemberRoles', {
          params: { user_id: id },
          body: { role_ids: values.role_ids, version: member.membership.version },
        });
        next = { ...next, membership };
        // Editing one's own roles changes one's own menu.
        if (id === profile?.user_id) void refreshProfile().catch(() => {});
      }
      return next;
    },
    onSaved: (member) =>
      flash('success', 'member_saved', {
        values: { name: `${member.person.last_name} ${member.person.first_name}` },
      }),
    onCancel: back,
    focus: { prefix: 'user', fields: [...FIELD_ORDER, 'role_ids'] },
  });

  if (form.state === 'failed' || form.state === 'not_found')
    return (
      <LoadFailed
        type={form.state === 'not_found' ? 'info' : 'error'}
        header={t('nav:title.user_edit')}
        action={<Button onClick={back}>{t('member.back')}</Button>}
        testId="user-load-error"
      >
        {form.state === 'not_found' ? t('not_found', { ns: 'messages' }) : t('member.load_failed')}
      </LoadFailed>
    );
  const { record: member, values } = form;
  if (!member || !values) return <PageSpinner />;
  const setPerson = <K extends keyof PersonFormValues>(field: K, value: PersonFormValues[K]) =>
    form.update((current) => ({ ...current, person: { ...current.person, [field]: value } }), String(field));

  return (
    <RecordFormFrame
      prefix="user"
      header={
        <Header
          variant="h1"
          description={member.person.email}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <PageButton
                formAction="none"
                href={hrefOf('pilot-info/:id', { id })}
                data-testid="user-pilot-info"
              >
                {t('users.action.pilot_info')}
              </PageButton>
              <PageButton
                formAction="none"
                href={hrefOf('organization/permits/:id', { id })}
                data-testid="user-permits"
              >
                {t('users.action.permits')}
              </PageButton>
            </SpaceBetween>
          }
        >
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <MemberAvatar
              name={`${member.person.last_name} ${member.person.first_name}`}
              url={member.person.profile_avatar}
              size={36}
              testId="user-avatar"
            />
            <span data-testid="user-name">{`${member.person.last_name} ${member.person.first_name}`}</span>
          </SpaceBetween>
        </Header>
      }
      errorText={form.formErrorText()}
      dirty={form.dirty}
      saving={form.saving}
      onSubmit={form.submit}
      onCancel={back}
    >
      <SpaceBetween size="l">
        <PersonFields
          values={values.person}
          onChange={setPerson}
          errorText={form.errorText}
          prefix="user"
          email={member.person.email}
          own={false}
        />
        <Container
          header={
            <Header
              variant="h2"
              description={t('member.roles_hint')}
              info={
                member.membership.status === 'active' ? (
                  <StatusIndicator type="success">{t('users.status.active')}</StatusIndicator>
                ) : (
                  <StatusIndicator type="stopped">{t('users.status.suspended')}</StatusIndicator>
                )
              }
            >
              {t('member.section.roles')}
            </Header>
          }
        >
          <FormField errorText={form.errorText('role_ids')} stretch>
            <div data-testid="user-role_ids" style={checkboxGrid}>
              {member.roles.map((role) => (
                <Checkbox
                  key={role.role_id}
                  checked={values.role_ids.includes(role.role_id)}
                  onChange={({ detail }) => {
                    const next = detail.checked
                      ? [...values.role_ids, role.role_id]
                      : values.role_ids.filter((r) => r !== role.role_id);
                    form.set('role_ids', next.sort());
                  }}
                  description={role.guard_role ? t(role.guard_role, { ns: 'roles' }) : undefined}
                  data-testid={`user-role-${role.role_id}`}
                >
                  {role.role_name}
                </Checkbox>
              ))}
            </div>
          </FormField>
        </Container>
      </SpaceBetween>
    </RecordFormFrame>
  );
}
