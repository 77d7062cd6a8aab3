import * as z from 'zod/mini';
import { entityId, isoDate, cursor as pageCursor, userText, version, whole } from '../validation.ts';
import {
  AIRCRAFT_EVENT_KINDS,
  COMPONENT_TYPES,
  CYCLE_CALENDARS,
  DUE_STATES,
  HOURS_BASES,
  MAINTENANCE_KINDS,
  PLANE_STATUSES,
} from './aircraft-enums.ts';

/**
 * Components, maintenance items, their next due and history, and the fleet overview (spec §3
 * "Maintenance operation and component", §9 cycle presets). Units as in functions/aircraft/entities.ts:
 * counters and life/limit readings in MINUTES (flight, engine) and counts (takeoffs); cycle_hours in
 * hours (the §9 presets); dates yyyy-mm-dd.
 */

/** Ten thousand years of flying in minutes: catches a typo, never a real reading. */
const MAX_MINUTES = 60 * 1_000_000;
const MAX_COUNT = 10_000_000;

const id = entityId;
/** Free text: a name (one line), or a comment (several lines). */
const text = (max: number, multiline = false) => z.optional(z.nullable(userText(max, { multiline })));
const requiredText = (max: number) => userText(max, { min: 1 });
const optionalDate = z.optional(z.nullable(isoDate));
const minutes = z.optional(z.nullable(z.number().check(whole, z.nonnegative(), z.maximum(MAX_MINUTES))));
const count = z.optional(z.nullable(z.number().check(whole, z.nonnegative(), z.maximum(MAX_COUNT))));
/** A cycle length: more than zero (a zero cycle would be due forever). */
const positive = (max: number, integer = true) =>
  z.optional(z.nullable(z.number().check(...(integer ? [whole] : []), z.positive(), z.maximum(max))));
/** A maintenance schedule: any mix of cycles, whichever comes first (functions/aircraft/next-due.ts). */
const scheduleFields = {
  /** Hours (spec §9 presets 25, 50, 100, 200, 500, 1000; any other value too, e.g. 12.5). */
  cycle_hours: positive(100_000, false),
  hours_basis: z.optional(z.nullable(z.enum(HOURS_BASES))),
  cycle_takeoffs: positive(MAX_COUNT),
  cycle_days: positive(36_500),
  cycle_calendar: z.optional(z.nullable(z.enum(CYCLE_CALENDARS))),
  /** When last performed (or installed): the cycle starts here. Default: today. */
  maintenanced_at: optionalDate,
  /** The owner's readings when last performed; default: the owner's current readings. */
  done_counter_flight: minutes,
  done_counter_engine: minutes,
  done_counter_takeoff: count,
  notice_days: z.optional(z.nullable(z.number().check(whole, z.nonnegative(), z.maximum(3650)))),
  notice_hours: z.optional(z.nullable(z.number().check(z.nonnegative(), z.maximum(10_000)))),
  notice_takeoffs: count,
};
export const SCHEDULE_FIELDS = Object.keys(scheduleFields) as (keyof typeof scheduleFields)[];

type ScheduleInput = { [K in keyof typeof scheduleFields]?: z.infer<(typeof scheduleFields)[K]> };

/** Whether a schedule names any cycle (a maintenance item needs one; 422 on `cycle_hours` otherwise). */
export const namesCycle = (value: ScheduleInput) =>
  Boolean(value.cycle_hours || value.cycle_takeoffs || value.cycle_days || value.cycle_calendar);

const NO_CYCLE_FIELDS = ['cycle_hours', 'cycle_takeoffs', 'cycle_days', 'cycle_calendar'];
const cycleRequired = <T extends ScheduleInput>() =>
  z.superRefine<T>(
    (value, ctx) => {
      if (!namesCycle(value))
        ctx.addIssue({ code: 'custom', message: 'field_required', path: ['cycle_hours'], input: value });
    },
    {
      when: (payload) =>
        typeof payload.value === 'object' &&
        payload.value !== null &&
        !payload.issues.some((issue) => NO_CYCLE_FIELDS.includes(String(issue.path?.[0]))),
    },
  );

/** Limits of a component: hard limits (absolute readings since new, a date) and its life limit. */
const componentLimitFields = {
  limit_counter_flight: minutes,
  limit_counter_engine: minutes,
  limit_counter_takeoff: count,
  limit_date: optionalDate,
  lifetime_flight: minutes,
  lifetime_engine: minutes,
  lifetime_takeoff: count,
  lifetime_date: optionalDate,
};

const componentFields = {
  name: requiredText(120),
  component_type: z.enum(COMPONENT_TYPES),
  part_number: text(60),
  serial_no: text(60),
  installation_date: optionalDate,
  installation_comment: text(1000, true),
  /** Time since new when recorded in Windsock; flights add to it afterwards. */
  start_counter_flight: minutes,
  start_counter_engine: minutes,
  start_counter_takeoff: count,
  start_counter_landing: count,
  ...componentLimitFields,
  ...scheduleFields,
};
export const COMPONENT_FIELDS = Object.keys(componentFields) as (keyof typeof componentFields)[];

/** POST /api/components */
export const createComponentInput = z.strictObject({ plane_id: id, ...componentFields });
export type CreateComponentInput = z.infer<typeof createComponentInput>;

/** PATCH /api/components/{id}: fields left out stay; a new plane_id moves it (removed + installed). */
export const updateComponentInput = z.strictObject({
  ...componentFields,
  plane_id: z.optional(id),
  name: z.optional(componentFields.name),
  component_type: z.optional(componentFields.component_type),
  version,
});
export type UpdateComponentInput = z.infer<typeof updateComponentInput>;

const itemFields = {
  name: requiredText(120),
  kind: z.optional(z.enum(MAINTENANCE_KINDS)),
  /** The component it belongs to (its counters then); none: the aircraft's. */
  component_id: z.optional(z.nullable(id)),
  comment: text(2000, true),
  ...scheduleFields,
};

/** POST /api/maintenance */
export const createMaintenanceInput = z.strictObject({ plane_id: id, ...itemFields }).check(cycleRequired());
export type CreateMaintenanceInput = z.infer<typeof createMaintenanceInput>;

/** PATCH /api/maintenance/{id}: the schedule after the change must still name a cycle (checked in the service). */
export const updateMaintenanceInput = z.strictObject({
  name: z.optional(itemFields.name),
  kind: itemFields.kind,
  component_id: itemFields.component_id,
  comment: itemFields.comment,
  /** `closed`: no longer applies; kept for the history. */
  status: z.optional(z.enum(['active', 'closed'])),
  ...scheduleFields,
  version,
});
export type UpdateMaintenanceInput = z.infer<typeof updateMaintenanceInput>;

/** POST /api/maintenance/{id}/performed and /api/components/{id}/performed */
export const performedInput = z.strictObject({
  date: isoDate,
  /** The owner's readings when it was done; each one left out: the current reading. */
  counters: z.optional(
    z.strictObject({
      flight: z.optional(z.number().check(whole, z.nonnegative(), z.maximum(MAX_MINUTES))),
      engine: z.optional(z.number().check(whole, z.nonnegative(), z.maximum(MAX_MINUTES))),
      takeoff: z.optional(z.number().check(whole, z.nonnegative(), z.maximum(MAX_COUNT))),
    }),
  ),
  comment: text(2000, true),
  version: z.optional(version),
});
export type PerformedInput = z.infer<typeof performedInput>;

const cursor = z.optional(pageCursor);
const pageLimit = z.optional(
  z.pipe(
    z.string().check(z.regex(/^\d{1,3}$/)),
    z.transform((v) => Math.min(Math.max(Number(v), 1), 200)),
  ),
);
export const listQuery = z.strictObject({ cursor, limit: pageLimit, plane_id: z.optional(id) });
export type ListQuery = z.infer<typeof listQuery>;
export const pageQuery = z.strictObject({ cursor, limit: pageLimit });

// Outputs ----------------------------------------------------------------------------------------

const n = z.nullable(z.number());
const s = z.nullable(z.string());

const DUE_KEYS = [
  'cycle_hours',
  'cycle_takeoffs',
  'cycle_days',
  'cycle_calendar',
  'limit_counter_flight',
  'limit_counter_engine',
  'limit_counter_takeoff',
  'limit_date',
  'lifetime_flight',
  'lifetime_engine',
  'lifetime_takeoff',
  'lifetime_date',
] as const;

const dueDimensionOutput = z.object({
  key: z.enum(DUE_KEYS),
  unit: z.enum(['minutes', 'takeoffs', 'days']),
  counter: z.nullable(z.enum(['flight', 'engine', 'takeoff'])),
  due_value: n,
  remaining: z.number(),
  due_date: s,
  forecast: z.boolean(),
  remaining_days: n,
  state: z.enum(DUE_STATES),
});
export type DueDimensionOutput = z.infer<typeof dueDimensionOutput>;

/** The computed next due: whichever dimension comes first, and all of them. */
const dueOutput = z.object({
  state: z.enum(DUE_STATES),
  first: z.nullable(dueDimensionOutput),
  due_date: s,
  remaining_minutes: n,
  remaining_takeoffs: n,
  remaining_days: n,
  dimensions: z.array(dueDimensionOutput),
});
export type DueOutput = z.infer<typeof dueOutput>;

const scheduleOutputFields = {
  cycle_hours: n,
  hours_basis: z.nullable(z.enum(HOURS_BASES)),
  cycle_takeoffs: n,
  cycle_days: n,
  cycle_calendar: z.nullable(z.enum(CYCLE_CALENDARS)),
  maintenanced_at: s,
  done_counter_flight: n,
  done_counter_engine: n,
  done_counter_takeoff: n,
  notice_days: n,
  notice_hours: n,
  notice_takeoffs: n,
};

export const componentOutput = z.object({
  component_id: z.string(),
  plane_id: z.string(),
  reg_num: s,
  name: z.string(),
  component_type: z.enum(COMPONENT_TYPES),
  part_number: s,
  serial_no: s,
  installation_date: s,
  installation_comment: s,
  start_counter_flight: z.number(),
  start_counter_engine: z.number(),
  start_counter_takeoff: z.number(),
  start_counter_landing: z.number(),
  counter_flight: z.number(),
  counter_engine: z.number(),
  counter_takeoff: z.number(),
  counter_landing: z.number(),
  /** Since new: start_ + counter_. */
  current_counter_flight: z.number(),
  current_counter_engine: z.number(),
  current_counter_takeoff: z.number(),
  current_counter_landing: z.number(),
  limit_counter_flight: n,
  limit_counter_engine: n,
  limit_counter_takeoff: n,
  limit_date: s,
  lifetime_flight: n,
  lifetime_engine: n,
  lifetime_takeoff: n,
  lifetime_date: s,
  ...scheduleOutputFields,
  maintenance_status_id: z.enum(DUE_STATES),
  due: dueOutput,
  version: z.number(),
  updated_at: z.string(),
});
export type ComponentOutput = z.infer<typeof componentOutput>;
export const componentListOutput = z.object({ items: z.array(componentOutput), cursor: s });

export const maintenanceOutput = z.object({
  maintenance_id: z.string(),
  plane_id: z.string(),
  reg_num: s,
  component_id: s,
  component_name: s,
  name: z.string(),
  kind: z.enum(MAINTENANCE_KINDS),
  status: z.enum(['active', 'closed']),
  comment: s,
  ...scheduleOutputFields,
  /** The owner's readings now (the aircraft's, or the component's since new). */
  current: z.object({ flight: z.number(), engine: z.number(), takeoff: z.number() }),
  due: dueOutput,
  version: z.number(),
  updated_at: z.string(),
});
export type MaintenanceOutput = z.infer<typeof maintenanceOutput>;
export const maintenanceListOutput = z.object({ items: z.array(maintenanceOutput), cursor: s });

const aircraftEventOutput = z.object({
  event_id: z.string(),
  subject_id: z.string(),
  plane_id: z.string(),
  kind: z.enum(AIRCRAFT_EVENT_KINDS),
  date: z.string(),
  user_id: z.string(),
  user_name: s,
  comment: s,
  details: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type AircraftEventOutput = z.infer<typeof aircraftEventOutput>;
export const aircraftEventListOutput = z.object({ items: z.array(aircraftEventOutput), cursor: s });

/** What is due next on one aircraft: a maintenance item, a component's cycle or life, or a plane limit. */
const fleetDueOutput = z.object({
  source: z.enum(['maintenance', 'component', 'plane']),
  /** maintenance_id, component_id or plane_id */
  id: z.string(),
  name: z.string(),
  kind: s,
  state: z.enum(DUE_STATES),
  key: s,
  due_date: s,
  forecast: z.boolean(),
  remaining_minutes: n,
  remaining_takeoffs: n,
  remaining_days: n,
});
export type FleetDueOutput = z.infer<typeof fleetDueOutput>;

/** `certificate`: an aircraft certificate expired under the organization's `ground` policy (issue 17 §2). */
const GROUNDED_REASONS = ['status', 'overdue', 'limit', 'certificate'] as const;

/** How an aircraft certificate stands (documents: valid, expiring, expired, missing, in progress). */
const fleetCertificateOutput = z.object({
  requirement: z.string(),
  state: z.string(),
  expiration_date: s,
});

const fleetPlaneOutput = z.object({
  plane_id: z.string(),
  reg_num: z.string(),
  model: s,
  plane_type: s,
  status: z.enum(PLANE_STATUSES),
  grounded: z.boolean(),
  grounded_reasons: z.array(z.enum(GROUNDED_REASONS)),
  next_due: z.nullable(fleetDueOutput),
  arc_expiry: s,
  arc_state: z.nullable(z.enum(DUE_STATES)),
  /** The airworthiness, registration and insurance certificates, as the documents domain last told. */
  certificates: z.array(fleetCertificateOutput),
  open_faults: z.number(),
  overdue: z.number(),
  due_soon: z.number(),
  /** Items (maintenance, component, plane limits) with a date within the next 30 days or not ok. */
  due_within_30_days: z.number(),
  current_counter_flight: z.number(),
  current_counter_engine: z.number(),
  current_counter_takeoff: z.number(),
});
export type FleetPlaneOutput = z.infer<typeof fleetPlaneOutput>;

export const fleetOverviewOutput = z.object({
  today: z.string(),
  summary: z.object({
    aircraft: z.number(),
    grounded: z.number(),
    due_within_30_days: z.number(),
    overdue: z.number(),
  }),
  items: z.array(fleetPlaneOutput),
});
export type FleetOverviewOutput = z.infer<typeof fleetOverviewOutput>;

export const deletedOutput = z.object({ deleted: z.boolean() });
