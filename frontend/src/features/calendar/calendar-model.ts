import { addDays } from '../../../../contracts/calendar.ts';
import type { CalendarItem } from '../../../../contracts/schemas/calendar.ts';

/**
 * The calendar screen's arithmetic (issue 17 §6): the days a month or a week view shows, the week
 * starting on Monday in Hungarian and Sunday otherwise (as the reservations calendar), and which
 * items fall on a day.
 */

export type CalendarView = 'month' | 'week';

/** A phone's agenda: the coming four weeks from the day shown first. */
export const AGENDA_DAYS = 28;

export const agendaDays = (anchor: string) =>
  Array.from({ length: AGENDA_DAYS }, (_, i) => addDays(anchor, i));

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const weekStartOf = (date: string, weekStart: 0 | 1) => addDays(date, -((weekday(date) - weekStart + 7) % 7));

/** The days a view shows around `anchor`: its week, or the whole weeks that hold its month. */
export function viewDays(view: CalendarView, anchor: string, weekStart: 0 | 1): string[] {
  if (view === 'week') {
    const first = weekStartOf(anchor, weekStart);
    return Array.from({ length: 7 }, (_, i) => addDays(first, i));
  }
  const monthStart = `${anchor.slice(0, 8)}01`;
  const first = weekStartOf(monthStart, weekStart);
  const nextMonth = addDays(monthStart, 32).slice(0, 8) + '01';
  const days: string[] = [];
  for (let day = first; day < nextMonth || days.length % 7 !== 0; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Where the arrows go: a week on, or the same day of the next month (the 1st keeps it simple). */
export const stepped = (view: CalendarView, anchor: string, direction: 1 | -1) => {
  if (view === 'week') return addDays(anchor, 7 * direction);
  const first = `${anchor.slice(0, 8)}01`;
  return direction === 1 ? `${addDays(first, 32).slice(0, 8)}01` : `${addDays(first, -1).slice(0, 8)}01`;
};

/** The items that cover a day (a multi-day booking shows on each of its days). */
export const itemsOn = (items: readonly CalendarItem[], day: string) =>
  items.filter((item) => item.date <= day && item.end_date >= day);
