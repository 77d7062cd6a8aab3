import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { LANGS, type Lang } from '../../../../contracts/langs.ts';
import { addMemberInput } from '../../../../contracts/schemas/members.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { currentLang, LANG_NAMES } from '../../lib/i18n.ts';
import { type Errors, focusFirstError, withoutField } from './form-errors.ts';

const FIELDS = ['email', 'last_name', 'first_name', 'lang', 'role_ids'] as const;

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
  const { t } = useTranslation(['people', 'common', 'messages']);
  const [values, setValues] = useState({
    email: '',
    first_name: '',
    last_name: '',
    lang: currentLang() as Lang,
  });
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (saving) return;
    const parsed = z.safeParse(addMemberInput, {
      ...values,
      first_name: values.first_name.trim() || undefined,
      last_name: values.last_name.trim() || undefined,
      role_ids: roleIds,
    });
    if (!parsed.success) {
      const problems = fieldErrors(parsed.error.issues);
      setErrors(problems);
      focusFirstError('add-member', FIELDS, problems);
      return;
    }
    setSaving(true);
    try {
      const added = await call('addMember', { body: parsed.data });
      flash(
        'success',
        added.invited ? 'member_invited' : added.login_created ? 'member_added_with_login' : 'member_added',
        { values: { name: added.member.user_name ?? added.member.email, email: added.member.email } },
      );
      onAdded();
    } catch (error) {
      if (error instanceof FieldErrors) {
        setErrors(error.errors);
        focusFirstError('add-member', FIELDS, error.errors);
      } else if (
        error instanceof ApiError &&
        (error.code === 'member_exists' ||
          error.code === 'already_invited' ||
          error.code === 'invitation_declined')
      ) {
        setErrors({ email: [error.code] });
      } else reportFailure(error);
    } finally {
      setSaving(false);
    }
  };

  useDialogKeys({ onCancel: onClose, onSave: () => void save() });

  const set = (field: keyof typeof values, value: string) => {
    setValues({ ...values, [field]: value });
    setErrors(withoutField(errors, field));
  };
  const errorText = (field: string) => {
    const key = Object.entries(errors).find(
      ([name]) => name === field || name.startsWith(`${field}.`),
    )?.[1][0];
    return key ? t(key, { ns: 'messages' }) : undefined;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  return (
    <Modal
      visible
      size="medium"
      onDismiss={onClose}
      header={t('add.title')}
      data-testid="add-member"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} data-testid="add-member-cancel">
              {t('common:action.cancel')}
            </Button>
            <Button
              variant="primary"
              loading={saving}
              onClick={() => void save()}
              data-testid="add-member-save"
            >
              {t('add.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form onSubmit={submit} noValidate>
        <Form>
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
                invalid={Boolean(errors.email)}
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
                  invalid={Boolean(errors.last_name)}
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
                  invalid={Boolean(errors.first_name)}
                  data-testid="add-member-first_name"
                />
              </FormField>
            </ColumnLayout>
            <FormField label={t('field.lang')} description={t('add.lang_hint')} errorText={errorText('lang')}>
              <Select
                selectedOption={{ value: values.lang, label: LANG_NAMES[values.lang] }}
                options={LANGS.map((lang) => ({ value: lang, label: LANG_NAMES[lang] }))}
                onChange={({ detail }) => set('lang', detail.selectedOption.value ?? 'hu')}
                data-testid="add-member-lang"
              />
            </FormField>
            <FormField label={t('field.roles')} errorText={errorText('role_ids')}>
              <div data-testid="add-member-role_ids" style={checkboxGrid}>
                {roles.map((role) => (
                  <Checkbox
                    key={role.role_id}
                    checked={roleIds.includes(role.role_id)}
                    onChange={({ detail }) => {
                      setRoleIds(
                        detail.checked
                          ? [...roleIds, role.role_id]
                          : roleIds.filter((id) => id !== role.role_id),
                      );
                      setErrors(withoutField(errors, 'role_ids'));
                    }}
                    data-testid={`add-member-role-${role.role_id}`}
                  >
                    {role.role_name}
                  </Checkbox>
                ))}
              </div>
            </FormField>
          </SpaceBetween>
        </Form>
        {/* Enter in a field submits, as in every form of the product. */}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}

export const checkboxGrid = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: '4px 16px',
} as const;
