import { addDays } from '../../../../contracts/calendar.ts';
import type { ReservationOutput } from '../../../../contracts/schemas/reservations.ts';

/**
 * The reservations calendar's arithmetic, in the club's wall-clock time (`local_start` of the API):
 * which days a view shows, where a booking lies within a day.
 */

export type CalendarView = 'day' | 'week';

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The days a view shows around `anchor`: the day, or its week from `weekStart` (1 Monday, 0 Sunday). */
export function daysOf(view: CalendarView, anchor: string, weekStart: 0 | 1): string[] {
  if (view === 'day') return [anchor];
  const first = addDays(anchor, -((weekday(anchor) - weekStart + 7) % 7));
  return Array.from({ length: 7 }, (_, i) => addDays(first, i));
}

/** Where a view goes with the arrows. */
export const stepOf = (view: CalendarView) => (view === 'day' ? 1 : 7);

/** The bookings that touch a day, with the minutes of the day they cover (0–1440). */
export function bookingsOn(items: readonly ReservationOutput[], day: string) {
  const dayStart = `${day}T00:00`;
  const dayEnd = `${addDays(day, 1)}T00:00`;
  return items
    .filter((r) => r.local_start < dayEnd && r.local_end > dayStart)
    .map((r) => ({
      reservation: r,
      from: r.local_start <= dayStart ? 0 : minutesOf(r.local_start),
      to: r.local_end >= dayEnd ? 1440 : minutesOf(r.local_end),
    }))
    .sort((a, b) => a.from - b.from);
}

const minutesOf = (local: string) => Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16));

/** `10:00–12:00`, or with the dates where the booking spans days. */
export function timeRange(r: Pick<ReservationOutput, 'local_start' | 'local_end'>) {
  const sameDay = r.local_start.slice(0, 10) === r.local_end.slice(0, 10);
  const show = (local: string, withDate: boolean) =>
    withDate ? `${local.slice(0, 10).replaceAll('-', '.')} ${local.slice(11, 16)}` : local.slice(11, 16);
  return `${show(r.local_start, !sameDay)}–${show(r.local_end, !sameDay)}`;
}

/** The quarter hours of a day, as the date-time picker offers them (spec §5). */
export const QUARTERS = Array.from({ length: 96 }, (_, i) => {
  const h = String(Math.floor(i / 4)).padStart(2, '0');
  const m = String((i % 4) * 15).padStart(2, '0');
  return `${h}:${m}`;
});
