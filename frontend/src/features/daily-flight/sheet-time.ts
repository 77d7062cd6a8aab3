/**
 * Times on the daily sheet: instants are stored in UTC, the sheet speaks the organization's time
 * zone (its day, its HH:mm). The zone arithmetic is the app's one (lib/zoned-time.ts,
 * contracts/calendar.ts); this names it the way the sheet reads.
 */

import { todayIn } from '../../../../contracts/calendar.ts';
import { wallClockOf, instantOf as zonedInstant } from '../../lib/zoned-time.ts';

const pad = (value: number) => String(value).padStart(2, '0');

/** The organization's day of an instant (yyyy-mm-dd): the sheet it belongs to. */
export const dayIn = (instant: Date, timeZone: string) => todayIn(timeZone, instant);

/** HH:mm of an instant in the organization's zone; null for none. */
export const timeIn = (iso: string | null | undefined, timeZone: string): string | null =>
  wallClockOf(iso, timeZone).time || null;

/** HH:mm:ss of an instant in the organization's zone (a detected moment is known to the second). */
export const secondsIn = (iso: string | null | undefined, timeZone: string): string | null => {
  const time = timeIn(iso, timeZone);
  // Zone offsets are whole minutes: the seconds are the instant's own.
  return time && iso ? `${time}:${pad(new Date(iso).getUTCSeconds())}` : null;
};

/** The UTC instant of HH:mm on a day in the organization's zone; null when the time is unreadable. */
export const instantOf = (date: string, time: string, timeZone: string): string | null =>
  zonedInstant(date, time, timeZone);

/** Whole minutes from one instant to another, never below zero. */
export const minutesBetween = (from: string, to: string | number) =>
  Math.max(0, Math.floor(((typeof to === 'number' ? to : Date.parse(to)) - Date.parse(from)) / 60000));

/** A running timer: `1:05:09` (hours:minutes:seconds) since an instant. */
export const runningTime = (from: string, now: number) => {
  const seconds = Math.max(0, Math.floor((now - Date.parse(from)) / 1000));
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
};
