import * as z from 'zod/mini';
import { cursor, entityId, isoDate, userText, version, whole } from '../validation.ts';
import {
  FLYABLE_STATUSES,
  GROUNDED_STATUSES,
  PLANE_CATEGORIES,
  PLANE_STATUSES,
  type PlaneStatus,
  RENT_TYPES,
} from './aircraft-enums.ts';

/**
 * Aircraft (spec §3 Plane): every field, as the plane/{id} form edits it and the screens read it.
 * Units as in functions/aircraft/entities.ts: flight and engine time in integer minutes, takeoffs and
 * landings as counts, dates yyyy-mm-dd, prices in integer minor units of the organization's currency.
 */

const text = (max: number) => z.optional(z.nullable(userText(max)));
const flag = z.optional(z.boolean());
const count = (max: number) =>
  z.optional(z.nullable(z.number().check(whole, z.nonnegative(), z.maximum(max))));
const date = z.optional(z.nullable(isoDate));

/** 100 000 hours in minutes: above any airframe's life, low enough to catch a typo. */
export const MAX_MINUTES = 6_000_000;
export const MAX_COUNT = 1_000_000;
/** 10 000 000.00 in any currency (the organizations' MAX_MINOR). */
const MAX_PRICE = 1_000_000_000;

/** `ha-4012 ` → `HA-4012`: registrations are compared and shown upper-cased. */
const normalizeRegNum = (value: string) => value.trim().toUpperCase().replace(/\s+/g, '');
const regNum = z
  .string()
  .check(
    z.overwrite(normalizeRegNum),
    z.minLength(1),
    z.maxLength(16),
    z.regex(/^([A-Z0-9][A-Z0-9-]*)?$/, { error: 'invalid_value' }),
  );
/** FLARM / OGN device address: 6 hex digits, upper-cased. */
const ognId = z.optional(
  z.nullable(
    z.string().check(
      z.overwrite((v) => v.trim().toUpperCase()),
      z.regex(/^([0-9A-F]{6})?$/, { error: 'invalid_value' }),
    ),
  ),
);
const price = z.optional(z.nullable(z.number().check(whole, z.nonnegative(), z.maximum(MAX_PRICE))));

/** The counters a form records: readings when the aircraft came into Windsock (spec §3 start_*). */
export const START_COUNTERS = [
  'start_counter_flight',
  'start_counter_engine',
  'start_counter_takeoff',
  'start_counter_landing',
] as const;
export const CURRENT_COUNTERS = [
  'current_counter_flight',
  'current_counter_engine',
  'current_counter_takeoff',
  'current_counter_landing',
] as const;

/** The fields a plane form sends, by spec §3 group (also the tab of the form they are on). */
const planeFields = {
  // Identity
  reg_num: regNum,
  tail_number: text(8),
  plane_type: text(40),
  plane_category: z.enum(PLANE_CATEGORIES),
  plane_class: text(40),
  callsign: text(20),
  serial_number: text(40),
  manufacturer: text(80),
  model: text(80),
  year_of_manufacture: z.optional(z.nullable(z.number().check(whole, z.minimum(1900), z.maximum(2100)))),
  seats: z.optional(z.nullable(z.number().check(whole, z.minimum(1), z.maximum(20)))),
  logcard_number: text(40),
  certificate_number: text(40),
  ogn_id: ognId,
  is_tmg: flag,
  // Ownership and status
  /** user id of a private owner: a member of the organization. */
  owner: z.optional(z.nullable(entityId)),
  owner_name: text(120),
  owner_organization: text(120),
  private_plane: flag,
  status: z.optional(z.enum(PLANE_STATUSES)),
  // Sharing
  can_be_shared: flag,
  share_start_date: date,
  share_end_date: date,
  // Counters: only the start readings; flights add counter_, current_ follows (counters.ts).
  start_counter_flight: count(MAX_MINUTES),
  start_counter_engine: count(MAX_MINUTES),
  start_counter_takeoff: count(MAX_COUNT),
  start_counter_landing: count(MAX_COUNT),
  // Limits (absolute readings of current_ at which the aircraft must stop)
  limit_date: date,
  limit_counter_flight: count(MAX_MINUTES),
  limit_counter_engine: count(MAX_MINUTES),
  limit_counter_takeoff: count(MAX_COUNT),
  lifetime_flight: count(MAX_MINUTES),
  lifetime_engine: count(MAX_MINUTES),
  lifetime_takeoff: count(MAX_COUNT),
  installation_date: date,
  // Rental
  rentable: flag,
  rent_type: z.optional(z.nullable(z.enum(RENT_TYPES))),
  rent_price_flight: price,
  rent_price_motor: price,
  rent_price_landing: price,
  rent_price_training: price,
  rent_discount: z.optional(z.nullable(z.number().check(z.nonnegative(), z.maximum(100)))),
  rent_flat_rate: price,
  rent_req_instructor: flag,
  rent_multiple_days_allowed: flag,
  night_reservation_on: flag,
};
export type PlaneField = keyof typeof planeFields;
export const PLANE_FIELDS = Object.keys(planeFields) as PlaneField[];

/**
 * Cross-field rules, for the form and the Lambda alike: a share window ends on or after it starts.
 * A rule only speaks once the fields it compares are valid themselves.
 */
const planeRuleErrors = (value: {
  share_start_date?: string | null;
  share_end_date?: string | null;
}): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  if (value.share_start_date && value.share_end_date && value.share_end_date < value.share_start_date)
    errors.share_end_date = ['too_small'];
  return errors;
};

const planeRules = <T extends { share_start_date?: string | null; share_end_date?: string | null }>() =>
  z.superRefine<T>(
    (value, ctx) => {
      for (const [field, keys] of Object.entries(planeRuleErrors(value)))
        for (const key of keys) ctx.addIssue({ code: 'custom', message: key, path: [field], input: value });
    },
    {
      when: (payload) =>
        typeof payload.value === 'object' &&
        payload.value !== null &&
        !payload.issues.some((issue) =>
          ['share_start_date', 'share_end_date'].includes(String(issue.path?.[0])),
        ),
    },
  );

/** POST /api/planes. Absent optional fields take their defaults (status functional, flags off). */
export const createPlaneInput = z.strictObject(planeFields).check(planeRules());
export type CreatePlaneInput = z.infer<typeof createPlaneInput>;

/** PATCH /api/planes/{id}: an absent field stays as it is, null clears it; `version` as read. */
export const updatePlaneInput = z.strictObject({ ...planeFields, version }).check(planeRules());
export type UpdatePlaneInput = z.infer<typeof updatePlaneInput>;

/** Spec §3's `functional` and `inoperable` flags, derived from the status (the truth). */
export const isFunctional = (status: PlaneStatus) => FLYABLE_STATUSES.has(status);
export const isInoperable = (status: PlaneStatus) => GROUNDED_STATUSES.has(status);

const nullableString = z.nullable(z.string());
const nullableNumber = z.nullable(z.number());

export const planeOutput = z.object({
  plane_id: z.string(),
  reg_num: z.string(),
  tail_number: nullableString,
  plane_type: nullableString,
  plane_category: z.enum(PLANE_CATEGORIES),
  plane_class: nullableString,
  callsign: nullableString,
  serial_number: nullableString,
  manufacturer: nullableString,
  model: nullableString,
  year_of_manufacture: nullableNumber,
  seats: nullableNumber,
  logcard_number: nullableString,
  certificate_number: nullableString,
  ogn_id: nullableString,
  is_tmg: z.boolean(),
  owner: nullableString,
  owner_name: nullableString,
  owner_organization: nullableString,
  private_plane: z.boolean(),
  status: z.enum(PLANE_STATUSES),
  functional: z.boolean(),
  inoperable: z.boolean(),
  can_be_shared: z.boolean(),
  share_start_date: nullableString,
  share_end_date: nullableString,
  start_counter_flight: z.number(),
  start_counter_engine: z.number(),
  start_counter_takeoff: z.number(),
  start_counter_landing: z.number(),
  counter_flight: z.number(),
  counter_engine: z.number(),
  counter_takeoff: z.number(),
  counter_landing: z.number(),
  current_counter_flight: z.number(),
  current_counter_engine: z.number(),
  current_counter_takeoff: z.number(),
  current_counter_landing: z.number(),
  limit_date: nullableString,
  limit_counter_flight: nullableNumber,
  limit_counter_engine: nullableNumber,
  limit_counter_takeoff: nullableNumber,
  lifetime_flight: nullableNumber,
  lifetime_engine: nullableNumber,
  lifetime_takeoff: nullableNumber,
  installation_date: nullableString,
  rentable: z.boolean(),
  rent_type: z.nullable(z.enum(RENT_TYPES)),
  rent_price_flight: nullableNumber,
  rent_price_motor: nullableNumber,
  rent_price_landing: nullableNumber,
  rent_price_training: nullableNumber,
  rent_discount: nullableNumber,
  rent_flat_rate: nullableNumber,
  rent_req_instructor: z.boolean(),
  rent_multiple_days_allowed: z.boolean(),
  night_reservation_on: z.boolean(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PlaneOutput = z.infer<typeof planeOutput>;

/** A row of the planes list. */
const planeListItem = z.object({
  plane_id: z.string(),
  reg_num: z.string(),
  tail_number: nullableString,
  plane_type: nullableString,
  model: nullableString,
  callsign: nullableString,
  plane_category: z.enum(PLANE_CATEGORIES),
  is_tmg: z.boolean(),
  status: z.enum(PLANE_STATUSES),
  functional: z.boolean(),
  inoperable: z.boolean(),
  current_counter_flight: z.number(),
  current_counter_engine: z.number(),
  current_counter_takeoff: z.number(),
  can_be_shared: z.boolean(),
  rentable: z.boolean(),
});
export type PlaneListItem = z.infer<typeof planeListItem>;

/** The list's category filter: the two spec categories, and TMGs (general aircraft with is_tmg). */
export const PLANE_CATEGORY_FILTERS = ['plc_01', 'plc_02', 'tmg'] as const;
export type PlaneCategoryFilter = (typeof PLANE_CATEGORY_FILTERS)[number];

export const listPlanesQuery = z.strictObject({
  cursor: z.optional(cursor),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  status: z.optional(z.enum(PLANE_STATUSES)),
  category: z.optional(z.enum(PLANE_CATEGORY_FILTERS)),
  /** Part of the registration, type, model or callsign. */
  filter: z.optional(userText(40)),
});
export type ListPlanesQuery = z.infer<typeof listPlanesQuery>;

export const planeListOutput = z.object({ items: z.array(planeListItem), cursor: nullableString });

// Statistics (spec §9) --------------------------------------------------------------------------

export const planeStatisticsQuery = z.strictObject({
  year: z.optional(z.coerce.number().check(z.int(), z.minimum(1900), z.maximum(2200))),
});

const usageTotals = {
  /** Completed flights: one takeoff each. */
  flights: z.number(),
  flight_minutes: z.number(),
  engine_minutes: z.number(),
  takeoffs: z.number(),
  landings: z.number(),
};
export const planeStatisticsOutput = z.object({
  plane_id: z.string(),
  /** The chosen year's months (yyyy-mm), January to December. */
  months: z.array(z.object({ month: z.string(), ...usageTotals })),
  /** Totals per year, oldest first. */
  years: z.array(z.object({ year: z.string(), ...usageTotals })),
  /** Spec §9: the last 12 months, this month included. */
  last_12_months: z.object(usageTotals),
});
export type PlaneStatisticsOutput = z.infer<typeof planeStatisticsOutput>;
