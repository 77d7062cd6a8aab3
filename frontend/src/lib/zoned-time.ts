/**
 * A day and an HH:mm wall-clock time in the organization's time zone ↔ a UTC ISO instant (the API
 * keeps instants in UTC; people type the local time at the airfield).
 */

const wallClock = (instant: number, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
};

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** `2026-08-15` + `10:30` in Europe/Budapest → `2026-08-15T08:30:00.000Z`; null when either is unreadable. */
export function instantOf(date: string, time: string, timeZone: string): string | null {
  const match = HHMM.exec(time.trim());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !match) return null;
  const asUtc = Date.parse(`${date}T${match[1]}:${match[2]}:00Z`);
  if (Number.isNaN(asUtc)) return null;
  // The zone's offset at that moment, applied twice so a DST change between guess and answer settles.
  let guess = asUtc;
  for (let round = 0; round < 2; round += 1) {
    const seen = wallClock(guess, timeZone);
    const seenUtc = Date.parse(`${seen.date}T${seen.time}:00Z`);
    guess += asUtc - seenUtc;
  }
  return new Date(guess).toISOString();
}

/** A UTC instant as the day and HH:mm on the airfield's clock; empty strings for no instant. */
export function wallClockOf(instant: string | null | undefined, timeZone: string) {
  if (!instant) return { date: '', time: '' };
  const ms = Date.parse(instant);
  return Number.isNaN(ms) ? { date: '', time: '' } : wallClock(ms, timeZone);
}

/** The day after a yyyy-mm-dd date (a landing after midnight). */
export const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Today, or `days` before/after it, on the airfield's calendar. */
export const dayOffset = (timeZone: string, days: number, now = Date.now()) =>
  wallClock(now + days * 86_400_000, timeZone).date;
