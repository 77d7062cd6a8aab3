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
import Toggle from '@cloudscape-design/components/toggle';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';
import { type PersonOutput, PROFILE_TYPES, personInput } from '../../../../contracts/schemas/people.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { UnsavedChangesPrompt } from '../../components/unsaved-changes-prompt.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { currentLang } from '../../lib/i18n.ts';
import { refreshProfile } from '../../lib/session.ts';
import { PilotStatistics } from '../statistics/pilot-statistics.tsx';
import { LogbookSharingPanel } from './logbook-sharing-panel.tsx';
import {
  CONSENT_FLAGS,
  FIELD_ORDER,
  NOTIFICATION_FLAGS,
  type PersonFormValues,
  sameValues,
  TEXT_SECTIONS,
  type TextField,
  toPersonInput,
  toPersonValues,
} from './person-form.ts';

type Errors = Record<string, string[]>;

const AUTOCOMPLETE: Partial<Record<TextField, string>> = {
  first_name: 'given-name',
  last_name: 'family-name',
  phone: 'tel',
  mobile: 'tel',
  billing_name: 'organization',
};
const PHONE_FIELDS = new Set<TextField>(['phone', 'mobile']);

const focusFirstError = (errors: Errors) => {
  const first = FIELD_ORDER.find((field) => errors[field]);
  if (!first) return;
  requestAnimationFrame(() => {
    document
      .querySelector<HTMLElement>(
        `[data-testid="person-${first}"] input, [data-testid="person-${first}"] button`,
      )
      ?.focus();
  });
};

/**
 * `profile/edit`: the person's own data (spec §3 "User / pilot": identity, contact, billing, consent
 * and notification switches). The e-mail is the Cognito sign-in name and is shown read-only. The
 * browser checks the same schema the API does; a stale version is a 409 resolved by reloading.
 */
export default function ProfileEditPage() {
  const { t } = useTranslation(['profile', 'messages', 'common']);
  const navigate = useNavigate();
  const [person, setPerson] = useState<PersonOutput>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [saved, setSaved] = useState<PersonFormValues>();
  const [values, setValues] = useState<PersonFormValues>();
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    setLoadFailed(false);
    try {
      const loaded = await call('getMyPerson');
      setPerson(loaded);
      setSaved(toPersonValues(loaded));
      setValues(toPersonValues(loaded));
      setErrors({});
    } catch (error) {
      setLoadFailed(true);
      reportFailure(error);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const dirty = values !== undefined && saved !== undefined && !sameValues(values, saved);

  const save = async () => {
    if (!person || !values || saving) return;
    const parsed = z.safeParse(personInput, toPersonInput(values, person.version));
    if (!parsed.success) {
      const problems = fieldErrors(parsed.error.issues);
      setErrors(problems);
      focusFirstError(problems);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const updated = await call('updateMyPerson', { body: parsed.data });
      setPerson(updated);
      setSaved(toPersonValues(updated));
      setValues(toPersonValues(updated));
      flash('success', 'profile:edit.saved');
      // The name in the top bar comes from the profile.
      void refreshProfile().catch(() => undefined);
    } catch (error) {
      if (error instanceof FieldErrors) {
        setErrors(error.errors);
        focusFirstError(error.errors);
      } else if (error instanceof ApiError && error.code === 'conflict') {
        flash('error', 'conflict', { action: { labelKey: 'action.reload', run: () => void load() } });
      } else reportFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => navigate('/');
  useDialogKeys({ onCancel: cancel, onSave: () => void save() }, values !== undefined);

  if (loadFailed) {
    return (
      <Alert
        type="error"
        header={t('nav:title.profile_edit')}
        action={<Button onClick={() => void load()}>{t('common:action.retry')}</Button>}
      >
        {t('edit.load_failed')}
      </Alert>
    );
  }
  if (!person || !values) return <PageSpinner />;

  const errorText = (field: string) => {
    const key = errors[field]?.[0];
    return key ? t(key, { ns: 'messages' }) : undefined;
  };
  const set = <K extends keyof PersonFormValues>(field: K, value: PersonFormValues[K]) => {
    setValues({ ...values, [field]: value });
    if (errors[field])
      setErrors(Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field)));
  };
  const shown = new Set(FIELD_ORDER);
  const otherErrors = Object.entries(errors).filter(([field]) => !shown.has(field));
  const hasErrors = Object.keys(errors).length > 0;

  const textField = (field: TextField) =>
    field === 'birth_date' ? (
      <FormField key={field} label={t(`field.${field}`)} errorText={errorText(field)}>
        <DatePicker
          value={values.birth_date}
          onChange={({ detail }) => set('birth_date', detail.value)}
          placeholder="YYYY/MM/DD"
          invalid={Boolean(errors.birth_date)}
          expandToViewport
          data-testid="person-birth_date"
        />
      </FormField>
    ) : (
      <FormField
        key={field}
        label={t(`field.${field}`)}
        constraintText={
          PHONE_FIELDS.has(field)
            ? t('hint.phone')
            : field === 'emergency_contact'
              ? t('hint.emergency_contact')
              : undefined
        }
        errorText={errorText(field)}
      >
        <Input
          value={values[field]}
          onChange={({ detail }) => set(field, detail.value)}
          invalid={Boolean(errors[field])}
          inputMode={PHONE_FIELDS.has(field) ? 'tel' : undefined}
          autoComplete={AUTOCOMPLETE[field] ?? false}
          data-testid={`person-${field}`}
        />
      </FormField>
    );

  const profileTypeOptions = [
    { value: '', label: t('profile_type.none') },
    ...PROFILE_TYPES.map((type) => ({ value: type, label: t(`profile_type.${type}`) })),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  return (
    <SpaceBetween size="l">
      <form onSubmit={submit} noValidate data-testid="person-form">
        <UnsavedChangesPrompt when={dirty && !saving} />
        <Form
          header={
            <Header variant="h1" description={t('edit.description')}>
              {t('nav:title.profile_edit')}
            </Header>
          }
          errorText={
            hasErrors
              ? [
                  t('validation_failed', { ns: 'messages' }),
                  ...otherErrors.map(([field, keys]) => `${field}: ${t(keys[0] ?? '', { ns: 'messages' })}`),
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
              <Button formAction="none" variant="link" onClick={cancel} data-testid="person-cancel">
                {t('common:action.cancel')}
              </Button>
              <Button variant="primary" formAction="submit" loading={saving} data-testid="person-save">
                {t('common:action.save')}
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="l">
            <Container header={<Header variant="h2">{t('section.identity')}</Header>}>
              <ColumnLayout columns={2}>
                {(currentLang() === 'hu'
                  ? TEXT_SECTIONS.identity
                  : (['first_name', 'last_name', ...TEXT_SECTIONS.identity.slice(2)] as const)
                ).map(textField)}
                <FormField label={t('field.profile_type')} errorText={errorText('profile_type')}>
                  <Select
                    selectedOption={
                      profileTypeOptions.find((option) => option.value === values.profile_type) ??
                      profileTypeOptions[0] ??
                      null
                    }
                    options={profileTypeOptions}
                    onChange={({ detail }) => set('profile_type', detail.selectedOption.value ?? '')}
                    invalid={Boolean(errors.profile_type)}
                    data-testid="person-profile_type"
                  />
                </FormField>
              </ColumnLayout>
            </Container>
            <Container header={<Header variant="h2">{t('section.contact')}</Header>}>
              <ColumnLayout columns={2}>
                <FormField label={t('field.email')} description={t('hint.email')}>
                  <Input value={person.email} readOnly autoComplete="email" data-testid="person-email" />
                </FormField>
                {TEXT_SECTIONS.contact.map(textField)}
              </ColumnLayout>
            </Container>
            <Container header={<Header variant="h2">{t('section.billing')}</Header>}>
              <ColumnLayout columns={2}>{TEXT_SECTIONS.billing.map(textField)}</ColumnLayout>
            </Container>
            <ColumnLayout columns={2}>
              <Container header={<Header variant="h2">{t('section.consent')}</Header>}>
                <SpaceBetween size="s">
                  {CONSENT_FLAGS.map((flag) => (
                    <Checkbox
                      key={flag}
                      checked={values[flag]}
                      onChange={({ detail }) => set(flag, detail.checked)}
                      description={flag === 'public_privatedata' ? t('hint.public_privatedata') : undefined}
                      data-testid={`person-${flag}`}
                    >
                      {t(`field.${flag}`)}
                    </Checkbox>
                  ))}
                </SpaceBetween>
              </Container>
              <Container header={<Header variant="h2">{t('section.notifications')}</Header>}>
                <SpaceBetween size="s">
                  {NOTIFICATION_FLAGS.map((flag) => (
                    <Toggle
                      key={flag}
                      checked={values[flag]}
                      onChange={({ detail }) => set(flag, detail.checked)}
                      data-testid={`person-${flag}`}
                    >
                      {t(`field.${flag}`)}
                    </Toggle>
                  ))}
                </SpaceBetween>
              </Container>
            </ColumnLayout>
          </SpaceBetween>
        </Form>
      </form>
      {/* Saved at once, outside the form: the person's own choice per organization (issue 11 §1). */}
      <LogbookSharingPanel />
      {/* Spec §9: the pilot's statistics on the profile too (outside the form: nothing in it is saved). */}
      <PilotStatistics />
    </SpaceBetween>
  );
}
