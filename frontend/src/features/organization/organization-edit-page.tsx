import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';
import { type OwnOrganization, updateOwnOrganizationInput } from '../../../../contracts/schemas/identity.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { UnsavedChangesPrompt } from '../../components/unsaved-changes-prompt.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { refreshOrganizations, refreshProfile } from '../../lib/session.ts';
import {
  type OrganizationFormValues,
  sameValues,
  type TextField,
  timeZoneOptions,
  toFormValues,
  toUpdateInput,
} from './organization-form.ts';

type Errors = Record<string, string[]>;

/** The sections of the form and their text fields, in screen order. */
const SECTIONS: { key: string; fields: { name: TextField; autoComplete?: string; hint?: boolean }[] }[] = [
  {
    key: 'identity',
    fields: [
      { name: 'organization_name', autoComplete: 'organization' },
      { name: 'short_name' },
      { name: 'company_id' },
      { name: 'vat_number' },
    ],
  },
  {
    key: 'contact',
    fields: [
      { name: 'address_hq', autoComplete: 'street-address' },
      { name: 'address_site' },
      { name: 'contact_name', autoComplete: 'name' },
    ],
  },
];

const FIELD_ORDER: string[] = [
  ...SECTIONS.flatMap((s) => s.fields.map((f) => f.name)),
  'base_airport',
  'timezone',
];

/** Brings the first field with an error into view and puts the cursor there. */
const focusFirstError = (errors: Errors) => {
  const first = FIELD_ORDER.find((field) => errors[field]);
  if (!first) return;
  requestAnimationFrame(() => {
    document
      .querySelector<HTMLElement>(`[data-testid="org-${first}"] input, [data-testid="org-${first}"] button`)
      ?.focus();
  });
};

/**
 * `profile/organization-edit`: the organization's own data, edited by its admins. The browser checks
 * the same schema the API does; a stale version is a 409 the user resolves by reloading.
 */
export default function OrganizationEditPage() {
  const { t } = useTranslation(['organization', 'messages', 'modules', 'common']);
  const navigate = useNavigate();
  const [organization, setOrganization] = useState<OwnOrganization>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [saved, setSaved] = useState<OrganizationFormValues>();
  const [values, setValues] = useState<OrganizationFormValues>();
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    setLoadFailed(false);
    try {
      const loaded = await call('getOwnOrganization');
      const formValues = toFormValues(loaded);
      setOrganization(loaded);
      setSaved(formValues);
      setValues(formValues);
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
  const zones = useMemo(() => timeZoneOptions(values?.timezone ?? 'UTC'), [values?.timezone]);

  const save = async () => {
    if (!organization || !values || saving) return;
    const parsed = z.safeParse(updateOwnOrganizationInput, toUpdateInput(values, organization.version));
    if (!parsed.success) {
      const problems = fieldErrors(parsed.error.issues);
      setErrors(problems);
      focusFirstError(problems);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const updated = await call('updateOwnOrganization', { body: parsed.data });
      const formValues = toFormValues(updated);
      setOrganization(updated);
      setSaved(formValues);
      setValues(formValues);
      flash('success', 'organization_saved');
      // The name and base airport appear in the profile and the organization switch.
      void refreshProfile()
        .then(refreshOrganizations)
        .catch(() => {});
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
        header={t('common:title.organization_edit')}
        action={<Button onClick={() => void load()}>{t('common:action.retry')}</Button>}
      >
        {t('load_failed')}
      </Alert>
    );
  }
  if (!organization || !values) return <PageSpinner />;

  const errorText = (field: string) => {
    const key = errors[field]?.[0];
    return key ? t(key, { ns: 'messages' }) : undefined;
  };
  const set = (field: keyof OrganizationFormValues, value: string) => {
    setValues({ ...values, [field]: value });
    if (errors[field])
      setErrors(Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field)));
  };
  // Errors the fields do not show (the body as a whole, a field this form lacks) go on the form.
  const shownFields = new Set(FIELD_ORDER);
  const otherErrors = Object.entries(errors).filter(([field]) => !shownFields.has(field));
  const hasErrors = Object.keys(errors).length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  return (
    <form onSubmit={submit} noValidate data-testid="organization-form">
      <UnsavedChangesPrompt when={dirty && !saving} />
      <Form
        header={
          <Header variant="h1" description={t('description')}>
            {t('common:title.organization_edit')}
          </Header>
        }
        errorText={
          hasErrors
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
            <Button formAction="none" variant="link" onClick={cancel} data-testid="organization-cancel">
              {t('common:action.cancel')}
            </Button>
            <Button variant="primary" formAction="submit" loading={saving} data-testid="organization-save">
              {t('common:action.save')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {SECTIONS.map((section) => (
            <Container key={section.key} header={<Header variant="h2">{t(`section.${section.key}`)}</Header>}>
              <ColumnLayout columns={2}>
                {section.fields.map((field) => (
                  <FormField
                    key={field.name}
                    label={t(`field.${field.name}`)}
                    errorText={errorText(field.name)}
                  >
                    <Input
                      value={values[field.name]}
                      onChange={({ detail }) => set(field.name, detail.value)}
                      invalid={Boolean(errors[field.name])}
                      autoComplete={field.autoComplete ?? false}
                      data-testid={`org-${field.name}`}
                    />
                  </FormField>
                ))}
              </ColumnLayout>
            </Container>
          ))}
          <Container header={<Header variant="h2">{t('section.operations')}</Header>}>
            <ColumnLayout columns={2}>
              <FormField
                label={t('field.base_airport')}
                constraintText={t('hint.base_airport')}
                errorText={errorText('base_airport')}
              >
                <Input
                  value={values.base_airport}
                  onChange={({ detail }) => set('base_airport', detail.value.toUpperCase())}
                  invalid={Boolean(errors.base_airport)}
                  autoComplete={false}
                  data-testid="org-base_airport"
                />
              </FormField>
              <FormField label={t('field.timezone')} errorText={errorText('timezone')}>
                <Select
                  selectedOption={{ value: values.timezone, label: values.timezone }}
                  options={zones.map((zone) => ({ value: zone, label: zone }))}
                  onChange={({ detail }) => set('timezone', detail.selectedOption.value ?? '')}
                  filteringType="auto"
                  filteringPlaceholder={t('hint.timezone_filter')}
                  invalid={Boolean(errors.timezone)}
                  virtualScroll
                  data-testid="org-timezone"
                />
              </FormField>
              <FormField label={t('field.currency')} description={t('hint.managed')}>
                <Box data-testid="org-currency">{organization.currency_id}</Box>
              </FormField>
              <FormField label={t('field.modules')} description={t('hint.managed')}>
                <div data-testid="org-modules" style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
                  {organization.modules.length === 0
                    ? '—'
                    : organization.modules.map((module) => (
                        <Badge key={module}>{t(module, { ns: 'modules' })}</Badge>
                      ))}
                </div>
              </FormField>
            </ColumnLayout>
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}
