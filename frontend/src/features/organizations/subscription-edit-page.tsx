import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import {
  SUBSCRIPTION_STATUSES,
  type SubscriptionOutput,
  type SubscriptionStatus,
  updateSubscriptionInput,
} from '../../../../contracts/schemas/subscriptions.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { DateField } from '../../components/forms/date-field.tsx';
import { LoadFailed, RecordFormFrame } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { call } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
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
  const { t } = useTranslation(['organizations', 'nav']);
  const { id = '' } = useParams();
  const navigate = usePageNavigate();
  const [organizationId, setOrganizationId] = useState<string>();
  const back = () =>
    navigate(organizationId ? hrefOf('organization/:id/subscriptions', { id: organizationId }) : '/');
  const form = useRecordForm({
    load: useCallback(async () => {
      const loaded = await call('getSubscription', { params: { id } });
      setOrganizationId(loaded.organization_id);
      return loaded;
    }, [id]),
    toValues: valuesOf,
    toInput: (values, subscription: SubscriptionOutput) => ({
      start_date: values.start_date || undefined,
      end_date: values.end_date || null,
      status: values.status,
      plane_limit: whole(values.plane_limit),
      general_limit: whole(values.general_limit),
      glider_limit: whole(values.glider_limit),
      version: subscription.version,
    }),
    schema: updateSubscriptionInput,
    save: (body) => call('updateSubscription', { params: { id }, body }),
    onSaved: () => flash('success', 'subscription_saved'),
    onCancel: back,
    focus: { prefix: 'subscription', fields: ['start_date', 'end_date', 'status', ...LIMITS] },
  });

  if (form.state === 'failed' || form.state === 'not_found')
    return <LoadFailed onRetry={form.reload}>{t('subscription.load_failed')}</LoadFailed>;
  const { record: subscription, values, errorText, set } = form;
  if (!subscription || !values) return <PageSpinner />;
  const invalid = (field: string) => form.has(field);

  return (
    <RecordFormFrame
      prefix="subscription"
      header={
        <Header variant="h1" description={t('subscription.edit_description')}>
          {t('nav:title.subscription_edit')}
        </Header>
      }
      errorText={form.formErrorText()}
      dirty={form.dirty}
      saving={form.saving}
      onSubmit={form.submit}
      onCancel={back}
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
              <DateField
                value={values.start_date}
                onChange={(value) => set('start_date', value)}
                invalid={invalid('start_date')}
                testId="subscription-start_date"
              />
            </FormField>
            <FormField label={t('subscription.end_date')} errorText={errorText('end_date')}>
              <DateField
                value={values.end_date}
                onChange={(value) => set('end_date', value)}
                invalid={invalid('end_date')}
                testId="subscription-end_date"
              />
            </FormField>
            <FormField label={t('subscription.status')} errorText={errorText('status')}>
              <Select
                selectedOption={{ value: values.status, label: t(`status.${values.status}`) }}
                options={SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
                onChange={({ detail }) =>
                  set('status', (detail.selectedOption.value ?? 'active') as SubscriptionStatus)
                }
                invalid={invalid('status')}
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
                  invalid={invalid(field)}
                  data-testid={`subscription-${field}`}
                />
              </FormField>
            ))}
          </ColumnLayout>
        </Container>
      </SpaceBetween>
    </RecordFormFrame>
  );
}
