/**
 * Calendar arithmetic on `yyyy-mm-dd` dates, in UTC so a date never shifts with the machine's zone
 * (docs/ARCHITECTURE.md "Time"). Used by maintenance cycles, validity windows and recency rules alike.
 */
const DAY_MS = 24 * 3600 * 1000;
const toUtc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => fromUtc(toUtc(date) + days * DAY_MS);

/** Whole days from `from` to `to`; negative when `to` is earlier. */
export const daysBetween = (from: string, to: string) => Math.round((toUtc(to) - toUtc(from)) / DAY_MS);

/**
 * Calendar months, clamped to the target month's end: Jan 31 + 1 month = Feb 28 (29 in a leap
 * year), Feb 29 + 12 months = Feb 28. Clamping (rather than rolling over into March) never makes a
 * period longer than the calendar promise, which is the safe side for an inspection or a recency
 * window.
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return fromUtc(Date.UTC(year, month, Math.min(d, lastDay)));
}

/**
 * The calendar day (yyyy-mm-dd) of an instant in a time zone: an organization's "today" (a share
 * closed at 00:30 in Budapest ends that day; validity dates are calendar dates).
 */
export const todayIn = (timeZone: string, at: Date | string = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    typeof at === 'string' ? new Date(at) : at,
  );

/** Offset of `timeZone` from UTC at an instant, in milliseconds (Europe/Budapest in summer: +2 h). */
const offsetAt = (instant: number, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
};

/**
 * The instant a calendar day starts in a time zone, as an ISO string (`2026-03-29`, Budapest →
 * `…T23:00:00.000Z` the day before): an organization's day as a range of stored instants.
 */
export const dayStartIn = (date: string, timeZone: string) => {
  const midnightUtc = toUtc(date);
  let instant = midnightUtc - offsetAt(midnightUtc, timeZone);
  // Across a DST change the offset at the guess may differ from the one at the result.
  instant = midnightUtc - offsetAt(instant, timeZone);
  return new Date(instant).toISOString();
};
