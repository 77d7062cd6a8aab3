import type { calendarRoutes } from '../../contracts/routes/calendar.ts';
import type { OpsFor } from '../platform/http/router.ts';
import { calendarDeps, getCalendar } from './calendar-service.ts';
import * as ical from './ical-service.ts';
import { icalDeps as deps } from './ical-service.ts';

/** HTTP adaptor of the operations domain's calendar and iCalendar feed routes (issues 15 §9, 17 §6). */
export const calendarOps: OpsFor<typeof calendarRoutes> = {
  getCalendar: ({ actor, query }) => getCalendar(calendarDeps, actor, query),
  icalFeed: ({ params }) => ical.calendarFeed(deps, params.token),
  getOwnCalendarFeed: ({ actor }) => ical.ownFeed(deps, actor),
  createOwnCalendarFeed: ({ actor }) => ical.createOwnFeed(deps, actor),
  revokeOwnCalendarFeed: ({ actor }) => ical.revokeOwnFeed(deps, actor),
  getClubCalendarFeed: ({ actor }) => ical.clubFeed(deps, actor),
  createClubCalendarFeed: ({ actor }) => ical.createClubFeed(deps, actor),
  revokeClubCalendarFeed: ({ actor }) => ical.revokeClubFeed(deps, actor),
};
