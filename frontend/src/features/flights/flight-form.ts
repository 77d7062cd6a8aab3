import type { DayNight } from '../../../../contracts/schemas/flight-enums.ts';
import type { CreateFlightInput, FlightOutput } from '../../../../contracts/schemas/flights.ts';
import { instantOf, nextDay, wallClockOf } from '../../lib/zoned-time.ts';

/**
 * The flight form (flight/glider/{id}, flight/general/{plane_id}/{id}, general-multiple) as the
 * person types it: one day and HH:mm times on the airfield's clock, ids as strings ('' = nobody),
 * durations in minutes. `bodyOf` turns it into what the API takes.
 */

export const CREW_FIELDS = [
  'pic_id',
  'sic_id',
  'instructor_id',
  'tow_pilot_id',
  'rope_puller_id',
  'winch_operator_id',
  'winch_trainee_id',
  'timer_operator_id',
] as const;
export const TEXT_FIELDS = [
  'takeoff_airport',
  'landing_airport',
  'route',
  'other_person',
  'pic_name',
  'sic_name',
  'sim_type',
  'remarks',
] as const;
export const MINUTE_FIELDS = [
  'flight_time',
  'takeoff_counter',
  'landing_counter',
  'ifr_time',
  'night_time',
  'sim_time',
] as const;
export const COUNT_FIELDS = ['tow_altitude', 'touch_and_go'] as const;
export const FLAG_FIELDS = ['traffic_pattern', 'training', 'proficiency_check'] as const;
/** The instants typed as HH:mm on the flight's day. */
export const TIME_FIELDS = [
  'takeoff_time',
  'landing_time',
  'takeoff_blocktime',
  'landing_blocktime',
] as const;

type CrewField = (typeof CREW_FIELDS)[number];
type TextField = (typeof TEXT_FIELDS)[number];
type MinuteField = (typeof MINUTE_FIELDS)[number];
type CountField = (typeof COUNT_FIELDS)[number];
type FlagField = (typeof FLAG_FIELDS)[number];
type TimeField = (typeof TIME_FIELDS)[number];

export type Values = Record<CrewField | TextField | CountField | TimeField, string> &
  Record<MinuteField, number | null> &
  Record<FlagField, boolean> & {
    plane_id: string;
    tow_plane_id: string;
    takeoff_type_id: number;
    date: string;
    takeoff_day_night: DayNight | '';
    landing_day_night: DayNight | '';
    sim_date: string;
  };

/** The fields in screen order (flight-edit-page.tsx): the cursor goes to the first with an error. */
export const FIELD_ORDER: readonly string[] = [
  'plane_id',
  'takeoff_type_id',
  'date',
  'takeoff_time',
  'landing_time',
  'flight_time',
  'takeoff_airport',
  'landing_airport',
  'route',
  'takeoff_day_night',
  'landing_day_night',
  'pic_id',
  'sic_id',
  'instructor_id',
  'pic_name',
  'sic_name',
  'other_person',
  'tow_pilot_id',
  'tow_plane_id',
  'tow_altitude',
  'winch_operator_id',
  'winch_trainee_id',
  'rope_puller_id',
  'timer_operator_id',
  'training',
  'proficiency_check',
  'traffic_pattern',
  'touch_and_go',
  'night_time',
  'ifr_time',
  'takeoff_counter',
  'landing_counter',
  'takeoff_blocktime',
  'landing_blocktime',
  'sim_time',
  'sim_type',
  'sim_date',
  'remarks',
];

/** Spec §3 takeoff type ids: a glider is towed (5) by default, a powered aircraft launches itself (1). */
export const emptyValues = (kind: 'glider' | 'general', date: string, planeId = ''): Values => ({
  plane_id: planeId,
  tow_plane_id: '',
  takeoff_type_id: kind === 'glider' ? 5 : 1,
  date,
  takeoff_day_night: '',
  landing_day_night: '',
  sim_date: '',
  ...(Object.fromEntries(
    [...CREW_FIELDS, ...TEXT_FIELDS, ...COUNT_FIELDS, ...TIME_FIELDS].map((field) => [field, '']),
  ) as Record<CrewField | TextField | CountField | TimeField, string>),
  ...(Object.fromEntries(MINUTE_FIELDS.map((field) => [field, null])) as Record<MinuteField, null>),
  ...(Object.fromEntries(FLAG_FIELDS.map((field) => [field, false])) as Record<FlagField, boolean>),
});

const minutesBetween = (flight: FlightOutput) =>
  Math.max(
    0,
    Math.round((Date.parse(flight.landing_time ?? '') - Date.parse(flight.takeoff_time ?? '')) / 60000),
  );

export function valuesOf(flight: FlightOutput, timeZone: string): Values {
  const base = emptyValues(flight.kind, flight.date, flight.plane_id);
  const values: Values = {
    ...base,
    tow_plane_id: flight.tow_plane_id ?? '',
    takeoff_type_id: flight.takeoff_type_id,
    takeoff_day_night: flight.takeoff_day_night ?? '',
    landing_day_night: flight.landing_day_night ?? '',
    sim_date: flight.sim_date ?? '',
  };
  for (const field of CREW_FIELDS) values[field] = flight[field] ?? '';
  for (const field of TEXT_FIELDS) values[field] = flight[field] ?? '';
  for (const field of MINUTE_FIELDS) values[field] = flight[field];
  // A flight time the server worked out from the times is not an override: it follows the times.
  if (flight.takeoff_time && flight.landing_time && flight.flight_time === minutesBetween(flight))
    values.flight_time = null;
  for (const field of COUNT_FIELDS) values[field] = flight[field] === null ? '' : String(flight[field]);
  for (const field of FLAG_FIELDS) values[field] = flight[field];
  for (const field of TIME_FIELDS) values[field] = wallClockOf(flight[field], timeZone).time;
  return values;
}

/**
 * HH:mm on the flight's day → an instant; a time earlier than the takeoff is after midnight (a
 * night flight or a late landing), so it falls on the next day. An unreadable time stays as typed,
 * for the schema to answer `datetime_format` on that field.
 */
const instantFor = (values: Values, field: TimeField, timeZone: string): string | null => {
  const typed = values[field].trim();
  if (!typed) return null;
  const takeoff = values.takeoff_time.trim();
  const day = field !== 'takeoff_time' && takeoff && typed < takeoff ? nextDay(values.date) : values.date;
  return instantOf(day, typed, timeZone) ?? typed;
};

const countOf = (text: string): number | null => {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed);
  // A non-number goes through as NaN so the schema names the field.
  return Number.isFinite(value) ? value : Number.NaN;
};

/**
 * The API body: every field, empty ones as null (an update clears what was emptied). `date` only
 * goes with a new flight (an update takes the day from the takeoff).
 */
export function bodyOf(values: Values, timeZone: string): CreateFlightInput {
  const body: Record<string, unknown> = {
    date: values.date || undefined,
    plane_id: values.plane_id,
    takeoff_type_id: values.takeoff_type_id,
    tow_plane_id: values.tow_plane_id || null,
    takeoff_day_night: values.takeoff_day_night || null,
    landing_day_night: values.landing_day_night || null,
    sim_date: values.sim_date || null,
  };
  for (const field of CREW_FIELDS) body[field] = values[field] || null;
  for (const field of TEXT_FIELDS) body[field] = values[field].trim() || null;
  for (const field of MINUTE_FIELDS) body[field] = values[field];
  for (const field of COUNT_FIELDS) body[field] = countOf(values[field]);
  for (const field of FLAG_FIELDS) body[field] = values[field];
  for (const field of TIME_FIELDS) body[field] = instantFor(values, field, timeZone);
  return body as CreateFlightInput;
}

/** Fields that belong to one launch method only; hidden (and cleared) for the others. */
const LAUNCH_FIELDS: Partial<Record<string, readonly number[]>> = {
  tow_pilot_id: [5],
  tow_plane_id: [5],
  tow_altitude: [5],
  winch_operator_id: [3],
  winch_trainee_id: [3],
  rope_puller_id: [2],
};
export const shownFor = (field: string, takeoffTypeId: number) =>
  LAUNCH_FIELDS[field]?.includes(takeoffTypeId) ?? true;

/** Clears the fields the chosen launch method does not use, so a changed method leaves no stale crew. */
export function withoutHiddenLaunchFields(values: Values): Values {
  const next = { ...values };
  for (const field of Object.keys(LAUNCH_FIELDS))
    if (!shownFor(field, values.takeoff_type_id)) (next as Record<string, unknown>)[field] = '';
  return next;
}
