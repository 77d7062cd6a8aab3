import type { Guard, RouteDef } from '../route-types.ts';
import * as calendar from '../schemas/calendar.ts';

/** The operating-day list's guard: managing the club feed is further limited to admins and operators. */
const operatingDays: Guard = { auth: 'user', permission: 'operating-day-list', module: 'operating-day' };

/** Operations domain (issue 15 §9): iCalendar feeds, subscribed to from phones and calendar apps. */
export const calendarRoutes = {
  /**
   * The calendar screen (issue 17 §6): operating days, bookings, training dates and expiries of a
   * range, each kind only where the caller may see it (the service asks each domain's public.ts).
   */
  getCalendar: {
    method: 'GET',
    path: '/api/calendar',
    domain: 'operations',
    guard: { auth: 'user' },
    query: calendar.calendarQuery,
    output: calendar.calendarOutput,
  },
  /**
   * The feed a token opens, as text/calendar (RFC 5545). Public: calendar apps send no sign-in; the
   * token in the path is the key. An unknown or revoked token is a 404.
   */
  icalFeed: {
    method: 'GET',
    path: '/api/ical/{token}',
    params: { token: calendar.feedToken },
    domain: 'operations',
    guard: { auth: 'public' },
    media: 'text/calendar',
    output: calendar.icalText,
  },
  /** Whether the signed-in member has a private feed (profile). */
  getOwnCalendarFeed: {
    method: 'GET',
    path: '/api/profile/calendar-feed',
    domain: 'operations',
    guard: { auth: 'user' },
    output: calendar.calendarFeedStatusOutput,
  },
  /** A new private feed link (the previous one stops working). */
  createOwnCalendarFeed: {
    method: 'POST',
    path: '/api/profile/calendar-feed',
    domain: 'operations',
    guard: { auth: 'user' },
    output: calendar.calendarFeedCreatedOutput,
  },
  revokeOwnCalendarFeed: {
    method: 'DELETE',
    path: '/api/profile/calendar-feed',
    domain: 'operations',
    guard: { auth: 'user' },
    output: calendar.calendarFeedStatusOutput,
  },
  /** Whether the club has an operating-day feed. */
  getClubCalendarFeed: {
    method: 'GET',
    path: '/api/operating-day-feed',
    domain: 'operations',
    guard: operatingDays,
    output: calendar.calendarFeedStatusOutput,
  },
  /** A new club feed link (admins and organization operators). */
  createClubCalendarFeed: {
    method: 'POST',
    path: '/api/operating-day-feed',
    domain: 'operations',
    guard: operatingDays,
    output: calendar.calendarFeedCreatedOutput,
  },
  revokeClubCalendarFeed: {
    method: 'DELETE',
    path: '/api/operating-day-feed',
    domain: 'operations',
    guard: operatingDays,
    output: calendar.calendarFeedStatusOutput,
  },
} as const satisfies Record<string, RouteDef>;
