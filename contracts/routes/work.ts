import type { Guard, RouteDef } from '../route-types.ts';
import * as work from '../schemas/work.ts';
import { entityId } from '../validation.ts';

/**
 * Spec §6: work management needs work-management-list and the module; the service decides who edits a
 * work (work-management-edit, work-editor, work-administrator), who leads and approves (the leader,
 * work-management-checker) and who closes a year (work-administrator).
 */
const member: Guard = { auth: 'user', permission: 'work-management-list', module: 'work-management' };
/** The clubhouse tablet signs badge holders in for today's operating day (spec §2 rfid/{token}). */
const badge: Guard = { auth: 'user', permission: 'operating-day-list', module: 'operating-day' };

/** Operations domain (issue 15 §7, §8): works, hours, the yearly balance and close, RFID badges. */
export const workRoutes = {
  listWorks: {
    method: 'GET',
    path: '/api/work-management',
    domain: 'operations',
    guard: member,
    query: work.listWorksQuery,
    output: work.workListOutput,
  },
  createWork: {
    method: 'POST',
    path: '/api/work-management',
    domain: 'operations',
    guard: member,
    body: work.saveWorkInput,
    output: work.workOutput,
  },
  getWork: {
    method: 'GET',
    path: '/api/work-management/{id}',
    params: { id: entityId },
    domain: 'operations',
    guard: member,
    output: work.workOutput,
  },
  updateWork: {
    method: 'PUT',
    path: '/api/work-management/{id}',
    params: { id: entityId },
    domain: 'operations',
    guard: member,
    body: work.saveWorkInput,
    output: work.workOutput,
  },
  /** Locked: nobody records or changes hours on it (its editors unlock it). */
  lockWork: {
    method: 'POST',
    path: '/api/work-management/{id}/lock',
    params: { id: entityId },
    domain: 'operations',
    guard: member,
    body: work.lockWorkInput,
    output: work.workOutput,
  },
  /** The caller takes (or gives up) organizing the work: becomes (or stops being) its leader. */
  organizeWork: {
    method: 'POST',
    path: '/api/work-management/{id}/organize',
    params: { id: entityId },
    domain: 'operations',
    guard: member,
    body: work.organizeWorkInput,
    output: work.workOutput,
  },
  /** An editor sets or unsets the work's leader. */
  setWorkLeader: {
    method: 'PUT',
    path: '/api/work-management/{id}/leader',
    params: { id: entityId },
    domain: 'operations',
    guard: member,
    body: work.setWorkLeaderInput,
    output: work.workOutput,
  },
  /** Records (or corrects, while not decided) hours on the work: the caller's own, or a worker's. */
  recordWorkHours: {
    method: 'PUT',
    path: '/api/work-management/{id}/hours',
    params: { id: entityId },
    domain: 'operations',
    guard: member,
    body: work.recordHoursInput,
    output: work.workOutput,
  },
  /** The work's leader or a checker approves or rejects a worker's hours. */
  decideWorkHours: {
    method: 'POST',
    path: '/api/work-management/{id}/hours/{user_id}/decision',
    params: { id: entityId, user_id: entityId },
    domain: 'operations',
    guard: member,
    body: work.decideHoursInput,
    output: work.workOutput,
  },
  /** The caller's year: obligation, hours by category, what the close would post. */
  myWorkHours: {
    method: 'GET',
    path: '/api/work-hours',
    domain: 'operations',
    guard: member,
    query: work.yearQuery,
    output: work.myWorkHoursOutput,
  },
  /** Every member's year (checkers and the work-administrator), a page of members. */
  listWorkBalances: {
    method: 'GET',
    path: '/api/work-balances',
    domain: 'operations',
    guard: member,
    query: work.balancesQuery,
    output: work.workBalancesOutput,
  },
  getWorkSettings: {
    method: 'GET',
    path: '/api/work-settings',
    domain: 'operations',
    guard: member,
    output: work.workSettingsOutput,
  },
  updateWorkSettings: {
    method: 'PUT',
    path: '/api/work-settings',
    domain: 'operations',
    guard: member,
    body: work.workSettingsInput,
    output: work.workSettingsOutput,
  },
  /** The year's close (work-administrator): each member's settlement posted to the ledger once. */
  closeWorkYear: {
    method: 'POST',
    path: '/api/work-year-close',
    domain: 'operations',
    guard: member,
    body: work.closeWorkYearInput,
    output: work.workYearCloseOutput,
  },
  /** A badge tapped: its holder signed in for today's operating day (or `unknown_badge`). */
  tapRfidBadge: {
    method: 'POST',
    path: '/api/rfid/{token}',
    params: { token: work.rfidToken },
    domain: 'operations',
    guard: badge,
    output: work.rfidOutput,
  },
  /** Links the badge to the signed-in member. */
  linkRfidBadge: {
    method: 'POST',
    path: '/api/rfid/{token}/link',
    params: { token: work.rfidToken },
    domain: 'operations',
    guard: badge,
    output: work.rfidOutput,
  },
} as const satisfies Record<string, RouteDef>;
