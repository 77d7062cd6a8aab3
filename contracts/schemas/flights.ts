import * as z from 'zod/mini';
import { cursor, entityId, isoDate, isoInstant, userText, version, whole } from '../validation.ts';
import { PLANE_CATEGORIES } from './aircraft-enums.ts';
import { DAY_NIGHT, FLIGHT_KINDS, FLIGHT_SOURCES, FLIGHT_STATUSES } from './flight-enums.ts';

/**
 * Club flights (spec §3 Flight) as the flight screens, the daily sheet and the Lambda agree on them.
 * Units as in functions/flights/entities.ts: instants in UTC ISO, durations in integer minutes,
 * engine counter readings in minutes, altitudes in metres.
 */

const text = (max: number) => z.optional(z.nullable(userText(max)));
const id = z.optional(z.nullable(entityId));
const minutes = z.optional(z.nullable(z.number().check(whole, z.nonnegative(), z.maximum(6_000_000))));
const small = (max: number) =>
  z.optional(z.nullable(z.number().check(whole, z.nonnegative(), z.maximum(max))));

const instant = z.optional(z.nullable(isoInstant));

/** Spec §3 takeoff type ids 1–6: self launch, rubber rope, winch, car lift, tow, TMG. */
export const takeoffTypeIdSchema = z.number().check(whole, z.minimum(1), z.maximum(6));

/** The fields a flight form or the daily sheet sends. */
export const flightFields = {
  plane_id: entityId,
  takeoff_type_id: takeoffTypeIdSchema,
  status: z.optional(z.enum(FLIGHT_STATUSES)),
  // Times and places
  takeoff_time: instant,
  landing_time: instant,
  takeoff_airport: text(8),
  landing_airport: text(8),
  /** Minutes; computed from the times when absent. */
  flight_time: minutes,
  route: text(200),
  // Crew
  pic_id: id,
  sic_id: id,
  instructor_id: id,
  tow_pilot_id: id,
  tow_plane_id: id,
  rope_puller_id: id,
  winch_operator_id: id,
  winch_trainee_id: id,
  timer_operator_id: id,
  other_person: text(120),
  pic_name: text(120),
  sic_name: text(120),
  // Counters
  takeoff_counter: minutes,
  landing_counter: minutes,
  takeoff_blocktime: instant,
  landing_blocktime: instant,
  // Other
  tow_altitude: small(3000),
  touch_and_go: small(100),
  traffic_pattern: z.optional(z.boolean()),
  takeoff_day_night: z.optional(z.nullable(z.enum(DAY_NIGHT))),
  landing_day_night: z.optional(z.nullable(z.enum(DAY_NIGHT))),
  ifr_time: minutes,
  night_time: minutes,
  sim_time: minutes,
  sim_type: text(60),
  sim_date: z.optional(z.nullable(isoDate)),
  training: z.optional(z.boolean()),
  proficiency_check: z.optional(z.boolean()),
  remarks: z.optional(z.nullable(userText(500, { multiline: true }))),
};

interface RuleInput {
  takeoff_time?: string | null;
  landing_time?: string | null;
  takeoff_counter?: number | null;
  landing_counter?: number | null;
  pic_id?: string | null;
  instructor_id?: string | null;
  sic_id?: string | null;
  training?: boolean;
}

/**
 * Cross-field rules for the form and the Lambda alike: a landing after its takeoff, a landing
 * counter reading not below the takeoff's, nobody in two seats, a training flight with an instructor.
 */
export const flightRuleErrors = (value: RuleInput): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  if (value.takeoff_time && value.landing_time && value.landing_time < value.takeoff_time)
    errors.landing_time = ['landing_before_takeoff'];
  if (
    typeof value.takeoff_counter === 'number' &&
    typeof value.landing_counter === 'number' &&
    value.landing_counter < value.takeoff_counter
  )
    errors.landing_counter = ['too_small'];
  if (value.sic_id && (value.sic_id === value.pic_id || value.sic_id === value.instructor_id))
    errors.sic_id = ['duplicate_value'];
  if (value.training && !value.instructor_id) errors.instructor_id = ['field_required'];
  return errors;
};

const RULE_FIELDS = [
  'takeoff_time',
  'landing_time',
  'takeoff_counter',
  'landing_counter',
  'pic_id',
  'sic_id',
  'instructor_id',
  'training',
];

const flightRules = <T extends RuleInput>() =>
  z.superRefine<T>(
    (value, ctx) => {
      for (const [field, keys] of Object.entries(flightRuleErrors(value)))
        for (const key of keys) ctx.addIssue({ code: 'custom', message: key, path: [field], input: value });
    },
    {
      when: (payload) =>
        typeof payload.value === 'object' &&
        payload.value !== null &&
        !payload.issues.some((issue) => RULE_FIELDS.includes(String(issue.path?.[0]))),
    },
  );

/**
 * A create's idempotency key, chosen by the browser (the daily sheet's offline outbox): a
 * time-ordered id of the same shape as the server's (9 base-36 ms + 10 hex). The flight takes it
 * as its id, so replaying a create whose answer was lost cannot record the flight twice.
 */
export const clientFlightId = z
  .string()
  .check(z.regex(/^[0-9a-z]{9}[0-9a-f]{10}$/, { error: 'invalid_value' }));

/** POST /api/flights: a flight recorded afterwards, or put on the daily sheet (`date` = its day). */
export const createFlightInput = z
  .strictObject({
    ...flightFields,
    date: z.optional(isoDate),
    source: z.optional(z.enum(FLIGHT_SOURCES)),
    client_id: z.optional(clientFlightId),
    /**
     * Issue 14 §9: the day's coordinator puts a payer below the minimum balance on the sheet
     * although the organization blocks it (logged). Not stored on the flight.
     */
    balance_override: z.optional(z.boolean()),
  })
  .check(flightRules());
export type CreateFlightInput = z.infer<typeof createFlightInput>;

/** PATCH /api/flights/{id}: absent fields stay, null clears; `version` as read (409 if changed). */
export const updateFlightInput = z
  .strictObject({
    ...flightFields,
    plane_id: z.optional(flightFields.plane_id),
    takeoff_type_id: z.optional(takeoffTypeIdSchema),
    balance_override: z.optional(z.boolean()),
    version,
  })
  .check(flightRules());
export type UpdateFlightInput = z.infer<typeof updateFlightInput>;

/** The daily sheet's one-tap actions: take off now / land now (or at a corrected instant). */
export const flightMomentInput = z.strictObject({ at: z.optional(isoInstant), version });
export type FlightMomentInput = z.infer<typeof flightMomentInput>;

/** DELETE's `?version=`: a whole number as text (a query string carries no numbers). */
export const deleteFlightQuery = z.object({
  version: z.optional(z.string().check(z.regex(/^\d{1,15}$/, { error: 'invalid_value' }))),
});

const nullableString = z.nullable(z.string());
const nullableNumber = z.nullable(z.number());
const counterSet = z.object({
  flight_minutes: z.number(),
  engine_minutes: z.number(),
  takeoffs: z.number(),
  landings: z.number(),
});

export const flightOutput = z.object({
  flight_id: z.string(),
  organization_id: z.string(),
  date: z.string(),
  kind: z.enum(FLIGHT_KINDS),
  status: z.enum(FLIGHT_STATUSES),
  source: z.enum(FLIGHT_SOURCES),
  plane_id: z.string(),
  reg_num: z.string(),
  plane_type: nullableString,
  plane_category: z.enum(PLANE_CATEGORIES),
  is_tmg: z.boolean(),
  takeoff_type_id: z.number(),
  takeoff_time: nullableString,
  landing_time: nullableString,
  takeoff_airport: nullableString,
  landing_airport: nullableString,
  flight_time: nullableNumber,
  route: nullableString,
  pic_id: nullableString,
  sic_id: nullableString,
  instructor_id: nullableString,
  tow_pilot_id: nullableString,
  tow_plane_id: nullableString,
  rope_puller_id: nullableString,
  winch_operator_id: nullableString,
  winch_trainee_id: nullableString,
  timer_operator_id: nullableString,
  other_person: nullableString,
  pic_name: nullableString,
  sic_name: nullableString,
  takeoff_counter: nullableNumber,
  landing_counter: nullableNumber,
  takeoff_blocktime: nullableString,
  landing_blocktime: nullableString,
  tow_altitude: nullableNumber,
  touch_and_go: nullableNumber,
  traffic_pattern: z.boolean(),
  takeoff_day_night: z.nullable(z.enum(DAY_NIGHT)),
  landing_day_night: z.nullable(z.enum(DAY_NIGHT)),
  ifr_time: nullableNumber,
  night_time: nullableNumber,
  sim_time: nullableNumber,
  sim_type: nullableString,
  sim_date: nullableString,
  training: z.boolean(),
  proficiency_check: z.boolean(),
  instructor_accepted: z.boolean(),
  accepted_by: nullableString,
  accepted_at: nullableString,
  tow_flight_id: nullableString,
  towed_flight_id: nullableString,
  remarks: nullableString,
  applied: z.nullable(counterSet),
  /** Whether a logbook line of this flight is signed: the flight is then locked (spec "Not editable"). */
  locked: z.boolean(),
  version: z.number(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FlightOutput = z.infer<typeof flightOutput>;

export const listFlightsQuery = z.object({
  kind: z.optional(z.enum(FLIGHT_KINDS)),
  /** yyyy-mm-dd, inclusive */
  from: z.optional(isoDate),
  to: z.optional(isoDate),
  plane_id: z.optional(entityId),
  cursor: z.optional(cursor),
  limit: z.optional(z.coerce.number().check(whole, z.minimum(1), z.maximum(500))),
});
export type ListFlightsQuery = z.infer<typeof listFlightsQuery>;

export const flightListOutput = z.object({ items: z.array(flightOutput), cursor: nullableString });

export const versionInput = z.strictObject({ version });
export const deletedOutput = z.object({ deleted: z.literal(true) });
