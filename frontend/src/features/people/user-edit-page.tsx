import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Toggle from '@cloudscape-design/components/toggle';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { weekStartsOn } from '../../../../contracts/langs.ts';
import type { MemberOutput } from '../../../../contracts/schemas/members.ts';
import { PROFILE_TYPES, personInput } from '../../../../contracts/schemas/people.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { UnsavedChangesPrompt } from '../../components/unsaved-changes-prompt.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { currentLang } from '../../lib/i18n.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { refreshProfile } from '../../lib/session.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { checkboxGrid } from './add-member-modal.tsx';
import { type Errors, focusFirstError, orNull, withoutField } from './form-errors.ts';

const TEXT_FIELDS = [
  'last_name',
  'first_name',
  'callsign',
  'phone',
  'mobile',
  'birth_date',
  'birth_place',
  'mother_name',
  'emergency_contact',
  'billing_name',
  'vat_number',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const FLAGS = ['public_privatedata', 'newsletter_on', 'betatester'] as const;
type Flag = (typeof FLAGS)[number];

interface Values {
  text: Record<TextField, string>;
  profile_type: string;
  flags: Record<Flag, boolean>;
  role_ids: string[];
}

const toValues = (member: MemberOutput): Values => ({
  text: Object.fromEntries(TEXT_FIELDS.map((f) => [f, member.person[f] ?? ''])) as Record<TextField, string>,
  profile_type: member.person.profile_type ?? '',
  flags: Object.fromEntries(FLAGS.map((f) => [f, member.person[f]])) as Record<Flag, boolean>,
  role_ids: [...member.membership.role_ids].sort(),
});

const samePerson = (a: Values, b: Values) =>
  TEXT_FIELDS.every((f) => a.text[f] === b.text[f]) &&
  FLAGS.every((f) => a.flags[f] === b.flags[f]) &&
  a.profile_type === b.profile_type;
const sameRoles = (a: Values, b: Values) => a.role_ids.join() === b.role_ids.join();

const FIELD_ORDER = [...TEXT_FIELDS, 'profile_type', 'role_ids'];

/**
 * `user/{id}`: a member's person fields and their roles in this organization. The person's own
 * preferences (notifications) are theirs to set and are not sent. Both parts are saved with the
 * version loaded; a 409 tells the user to reload.
 */
export default function UserEditPage() {
  const { t } = useTranslation(['people', 'common', 'messages', 'roles']);
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { profile } = useStore(session);
  const isAdmin = profile?.has_role.admin === true;
  const [member, setMember] = useState<MemberOutput>();
  const [saved, setSaved] = useState<Values>();
  const [values, setValues] = useState<Values>();
  const [errors, setErrors] = useState<Errors>({});
  const [loadError, setLoadError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const lang = currentLang();

  const load = useCallback(async () => {
    setLoadError(undefined);
    try {
      const loaded = await call('getMember', { params: { user_id: id } });
      setMember(loaded);
      setSaved(toValues(loaded));
      setValues(toValues(loaded));
      setErrors({});
    } catch (error) {
      setLoadError(error instanceof ApiError && error.code === 'not_found' ? 'not_found' : 'load_failed');
      if (!(error instanceof ApiError && error.code === 'not_found')) reportFailure(error);
    }
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);

  const back = () => navigate(hrefOf('users'));
  const dirty =
    values !== undefined && saved !== undefined && !(samePerson(values, saved) && sameRoles(values, saved));

  const save = async () => {
    if (!member || !values || !saved || saving) return;
    const body = {
      ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, orNull(values.text[f])])),
      first_name: values.text.first_name,
      last_name: values.text.last_name,
      profile_type: values.profile_type || null,
      ...values.flags,
      version: member.person.version,
    };
    const parsed = z.safeParse(personInput, body);
    if (!parsed.success) {
      const problems = fieldErrors(parsed.error.issues);
      setErrors(problems);
      focusFirstError('user', FIELD_ORDER, problems);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      let next = member;
      if (!samePerson(values, saved)) {
        const person = await call('updateMember', { params: { user_id: id }, body: parsed.data });
        next = { ...next, person };
      }
      if (!sameRoles(values, saved)) {
        const membership = await call('setMemberRoles', {
          params: { user_id: id },
          body: { role_ids: values.role_ids, version: member.membership.version },
        });
        next = { ...next, membership };
        // Editing one's own roles changes one's own menu.
        if (id === profile?.user_id) void refreshProfile().catch(() => {});
      }
      setMember(next);
      setSaved(toValues(next));
      setValues(toValues(next));
      flash('success', 'member_saved', {
        values: { name: `${next.person.last_name} ${next.person.first_name}` },
      });
    } catch (error) {
      if (error instanceof FieldErrors) {
        setErrors(error.errors);
        focusFirstError('user', FIELD_ORDER, error.errors);
      } else if (error instanceof ApiError && error.code === 'conflict') {
        flash('error', 'conflict', { action: { labelKey: 'action.reload', run: () => void load() } });
      } else reportFailure(error);
    } finally {
      setSaving(false);
    }
  };

  useDialogKeys({ onCancel: back, onSave: () => void save() }, values !== undefined);

  if (loadError) {
    return (
      <Alert
        type={loadError === 'not_found' ? 'info' : 'error'}
        header={t('nav:title.user_edit')}
        action={<Button onClick={back}>{t('member.back')}</Button>}
        data-testid="user-load-error"
      >
        {loadError === 'not_found' ? t('not_found', { ns: 'messages' }) : t('member.load_failed')}
      </Alert>
    );
  }
  if (!member || !values) return <PageSpinner />;

  const errorText = (field: string) => {
    const key = Object.entries(errors).find(
      ([name]) => name === field || name.startsWith(`${field}.`),
    )?.[1][0];
    return key ? t(key, { ns: 'messages' }) : undefined;
  };
  const setText = (field: TextField, value: string) => {
    setValues({ ...values, text: { ...values.text, [field]: value } });
    setErrors(withoutField(errors, field));
  };
  const textField = (field: TextField, options: { inputMode?: 'tel'; hint?: string } = {}) => (
    <FormField
      key={field}
      label={t(`field.${field}`)}
      constraintText={options.hint}
      errorText={errorText(field)}
    >
      <Input
        inputMode={options.inputMode}
        value={values.text[field]}
        onChange={({ detail }) => setText(field, detail.value)}
        invalid={Boolean(errors[field])}
        data-testid={`user-${field}`}
      />
    </FormField>
  );
  const shownFields = new Set<string>([...FIELD_ORDER, ...FLAGS]);
  const otherErrors = Object.entries(errors).filter(([field]) => !shownFields.has(field.split('.')[0] ?? ''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };
  const name = `${member.person.last_name} ${member.person.first_name}`;

  return (
    <form onSubmit={submit} noValidate data-testid="user-form">
      <UnsavedChangesPrompt when={dirty && !saving} />
      <Form
        header={
          <Header
            variant="h1"
            description={member.person.email}
            actions={
              isAdmin ? (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button
                    formAction="none"
                    onClick={() => navigate(hrefOf('pilot-info/:id', { id }))}
                    data-testid="user-pilot-info"
                  >
                    {t('users.action.pilot_info')}
                  </Button>
                  <Button
                    formAction="none"
                    onClick={() => navigate(hrefOf('organization/permits/:id', { id }))}
                    data-testid="user-permits"
                  >
                    {t('users.action.permits')}
                  </Button>
                </SpaceBetween>
              ) : undefined
            }
          >
            <span data-testid="user-name">{name}</span>
          </Header>
        }
        errorText={
          Object.keys(errors).length
            ? [
                t('validation_failed', { ns: 'messages' }),
                ...otherErrors.map(([, keys]) => t(keys[0] ?? '', { ns: 'messages' })),
              ].join(' ')
            : undefined
        }
        errorIconAriaLabel={t('common:error')}
        secondaryActions={
          <Box variant="small" color="text-body-secondary">
            {t('common:keys.hint')}
          </Box>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={back} data-testid="user-cancel">
              {t('common:action.cancel')}
            </Button>
            <Button variant="primary" formAction="submit" loading={saving} data-testid="user-save">
              {t('common:action.save')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          <Container header={<Header variant="h2">{t('member.section.identity')}</Header>}>
            <ColumnLayout columns={2}>
              {textField('last_name')}
              {textField('first_name')}
              {textField('callsign')}
              <FormField label={t('field.profile_type')} errorText={errorText('profile_type')}>
                <Select
                  selectedOption={{
                    value: values.profile_type,
                    label: values.profile_type ? t(`profile_type.${values.profile_type}`) : t('field.none'),
                  }}
                  options={[
                    { value: '', label: t('field.none') },
                    ...PROFILE_TYPES.map((type) => ({ value: type, label: t(`profile_type.${type}`) })),
                  ]}
                  onChange={({ detail }) =>
                    setValues({ ...values, profile_type: detail.selectedOption.value ?? '' })
                  }
                  data-testid="user-profile_type"
                />
              </FormField>
              <FormField label={t('field.birth_date')} errorText={errorText('birth_date')}>
                <DatePicker
                  value={values.text.birth_date}
                  onChange={({ detail }) => setText('birth_date', detail.value)}
                  placeholder="YYYY/MM/DD"
                  locale={lang}
                  startOfWeek={weekStartsOn(lang)}
                  invalid={Boolean(errors.birth_date)}
                  data-testid="user-birth_date"
                />
              </FormField>
              {textField('birth_place')}
              {textField('mother_name')}
            </ColumnLayout>
          </Container>
          <Container header={<Header variant="h2">{t('member.section.contact')}</Header>}>
            <ColumnLayout columns={2}>
              {textField('phone', { inputMode: 'tel', hint: t('hint.phone') })}
              {textField('mobile', { inputMode: 'tel', hint: t('hint.phone') })}
              {textField('emergency_contact')}
              {textField('billing_name')}
              {textField('vat_number')}
            </ColumnLayout>
          </Container>
          <Container header={<Header variant="h2">{t('member.section.consent')}</Header>}>
            <SpaceBetween size="s">
              {FLAGS.map((flag) => (
                <Toggle
                  key={flag}
                  checked={values.flags[flag]}
                  onChange={({ detail }) =>
                    setValues({ ...values, flags: { ...values.flags, [flag]: detail.checked } })
                  }
                  description={t(`flag_hint.${flag}`)}
                  data-testid={`user-${flag}`}
                >
                  {t(`field.${flag}`)}
                </Toggle>
              ))}
            </SpaceBetween>
          </Container>
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
            <FormField errorText={errorText('role_ids')} stretch>
              <div data-testid="user-role_ids" style={checkboxGrid}>
                {member.roles.map((role) => (
                  <Checkbox
                    key={role.role_id}
                    checked={values.role_ids.includes(role.role_id)}
                    onChange={({ detail }) => {
                      const next = detail.checked
                        ? [...values.role_ids, role.role_id]
                        : values.role_ids.filter((r) => r !== role.role_id);
                      setValues({ ...values, role_ids: next.sort() });
                      setErrors(withoutField(errors, 'role_ids'));
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
      </Form>
    </form>
  );
}
