import * as z from 'zod/mini';
import { CERTIFICATE_POLICIES } from '../documents.ts';
import { MODULES } from '../modules.ts';
import { CURRENCIES, MAX_MINOR } from '../money.ts';
import { entityId, isoDate, cursor as pageCursor, userText, version, whole } from '../validation.ts';
import { BALANCE_POLICIES } from './finance-enums.ts';
import { limitsRule, packageLimit } from './subscriptions.ts';

/**
 * The organization's full record (spec §3 "Organization") as its two edit screens and the
 * supervisor's list use it. Field names as spelt in the spec. Packages and subscriptions:
 * subscriptions.ts; type lists: type-lists.ts; the activity log: activity-log.ts; money: ../money.ts.
 *
 * Money is integer minor units of the organization's `currency_id` (docs/ARCHITECTURE.md "Data": 150 HUF = 15000).
 * What each price is per (spec §9: flight fee per minute, towing fee per minute, membership fee per
 * month) is in PRICE_UNITS, which the screens show next to each amount.
 */

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
const limit = packageLimit;

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
const isTimeZone = (value: string): boolean => {
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

const customPrice = z.strictObject({
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
const organizationSettingsFields = {
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
  /** Issue 17 §2: expired aircraft certificates flag the aircraft (warn), ground it (ground), or neither (off). */
  certificate_expiry_policy: z.optional(z.enum(CERTIFICATE_POLICIES)),
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
const organizationManagedFields = {
  currency_id: z.enum(CURRENCIES),
  modules: z.array(z.enum(MODULES)).check(
    z.maxLength(MODULES.length),
    z.refine((list) => new Set(list).size === list.length, { error: 'invalid_value' }),
  ),
  plane_limit: limit,
  general_limit: limit,
  glider_limit: limit,
};

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

/** The managed fields of the record (only a supervisor changes them). */
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
  certificate_expiry_policy: z.enum(CERTIFICATE_POLICIES),
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
  /**
   * Whether the caller may change the managed fields (modules, limits, currency, package): computed
   * by the server's own rule (functions/organizations/organization-service.ts mayAdminister), so the
   * edit screen takes its mode from the record, not from the caller's roles.
   */
  can_administer: z.boolean(),
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

const organizationListItem = z.object({
  organization_id: z.string(),
  organization_name: z.string(),
  short_name: z.string(),
  base_airport: nullableString,
  modules_count: z.number(),
  package_name: nullableString,
  /** The package the organization's admin asked for (pricing), waiting for a supervisor. */
  package_requested: nullableString,
});
export const organizationListOutput = z.object({
  items: z.array(organizationListItem),
  cursor: nullableString,
});

/** Members to choose the contact person and the operating-day editor from. */
export const memberOptionsOutput = z.object({
  items: z.array(z.object({ user_id: z.string(), user_name: z.string() })),
});
