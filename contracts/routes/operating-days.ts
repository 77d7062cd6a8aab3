import type { Guard, RouteDef } from '../route-types.ts';
import * as days from '../schemas/operating-days.ts';
import { isoDate } from '../validation.ts';

/** Spec §6: operating days need operating-day-list and the module; the service decides who edits a day. */
const member: Guard = { auth: 'user', permission: 'operating-day-list', module: 'operating-day' };

/** Operations domain (issue 15 §6): operating days and sign-ups. */
export const operatingDayRoutes = {
  /** The club's flying days between two dates, with their sign-ups. */
  listOperatingDays: {
    method: 'GET',
    path: '/api/operating-days',
    domain: 'operations',
    guard: member,
    query: days.listOperatingDaysQuery,
    output: days.operatingDayListOutput,
  },
  getOperatingDay: {
    method: 'GET',
    path: '/api/operating-days/{date}',
    params: { date: isoDate },
    domain: 'operations',
    guard: member,
    output: days.operatingDayOutput,
  },
  /** Adds or changes a day: leader, operating_day_editor, students per instructor (admins, the day's leader or editor). */
  saveOperatingDay: {
    method: 'PUT',
    path: '/api/operating-days/{date}',
    params: { date: isoDate },
    domain: 'operations',
    guard: member,
    body: days.saveOperatingDayInput,
    output: days.operatingDayOutput,
  },
  /** The caller signs up with a role; a student beyond the instructors' capacity waits. */
  signUpForOperatingDay: {
    method: 'POST',
    path: '/api/operating-days/{date}/signup',
    params: { date: isoDate },
    domain: 'operations',
    guard: member,
    body: days.signUpInput,
    output: days.operatingDayOutput,
  },
  /** The caller leaves the day; a freed student place goes to the waitlist's first, who is told. */
  unsubscribeFromOperatingDay: {
    method: 'POST',
    path: '/api/operating-days/{date}/unsubscribe',
    params: { date: isoDate },
    domain: 'operations',
    guard: member,
    output: days.operatingDayOutput,
  },
} as const satisfies Record<string, RouteDef>;
