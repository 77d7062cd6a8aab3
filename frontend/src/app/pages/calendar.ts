import type { PageDef } from '../pages.ts';

/**
 * The calendar (spec §2 "a calendar", issue 17 §6): every signed-in member; what it shows is
 * filtered by the server per kind (operating days, bookings, training, expiries).
 */
export const calendarPages: readonly PageDef[] = [
  {
    path: 'calendar',
    layout: 'main',
    menu: { group: 'dashboard', label: 'nav:menu.calendar', order: 10 },
    titleKey: 'nav:title.calendar',
    helpPage: 'calendar',
    load: () => import('../../features/calendar/calendar-page.tsx'),
  },
];
