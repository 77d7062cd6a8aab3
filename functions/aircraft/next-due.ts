import { addDays, addMonths, daysBetween } from '../../contracts/calendar.ts';
import type { CycleCalendar, DueState, HoursBasis } from '../../contracts/schemas/aircraft-enums.ts';

/**
 * When is it due? (issue 4: "next due computed from the counters and dates, whichever comes
 * first"). Pure: the caller hands in the schedule, the owner's counters, the limits, today and the
 * usage rates (forecast.ts). Units as in entities.ts: minutes, takeoff counts, yyyy-mm-dd.
 *
 * Due rules, written down because the spec is silent:
 * - a counter dimension is overdue once nothing remains (remaining ≤ 0: the allowance is used up,
 *   a limit is reached); a date dimension once today is after its date (the date is the last
 *   valid day: an ARC expiring 2027-03-01 still covers a flight on 2027-03-01);
 * - due soon within the notice window: notice_days (default 30) before a date, notice_hours
 *   (default 10 h) or notice_takeoffs (default 50) before a counter, or a counter whose forecast
 *   date falls within notice_days;
 * - "first" is the most urgent dimension: overdue before due soon before ok, then the earliest
 *   (forecast) date, then the least remaining.
 */

const DEFAULT_NOTICE_DAYS = 30;
const DEFAULT_NOTICE_HOURS = 10;
const DEFAULT_NOTICE_TAKEOFFS = 50;

/** A maintenance schedule (entities.ts `schedule`); absent values are no cycle of that kind. */
export interface ScheduleFields {
  cycle_hours?: number | null;
  hours_basis?: HoursBasis | null;
  cycle_takeoffs?: number | null;
  cycle_days?: number | null;
  cycle_calendar?: CycleCalendar | null;
  maintenanced_at?: string | null;
  done_counter_flight?: number | null;
  done_counter_engine?: number | null;
  done_counter_takeoff?: number | null;
  notice_days?: number | null;
  notice_hours?: number | null;
  notice_takeoffs?: number | null;
}

/** Hard limits (absolute readings, a date) and life limits (totals since new, end-of-life date). */
interface LimitFields {
  limit_counter_flight?: number | null;
  limit_counter_engine?: number | null;
  limit_counter_takeoff?: number | null;
  limit_date?: string | null;
  lifetime_flight?: number | null;
  lifetime_engine?: number | null;
  lifetime_takeoff?: number | null;
  lifetime_date?: string | null;
}

/** The owner's readings now: flight and engine minutes, takeoffs. */
export interface Counters {
  flight: number;
  engine: number;
  takeoff: number;
}

/** Recent use per week (forecast.ts); all zero or absent: no forecast dates. */
export interface UsageRate {
  flight_minutes: number;
  engine_minutes: number;
  takeoffs: number;
}

type DueKey =
  | 'cycle_hours'
  | 'cycle_takeoffs'
  | 'cycle_days'
  | 'cycle_calendar'
  | 'limit_counter_flight'
  | 'limit_counter_engine'
  | 'limit_counter_takeoff'
  | 'limit_date'
  | 'lifetime_flight'
  | 'lifetime_engine'
  | 'lifetime_takeoff'
  | 'lifetime_date';

export type CounterName = keyof Counters;

export interface DueDimension {
  key: DueKey;
  /** What `remaining` counts: minutes, takeoffs, or days (date dimensions). */
  unit: 'minutes' | 'takeoffs' | 'days';
  /** The counter a counter dimension runs on. */
  counter: CounterName | null;
  /** The reading at which it is due (counter dimensions). */
  due_value: number | null;
  remaining: number;
  /** The date itself, or the forecast from use (counter dimensions; null without use or overdue). */
  due_date: string | null;
  forecast: boolean;
  /** Days from today to due_date (negative: past). */
  remaining_days: number | null;
  state: DueState;
}

export interface NextDue {
  dimensions: DueDimension[];
  /** Whichever comes first; null when nothing is tracked. */
  first: DueDimension | null;
  state: DueState;
  due_date: string | null;
  remaining_minutes: number | null;
  remaining_takeoffs: number | null;
  remaining_days: number | null;
}

// Dates ----------------------------------------------------------------------------------------

const CALENDAR_MONTHS: Record<CycleCalendar, number> = {
  monthly: 1,
  yearly: 12,
  '3_years': 36,
  '5_years': 60,
};

// The computation ------------------------------------------------------------------------------

const present = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const presentPositive = (value: number | null | undefined): value is number => present(value) && value > 0;

const PER_WEEK: Record<CounterName, keyof UsageRate> = {
  flight: 'flight_minutes',
  engine: 'engine_minutes',
  takeoff: 'takeoffs',
};

/** The day a counter reaches `remaining` more at the weekly rate; null without use. */
function forecastDate(today: string, remaining: number, perWeek: number | undefined): string | null {
  if (!perWeek || perWeek <= 0 || remaining <= 0) return null;
  return addDays(today, Math.ceil((remaining / perWeek) * 7));
}

const STATE_RANK: Record<DueState, number> = { overdue: 0, due_soon: 1, ok: 2 };

/** Next due of a schedule and limits, per dimension and whichever comes first. */
export function nextDue(input: {
  schedule?: ScheduleFields | null;
  limits?: LimitFields | null;
  counters: Counters;
  today: string;
  usage?: UsageRate | null;
}): NextDue {
  const { counters, today, usage } = input;
  const s = input.schedule ?? {};
  const l = input.limits ?? {};
  const noticeDays = present(s.notice_days) ? s.notice_days : DEFAULT_NOTICE_DAYS;
  const noticeMinutes = (present(s.notice_hours) ? s.notice_hours : DEFAULT_NOTICE_HOURS) * 60;
  const noticeTakeoffs = present(s.notice_takeoffs) ? s.notice_takeoffs : DEFAULT_NOTICE_TAKEOFFS;
  const dimensions: DueDimension[] = [];

  const counterDimension = (key: DueKey, counter: CounterName, dueValue: number) => {
    const remaining = dueValue - counters[counter];
    const dueDate = forecastDate(today, remaining, usage?.[PER_WEEK[counter]]);
    const remainingDays = dueDate ? daysBetween(today, dueDate) : null;
    const notice = counter === 'takeoff' ? noticeTakeoffs : noticeMinutes;
    const state: DueState =
      remaining <= 0
        ? 'overdue'
        : remaining <= notice || (remainingDays !== null && remainingDays <= noticeDays)
          ? 'due_soon'
          : 'ok';
    dimensions.push({
      key,
      unit: counter === 'takeoff' ? 'takeoffs' : 'minutes',
      counter,
      due_value: dueValue,
      remaining,
      due_date: dueDate,
      forecast: dueDate !== null,
      remaining_days: remainingDays,
      state,
    });
  };

  const dateDimension = (key: DueKey, dueDate: string) => {
    const remaining = daysBetween(today, dueDate);
    const state: DueState = remaining < 0 ? 'overdue' : remaining <= noticeDays ? 'due_soon' : 'ok';
    dimensions.push({
      key,
      unit: 'days',
      counter: null,
      due_value: null,
      remaining,
      due_date: dueDate,
      forecast: false,
      remaining_days: remaining,
      state,
    });
  };

  // The cycles run from the last time it was done.
  if (presentPositive(s.cycle_hours)) {
    const basis: CounterName = s.hours_basis === 'engine' ? 'engine' : 'flight';
    const done = basis === 'engine' ? s.done_counter_engine : s.done_counter_flight;
    counterDimension('cycle_hours', basis, (done ?? 0) + s.cycle_hours * 60);
  }
  if (presentPositive(s.cycle_takeoffs))
    counterDimension('cycle_takeoffs', 'takeoff', (s.done_counter_takeoff ?? 0) + s.cycle_takeoffs);
  if (s.maintenanced_at) {
    if (presentPositive(s.cycle_days)) dateDimension('cycle_days', addDays(s.maintenanced_at, s.cycle_days));
    if (s.cycle_calendar)
      dateDimension('cycle_calendar', addMonths(s.maintenanced_at, CALENDAR_MONTHS[s.cycle_calendar]));
  }

  // Hard limits and life limits are absolute readings.
  if (present(l.limit_counter_flight))
    counterDimension('limit_counter_flight', 'flight', l.limit_counter_flight);
  if (present(l.limit_counter_engine))
    counterDimension('limit_counter_engine', 'engine', l.limit_counter_engine);
  if (present(l.limit_counter_takeoff))
    counterDimension('limit_counter_takeoff', 'takeoff', l.limit_counter_takeoff);
  if (l.limit_date) dateDimension('limit_date', l.limit_date);
  if (present(l.lifetime_flight)) counterDimension('lifetime_flight', 'flight', l.lifetime_flight);
  if (present(l.lifetime_engine)) counterDimension('lifetime_engine', 'engine', l.lifetime_engine);
  if (present(l.lifetime_takeoff)) counterDimension('lifetime_takeoff', 'takeoff', l.lifetime_takeoff);
  if (l.lifetime_date) dateDimension('lifetime_date', l.lifetime_date);

  const first = [...dimensions].sort(compareUrgency)[0] ?? null;
  return {
    dimensions,
    first,
    state: first?.state ?? 'ok',
    due_date: first?.due_date ?? null,
    remaining_minutes: first?.unit === 'minutes' ? first.remaining : null,
    remaining_takeoffs: first?.unit === 'takeoffs' ? first.remaining : null,
    remaining_days: first?.remaining_days ?? null,
  };
}

/** Most urgent first: state, then the earlier date (none last), then the smaller remainder. */
export function compareUrgency(a: DueDimension, b: DueDimension): number {
  const byState = STATE_RANK[a.state] - STATE_RANK[b.state];
  if (byState !== 0) return byState;
  if (a.due_date !== b.due_date) {
    if (a.due_date === null) return 1;
    if (b.due_date === null) return -1;
    return a.due_date < b.due_date ? -1 : 1;
  }
  return a.remaining - b.remaining;
}

/** Whether a schedule has any cycle at all (a maintenance item needs one). */
export const hasCycle = (s: ScheduleFields) =>
  presentPositive(s.cycle_hours) ||
  presentPositive(s.cycle_takeoffs) ||
  presentPositive(s.cycle_days) ||
  Boolean(s.cycle_calendar);

/**
 * A schedule performed now: the new cycle starts from this date and these readings. Pure, so the
 * service and the tests agree on what "new cycle from that point" means.
 */
export const performedSchedule = (date: string, counters: Counters) => ({
  maintenanced_at: date,
  done_counter_flight: counters.flight,
  done_counter_engine: counters.engine,
  done_counter_takeoff: counters.takeoff,
});

/** yyyy-mm-dd in a time zone: "today" is the organization's day, not UTC's. */
