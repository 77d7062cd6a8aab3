import * as z from 'zod/mini';
import { cursor, entityId, isoDate, isoInstant, userText, version, whole } from '../validation.ts';
import { FLIGHT_KINDS, LOGBOOK_SOURCES, LOGBOOK_STATUSES, PILOT_ROLES } from './flight-enums.ts';
import { takeoffTypeIdSchema } from './flights.ts';

/**
 * Personal logbooks (logbook/glider, logbook/general, logbook-glider/{user_id}, signature): club
 * flights arrive by themselves; private flights the pilot adds; the previous totals start the sums.
 * Durations in integer minutes.
 */

const text = (max: number) => z.optional(z.nullable(userText(max)));
const minutes = z.number().check(whole, z.nonnegative(), z.maximum(6_000_000));
const count = z.number().check(whole, z.nonnegative(), z.maximum(1_000_000));

export const logbookKind = z.enum(FLIGHT_KINDS);

/** A private flight the pilot adds to their own logbook (flight/glider-private, flight/general-private). */
const privateEntryFields = {
  takeoff_time: isoInstant,
  landing_time: z.optional(z.nullable(isoInstant)),
  takeoff_airport: text(8),
  landing_airport: text(8),
  reg_num: userText(16, { min: 1 }),
  plane_type: text(40),
  is_tmg: z.optional(z.boolean()),
  multi_engine: z.optional(z.boolean()),
  takeoff_type_id: takeoffTypeIdSchema,
  role: z.enum(PILOT_ROLES),
  pic_name: text(120),
  flight_minutes: z.optional(minutes),
  launches: z.optional(count),
  landings: z.optional(count),
  night_minutes: z.optional(minutes),
  ifr_minutes: z.optional(minutes),
  multi_pilot_minutes: z.optional(minutes),
  sim_minutes: z.optional(minutes),
  sim_type: text(60),
  tow_altitude: z.optional(z.nullable(z.number().check(whole, z.nonnegative(), z.maximum(3000)))),
  proficiency_check: z.optional(z.boolean()),
  remarks: z.optional(z.nullable(userText(500, { multiline: true }))),
};

const landingAfterTakeoff = <T extends { takeoff_time?: string; landing_time?: string | null }>() =>
  z.superRefine<T>(
    (value, ctx) => {
      if (value.takeoff_time && value.landing_time && value.landing_time < value.takeoff_time)
        ctx.addIssue({
          code: 'custom',
          message: 'landing_before_takeoff',
          path: ['landing_time'],
          input: value,
        });
    },
    {
      when: (payload) =>
        !payload.issues.some((issue) => ['takeoff_time', 'landing_time'].includes(String(issue.path?.[0]))),
    },
  );

export const createPrivateEntryInput = z.strictObject(privateEntryFields).check(landingAfterTakeoff());
export type CreatePrivateEntryInput = z.infer<typeof createPrivateEntryInput>;
export const updatePrivateEntryInput = z
  .strictObject({ ...privateEntryFields, version })
  .check(landingAfterTakeoff());
export type UpdatePrivateEntryInput = z.infer<typeof updatePrivateEntryInput>;

const nullableString = z.nullable(z.string());

const signatureOutput = z.object({
  signer_id: z.string(),
  signer_name: z.string(),
  signed_at: z.string(),
  seq: z.number(),
  hash: z.string(),
});

export const logbookEntryOutput = z.object({
  user_id: z.string(),
  entry_id: z.string(),
  kind: logbookKind,
  source: z.enum(LOGBOOK_SOURCES),
  organization_id: nullableString,
  flight_id: nullableString,
  date: z.string(),
  takeoff_time: z.string(),
  landing_time: nullableString,
  takeoff_airport: nullableString,
  landing_airport: nullableString,
  plane_id: nullableString,
  reg_num: z.string(),
  plane_type: nullableString,
  is_tmg: z.boolean(),
  multi_engine: z.boolean(),
  takeoff_type_id: z.number(),
  role: z.enum(PILOT_ROLES),
  pic_name: nullableString,
  instructor_id: nullableString,
  /** The instructor's name, for the signature column. */
  instructor_name: nullableString,
  flight_minutes: z.number(),
  launches: z.number(),
  landings: z.number(),
  night_minutes: z.number(),
  ifr_minutes: z.number(),
  multi_pilot_minutes: z.number(),
  sim_minutes: z.number(),
  sim_type: nullableString,
  tow_altitude: z.nullable(z.number()),
  training: z.boolean(),
  proficiency_check: z.boolean(),
  remarks: nullableString,
  status: z.enum(LOGBOOK_STATUSES),
  signature: z.nullable(signatureOutput),
  /** Club lines and signed lines are not the pilot's to edit. */
  editable: z.boolean(),
  version: z.number(),
});
export type LogbookEntryOutput = z.infer<typeof logbookEntryOutput>;

/** The previous totals (spec §3 prev_*), minutes unless named launches or landings. */
export const PREV_FIELDS = [
  'prev_glider',
  'prev_tmg',
  'prev_pic',
  'prev_dual',
  'prev_instructor',
  'prev_multi_engine',
  'prev_multi_pilot',
  'prev_night',
  'prev_ifr',
  'prev_simulator',
  'prev_launches',
  'prev_landings',
] as const;
export type PrevField = (typeof PREV_FIELDS)[number];

export const prevTotalsInput = z.strictObject({
  ...(Object.fromEntries(PREV_FIELDS.map((field) => [field, z.optional(count)])) as Record<
    PrevField,
    z.ZodMiniOptional<typeof count>
  >),
  version,
});
export type PrevTotalsInput = z.infer<typeof prevTotalsInput>;

const totalsShape = z.object({
  flights: z.number(),
  minutes: z.number(),
  launches: z.number(),
  landings: z.number(),
  pic_minutes: z.number(),
  dual_minutes: z.number(),
  instructor_minutes: z.number(),
  sic_minutes: z.number(),
  night_minutes: z.number(),
  ifr_minutes: z.number(),
  over_3h: z.number(),
});
export type LogbookTotals = z.infer<typeof totalsShape>;

export const logbookBookOutput = z.object({
  kind: logbookKind,
  prev: z.record(z.string(), z.number()),
  /** Every line in the logbook so far, without the previous totals. */
  logged: totalsShape,
  /** Chain check of the signed lines: the problems found (empty: intact). */
  chain_problems: z.array(z.object({ entry_id: nullableString, problem: z.string() })),
  version: z.number(),
});
export type LogbookBookOutput = z.infer<typeof logbookBookOutput>;

export const logbookQuery = z.object({
  from: z.optional(isoDate),
  to: z.optional(isoDate),
  cursor: z.optional(cursor),
  limit: z.optional(z.coerce.number().check(whole, z.minimum(1), z.maximum(500))),
});
export type LogbookQuery = z.infer<typeof logbookQuery>;

export const logbookPageOutput = z.object({ items: z.array(logbookEntryOutput), cursor: nullableString });

export const signInput = z.strictObject({ version });

/**
 * The most lines one bulk signature takes: each line, its audit record, its club flight's lock and
 * each pilot's chain head are written in one DynamoDB transaction (at most 100 items: 25 × 3 + 25),
 * so a bulk is all signed or none.
 */
export const MAX_BULK_SIGN = 25;

/** An instructor's evening: many pending lines signed after one confirmation (each chained on its own). */
export const signEntriesInput = z.strictObject({
  lines: z
    .array(z.strictObject({ user_id: entityId, entry_id: entityId, version }))
    .check(z.minLength(1), z.maxLength(MAX_BULK_SIGN)),
});
export type SignEntriesInput = z.infer<typeof signEntriesInput>;
export const signEntriesOutput = z.object({ items: z.array(logbookEntryOutput) });

export const statisticsQuery = z.object({
  year: z.optional(z.coerce.number().check(whole, z.minimum(1900), z.maximum(2200))),
});

const monthStat = z.object({ month: z.string(), ...totalsShape.shape });
export const statisticsOutput = z.object({
  kind: logbookKind,
  /** The chosen year's months (yyyy-mm), January to December. */
  months: z.array(monthStat),
  /** Totals per year, oldest first. */
  years: z.array(z.object({ year: z.string(), ...totalsShape.shape })),
  /** Spec §9: the last 12 months, this month included. */
  last_12_months: totalsShape,
});
export type StatisticsOutput = z.infer<typeof statisticsOutput>;

const recencyResult = z.object({
  rule: z.enum(['sfcl_160a', 'sfcl_160e', 'sfcl_155', 'fcl_060', 'medical']),
  method: z.optional(z.string()),
  /** SFCL.155: the day a finished launch-method training opened the method. */
  opened_on: z.optional(z.string()),
  /** SFCL.155: the method was never opened to the pilot (no PIC launch by it, no training). */
  privilege_missing: z.optional(z.boolean()),
  status: z.enum(['current', 'lapsing', 'lapsed', 'not_applicable', 'not_recorded']),
  until: nullableString,
  via: z.optional(z.enum(['flights', 'proficiency_check'])),
  counted: z.array(z.string()),
  totals: z.record(z.string(), z.number()),
  required: z.record(z.string(), z.number()),
  needed: z.record(z.string(), z.number()),
});
export const recencyOutput = z.object({
  user_id: z.string(),
  today: z.string(),
  rules: z.array(recencyResult),
  /** Any rule lapsed (spec §8 "Continuity lapsed" on the dashboard). */
  lapsed: z.boolean(),
});
export type RecencyOutput = z.infer<typeof recencyOutput>;
