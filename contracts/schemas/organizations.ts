import * as z from 'zod/mini';
import { LANGS, type Lang } from '../langs.ts';
import { MODULES } from '../modules.ts';
import { entityId, isoDate, cursor as pageCursor, userText, version, whole } from '../validation.ts';
import { BALANCE_POLICIES } from './finance-enums.ts';

/**
 * The organization's full record (spec §3 "Organization"), packages and subscriptions, global type
 * lists and the activity log. Field names as spelt in the spec.
 *
 * Money is integer minor units of the organization's `currency_id` (DESIGN §4: 150 HUF = 15000).
 * What each price is per (spec §9: flight fee per minute, towing fee per minute, membership fee per
 * month) is in PRICE_UNITS, which the screens show next to each amount.
 */

/** Currencies a club keeps its books in (ISO 4217): the euro area and the region's own. */
export const CURRENCIES = [
  'HUF',
  'EUR',
  'CZK',
  'PLN',
  'CHF',
  'GBP',
  'RON',
  'SEK',
  'NOK',
  'DKK',
  'UAH',
  'RSD',
  'USD',
] as const;
export type Currency = (typeof CURRENCIES)[number];

/** ISO 4217 exponent: how many minor units make one major unit (all of CURRENCIES: 100). */
export const MINOR_DIGITS = 2;

/**
 * `1 500,50` or `1500.5` (what a person types, in any of our languages) → 150050 minor units; an
 * empty text is null, anything else unreadable is NaN (the schema then says invalid_value).
 */
export const parseMoney = (text: string): number | null => {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '').replace(',', '.');
  if (compact === '') return null;
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(compact);
  if (!match) return Number.NaN;
  const [, sign, whole = '0', fraction = ''] = match;
  const minor = Number(whole) * 100 + Number(fraction.padEnd(MINOR_DIGITS, '0'));
  return sign ? -minor : minor;
};

/** 150050 → `1500.5` for an input field (no grouping, a dot; the person may type a comma). */
export const moneyInputText = (minor: number | null | undefined): string => {
  if (minor === null || minor === undefined) return '';
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
};

/** 150050 HUF → `1 500,5 Ft` in Hungarian; whole amounts without decimals. */
export const formatMoney = (minor: number | null | undefined, currency: string, locale: string): string => {
  if (minor === null || minor === undefined) return '';
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: minor % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(minor / 100);
};

/** Upper bound of one amount: 10 000 000.00 in any currency. */
export const MAX_MINOR = 1_000_000_000;
/** A club's fleet: far above any real one, low enough to catch a typo. */
export const MAX_LIMIT = 1000;

const id = entityId;
const text = (max: number) => z.optional(z.nullable(userText(max)));
const requiredText = (max: number) => userText(max, { min: 1 });
const flag = z.optional(z.boolean());
/** An amount in minor units; `signed` for a floor that may be below zero (balance_min). */
const money = (signed = false) =>
  z.optional(
    z.nullable(
      z.number().check(whole, signed ? z.minimum(-MAX_MINOR) : z.nonnegative(), z.maximum(MAX_MINOR)),
    ),
  );
const limit = z.number().check(whole, z.nonnegative(), z.maximum(MAX_LIMIT));

/** IBAN check digits (ISO 13616, mod 97): catches a mistyped account before a member pays into it. */
export const isValidIban = (value: string): boolean => {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
};

const iban = z.optional(
  z.nullable(
    z.string().check(
      z.overwrite((v) => v.replace(/\s+/g, '').toUpperCase()),
      z.refine((v) => v === '' || isValidIban(v), { error: 'invalid_value' }),
    ),
  ),
);
const swift = z.optional(
  z.nullable(
    z.string().check(
      z.overwrite((v) => v.trim().toUpperCase()),
      z.regex(/^([A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?)?$/, { error: 'invalid_value' }),
    ),
  ),
);

/** An IANA time zone the runtime knows (`Europe/Budapest`). */
export const isTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};
const timezone = z
  .string()
  .check(z.minLength(1), z.maxLength(64), z.refine(isTimeZone, { error: 'invalid_value' }));
const hhmm = z.optional(
  z.nullable(z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'time_format' }))),
);
const icao = z.optional(z.nullable(z.string().check(z.regex(/^[A-Z0-9]{3,4}$/))));
const httpsUrl = z.optional(z.nullable(userText(500).check(z.regex(/^(https:\/\/\S+)?$/))));

/**
 * Organization-level notification switches (spec §3 "notification flags"): what the club sends its
 * members and officers. A member's own switches (person entity) still decide per person.
 */
export const ORGANIZATION_NOTIFICATION_FLAGS = [
  'document_expiry_notification_on',
  'balance_notification_on',
  'balance_summary_notification_on',
  'operating_day_notification_on',
  'reservation_notification_on',
  'fault_report_notification_on',
  'maintenance_notification_on',
] as const;
export type OrganizationNotificationFlag = (typeof ORGANIZATION_NOTIFICATION_FLAGS)[number];

/** What a custom price is charged per. */
/** Issue 5 §6: what the daily sheet does with a pilot who is not current. */
export const RECENCY_POLICIES = ['warn', 'block'] as const;
export type RecencyPolicy = (typeof RECENCY_POLICIES)[number];

export const CUSTOM_PRICE_UNITS = ['flight', 'minute', 'hour', 'day', 'month', 'year', 'piece'] as const;
export type CustomPriceUnit = (typeof CUSTOM_PRICE_UNITS)[number];

export const customPrice = z.strictObject({
  name: requiredText(60),
  amount: z.number().check(whole, z.nonnegative(), z.maximum(MAX_MINOR)),
  unit: z.enum(CUSTOM_PRICE_UNITS),
});
export type CustomPrice = z.infer<typeof customPrice>;

/** The money fields of the record, each with what it is charged per (spec §9). */
export const PRICE_UNITS = {
  flight_price: 'minute',
  motor_price: 'minute',
  towing_price: 'minute',
  towing_price_altitude: 'hundred_metres',
  towing_price_extra_charge: 'tow',
  winching_price: 'launch',
  min_price: 'flight',
  social_work_price: 'hour',
  normal_work_price: 'hour',
  professional_work_price: 'hour',
  balance_min: 'balance',
  payment_min: 'payment',
  payment_max: 'payment',
  full_fee: 'month',
  discount_fee: 'month',
  yearly_membership_fee: 'year',
} as const;
export type MoneyField = keyof typeof PRICE_UNITS;
export const MONEY_FIELDS = Object.keys(PRICE_UNITS) as MoneyField[];

/**
 * What the organization's admins edit (profile/organization-edit) and a supervisor edits with the
 * rest (organization/edit/{id}). In an update an absent field stays as it is; null clears it.
 */
export const organizationSettingsFields = {
  // Identity and contact
  organization_name: requiredText(120),
  short_name: requiredText(24),
  address_hq: text(200),
  address_site: text(200),
  company_id: text(40),
  vat_number: text(40),
  /** The member who is the organization's contact (a user id of the organization). */
  contact_id: z.optional(z.nullable(id)),
  contact_name: text(120),
  logo: httpsUrl,
  base_airport: icao,
  /** The organization this one operates from (a training organization at a club's airfield). */
  base_organization: text(120),
  timezone,
  /** Daylight saving time is observed at the base. */
  dst: flag,
  /** An air operator (AOC holder), not only a club. */
  is_operator: flag,
  /** Issue 5 §6: the daily sheet warns about (warn) or refuses (block) a pilot who is not current. */
  recency_policy: z.optional(z.enum(RECENCY_POLICIES)),
  // Banking and billing
  bank_name: text(120),
  bank_iban: iban,
  bank_swift: swift,
  bank_account_number: z.optional(
    z.nullable(z.string().check(z.trim(), z.maxLength(40), z.regex(/^[0-9A-Za-z -]*$/))),
  ),
  billing_name: text(120),
  // Prices (minor units; per unit as PRICE_UNITS says)
  /** Earliest take-off of a flying day, HH:mm in the organization's time zone. */
  first_takeoff_time: hhmm,
  flight_price: money(),
  motor_price: money(),
  towing_price: money(),
  towing_price_altitude: money(),
  towing_price_extra_charge: money(),
  winching_price: money(),
  min_price: money(),
  /** Factor applied to the club's prices for guests (1.5 = 50 % more). */
  multiplier: z.optional(z.nullable(z.number().check(z.minimum(0), z.maximum(100)))),
  /** Minutes of flight after which time is no longer charged (a day's cap); null for none. */
  time_limit: z.optional(z.nullable(z.number().check(whole, z.nonnegative(), z.maximum(24 * 60)))),
  custom_prices: z.optional(z.array(customPrice).check(z.maxLength(30))),
  social_work_price: money(),
  normal_work_price: money(),
  professional_work_price: money(),
  // Finance settings
  /** The date from which the organization's ledger starts. */
  transaction_start: z.optional(z.nullable(isoDate)),
  /** The lowest balance a member may fly with (negative: credit allowed). */
  balance_min: money(true),
  /** Issue 14 §9: the daily sheet ignores (off), warns about (warn) or refuses (block) a payer below the minimum. */
  balance_policy: z.optional(z.enum(BALANCE_POLICIES)),
  /** Issue 14 §8: the least and the most a member may top up by card at once. */
  payment_min: money(),
  payment_max: money(),
  full_fee: money(),
  discount_fee: money(),
  yearly_membership_fee: money(),
  // Operating days and notifications
  /** The member who edits the operating-day calendar (a user id of the organization). */
  operating_day_editor: z.optional(z.nullable(id)),
  document_expiry_notification_on: flag,
  balance_notification_on: flag,
  balance_summary_notification_on: flag,
  operating_day_notification_on: flag,
  reservation_notification_on: flag,
  fault_report_notification_on: flag,
  maintenance_notification_on: flag,
};

/** Modules, package limits and currency: only a supervisor changes these (organization/edit/{id}). */
export const organizationManagedFields = {
  currency_id: z.enum(CURRENCIES),
  modules: z.array(z.enum(MODULES)).check(
    z.maxLength(MODULES.length),
    z.refine((list) => new Set(list).size === list.length, { error: 'invalid_value' }),
  ),
  plane_limit: limit,
  general_limit: limit,
  glider_limit: limit,
};

export interface PackageLimits {
  plane_limit: number;
  general_limit: number;
  glider_limit: number;
}

/**
 * Spec §9: a package limits the aircraft in total and separately general/TMG and glider aircraft.
 * A category cap above the total could never be reached: it is refused on the category field.
 */
export const limitErrors = (limits: Partial<PackageLimits>): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  const total = limits.plane_limit;
  if (typeof total !== 'number') return errors;
  if (typeof limits.general_limit === 'number' && limits.general_limit > total)
    errors.general_limit = ['too_big'];
  if (typeof limits.glider_limit === 'number' && limits.glider_limit > total)
    errors.glider_limit = ['too_big'];
  return errors;
};

/**
 * A cross-field rule runs once the fields it compares are valid, even while other fields are not:
 * the form shows every problem at once, not in rounds.
 */
const whenFieldsValid =
  (fields: readonly string[]) =>
  (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => fields.includes(String(issue.path?.[0])));

const limitsRule = <T extends Partial<PackageLimits>>() =>
  z.superRefine<T>(
    (value, ctx) => {
      for (const [field, keys] of Object.entries(limitErrors(value)))
        for (const key of keys) ctx.addIssue({ code: 'custom', message: key, path: [field], input: value });
    },
    { when: whenFieldsValid(['plane_limit', 'general_limit', 'glider_limit']) },
  );

/** PATCH /api/profile/organization: an admin saves the settings of their own organization. */
export const updateOwnOrganizationInput = z.strictObject({ ...organizationSettingsFields, version });
export type UpdateOwnOrganizationInput = z.infer<typeof updateOwnOrganizationInput>;

/** POST /api/organizations: a supervisor creates an organization with its modules and limits. */
export const createOrganizationInput = z
  .strictObject({ ...organizationSettingsFields, ...organizationManagedFields })
  .check(limitsRule());
export type CreateOrganizationInput = z.infer<typeof createOrganizationInput>;

/** PATCH /api/organizations/{id}: the whole record; managed fields left out stay as they are. */
export const updateOrganizationInput = z
  .strictObject({
    ...organizationSettingsFields,
    currency_id: z.optional(organizationManagedFields.currency_id),
    modules: z.optional(organizationManagedFields.modules),
    plane_limit: z.optional(limit),
    general_limit: z.optional(limit),
    glider_limit: z.optional(limit),
    version,
  })
  .check(limitsRule());
export type UpdateOrganizationInput = z.infer<typeof updateOrganizationInput>;

/** The fields of the record an input may carry, in form order (the stores write these). */
export const SETTINGS_FIELDS = Object.keys(
  organizationSettingsFields,
) as (keyof typeof organizationSettingsFields)[];
export const MANAGED_FIELDS = Object.keys(
  organizationManagedFields,
) as (keyof typeof organizationManagedFields)[];

const nullableString = z.nullable(z.string());
const nullableNumber = z.nullable(z.number());

/** The organization's full record as both edit screens show it. */
export const organizationRecord = z.object({
  organization_id: z.string(),
  organization_name: z.string(),
  short_name: z.string(),
  address_hq: nullableString,
  address_site: nullableString,
  company_id: nullableString,
  vat_number: nullableString,
  contact_id: nullableString,
  contact_name: nullableString,
  logo: nullableString,
  base_airport: nullableString,
  base_organization: nullableString,
  timezone: z.string(),
  dst: z.boolean(),
  is_operator: z.boolean(),
  recency_policy: z.enum(RECENCY_POLICIES),
  bank_name: nullableString,
  bank_iban: nullableString,
  bank_swift: nullableString,
  bank_account_number: nullableString,
  billing_name: nullableString,
  currency_id: z.string(),
  modules: z.array(z.enum(MODULES)),
  plane_limit: z.number(),
  general_limit: z.number(),
  glider_limit: z.number(),
  package_id: nullableString,
  package_name: nullableString,
  first_takeoff_time: nullableString,
  flight_price: nullableNumber,
  motor_price: nullableNumber,
  towing_price: nullableNumber,
  towing_price_altitude: nullableNumber,
  towing_price_extra_charge: nullableNumber,
  winching_price: nullableNumber,
  min_price: nullableNumber,
  multiplier: nullableNumber,
  time_limit: nullableNumber,
  custom_prices: z.array(
    z.object({ name: z.string(), amount: z.number(), unit: z.enum(CUSTOM_PRICE_UNITS) }),
  ),
  social_work_price: nullableNumber,
  normal_work_price: nullableNumber,
  professional_work_price: nullableNumber,
  transaction_start: nullableString,
  balance_min: nullableNumber,
  balance_policy: z.enum(BALANCE_POLICIES),
  payment_min: nullableNumber,
  payment_max: nullableNumber,
  full_fee: nullableNumber,
  discount_fee: nullableNumber,
  yearly_membership_fee: nullableNumber,
  operating_day_editor: nullableString,
  document_expiry_notification_on: z.boolean(),
  balance_notification_on: z.boolean(),
  balance_summary_notification_on: z.boolean(),
  operating_day_notification_on: z.boolean(),
  reservation_notification_on: z.boolean(),
  fault_report_notification_on: z.boolean(),
  maintenance_notification_on: z.boolean(),
  version: z.number(),
});
export type OrganizationRecord = z.infer<typeof organizationRecord>;

// Lists ---------------------------------------------------------------------------------------

const pageLimit = z.optional(
  z.pipe(
    z.string().check(z.regex(/^\d{1,3}$/)),
    z.transform((v) => Number(v)),
  ),
);
const cursor = z.optional(pageCursor);

export const listOrganizationsQuery = z.strictObject({
  cursor,
  limit: pageLimit,
  /** Part of the name, short name or base airport. */
  filter: z.optional(userText(60)),
  order: z.optional(z.enum(['asc', 'desc'])),
});
export type ListOrganizationsQuery = z.infer<typeof listOrganizationsQuery>;

export const organizationListItem = z.object({
  organization_id: z.string(),
  organization_name: z.string(),
  short_name: z.string(),
  base_airport: nullableString,
  modules_count: z.number(),
  package_name: nullableString,
});
export const organizationListOutput = z.object({
  items: z.array(organizationListItem),
  cursor: nullableString,
});

/** Members to choose the contact person and the operating-day editor from. */
export const memberOptionsOutput = z.object({
  items: z.array(z.object({ user_id: z.string(), user_name: z.string() })),
});

// Packages and subscriptions -----------------------------------------------------------------

export const packageInput = z
  .strictObject({
    name: requiredText(60),
    plane_limit: limit,
    general_limit: limit,
    glider_limit: limit,
    /** Monthly price in minor units of `currency_id` (spec §9: per month). */
    monthly_price: z.number().check(whole, z.nonnegative(), z.maximum(MAX_MINOR)),
    currency_id: z.enum(CURRENCIES),
    active: z.boolean(),
  })
  .check(limitsRule());
export type PackageInput = z.infer<typeof packageInput>;

export const updatePackageInput = z.strictObject({ ...packageInput.shape, version }).check(limitsRule());
export type UpdatePackageInput = z.infer<typeof updatePackageInput>;

export const packageOutput = z.object({
  package_id: z.string(),
  name: z.string(),
  plane_limit: z.number(),
  general_limit: z.number(),
  glider_limit: z.number(),
  monthly_price: z.number(),
  currency_id: z.string(),
  active: z.boolean(),
  version: z.number(),
});
export type PackageOutput = z.infer<typeof packageOutput>;
export const packagesOutput = z.object({ items: z.array(packageOutput) });

export const SUBSCRIPTION_STATUSES = ['active', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** An end date before the start date is refused on the end date. */
const datesRule = <T extends { start_date: string; end_date?: string | null }>() =>
  z.superRefine<T>(
    (value, ctx) => {
      if (value.end_date && value.end_date < value.start_date)
        ctx.addIssue({ code: 'custom', message: 'too_small', path: ['end_date'], input: value });
    },
    { when: whenFieldsValid(['start_date', 'end_date']) },
  );

export const assignPackageInput = z
  .strictObject({
    package_id: id,
    start_date: isoDate,
    end_date: z.optional(z.nullable(isoDate)),
  })
  .check(datesRule());
export type AssignPackageInput = z.infer<typeof assignPackageInput>;

export const updateSubscriptionInput = z
  .strictObject({
    start_date: isoDate,
    end_date: z.optional(z.nullable(isoDate)),
    status: z.enum(SUBSCRIPTION_STATUSES),
    plane_limit: limit,
    general_limit: limit,
    glider_limit: limit,
    version,
  })
  .check(limitsRule(), datesRule());
export type UpdateSubscriptionInput = z.infer<typeof updateSubscriptionInput>;

export const subscriptionOutput = z.object({
  subscription_id: z.string(),
  organization_id: z.string(),
  organization_name: z.string(),
  package_id: z.string(),
  package_name: z.string(),
  start_date: z.string(),
  end_date: nullableString,
  status: z.enum(SUBSCRIPTION_STATUSES),
  plane_limit: z.number(),
  general_limit: z.number(),
  glider_limit: z.number(),
  version: z.number(),
});
export type SubscriptionOutput = z.infer<typeof subscriptionOutput>;

export const subscriptionsOutput = z.object({
  organization: z.object({
    organization_id: z.string(),
    organization_name: z.string(),
    short_name: z.string(),
    plane_limit: z.number(),
    general_limit: z.number(),
    glider_limit: z.number(),
    package_id: nullableString,
    package_name: nullableString,
  }),
  items: z.array(subscriptionOutput),
  cursor: nullableString,
});

export const listPageQuery = z.strictObject({ cursor, limit: pageLimit });

// Type lists ---------------------------------------------------------------------------------

/** The global lookup lists (type-lists); datasources read them by these ids. */
export const TYPE_LIST_IDS = [
  'planeTypes',
  'documentTypes',
  'certificateTypes',
  'airportCountries',
  'workTypes',
] as const;
export type TypeListId = (typeof TYPE_LIST_IDS)[number];
export const isTypeListId = (value: string): value is TypeListId =>
  (TYPE_LIST_IDS as readonly string[]).includes(value);
/** `GET /api/type-lists/{id}`. */
export const typeListId = z.enum(TYPE_LIST_IDS);

/** Hungarian (the default) and English (the fallback) are required; the others fall back to English. */
const names = z.strictObject(
  Object.fromEntries(
    LANGS.map((lang) => [
      lang,
      lang === 'hu' || lang === 'en' ? requiredText(80) : z.optional(z.nullable(userText(80))),
    ]),
  ) as Record<Lang, ReturnType<typeof requiredText>>,
);

export const typeListItemInput = z.strictObject({
  code: z
    .string()
    .check(z.trim(), z.minLength(1), z.maxLength(32), z.regex(/^[A-Za-z0-9][A-Za-z0-9_.\- ]*$/)),
  names,
  active: z.boolean(),
  sort_order: z.number().check(whole, z.nonnegative(), z.maximum(100_000)),
});
export type TypeListItemInput = z.infer<typeof typeListItemInput>;

/** Each code once in a list: a repeated one is refused where it repeats. */
export const duplicateCodeErrors = (items: readonly { code: string }[]): Record<string, string[]> => {
  const seen = new Set<string>();
  const errors: Record<string, string[]> = {};
  items.forEach((item, index) => {
    const code = item.code.trim().toUpperCase();
    if (seen.has(code)) errors[`items.${index}.code`] = ['duplicate_value'];
    seen.add(code);
  });
  return errors;
};

export const updateTypeListInput = z
  .strictObject({
    items: z.array(typeListItemInput).check(z.maxLength(500)),
    version,
  })
  .check(
    z.superRefine((value, ctx) => {
      for (const [path, keys] of Object.entries(duplicateCodeErrors(value.items)))
        for (const key of keys)
          ctx.addIssue({
            code: 'custom',
            message: key,
            path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
            input: value,
          });
    }),
  );
export type UpdateTypeListInput = z.infer<typeof updateTypeListInput>;

export const typeListItemOutput = z.object({
  code: z.string(),
  names: z.partialRecord(z.enum(LANGS), z.string()),
  active: z.boolean(),
  sort_order: z.number(),
});
export const typeListOutput = z.object({
  list_id: z.enum(TYPE_LIST_IDS),
  items: z.array(typeListItemOutput),
  version: z.number(),
});
export type TypeListOutput = z.infer<typeof typeListOutput>;

export const typeListsOutput = z.object({
  items: z.array(
    z.object({
      list_id: z.enum(TYPE_LIST_IDS),
      item_count: z.number(),
      active_count: z.number(),
      updated_at: nullableString,
    }),
  ),
});

// Activity log -------------------------------------------------------------------------------

export { ACTION_KEYS, type ActionKey } from '../actions.ts';

export const listActionsQuery = z
  .strictObject({
    cursor,
    limit: pageLimit,
    action: z.optional(z.string().check(z.regex(/^[a-z_]+\.[a-z_.]+$/), z.maxLength(60))),
    from: z.optional(isoDate),
    to: z.optional(isoDate),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.from && value.to && value.to < value.from)
        ctx.addIssue({ code: 'custom', message: 'too_small', path: ['to'], input: value });
    }),
  );
export type ListActionsQuery = z.infer<typeof listActionsQuery>;

export const actionOutput = z.object({
  action_id: z.string(),
  at: z.string(),
  action: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  acting_supervisor_id: nullableString,
  acting_supervisor_name: nullableString,
  target_type: z.string(),
  target_id: z.string(),
  details: z.nullable(z.record(z.string(), z.unknown())),
});
export type ActionOutput = z.infer<typeof actionOutput>;
export const actionsOutput = z.object({
  items: z.array(actionOutput),
  cursor: nullableString,
  /** The organization's time zone: the log shows times in it (YYYY.MM.DD HH:mm). */
  timezone: z.string(),
});
