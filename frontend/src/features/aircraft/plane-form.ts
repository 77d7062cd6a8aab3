import { moneyInputText, parseMoney } from '../../../../contracts/money.ts';
import type { PlaneField, PlaneOutput } from '../../../../contracts/schemas/aircraft.ts';
import type { PlaneCategory, PlaneStatus, RentType } from '../../../../contracts/schemas/aircraft-enums.ts';

/**
 * The plane/{id} form's values and their way to the API: texts as typed, whole counts and prices
 * as text (so a typo shows as a field error, not a silent 0), flight and engine time in minutes
 * (the decimal-hours field converts), money in minor units of the organization's currency.
 */
export const TABS = ['identity', 'ownership', 'counters', 'limits', 'sharing', 'rental'] as const;
export type TabId = (typeof TABS)[number];

const TEXT_FIELDS = [
  'reg_num',
  'tail_number',
  'plane_type',
  'plane_class',
  'callsign',
  'serial_number',
  'manufacturer',
  'model',
  'logcard_number',
  'certificate_number',
  'ogn_id',
  'owner',
  'owner_name',
  'owner_organization',
  'share_start_date',
  'share_end_date',
  'limit_date',
  'installation_date',
] as const;
const WHOLE_FIELDS = [
  'year_of_manufacture',
  'seats',
  'start_counter_takeoff',
  'start_counter_landing',
  'limit_counter_takeoff',
  'lifetime_takeoff',
] as const;
export const MINUTE_FIELDS = [
  'start_counter_flight',
  'start_counter_engine',
  'limit_counter_flight',
  'limit_counter_engine',
  'lifetime_flight',
  'lifetime_engine',
] as const;
export const MONEY_FIELDS = [
  'rent_price_flight',
  'rent_price_motor',
  'rent_price_landing',
  'rent_price_training',
  'rent_flat_rate',
] as const;
export const FLAG_FIELDS = [
  'is_tmg',
  'private_plane',
  'can_be_shared',
  'rentable',
  'rent_req_instructor',
  'rent_multiple_days_allowed',
  'night_reservation_on',
] as const;

export type Values = Record<(typeof TEXT_FIELDS)[number], string> &
  Record<(typeof WHOLE_FIELDS)[number], string> &
  Record<(typeof MINUTE_FIELDS)[number], number | null> &
  Record<(typeof MONEY_FIELDS)[number], string> &
  Record<(typeof FLAG_FIELDS)[number], boolean> & {
    plane_category: PlaneCategory;
    status: PlaneStatus;
    rent_type: RentType | '';
    rent_discount: string;
  };

/** Which tab each field is on (a field error marks its tab). */
export const TAB_OF: Record<PlaneField, TabId> = {
  reg_num: 'identity',
  tail_number: 'identity',
  plane_type: 'identity',
  plane_category: 'identity',
  plane_class: 'identity',
  callsign: 'identity',
  serial_number: 'identity',
  manufacturer: 'identity',
  model: 'identity',
  year_of_manufacture: 'identity',
  seats: 'identity',
  logcard_number: 'identity',
  certificate_number: 'identity',
  ogn_id: 'identity',
  is_tmg: 'identity',
  owner: 'ownership',
  owner_name: 'ownership',
  owner_organization: 'ownership',
  private_plane: 'ownership',
  status: 'ownership',
  can_be_shared: 'sharing',
  share_start_date: 'sharing',
  share_end_date: 'sharing',
  start_counter_flight: 'counters',
  start_counter_engine: 'counters',
  start_counter_takeoff: 'counters',
  start_counter_landing: 'counters',
  limit_date: 'limits',
  limit_counter_flight: 'limits',
  limit_counter_engine: 'limits',
  limit_counter_takeoff: 'limits',
  lifetime_flight: 'limits',
  lifetime_engine: 'limits',
  lifetime_takeoff: 'limits',
  installation_date: 'limits',
  rentable: 'rental',
  rent_type: 'rental',
  rent_price_flight: 'rental',
  rent_price_motor: 'rental',
  rent_price_landing: 'rental',
  rent_price_training: 'rental',
  rent_discount: 'rental',
  rent_flat_rate: 'rental',
  rent_req_instructor: 'rental',
  rent_multiple_days_allowed: 'rental',
  night_reservation_on: 'rental',
};

export const EMPTY: Values = {
  ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<(typeof TEXT_FIELDS)[number], string>),
  ...(Object.fromEntries(WHOLE_FIELDS.map((f) => [f, ''])) as Record<(typeof WHOLE_FIELDS)[number], string>),
  ...(Object.fromEntries(MONEY_FIELDS.map((f) => [f, ''])) as Record<(typeof MONEY_FIELDS)[number], string>),
  ...(Object.fromEntries(FLAG_FIELDS.map((f) => [f, false])) as Record<
    (typeof FLAG_FIELDS)[number],
    boolean
  >),
  start_counter_flight: 0,
  start_counter_engine: 0,
  limit_counter_flight: null,
  limit_counter_engine: null,
  lifetime_flight: null,
  lifetime_engine: null,
  start_counter_takeoff: '0',
  start_counter_landing: '0',
  plane_category: 'plc_02',
  status: 'functional',
  rent_type: '',
  rent_discount: '',
};

const numberText = (value: number | null) => (value === null ? '' : String(value));

export const valuesOf = (p: PlaneOutput): Values => ({
  ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, p[f] ?? ''])) as Record<
    (typeof TEXT_FIELDS)[number],
    string
  >),
  ...(Object.fromEntries(WHOLE_FIELDS.map((f) => [f, numberText(p[f])])) as Record<
    (typeof WHOLE_FIELDS)[number],
    string
  >),
  ...(Object.fromEntries(MONEY_FIELDS.map((f) => [f, moneyInputText(p[f])])) as Record<
    (typeof MONEY_FIELDS)[number],
    string
  >),
  ...(Object.fromEntries(FLAG_FIELDS.map((f) => [f, p[f]])) as Record<(typeof FLAG_FIELDS)[number], boolean>),
  start_counter_flight: p.start_counter_flight,
  start_counter_engine: p.start_counter_engine,
  limit_counter_flight: p.limit_counter_flight,
  limit_counter_engine: p.limit_counter_engine,
  lifetime_flight: p.lifetime_flight,
  lifetime_engine: p.lifetime_engine,
  plane_category: p.plane_category,
  status: p.status,
  rent_type: p.rent_type ?? '',
  rent_discount: numberText(p.rent_discount),
});

/** '' → null; digits → the number; anything else NaN, which the schema answers with invalid_value. */
const wholeOf = (text: string) => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};
const decimalOf = (text: string) => {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};
const textOf = (text: string) => (text.trim() === '' ? null : text.trim());

/** The body of createPlane / updatePlane (without `version`): every field, null where empty. */
export const bodyOf = (v: Values) => ({
  ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, textOf(v[f])])) as Record<
    (typeof TEXT_FIELDS)[number],
    string | null
  >),
  reg_num: v.reg_num,
  ...(Object.fromEntries(WHOLE_FIELDS.map((f) => [f, wholeOf(v[f])])) as Record<
    (typeof WHOLE_FIELDS)[number],
    number | null
  >),
  ...(Object.fromEntries(MONEY_FIELDS.map((f) => [f, parseMoney(v[f])])) as Record<
    (typeof MONEY_FIELDS)[number],
    number | null
  >),
  ...(Object.fromEntries(FLAG_FIELDS.map((f) => [f, v[f]])) as Record<(typeof FLAG_FIELDS)[number], boolean>),
  start_counter_flight: v.start_counter_flight ?? 0,
  start_counter_engine: v.start_counter_engine ?? 0,
  limit_counter_flight: v.limit_counter_flight,
  limit_counter_engine: v.limit_counter_engine,
  lifetime_flight: v.lifetime_flight,
  lifetime_engine: v.lifetime_engine,
  plane_category: v.plane_category,
  status: v.status,
  rent_type: v.rent_type === '' ? null : v.rent_type,
  rent_discount: decimalOf(v.rent_discount),
});

/** The first tab that has an error, in form order. */
/** Every field, tab by tab: the order the cursor looks for the first error in. */
export const FIELD_ORDER: readonly string[] = TABS.flatMap((tab) =>
  (Object.keys(TAB_OF) as PlaneField[]).filter((field) => TAB_OF[field] === tab),
);

export const firstTabWithError = (errors: Record<string, string[]>): TabId | undefined =>
  TABS.find((tab) => Object.keys(errors).some((field) => TAB_OF[field as PlaneField] === tab));
