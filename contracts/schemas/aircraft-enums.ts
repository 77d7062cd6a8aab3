/**
 * The aircraft domain's closed vocabularies (spec §3 Plane, §4 plane statuses, §9 cycle presets),
 * shared by the entities, the zod schemas and the screens.
 */

/** Spec §9: plc_01 general (aeroplanes, TMG), plc_02 glider. */
export const PLANE_CATEGORIES = ['plc_01', 'plc_02'] as const;
export type PlaneCategory = (typeof PLANE_CATEGORIES)[number];

/** Spec §4 plane statuses. */
export const PLANE_STATUSES = [
  'functional',
  'operational',
  'inoperable',
  'under_maintenance',
  'awaiting_repair',
  'inactive',
] as const;
export type PlaneStatus = (typeof PLANE_STATUSES)[number];

/** Statuses in which the aircraft may fly (the profile's `functional`, the reservations guard). */
export const FLYABLE_STATUSES: ReadonlySet<PlaneStatus> = new Set(['functional', 'operational']);
/** Statuses that ground the aircraft (the spec's `inoperable` flag). */
export const GROUNDED_STATUSES: ReadonlySet<PlaneStatus> = new Set([
  'inoperable',
  'under_maintenance',
  'awaiting_repair',
]);

/**
 * Which package limit an aircraft counts against (issue 4): gliders against glider_limit, general
 * aeroplanes and every TMG against general_limit; all of them against plane_limit.
 */
export type LimitBucket = 'general' | 'glider';
export const limitBucketOf = (plane: { plane_category: PlaneCategory; is_tmg: boolean }): LimitBucket =>
  plane.plane_category === 'plc_02' && !plane.is_tmg ? 'glider' : 'general';

/** How a rental is charged. */
export const RENT_TYPES = ['per_minute', 'per_hour', 'per_flight', 'per_day'] as const;
export type RentType = (typeof RENT_TYPES)[number];

/** Spec §9 maintenance cycle presets in hours. */
export const CYCLE_HOUR_PRESETS = [25, 50, 100, 200, 500, 1000] as const;
/** Spec §9 calendar cycles: monthly, yearly, every 3 years, every 5 years. */
export const CYCLE_CALENDARS = ['monthly', 'yearly', '3_years', '5_years'] as const;
export type CycleCalendar = (typeof CYCLE_CALENDARS)[number];
/** Which counter an hours cycle runs on: flight time (gliders) or engine time (engines, tow planes). */
export const HOURS_BASES = ['flight', 'engine'] as const;
export type HoursBasis = (typeof HOURS_BASES)[number];

/** What a maintenance item is: an inspection, the airworthiness review (ARC), an overhaul, other. */
export const MAINTENANCE_KINDS = ['inspection', 'arc', 'overhaul', 'other'] as const;
export type MaintenanceKind = (typeof MAINTENANCE_KINDS)[number];

export const COMPONENT_TYPES = [
  'airframe',
  'engine',
  'propeller',
  'instrument',
  'avionics',
  'parachute',
  'tow_release',
  'battery',
  'trailer',
  'other',
] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

/** Due state of a maintenance item or a component: computed, never stored as truth. */
export const DUE_STATES = ['ok', 'due_soon', 'overdue'] as const;
export type DueState = (typeof DUE_STATES)[number];

export const FAULT_SEVERITIES = ['minor', 'major', 'grounding'] as const;
export type FaultSeverity = (typeof FAULT_SEVERITIES)[number];
export const FAULT_STATUSES = ['open', 'closed'] as const;
export type FaultStatus = (typeof FAULT_STATUSES)[number];

/** Events in an aircraft's or component's history (component/{id}/events). */
export const AIRCRAFT_EVENT_KINDS = [
  'created',
  'updated',
  'installed',
  'removed',
  'maintenance_performed',
  'counters_corrected',
  'status_changed',
  'fault_reported',
  'fault_closed',
] as const;
export type AircraftEventKind = (typeof AIRCRAFT_EVENT_KINDS)[number];
