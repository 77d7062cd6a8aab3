import type { Cadence } from '../../contracts/schemas/finance-enums.ts';

/**
 * When a scheduled (recurring) transaction runs (issue 14 §6). Pure: the schedule's cadence, day of
 * month and month in, run days and periods out. A day of month past the month's end runs on its
 * last day (31 → 28 February, 30 April); each run belongs to one period — `2026-03` (monthly),
 * `2026-Q1` (quarterly), `2026` (yearly) — and a run is posted once per (schedule, period, member).
 */

export interface ScheduleTiming {
  cadence: Cadence;
  day_of_month: number;
  /** The month of the year (yearly), or of the first quarter's run (quarterly); monthly ignores it. */
  month: number;
  start_date: string;
  end_date?: string | null;
}

const STEP: Record<Cadence, number> = { monthly: 1, quarterly: 3, yearly: 12 };

const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The run day in a month, the day of month clamped to the month's end. */
export const clampedDate = (year: number, month: number, day: number) =>
  `${year}-${pad(month)}-${pad(Math.min(day, lastDayOf(year, month)))}`;

/** Whether the schedule runs in this month (1–12) at all. */
const runsIn = (timing: ScheduleTiming, month: number) =>
  (month - timing.month + 12) % STEP[timing.cadence] === 0;

/** The period a run day belongs to. */
export function periodOf(cadence: Cadence, date: string): string {
  const year = date.slice(0, 4);
  if (cadence === 'yearly') return year;
  if (cadence === 'quarterly') return `${year}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;
  return date.slice(0, 7);
}

/** The first run day on or after `from` (and not before the start), or null once the schedule has ended. */
export function nextRunOnOrAfter(timing: ScheduleTiming, from: string): string | null {
  const since = from > timing.start_date ? from : timing.start_date;
  let year = Number(since.slice(0, 4));
  let month = Number(since.slice(5, 7));
  // A run every 12 months at most: within 13 months of `since` there is one, if any.
  for (let i = 0; i < 14; i++) {
    if (runsIn(timing, month)) {
      const date = clampedDate(year, month, timing.day_of_month);
      if (date >= since) return timing.end_date && date > timing.end_date ? null : date;
    }
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return null;
}

/** The run day after `date`. */
export const nextRunAfter = (timing: ScheduleTiming, date: string) => {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${pad(m + 1)}-01`;
  return nextRunOnOrAfter(timing, next);
};

/** The next `count` run days from `from`. */
export function upcomingRuns(timing: ScheduleTiming, from: string, count: number): string[] {
  const runs: string[] = [];
  let next = nextRunOnOrAfter(timing, from);
  while (next && runs.length < count) {
    runs.push(next);
    next = nextRunAfter(timing, next);
  }
  return runs;
}

/** The run day of a period (`2026-03`, `2026-Q2`, `2026`), or null when the schedule does not run in it. */
export function runDateOf(timing: ScheduleTiming, period: string): string | null {
  const year = Number(period.slice(0, 4));
  let months: number[];
  if (/^\d{4}-Q[1-4]$/.test(period)) {
    const quarter = Number(period.slice(6));
    months = [1, 2, 3].map((i) => (quarter - 1) * 3 + i);
  } else if (/^\d{4}-\d{2}$/.test(period)) months = [Number(period.slice(5, 7))];
  else months = Array.from({ length: 12 }, (_, i) => i + 1);
  const month = months.find((m) => runsIn(timing, m));
  if (month === undefined) return null;
  const date = clampedDate(year, month, timing.day_of_month);
  if (periodOf(timing.cadence, date) !== period) return null;
  if (date < timing.start_date || (timing.end_date && date > timing.end_date)) return null;
  return date;
}

/** How many months one run's membership fee covers: a month, a quarter, a year. */
export const monthsPerRun = (cadence: Cadence) => STEP[cadence];
