import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../../../../contracts/langs.ts';
import { addMemberInput } from '../../../../contracts/schemas/members.ts';
import { RecordModal } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { ApiError, call } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { currentLang, LANG_NAMES } from '../../lib/i18n.ts';

const FIELDS = ['email', 'last_name', 'first_name', 'lang', 'role_ids'] as const;
/** Refusals of the address itself (issue 11 §1): shown at the e-mail field. */
const EMAIL_REFUSALS = new Set(['member_exists', 'already_invited', 'invitation_declined']);

/**
 * Adds a member by e-mail. The server decides what happens: an e-mail that already has an account
 * gets an invitation the person accepts or declines (issue 11 §1) — the names are not needed then;
 * anyone else gets a login and a temporary password by mail. The roles are checked here as in the API.
 */
export function AddMemberModal({
  roles,
  onClose,
  onAdded,
}: {
  roles: { role_id: string; role_name: string }[];
  onClose: () => void;
  onAdded: () => void;
}) {
  const { t } = useTranslation(['people', 'common']);
  const form = useRecordForm({
    // A new member: nothing stored yet.
    load: useCallback(async () => null, []),
    toValues: () => ({
      email: '',
      first_name: '',
      last_name: '',
      lang: currentLang() as Lang,
      role_ids: [] as string[],
    }),
    // The names are needed only for a new login: an empty one is left out, not sent as ''.
    toInput: (values) => ({
      ...values,
      first_name: values.first_name.trim() || undefined,
      last_name: values.last_name.trim() || undefined,
    }),
    schema: addMemberInput,
    save: async (body) => {
      const added = await call('addMember', { body });
      flash(
        'success',
        added.invited ? 'member_invited' : added.login_created ? 'member_added_with_login' : 'member_added',
        { values: { name: added.member.user_name ?? added.member.email, email: added.member.email } },
      );
      return null;
    },
    onSaved: onAdded,
    // The address is a member already, or invited, or declined an invitation: said at the e-mail field.
    onSaveError: (error) => {
      if (!(error instanceof ApiError && EMAIL_REFUSALS.has(error.code))) return false;
      form.show({ email: [error.code] });
      return true;
    },
    onCancel: onClose,
    focus: { prefix: 'add-member', fields: FIELDS },
  });
  const { values, errorText, set } = form;
  if (!values) return null;

  return (
    <RecordModal
      prefix="add-member"
      testId="add-member"
      size="medium"
      header={t('add.title')}
      errorText={form.formErrorText()}
      saving={form.saving}
      onSubmit={form.submit}
      onSave={() => form.submit()}
      onCancel={onClose}
      saveText={t('add.save')}
    >
      <SpaceBetween size="m">
        <Box variant="p" color="text-body-secondary">
          {t('add.description')}
        </Box>
        <Alert type="info" data-testid="add-member-invitation-note">
          {t('add.invitation_note')}
        </Alert>
        <FormField label={t('field.email')} errorText={errorText('email')}>
          <Input
            type="email"
            value={values.email}
            onChange={({ detail }) => set('email', detail.value)}
            invalid={form.has('email')}
            autoComplete={false}
            data-testid="add-member-email"
          />
        </FormField>
        <ColumnLayout columns={2}>
          <FormField
            label={t('field.last_name')}
            description={t('add.name_hint')}
            errorText={errorText('last_name')}
          >
            <Input
              value={values.last_name}
              onChange={({ detail }) => set('last_name', detail.value)}
              invalid={form.has('last_name')}
              data-testid="add-member-last_name"
            />
          </FormField>
          <FormField
            label={t('field.first_name')}
            description={t('add.name_hint')}
            errorText={errorText('first_name')}
          >
            <Input
              value={values.first_name}
              onChange={({ detail }) => set('first_name', detail.value)}
              invalid={form.has('first_name')}
              data-testid="add-member-first_name"
            />
          </FormField>
        </ColumnLayout>
        <FormField label={t('field.lang')} description={t('add.lang_hint')} errorText={errorText('lang')}>
          <Select
            selectedOption={{ value: values.lang, label: LANG_NAMES[values.lang] }}
            options={LANGS.map((lang) => ({ value: lang, label: LANG_NAMES[lang] }))}
            onChange={({ detail }) => set('lang', (detail.selectedOption.value ?? 'hu') as Lang)}
            data-testid="add-member-lang"
          />
        </FormField>
        <FormField label={t('field.roles')} errorText={errorText('role_ids')}>
          <div data-testid="add-member-role_ids" style={checkboxGrid}>
            {roles.map((role) => (
              <Checkbox
                key={role.role_id}
                checked={values.role_ids.includes(role.role_id)}
                onChange={({ detail }) =>
                  set(
                    'role_ids',
                    detail.checked
                      ? [...values.role_ids, role.role_id]
                      : values.role_ids.filter((id) => id !== role.role_id),
                  )
                }
                data-testid={`add-member-role-${role.role_id}`}
              >
                {role.role_name}
              </Checkbox>
            ))}
          </div>
        </FormField>
      </SpaceBetween>
    </RecordModal>
  );
}

export const checkboxGrid = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: '4px 16px',
} as const;
