import type { FlightChange } from '../../contracts/events.ts';
import { lineTotals, STAT_FIELDS, type TotalsLine } from '../../contracts/logbook-totals.ts';
import type { FlightKind, PilotRole, TakeoffTypeId } from '../../contracts/schemas/flight-enums.ts';
import type { LogbookTotals } from '../../contracts/schemas/logbook.ts';
import type { CounterDelta } from '../aircraft/public.ts';

/**
 * What a flight's change means beyond the flight itself (issue 5 §3): the aircraft's counters, the
 * logbook lines of the club pilots on board and their monthly statistics. Pure: the flight as it
 * was and as it will be in, the changes out — the store writes them all in the flight's own
 * TransactWrite, so a flight, its counters and its logbook lines never disagree.
 *
 * Only a landed flight counts. Each change is the difference between what the flight now means
 * and what it meant before, so an edit, a correction or a deletion (after = null) moves every
 * figure by exactly the right amount, and replaying the same change adds nothing.
 */

export interface CompletionFlight {
  flight_id: string;
  organization_id: string;
  date: string;
  kind: FlightKind;
  status: 'planned' | 'airborne' | 'landed';
  plane_id: string;
  reg_num: string;
  plane_type?: string;
  is_tmg: boolean;
  takeoff_type_id: number;
  takeoff_time?: string;
  landing_time?: string;
  takeoff_airport?: string;
  landing_airport?: string;
  flight_time?: number;
  takeoff_counter?: number;
  landing_counter?: number;
  touch_and_go?: number;
  night_time?: number;
  ifr_time?: number;
  tow_altitude?: number;
  pic_id?: string;
  sic_id?: string;
  instructor_id?: string;
  pic_name?: string;
  training: boolean;
  proficiency_check: boolean;
  remarks?: string;
}

/**
 * A club line's id in the pilot's logbook: the club and its flight (one line per pilot and flight).
 * Flight ids are unique only within a club — the daily sheet's outbox chooses them in the browser —
 * so a line of a pilot who flies in two clubs must carry the club, or the second club's flight with
 * the same id would overwrite the first's line, and deleting it would delete that line (issue 11 §2).
 * Flight ids never contain `-` (time-ordered base 36 and hex), so the id cannot be read two ways.
 */
export const clubEntryId = (organizationId: string, flightId: string) => `${organizationId}-${flightId}`;

/** A club flight's line in one pilot's logbook. */
export interface PlannedEntry {
  user_id: string;
  entry_id: string;
  kind: FlightKind;
  source: 'club';
  organization_id: string;
  flight_id: string;
  date: string;
  takeoff_time: string;
  landing_time?: string;
  takeoff_airport?: string;
  landing_airport?: string;
  plane_id: string;
  reg_num: string;
  plane_type?: string;
  is_tmg: boolean;
  takeoff_type_id: TakeoffTypeId;
  role: PilotRole;
  pic_name?: string;
  instructor_id?: string;
  flight_minutes: number;
  launches: number;
  landings: number;
  night_minutes: number;
  ifr_minutes: number;
  tow_altitude?: number;
  training: boolean;
  proficiency_check: boolean;
  remarks?: string;
  status: 'final' | 'awaiting_signature';
  /** The instructor to sign; '' when none (see the entity). */
  signer_id: string;
}

/** What a change does to one pilot's month (yyyy-mm) of one kind: the figures to ADD. */
export type StatChange = { user_id: string; kind: FlightKind; month: string } & LogbookTotals;

export interface CompletionPlan {
  /** Counter changes per aircraft (two when a landed flight moves to another aircraft). */
  counters: { plane_id: string; date: string; delta: CounterDelta }[];
  /** Lines to write (put) and lines to remove, by their keys. */
  entries: PlannedEntry[];
  removedEntries: { user_id: string; kind: FlightKind; takeoff_time: string; entry_id: string }[];
  stats: StatChange[];
  /** What the flight has now added to its aircraft (store it on the flight). */
  applied: CounterDelta | null;
}

const ZERO: CounterDelta = { flight_minutes: 0, engine_minutes: 0, takeoffs: 0, landings: 0 };

const counted = (f: CompletionFlight | null): f is CompletionFlight & { takeoff_time: string } =>
  f !== null && f.status === 'landed' && typeof f.takeoff_time === 'string';

const minutesOf = (f: CompletionFlight) => {
  if (typeof f.flight_time === 'number') return Math.max(0, f.flight_time);
  if (f.takeoff_time && f.landing_time)
    return Math.max(0, Math.round((Date.parse(f.landing_time) - Date.parse(f.takeoff_time)) / 60000));
  return 0;
};

/**
 * Engine time: the engine counter readings when both are given; otherwise a powered aircraft's
 * flight time (TMG or aeroplane); a pure glider flight adds none.
 */
const engineMinutesOf = (f: CompletionFlight) => {
  if (typeof f.takeoff_counter === 'number' && typeof f.landing_counter === 'number')
    return Math.max(0, f.landing_counter - f.takeoff_counter);
  return f.kind === 'general' ? minutesOf(f) : 0;
};

/** What one landed flight adds to its aircraft: its time, its engine time, one takeoff, its landings. */
export const countersOf = (f: CompletionFlight | null): CounterDelta =>
  counted(f)
    ? {
        flight_minutes: minutesOf(f),
        engine_minutes: engineMinutesOf(f),
        takeoffs: 1,
        landings: 1 + Math.max(0, f.touch_and_go ?? 0),
      }
    : ZERO;

const minus = (a: CounterDelta, b: CounterDelta): CounterDelta => ({
  flight_minutes: a.flight_minutes - b.flight_minutes,
  engine_minutes: a.engine_minutes - b.engine_minutes,
  takeoffs: a.takeoffs - b.takeoffs,
  landings: a.landings - b.landings,
});
const isZero = (d: CounterDelta) =>
  d.flight_minutes === 0 && d.engine_minutes === 0 && d.takeoffs === 0 && d.landings === 0;

/**
 * Who gets a logbook line and as what. A training flight with an instructor: the trainee (pic_id)
 * flies dual and their line waits for the instructor's signature; the instructor logs instructor
 * time. Otherwise the pilot in command logs PIC and a second club pilot logs co-pilot (sic).
 */
function crewOf(f: CompletionFlight): { user_id: string; role: PilotRole }[] {
  const crew: { user_id: string; role: PilotRole }[] = [];
  if (f.instructor_id && f.pic_id && f.instructor_id !== f.pic_id) {
    crew.push({ user_id: f.pic_id, role: 'dual' }, { user_id: f.instructor_id, role: 'instructor' });
  } else if (f.pic_id) {
    crew.push({ user_id: f.pic_id, role: 'pic' });
  } else if (f.instructor_id) {
    crew.push({ user_id: f.instructor_id, role: 'instructor' });
  }
  if (f.sic_id && !crew.some((c) => c.user_id === f.sic_id)) crew.push({ user_id: f.sic_id, role: 'sic' });
  return crew;
}

export function entriesOf(f: CompletionFlight | null): PlannedEntry[] {
  if (!counted(f)) return [];
  const counters = countersOf(f);
  return crewOf(f).map(({ user_id, role }) => {
    const awaiting = role === 'dual' && f.training && Boolean(f.instructor_id);
    return {
      user_id,
      entry_id: clubEntryId(f.organization_id, f.flight_id),
      kind: f.kind,
      source: 'club',
      organization_id: f.organization_id,
      flight_id: f.flight_id,
      date: f.date,
      takeoff_time: f.takeoff_time,
      landing_time: f.landing_time,
      takeoff_airport: f.takeoff_airport,
      landing_airport: f.landing_airport,
      plane_id: f.plane_id,
      reg_num: f.reg_num,
      plane_type: f.plane_type,
      is_tmg: f.is_tmg,
      takeoff_type_id: f.takeoff_type_id as TakeoffTypeId,
      role,
      pic_name: role === 'dual' || role === 'sic' ? f.pic_name : undefined,
      instructor_id: f.instructor_id,
      flight_minutes: counters.flight_minutes,
      launches: 1,
      landings: counters.landings,
      night_minutes: Math.max(0, f.night_time ?? 0),
      ifr_minutes: Math.max(0, f.ifr_time ?? 0),
      tow_altitude: f.tow_altitude,
      training: f.training,
      proficiency_check: f.proficiency_check,
      remarks: f.remarks,
      status: awaiting ? 'awaiting_signature' : 'final',
      signer_id: awaiting ? (f.instructor_id ?? '') : '',
    };
  });
}

/** What one logbook line adds to its pilot's month (sign −1: takes it back; contracts/logbook-totals.ts). */
export const statOf = (
  e: Pick<PlannedEntry, 'user_id' | 'kind' | 'date'> & TotalsLine,
  sign: 1 | -1,
): StatChange => ({ user_id: e.user_id, kind: e.kind, month: e.date.slice(0, 7), ...lineTotals(e, sign) });

const sameLine = (a: PlannedEntry, b: PlannedEntry) => JSON.stringify(a) === JSON.stringify(b);
const keyOf = (e: PlannedEntry) => `${e.user_id}|${e.kind}|${e.takeoff_time}|${e.entry_id}`;

/**
 * Statistic changes summed per pilot, kind and month: one TransactWrite may touch an item once, and
 * a change that nets to nothing is no write at all.
 */
export function mergeStats(changes: readonly StatChange[]): StatChange[] {
  const sums = new Map<string, StatChange>();
  for (const change of changes) {
    const key = `${change.user_id}|${change.kind}|${change.month}`;
    const sum = sums.get(key);
    if (!sum) sums.set(key, { ...change });
    else for (const field of STAT_FIELDS) sum[field] += change[field];
  }
  return [...sums.values()].filter((s) => STAT_FIELDS.some((field) => s[field] !== 0));
}

/** The whole plan for a flight going from `before` to `after` (null: created / deleted). */
export function planCompletion(
  before: CompletionFlight | null,
  after: CompletionFlight | null,
): CompletionPlan {
  const oldCounters = countersOf(before);
  const newCounters = countersOf(after);
  const counters: CompletionPlan['counters'] = [];
  if (before && after && before.plane_id === after.plane_id) {
    const delta = minus(newCounters, oldCounters);
    if (!isZero(delta)) counters.push({ plane_id: after.plane_id, date: after.date, delta });
  } else {
    if (before && !isZero(oldCounters))
      counters.push({ plane_id: before.plane_id, date: before.date, delta: minus(ZERO, oldCounters) });
    if (after && !isZero(newCounters))
      counters.push({ plane_id: after.plane_id, date: after.date, delta: newCounters });
  }

  const oldEntries = entriesOf(before);
  const newEntries = entriesOf(after);
  const newKeys = new Map(newEntries.map((e) => [keyOf(e), e]));
  const oldKeys = new Map(oldEntries.map((e) => [keyOf(e), e]));
  const removedEntries = oldEntries
    .filter((e) => !newKeys.has(keyOf(e)))
    .map(({ user_id, kind, takeoff_time, entry_id }) => ({ user_id, kind, takeoff_time, entry_id }));
  const entries = newEntries.filter((e) => {
    const old = oldKeys.get(keyOf(e));
    return !old || !sameLine(old, e);
  });

  const stats = mergeStats([...oldEntries.map((e) => statOf(e, -1)), ...newEntries.map((e) => statOf(e, 1))]);

  return {
    counters,
    entries,
    removedEntries,
    stats,
    applied: after && counted(after) ? newCounters : null,
  };
}

/**
 * Fields that record how a flight was handled rather than what was flown (its version, the
 * instructor's acceptance, the lock a signature puts on it, what it has already added): changing
 * only these corrects nothing.
 */
const HANDLING_FIELDS = new Set([
  'version',
  'created_at',
  'updated_at',
  'applied',
  'logbook_user_ids',
  'instructor_accepted',
  'accepted_by',
  'accepted_at',
  'locked',
]);

const flownDiffers = (before: CompletionFlight, after: CompletionFlight) => {
  const a = before as unknown as Record<string, unknown>;
  const b = after as unknown as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].some(
    (field) => !HANDLING_FIELDS.has(field) && JSON.stringify(a[field]) !== JSON.stringify(b[field]),
  );
};

/**
 * What a flight's change announces to those who count landed flights (issue 14 §5, the
 * `flight.changed` event): `completed` when it lands (or is recorded landed), `corrected` when a
 * landed flight is changed — also back to not landed, so a charge can be taken back — and `deleted`
 * when a landed flight goes. A flight that has not landed, before or after, announces nothing.
 */
export function flightChangeOf(
  before: CompletionFlight | null,
  after: CompletionFlight | null,
): FlightChange | null {
  const was = counted(before);
  if (!counted(after)) return was ? (after ? 'corrected' : 'deleted') : null;
  if (!was) return 'completed';
  return flownDiffers(before, after) ? 'corrected' : null;
}
