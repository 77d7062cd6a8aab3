import { type CertificatePolicy, DEFAULT_CERTIFICATE_POLICY } from '../../../../contracts/documents.ts';
import type { Module } from '../../../../contracts/modules.ts';
import { moneyInputText, parseMoney } from '../../../../contracts/money.ts';
import type { BalancePolicy } from '../../../../contracts/schemas/finance-enums.ts';
import {
  type CustomPriceUnit,
  MONEY_FIELDS,
  type MoneyField,
  ORGANIZATION_NOTIFICATION_FLAGS,
  type OrganizationNotificationFlag,
  type OrganizationRecord,
  type RecencyPolicy,
} from '../../../../contracts/schemas/organizations.ts';

/**
 * The organization's full record as the form's inputs hold it (text, '' for empty; money in major
 * units as typed) and back to the API's body. The shared zod schemas then check the body, in the
 * browser and in the Lambda alike.
 */

export const TEXT_FIELDS = [
  'organization_name',
  'short_name',
  'company_id',
  'vat_number',
  'address_hq',
  'address_site',
  'contact_name',
  'logo',
  'base_airport',
  'base_organization',
  'bank_name',
  'bank_iban',
  'bank_swift',
  'bank_account_number',
  'billing_name',
  'first_takeoff_time',
  'transaction_start',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** Numbers that are not money: a factor and minutes. */
const NUMBER_FIELDS = ['multiplier', 'time_limit'] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];

export const LIMIT_FIELDS = ['plane_limit', 'general_limit', 'glider_limit'] as const;
type LimitField = (typeof LIMIT_FIELDS)[number];

export interface CustomPriceValues {
  name: string;
  amount: string;
  unit: CustomPriceUnit;
}

export type OrganizationFormValues = Record<TextField, string> &
  Record<MoneyField, string> &
  Record<NumberField, string> &
  Record<LimitField, string> &
  Record<OrganizationNotificationFlag, boolean> & {
    timezone: string;
    currency_id: string;
    dst: boolean;
    is_operator: boolean;
    recency_policy: RecencyPolicy;
    balance_policy: BalancePolicy;
    certificate_expiry_policy: CertificatePolicy;
    contact_id: string;
    operating_day_editor: string;
    modules: Module[];
    custom_prices: CustomPriceValues[];
  };

/**
 * Which record the form edits: an admin's own organization (modules, limits and currency shown,
 * not changed), a supervisor's edit of any organization, or a new one.
 */
export type FormMode = 'own' | 'supervisor' | 'create';

const text = (value: string | null | undefined) => value ?? '';
const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export const emptyFormValues = (timezone: string): OrganizationFormValues => {
  const values: Record<string, unknown> = {
    timezone,
    currency_id: 'HUF',
    dst: true,
    is_operator: false,
    recency_policy: 'warn',
    balance_policy: 'off',
    certificate_expiry_policy: DEFAULT_CERTIFICATE_POLICY,
    contact_id: '',
    operating_day_editor: '',
    modules: [],
    custom_prices: [],
  };
  for (const field of [...TEXT_FIELDS, ...MONEY_FIELDS, ...NUMBER_FIELDS, ...LIMIT_FIELDS])
    values[field] = '';
  for (const flag of ORGANIZATION_NOTIFICATION_FLAGS) values[flag] = true;
  return values as OrganizationFormValues;
};

export const toFormValues = (record: OrganizationRecord): OrganizationFormValues => {
  const values: Record<string, unknown> = {
    timezone: record.timezone,
    currency_id: record.currency_id,
    dst: record.dst,
    is_operator: record.is_operator,
    recency_policy: record.recency_policy,
    balance_policy: record.balance_policy,
    certificate_expiry_policy: record.certificate_expiry_policy,
    contact_id: text(record.contact_id),
    operating_day_editor: text(record.operating_day_editor),
    modules: [...record.modules],
    custom_prices: record.custom_prices.map((price) => ({
      name: price.name,
      amount: moneyInputText(price.amount),
      unit: price.unit,
    })),
  };
  for (const field of TEXT_FIELDS) values[field] = text(record[field]);
  // Grouped in fours, as banks print it; the schema takes the spaces out again.
  values.bank_iban = text(record.bank_iban).replace(/(.{4})(?=.)/g, '$1 ');
  for (const field of MONEY_FIELDS) values[field] = moneyInputText(record[field]);
  for (const field of NUMBER_FIELDS) values[field] = numberText(record[field]);
  for (const field of LIMIT_FIELDS) values[field] = numberText(record[field]);
  for (const flag of ORGANIZATION_NOTIFICATION_FLAGS) values[flag] = record[flag];
  return values as OrganizationFormValues;
};

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** `1,5` → 1.5; '' → null; unreadable → NaN (the schema says invalid_value). */
const decimal = (value: string) => {
  const compact = value.replace(/\s/g, '').replace(',', '.');
  if (compact === '') return null;
  return /^-?\d+(\.\d+)?$/.test(compact) ? Number(compact) : Number.NaN;
};

/** A limit the supervisor must give: '' is missing (undefined → field_required). */
const required = (value: string) => {
  const parsed = decimal(value);
  return parsed === null ? undefined : parsed;
};

/**
 * The request body before validation. `own` leaves the managed fields out (the server would refuse
 * a change of them); `create` has no version.
 */
export const toInput = (values: OrganizationFormValues, mode: FormMode, version?: number) => {
  const body: Record<string, unknown> = {
    timezone: values.timezone,
    dst: values.dst,
    is_operator: values.is_operator,
    recency_policy: values.recency_policy,
    balance_policy: values.balance_policy,
    certificate_expiry_policy: values.certificate_expiry_policy,
    contact_id: orNull(values.contact_id),
    operating_day_editor: orNull(values.operating_day_editor),
    custom_prices: values.custom_prices.map((price) => ({
      name: price.name.trim(),
      amount: parseMoney(price.amount) ?? undefined,
      unit: price.unit,
    })),
  };
  for (const field of TEXT_FIELDS) body[field] = orNull(values[field]);
  body.organization_name = values.organization_name;
  body.short_name = values.short_name;
  if (body.base_airport) body.base_airport = String(body.base_airport).toUpperCase();
  for (const field of MONEY_FIELDS) body[field] = parseMoney(values[field]);
  for (const field of NUMBER_FIELDS) body[field] = decimal(values[field]);
  for (const flag of ORGANIZATION_NOTIFICATION_FLAGS) body[flag] = values[flag];
  if (mode !== 'own') {
    body.currency_id = values.currency_id;
    body.modules = [...values.modules];
    for (const field of LIMIT_FIELDS) body[field] = required(values[field]);
  }
  if (mode === 'create') {
    // A new record has nothing to clear: empty fields are simply not sent.
    for (const [key, value] of Object.entries(body)) if (value === null) delete body[key];
  } else body.version = version;
  return body;
};

/** The IANA zones the browser knows, with the current value kept even if it does not list it. */
export const timeZoneOptions = (current: string): string[] => {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set([...zones, 'UTC', current].filter(Boolean));
  return [...all].sort();
};

/** The form's tabs and the fields each holds, in screen order (errors open the first tab that has one). */
export const TABS = {
  identity: [
    'organization_name',
    'short_name',
    'company_id',
    'vat_number',
    'address_hq',
    'address_site',
    'contact_id',
    'contact_name',
    'logo',
    'base_airport',
    'base_organization',
    'timezone',
    'dst',
    'is_operator',
  ],
  banking: ['bank_name', 'bank_iban', 'bank_swift', 'bank_account_number', 'billing_name', 'currency_id'],
  prices: [
    'first_takeoff_time',
    'flight_price',
    'motor_price',
    'towing_price',
    'towing_price_altitude',
    'towing_price_extra_charge',
    'winching_price',
    'min_price',
    'multiplier',
    'time_limit',
    'social_work_price',
    'normal_work_price',
    'professional_work_price',
    'custom_prices',
  ],
  finance: [
    'transaction_start',
    'balance_min',
    'full_fee',
    'discount_fee',
    'yearly_membership_fee',
    'balance_policy',
    'payment_min',
    'payment_max',
  ],
  operations: [
    'operating_day_editor',
    'recency_policy',
    'certificate_expiry_policy',
    ...ORGANIZATION_NOTIFICATION_FLAGS,
  ],
  modules: ['modules', 'plane_limit', 'general_limit', 'glider_limit'],
} as const;
export type TabId = keyof typeof TABS;
export const TAB_IDS = Object.keys(TABS) as TabId[];

/** Every field of the form, tab by tab: the order the cursor looks for the first error in. */
export const FIELD_ORDER: readonly string[] = TAB_IDS.flatMap((tab) => TABS[tab]);

/** The tab a field error belongs to (`custom_prices.1.amount` → prices); undefined for the form as a whole. */
export const tabOf = (field: string): TabId | undefined => {
  const head = field.split('.')[0] ?? '';
  return TAB_IDS.find((tab) => (TABS[tab] as readonly string[]).includes(head));
};
