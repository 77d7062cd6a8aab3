import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { weekStartsOn } from '../../../../contracts/langs.ts';
import {
  SUBSCRIPTION_STATUSES,
  type SubscriptionOutput,
  type SubscriptionStatus,
  updateSubscriptionInput,
} from '../../../../contracts/schemas/subscriptions.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { UnsavedChangesPrompt } from '../../components/unsaved-changes-prompt.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { currentLang } from '../../lib/i18n.ts';
import { hrefOf } from '../../lib/navigation.ts';

const LIMITS = ['plane_limit', 'general_limit', 'glider_limit'] as const;

interface Values {
  start_date: string;
  end_date: string;
  status: SubscriptionStatus;
  plane_limit: string;
  general_limit: string;
  glider_limit: string;
}

const valuesOf = (s: SubscriptionOutput): Values => ({
  start_date: s.start_date,
  end_date: s.end_date ?? '',
  status: s.status,
  plane_limit: String(s.plane_limit),
  general_limit: String(s.general_limit),
  glider_limit: String(s.glider_limit),
});

const whole = (text: string) =>
  text.trim() === '' ? undefined : /^-?\d+$/.test(text.trim()) ? Number(text) : Number.NaN;

/** `subscription/edit/{id}` (supervisor): a subscription's dates, status and agreed limits. */
export default function SubscriptionEditPage() {
  const { t } = useTranslation(['organizations', 'messages', 'nav', 'common']);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [subscription, setSubscription] = useState<SubscriptionOutput>();
  const [values, setValues] = useState<Values>();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const loaded = await call('getSubscription', { params: { id } });
      setSubscription(loaded);
      setValues(valuesOf(loaded));
      setErrors({});
    } catch (error) {
      setFailed(true);
      reportFailure(error);
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  const back = () =>
    navigate(
      subscription ? hrefOf('organization/:id/subscriptions', { id: subscription.organization_id }) : '/',
    );

  const save = async () => {
    if (!subscription || !values || saving) return;
    const parsed = z.safeParse(updateSubscriptionInput, {
      start_date: values.start_date || undefined,
      end_date: values.end_date || null,
      status: values.status,
      plane_limit: whole(values.plane_limit),
      general_limit: whole(values.general_limit),
      glider_limit: whole(values.glider_limit),
      version: subscription.version,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    try {
      const saved = await call('updateSubscription', { params: { id }, body: parsed.data });
      setSubscription(saved);
      setValues(valuesOf(saved));
      flash('success', 'subscription_saved');
    } catch (error) {
      if (error instanceof FieldErrors) setErrors(error.errors);
      else if (error instanceof ApiError && error.code === 'conflict')
        flash('error', 'conflict', { action: { labelKey: 'action.reload', run: () => void load() } });
      else reportFailure(error);
    } finally {
      setSaving(false);
    }
  };

  useDialogKeys({ onCancel: back, onSave: () => void save() }, values !== undefined);

  if (failed)
    return (
      <Alert type="error" action={<Button onClick={() => void load()}>{t('common:action.retry')}</Button>}>
        {t('subscription.load_failed')}
      </Alert>
    );
  if (!subscription || !values) return <PageSpinner />;

  const dirty = JSON.stringify(values) !== JSON.stringify(valuesOf(subscription));
  const errorText = (field: string) => {
    const key = errors[field]?.[0];
    return key ? t(key, { ns: 'messages' }) : undefined;
  };
  const set = (field: keyof Values, value: string) => {
    setValues({ ...values, [field]: value });
    setErrors(Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field)));
  };
  const startOfWeek = weekStartsOn(currentLang());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  return (
    <form onSubmit={submit} noValidate data-testid="subscription-form">
      <UnsavedChangesPrompt when={dirty && !saving} />
      <Form
        header={
          <Header variant="h1" description={t('subscription.edit_description')}>
            {t('nav:title.subscription_edit')}
          </Header>
        }
        errorText={Object.keys(errors).length > 0 ? t('validation_failed', { ns: 'messages' }) : undefined}
        errorIconAriaLabel={t('common:error')}
        secondaryActions={
          <Box variant="small" color="text-body-secondary">
            {t('common:keys.hint')}
          </Box>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={back}>
              {t('common:action.cancel')}
            </Button>
            <Button variant="primary" formAction="submit" loading={saving} data-testid="subscription-save">
              {t('common:action.save')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          <Container>
            <KeyValuePairs
              columns={2}
              items={[
                { label: t('subscription.organization'), value: subscription.organization_name },
                { label: t('column.package'), value: subscription.package_name },
              ]}
            />
          </Container>
          <Container header={<Header variant="h2">{t('subscription.period')}</Header>}>
            <ColumnLayout columns={3}>
              <FormField label={t('subscription.start_date')} errorText={errorText('start_date')}>
                <DatePicker
                  value={values.start_date}
                  onChange={({ detail }) => set('start_date', detail.value)}
                  placeholder="YYYY/MM/DD"
                  startOfWeek={startOfWeek}
                  invalid={Boolean(errors.start_date)}
                  data-testid="subscription-start"
                />
              </FormField>
              <FormField label={t('subscription.end_date')} errorText={errorText('end_date')}>
                <DatePicker
                  value={values.end_date}
                  onChange={({ detail }) => set('end_date', detail.value)}
                  placeholder="YYYY/MM/DD"
                  startOfWeek={startOfWeek}
                  invalid={Boolean(errors.end_date)}
                  data-testid="subscription-end"
                />
              </FormField>
              <FormField label={t('subscription.status')} errorText={errorText('status')}>
                <Select
                  selectedOption={{ value: values.status, label: t(`status.${values.status}`) }}
                  options={SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
                  onChange={({ detail }) => set('status', detail.selectedOption.value ?? 'active')}
                  invalid={Boolean(errors.status)}
                  data-testid="subscription-status"
                />
              </FormField>
            </ColumnLayout>
          </Container>
          <Container
            header={
              <Header variant="h2" description={t('subscription.limits_hint')}>
                {t('subscription.limits')}
              </Header>
            }
          >
            <ColumnLayout columns={3}>
              {LIMITS.map((field) => (
                <FormField key={field} label={t(`limit.${field}`)} errorText={errorText(field)}>
                  <Input
                    value={values[field]}
                    inputMode="numeric"
                    onChange={({ detail }) => set(field, detail.value)}
                    invalid={Boolean(errors[field])}
                    data-testid={`subscription-${field}`}
                  />
                </FormField>
              ))}
            </ColumnLayout>
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}
