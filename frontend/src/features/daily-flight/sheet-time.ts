/**
 * Times on the daily sheet: instants are stored in UTC, the sheet speaks the organization's time
 * zone (its day, its HH:mm). No date library: Intl gives the offset of a zone at an instant.
 */

const partsIn = (instant: Date, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
};

const pad = (value: number) => String(value).padStart(2, '0');

/** The organization's day of an instant (yyyy-mm-dd): the sheet it belongs to. */
export const dayIn = (instant: Date, timeZone: string) => {
  const p = partsIn(instant, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
};

/** HH:mm of an instant in the organization's zone; null for none. */
export const timeIn = (iso: string | null | undefined, timeZone: string): string | null => {
  if (!iso) return null;
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return null;
  const p = partsIn(instant, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
};

/** Minutes the zone is ahead of UTC at an instant. */
const offsetAt = (instant: number, timeZone: string) => {
  const p = partsIn(new Date(instant), timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60000);
};

/** The UTC instant of HH:mm on a day in the organization's zone (the later one in a DST overlap). */
export const instantOf = (date: string, time: string, timeZone: string): string => {
  const [y = 0, mo = 1, d = 1] = date.split('-').map(Number);
  const [h = 0, mi = 0] = time.split(':').map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // Two rounds: the offset guessed at the wall time, then at the instant it gives.
  let instant = wall - offsetAt(wall, timeZone) * 60000;
  instant = wall - offsetAt(instant, timeZone) * 60000;
  return new Date(instant).toISOString();
};

/** Whole minutes from one instant to another, never below zero. */
export const minutesBetween = (from: string, to: string | number) =>
  Math.max(0, Math.floor(((typeof to === 'number' ? to : Date.parse(to)) - Date.parse(from)) / 60000));

/** A running timer: `1:05:09` (hours:minutes:seconds) since an instant. */
export const runningTime = (from: string, now: number) => {
  const seconds = Math.max(0, Math.floor((now - Date.parse(from)) / 1000));
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
};
