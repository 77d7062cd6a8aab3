import type { PilotRole } from './schemas/flight-enums.ts';
import type { LogbookTotals } from './schemas/logbook.ts';

/**
 * How logbook lines add up (spec §9 statistics, the logbook's totals), once for the server and the
 * browser: the server keeps each pilot's monthly sums by these rules as lines are written
 * (functions/flights/completion.ts), the browser sums the lines it shows by the same ones.
 */

/** The figures of a total, in the order the statistics keep them. */
export const STAT_FIELDS = [
  'flights',
  'minutes',
  'launches',
  'landings',
  'over_3h',
  'pic_minutes',
  'dual_minutes',
  'instructor_minutes',
  'sic_minutes',
  'night_minutes',
  'ifr_minutes',
] as const satisfies readonly (keyof LogbookTotals)[];

/** A flight longer than this counts as "over 3 hours" (spec §9). */
const THREE_HOURS = 180;

/** What of a logbook line counts. */
export interface TotalsLine {
  flight_minutes: number;
  launches: number;
  landings: number;
  role: PilotRole;
  night_minutes: number;
  ifr_minutes: number;
}

export const emptyTotals = (): LogbookTotals =>
  Object.fromEntries(STAT_FIELDS.map((field) => [field, 0])) as LogbookTotals;

/** What one line adds to its pilot's totals (sign −1: takes it back). */
export const lineTotals = (line: TotalsLine, sign: 1 | -1 = 1): LogbookTotals => {
  const part = (role: PilotRole) => (line.role === role ? sign * line.flight_minutes : 0);
  return {
    flights: sign,
    minutes: sign * line.flight_minutes,
    launches: sign * line.launches,
    landings: sign * line.landings,
    over_3h: line.flight_minutes > THREE_HOURS ? sign : 0,
    pic_minutes: part('pic'),
    dual_minutes: part('dual'),
    instructor_minutes: part('instructor'),
    sic_minutes: part('sic'),
    night_minutes: sign * line.night_minutes,
    ifr_minutes: sign * line.ifr_minutes,
  };
};

export const addTotals = (
  a: LogbookTotals,
  b: Partial<Record<keyof LogbookTotals, unknown>>,
): LogbookTotals =>
  Object.fromEntries(
    STAT_FIELDS.map((field) => {
      const more = b[field];
      return [field, a[field] + (typeof more === 'number' ? more : 0)];
    }),
  ) as LogbookTotals;

/** What lines add up to. */
export const totalsOf = (lines: readonly TotalsLine[]): LogbookTotals =>
  lines.reduce((sum, line) => addTotals(sum, lineTotals(line)), emptyTotals());

/** Stored totals (monthly statistics items) added up; null when there are none. */
export const sumTotals = (
  items: readonly Partial<Record<keyof LogbookTotals, unknown>>[],
): LogbookTotals | null =>
  items.length === 0 ? null : items.reduce<LogbookTotals>((sum, item) => addTotals(sum, item), emptyTotals());
