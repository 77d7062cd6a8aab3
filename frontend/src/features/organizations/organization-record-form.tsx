import AttributeEditor from '@cloudscape-design/components/attribute-editor';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Icon from '@cloudscape-design/components/icon';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import TimeInput from '@cloudscape-design/components/time-input';
import Toggle from '@cloudscape-design/components/toggle';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CERTIFICATE_POLICIES, type CertificatePolicy } from '../../../../contracts/documents.ts';
import { MODULES, type Module } from '../../../../contracts/modules.ts';
import { CURRENCIES } from '../../../../contracts/money.ts';
import { BALANCE_POLICIES, type BalancePolicy } from '../../../../contracts/schemas/finance-enums.ts';
import {
  CUSTOM_PRICE_UNITS,
  type CustomPriceUnit,
  type MoneyField,
  ORGANIZATION_NOTIFICATION_FLAGS,
  type OrganizationRecord,
  PRICE_UNITS,
  RECENCY_POLICIES,
  type RecencyPolicy,
} from '../../../../contracts/schemas/organizations.ts';
import { PageLink } from '../../app/links.tsx';
import { DateField } from '../../components/forms/date-field.tsx';
import { dynamicT } from '../../lib/i18n-keys.ts';
import {
  type CustomPriceValues,
  type FormMode,
  LIMIT_FIELDS,
  type OrganizationFormValues,
  TAB_IDS,
  type TabId,
  type TextField,
  tabOf,
  timeZoneOptions,
} from './organization-form.ts';

export type Errors = Record<string, string[]>;
export interface MemberOption {
  user_id: string;
  user_name: string;
}

interface Props {
  mode: FormMode;
  values: OrganizationFormValues;
  onChange: (values: OrganizationFormValues, field: string) => void;
  errors: Errors;
  errorText: (field: string) => string | undefined;
  /** The stored record, for what this form shows but does not change (package). */
  record?: OrganizationRecord;
  /** Members to name as contact or operating-day editor; null while unknown. */
  members: MemberOption[] | null;
  activeTab: TabId;
  onTabChange: (tab: TabId) => void;
  /** The supervisor's subscriptions screen for this organization. */
  subscriptionsHref?: string;
}

const MONEY_BY_TAB: Record<'prices' | 'finance', MoneyField[]> = {
  prices: [
    'flight_price',
    'motor_price',
    'towing_price',
    'towing_price_altitude',
    'towing_price_extra_charge',
    'winching_price',
    'min_price',
    'social_work_price',
    'normal_work_price',
    'professional_work_price',
  ],
  finance: ['balance_min', 'full_fee', 'discount_fee', 'yearly_membership_fee', 'payment_min', 'payment_max'],
};

/**
 * The organization's full record (spec §3) in tabs: identity and contact, banking and billing,
 * prices, finance, operating days and notifications, modules and limits. Modules, limits and the
 * currency are read-only for an organization's own admins; only a supervisor changes them.
 */
export function OrganizationRecordForm({
  mode,
  values,
  onChange,
  errors,
  errorText,
  record,
  members,
  activeTab,
  onTabChange,
  subscriptionsHref,
}: Props) {
  const { t, i18n } = useTranslation(['organization', 'messages', 'modules', 'common']);
  const zones = useMemo(() => timeZoneOptions(values.timezone), [values.timezone]);
  const managed = mode !== 'own';

  const set = <K extends keyof OrganizationFormValues>(field: K, value: OrganizationFormValues[K]) =>
    onChange({ ...values, [field]: value }, field);

  const field = (
    name: string,
    control: ReactNode,
    extra: { description?: string; constraint?: string } = {},
  ) => (
    <FormField
      key={name}
      label={dynamicT(t)(`field.${name}`)}
      description={extra.description}
      constraintText={extra.constraint}
      errorText={errorText(name)}
      data-testid={`org-field-${name}`}
    >
      {control}
    </FormField>
  );

  const textInput = (name: TextField, props: Partial<InputProps> = {}) =>
    field(
      name,
      <Input
        value={values[name]}
        onChange={({ detail }) => set(name, detail.value)}
        invalid={Boolean(errors[name])}
        autoComplete={false}
        data-testid={`org-${name}`}
        {...props}
      />,
      { constraint: i18n.exists(`organization:hint.${name}`) ? dynamicT(t)(`hint.${name}`) : undefined },
    );

  const moneyInput = (name: MoneyField) =>
    field(
      name,
      <Input
        value={values[name]}
        onChange={({ detail }) => set(name, detail.value)}
        invalid={Boolean(errors[name])}
        inputMode="decimal"
        autoComplete={false}
        data-testid={`org-${name}`}
      />,
      { constraint: t(`unit.${PRICE_UNITS[name]}`, { currency: values.currency_id }) },
    );

  const memberSelect = (name: 'contact_id' | 'operating_day_editor') => {
    const current = values[name];
    const options = [
      { value: '', label: t('none') },
      ...(members ?? []).map((m) => ({ value: m.user_id, label: m.user_name })),
    ];
    const selected = options.find((o) => o.value === current) ?? { value: current, label: current };
    return field(
      name,
      <Select
        selectedOption={selected}
        options={options}
        onChange={({ detail }) => set(name, detail.selectedOption.value ?? '')}
        filteringType="auto"
        invalid={Boolean(errors[name])}
        statusType={members === null ? 'loading' : 'finished'}
        loadingText={t('common:nav.loading')}
        data-testid={`org-${name}`}
      />,
    );
  };

  const flag = (name: 'dst' | 'is_operator' | (typeof ORGANIZATION_NOTIFICATION_FLAGS)[number]) => (
    <FormField key={name} errorText={errorText(name)}>
      <Toggle
        checked={values[name]}
        onChange={({ detail }) => set(name, detail.checked)}
        description={t(`hint.${name}`)}
        data-testid={`org-${name}`}
      >
        {t(`field.${name}`)}
      </Toggle>
    </FormField>
  );

  const customPriceError = (index: number, key: keyof CustomPriceValues) =>
    errorText(`custom_prices.${index}.${key}`);
  const setCustomPrice = (index: number, change: Partial<CustomPriceValues>) =>
    set(
      'custom_prices',
      values.custom_prices.map((price, i) => (i === index ? { ...price, ...change } : price)),
    );

  const tabs: Record<TabId, ReactNode> = {
    identity: (
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">{t('section.identity')}</Header>}>
          <ColumnLayout columns={2}>
            {textInput('organization_name', { autoComplete: 'organization' })}
            {textInput('short_name')}
            {textInput('company_id')}
            {textInput('vat_number')}
            {textInput('logo', { type: 'url', placeholder: 'https://' })}
            {textInput('base_organization')}
          </ColumnLayout>
        </Container>
        <Container header={<Header variant="h2">{t('section.contact')}</Header>}>
          <ColumnLayout columns={2}>
            {textInput('address_hq', { autoComplete: 'street-address' })}
            {textInput('address_site')}
            {memberSelect('contact_id')}
            {textInput('contact_name', { autoComplete: 'name' })}
          </ColumnLayout>
        </Container>
        <Container header={<Header variant="h2">{t('section.operations')}</Header>}>
          <ColumnLayout columns={2}>
            {textInput('base_airport', {
              onChange: ({ detail }) => set('base_airport', detail.value.toUpperCase()),
            })}
            {field(
              'timezone',
              <Select
                selectedOption={{ value: values.timezone, label: values.timezone }}
                options={zones.map((zone) => ({ value: zone, label: zone }))}
                onChange={({ detail }) => set('timezone', detail.selectedOption.value ?? '')}
                filteringType="auto"
                filteringPlaceholder={t('hint.timezone_filter')}
                invalid={Boolean(errors.timezone)}
                virtualScroll
                data-testid="org-timezone"
              />,
            )}
            {flag('dst')}
            {flag('is_operator')}
          </ColumnLayout>
        </Container>
      </SpaceBetween>
    ),
    banking: (
      <Container header={<Header variant="h2">{t('section.banking')}</Header>}>
        <ColumnLayout columns={2}>
          {textInput('bank_name')}
          {textInput('bank_iban', { placeholder: 'HU00 0000 0000 0000 0000 0000 0000' })}
          {textInput('bank_swift')}
          {textInput('bank_account_number')}
          {textInput('billing_name')}
          {managed
            ? field(
                'currency_id',
                <Select
                  selectedOption={{ value: values.currency_id, label: values.currency_id }}
                  options={CURRENCIES.map((c) => ({ value: c, label: c }))}
                  onChange={({ detail }) => set('currency_id', detail.selectedOption.value ?? '')}
                  invalid={Boolean(errors.currency_id)}
                  data-testid="org-currency_id"
                />,
                { constraint: t('hint.currency_change') },
              )
            : field('currency_id', <Box data-testid="org-currency_id">{values.currency_id}</Box>, {
                description: t('hint.managed'),
              })}
        </ColumnLayout>
      </Container>
    ),
    prices: (
      <SpaceBetween size="l">
        <Container
          header={
            <Header variant="h2" description={t('hint.prices', { currency: values.currency_id })}>
              {t('section.prices')}
            </Header>
          }
        >
          <ColumnLayout columns={3}>
            {field(
              'first_takeoff_time',
              <TimeInput
                value={values.first_takeoff_time}
                onChange={({ detail }) => set('first_takeoff_time', detail.value)}
                format="hh:mm"
                use24Hour
                placeholder="hh:mm"
                invalid={Boolean(errors.first_takeoff_time)}
                data-testid="org-first_takeoff_time"
              />,
              { constraint: t('hint.first_takeoff_time') },
            )}
            {MONEY_BY_TAB.prices.map(moneyInput)}
            {field(
              'multiplier',
              <Input
                value={values.multiplier}
                onChange={({ detail }) => set('multiplier', detail.value)}
                invalid={Boolean(errors.multiplier)}
                inputMode="decimal"
                data-testid="org-multiplier"
              />,
              { constraint: t('hint.multiplier') },
            )}
            {field(
              'time_limit',
              <Input
                value={values.time_limit}
                onChange={({ detail }) => set('time_limit', detail.value)}
                invalid={Boolean(errors.time_limit)}
                inputMode="numeric"
                data-testid="org-time_limit"
              />,
              { constraint: t('hint.time_limit') },
            )}
          </ColumnLayout>
        </Container>
        <Container
          header={
            <Header variant="h2" description={t('hint.custom_prices')}>
              {t('field.custom_prices')}
            </Header>
          }
        >
          <AttributeEditor
            data-testid="org-custom_prices"
            items={values.custom_prices}
            addButtonText={t('custom_price.add')}
            removeButtonText={t('custom_price.remove')}
            empty={t('custom_price.none')}
            onAddButtonClick={() =>
              set('custom_prices', [...values.custom_prices, { name: '', amount: '', unit: 'flight' }])
            }
            onRemoveButtonClick={({ detail }) =>
              set(
                'custom_prices',
                values.custom_prices.filter((_, i) => i !== detail.itemIndex),
              )
            }
            definition={[
              {
                label: t('custom_price.name'),
                errorText: (_item, index) => customPriceError(index, 'name'),
                control: (item, index) => (
                  <Input
                    value={item.name}
                    onChange={({ detail }) => setCustomPrice(index, { name: detail.value })}
                    invalid={Boolean(customPriceError(index, 'name'))}
                  />
                ),
              },
              {
                label: t('custom_price.amount', { currency: values.currency_id }),
                errorText: (_item, index) => customPriceError(index, 'amount'),
                control: (item, index) => (
                  <Input
                    value={item.amount}
                    inputMode="decimal"
                    onChange={({ detail }) => setCustomPrice(index, { amount: detail.value })}
                    invalid={Boolean(customPriceError(index, 'amount'))}
                  />
                ),
              },
              {
                label: t('custom_price.unit'),
                control: (item, index) => (
                  <Select
                    selectedOption={{ value: item.unit, label: t(`custom_unit.${item.unit}`) }}
                    options={CUSTOM_PRICE_UNITS.map((unit) => ({
                      value: unit,
                      label: t(`custom_unit.${unit}`),
                    }))}
                    onChange={({ detail }) =>
                      setCustomPrice(index, { unit: detail.selectedOption.value as CustomPriceUnit })
                    }
                  />
                ),
              },
            ]}
          />
        </Container>
      </SpaceBetween>
    ),
    finance: (
      <Container header={<Header variant="h2">{t('section.finance')}</Header>}>
        <ColumnLayout columns={2}>
          {field(
            'transaction_start',
            <DateField
              value={values.transaction_start}
              onChange={(value) => set('transaction_start', value)}
              invalid={Boolean(errors.transaction_start)}
              testId="org-transaction_start"
            />,
            { constraint: t('hint.transaction_start') },
          )}
          {MONEY_BY_TAB.finance.map(moneyInput)}
          {field(
            'balance_policy',
            <Select
              selectedOption={{
                value: values.balance_policy,
                label: t(`balance_policy.${values.balance_policy}`),
              }}
              options={BALANCE_POLICIES.map((policy) => ({
                value: policy,
                label: t(`balance_policy.${policy}`),
              }))}
              onChange={({ detail }) => set('balance_policy', detail.selectedOption.value as BalancePolicy)}
              invalid={Boolean(errors.balance_policy)}
              data-testid="org-balance_policy"
            />,
            { constraint: t('hint.balance_policy') },
          )}
        </ColumnLayout>
      </Container>
    ),
    operations: (
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">{t('section.operating_days')}</Header>}>
          <ColumnLayout columns={2}>
            {memberSelect('operating_day_editor')}
            <FormField
              label={t('field.recency_policy')}
              description={t('hint.recency_policy')}
              errorText={errorText('recency_policy')}
            >
              <Select
                selectedOption={{
                  value: values.recency_policy,
                  label: t(`recency_policy.${values.recency_policy}`),
                }}
                options={RECENCY_POLICIES.map((policy) => ({
                  value: policy,
                  label: t(`recency_policy.${policy}`),
                }))}
                onChange={({ detail }) =>
                  set('recency_policy', (detail.selectedOption.value ?? 'warn') as RecencyPolicy)
                }
                data-testid="org-recency_policy"
              />
            </FormField>
            <FormField
              label={t('field.certificate_expiry_policy')}
              description={t('hint.certificate_expiry_policy')}
              errorText={errorText('certificate_expiry_policy')}
            >
              <Select
                selectedOption={{
                  value: values.certificate_expiry_policy,
                  label: t(`certificate_expiry_policy.${values.certificate_expiry_policy}`),
                }}
                options={CERTIFICATE_POLICIES.map((policy) => ({
                  value: policy,
                  label: t(`certificate_expiry_policy.${policy}`),
                }))}
                onChange={({ detail }) =>
                  set(
                    'certificate_expiry_policy',
                    (detail.selectedOption.value ?? 'warn') as CertificatePolicy,
                  )
                }
                data-testid="org-certificate_expiry_policy"
              />
            </FormField>
          </ColumnLayout>
        </Container>
        <Container
          header={
            <Header variant="h2" description={t('hint.notifications')}>
              {t('section.notifications')}
            </Header>
          }
        >
          <ColumnLayout columns={2}>{ORGANIZATION_NOTIFICATION_FLAGS.map(flag)}</ColumnLayout>
        </Container>
      </SpaceBetween>
    ),
    modules: managed ? (
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">{t('field.modules')}</Header>}>
          <FormField errorText={errorText('modules')} stretch>
            <ColumnLayout columns={3} variant="text-grid">
              {MODULES.map((module) => (
                <Checkbox
                  key={module}
                  checked={values.modules.includes(module)}
                  onChange={({ detail }) =>
                    set(
                      'modules',
                      detail.checked
                        ? MODULES.filter((m) => m === module || values.modules.includes(m))
                        : values.modules.filter((m: Module) => m !== module),
                    )
                  }
                  data-testid={`org-module-${module}`}
                >
                  {t(module, { ns: 'modules' })}
                </Checkbox>
              ))}
            </ColumnLayout>
          </FormField>
        </Container>
        <Container
          header={
            <Header
              variant="h2"
              description={t('hint.limits')}
              actions={
                subscriptionsHref ? (
                  <PageLink href={subscriptionsHref} data-testid="org-subscriptions-link" fallback={null}>
                    {t('subscriptions_link')}
                  </PageLink>
                ) : undefined
              }
            >
              {t('section.limits')}
            </Header>
          }
        >
          <ColumnLayout columns={3}>
            {LIMIT_FIELDS.map((name) =>
              field(
                name,
                <Input
                  value={values[name]}
                  onChange={({ detail }) => set(name, detail.value)}
                  invalid={Boolean(errors[name])}
                  inputMode="numeric"
                  data-testid={`org-${name}`}
                />,
              ),
            )}
          </ColumnLayout>
        </Container>
      </SpaceBetween>
    ) : (
      <Container
        header={
          <Header variant="h2" description={t('hint.managed')}>
            {t('section.modules')}
          </Header>
        }
      >
        <SpaceBetween size="l">
          <div data-testid="org-modules" style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
            {values.modules.length === 0
              ? '—'
              : values.modules.map((module) => <Badge key={module}>{t(module, { ns: 'modules' })}</Badge>)}
          </div>
          <KeyValuePairs
            columns={4}
            items={[
              { label: t('field.package'), value: record?.package_name ?? '—' },
              ...LIMIT_FIELDS.map((name) => ({
                label: t(`field.${name}`),
                value: <span data-testid={`org-${name}`}>{values[name] || '0'}</span>,
              })),
            ]}
          />
        </SpaceBetween>
      </Container>
    ),
  };

  const withError = (tab: TabId) => Object.keys(errors).some((name) => tabOf(name) === tab);

  return (
    <Tabs
      activeTabId={activeTab}
      onChange={({ detail }) => onTabChange(detail.activeTabId as TabId)}
      data-testid="org-tabs"
      tabs={TAB_IDS.map((id) => ({
        id,
        label: (
          <span data-testid={`org-tab-${id}`}>
            {t(`tab.${id}`)}
            {withError(id) ? (
              <>
                {' '}
                <Icon name="status-warning" variant="error" ariaLabel={t('common:error')} />
              </>
            ) : null}
          </span>
        ),
        content: tabs[id],
      }))}
    />
  );
}
