import { type CertificatePolicy, DEFAULT_CERTIFICATE_POLICY } from '../../contracts/documents.ts';
import type { Module } from '../../contracts/modules.ts';
import type { CustomPrice, OrganizationRecord } from '../../contracts/schemas/organizations.ts';

/**
 * The organization's full record between the item ElectroDB returns and the API's shape; shared by
 * the identity domain (profile/organization-edit) and organization/edit/{id}. Pure: no I/O.
 */

/** The stored item, as far as the record goes (ElectroDB leaves absent attributes undefined). */
export interface StoredOrganization {
  organization_id: string;
  organization_name: string;
  short_name: string;
  timezone: string;
  currency_id: string;
  modules: Module[];
  version: number;
  dst?: boolean;
  is_operator?: boolean;
  certificate_expiry_policy?: CertificatePolicy;
  plane_limit?: number;
  general_limit?: number;
  glider_limit?: number;
  custom_prices?: CustomPrice[];
  [field: string]: unknown;
}

const NULLABLE_TEXT = [
  'address_hq',
  'address_site',
  'company_id',
  'vat_number',
  'contact_id',
  'contact_name',
  'logo',
  'base_airport',
  'base_organization',
  'bank_name',
  'bank_iban',
  'bank_swift',
  'bank_account_number',
  'billing_name',
  'package_id',
  'package_name',
  'first_takeoff_time',
  'transaction_start',
  'operating_day_editor',
] as const;

const NULLABLE_NUMBER = [
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
  'balance_min',
  'payment_min',
  'payment_max',
  'full_fee',
  'discount_fee',
  'yearly_membership_fee',
] as const;

const FLAGS = [
  'document_expiry_notification_on',
  'balance_notification_on',
  'balance_summary_notification_on',
  'operating_day_notification_on',
  'reservation_notification_on',
  'fault_report_notification_on',
  'maintenance_notification_on',
] as const;

const textOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The stored organization as the edit screens show it, with what `canAdminister` says the caller may change. */
export function organizationRecordOf(org: StoredOrganization, canAdminister: boolean): OrganizationRecord {
  const record: Record<string, unknown> = {
    organization_id: org.organization_id,
    organization_name: org.organization_name,
    short_name: org.short_name,
    timezone: org.timezone,
    currency_id: org.currency_id,
    modules: [...org.modules],
    dst: org.dst ?? true,
    is_operator: org.is_operator ?? false,
    recency_policy: org.recency_policy === 'block' ? 'block' : 'warn',
    balance_policy:
      org.balance_policy === 'warn' || org.balance_policy === 'block' ? org.balance_policy : 'off',
    certificate_expiry_policy: org.certificate_expiry_policy ?? DEFAULT_CERTIFICATE_POLICY,
    plane_limit: org.plane_limit ?? 0,
    general_limit: org.general_limit ?? 0,
    glider_limit: org.glider_limit ?? 0,
    custom_prices: (org.custom_prices ?? []).map(({ name, amount, unit }) => ({ name, amount, unit })),
    version: org.version,
    can_administer: canAdminister,
  };
  for (const field of NULLABLE_TEXT) record[field] = textOrNull(org[field]);
  for (const field of NULLABLE_NUMBER) record[field] = numberOrNull(org[field]);
  for (const field of FLAGS) record[field] = org[field] === true;
  return record as OrganizationRecord;
}

/** Fields no input may clear (the schemas require them). */
const REQUIRED = new Set(['organization_name', 'short_name', 'timezone', 'currency_id', 'modules']);

/**
 * A validated input → what an UpdateItem sets and removes. PATCH semantics: an absent field stays,
 * null (or an emptied text) removes the attribute. `version` is the caller's condition, not data.
 */
export function recordPatch(input: Record<string, unknown>): {
  set: Record<string, unknown>;
  remove: string[];
  changed: string[];
} {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [field, value] of Object.entries(input)) {
    if (field === 'version' || value === undefined) continue;
    if ((value === null || value === '') && !REQUIRED.has(field)) remove.push(field);
    else if (value !== null) set[field] = Array.isArray(value) ? [...value] : value;
  }
  return { set, remove, changed: [...Object.keys(set), ...remove].sort() };
}

/** Only the fields whose value differs from the stored record (what the activity log names). */
export const changedFields = (before: StoredOrganization, patch: ReturnType<typeof recordPatch>) =>
  patch.changed.filter((field) => {
    const was = before[field];
    const now = field in patch.set ? patch.set[field] : undefined;
    return JSON.stringify(was ?? null) !== JSON.stringify(now ?? null);
  });

/**
 * A base airport that is set or changed must name a reference airport (the airports datasource):
 * the OGN ingest takes the base and its neighbours as the club's airfields, so an unknown code
 * would silently switch take-off and landing detection off. One already stored is left alone (a
 * record saved for another reason is not refused for it).
 */
export async function baseAirportErrors(
  sent: string | null | undefined,
  stored: unknown,
  isKnownAirport: (icao: string) => Promise<boolean>,
): Promise<Record<string, string[]>> {
  if (!sent || sent === stored) return {};
  return (await isKnownAirport(sent)) ? {} : { base_airport: ['unknown_airport'] };
}
