import * as z from 'zod/mini';
import type { Guard, RouteDef } from '../route-types.ts';
import * as logbook from '../schemas/logbook.ts';
import { entityId } from '../validation.ts';

const member: Guard = { auth: 'user' };
const trainingAdmin: Guard = { auth: 'user', permission: 'training-administration' };

const deleted = z.object({ deleted: z.literal(true) });
const toSign = z.object({
  items: z.array(z.object({ ...logbook.logbookEntryOutput.shape, pilot_name: z.nullable(z.string()) })),
});

/**
 * Personal logbooks, signatures, statistics and recency (flights domain). A person's own data: the
 * routes read the actor's own logbook; logbook-glider/{user_id} is the training administration's.
 */
export const logbookRoutes = {
  listLogbook: {
    method: 'GET',
    path: '/api/logbook/{kind}',
    params: { kind: logbook.logbookKind },
    domain: 'flights',
    guard: member,
    query: logbook.logbookQuery,
    output: logbook.logbookPageOutput,
  },
  getLogbookBook: {
    method: 'GET',
    path: '/api/logbook/{kind}/book',
    params: { kind: logbook.logbookKind },
    domain: 'flights',
    guard: member,
    output: logbook.logbookBookOutput,
  },
  savePrevTotals: {
    method: 'PUT',
    path: '/api/logbook/{kind}/book',
    params: { kind: logbook.logbookKind },
    domain: 'flights',
    guard: member,
    body: logbook.prevTotalsInput,
    output: logbook.logbookBookOutput,
  },
  verifyLogbook: {
    method: 'GET',
    path: '/api/logbook/{kind}/verify',
    params: { kind: logbook.logbookKind },
    domain: 'flights',
    guard: member,
    output: logbook.logbookBookOutput,
  },
  getLogbookEntry: {
    method: 'GET',
    path: '/api/logbook/{kind}/entries/{id}',
    params: { kind: logbook.logbookKind, id: entityId },
    domain: 'flights',
    guard: member,
    output: logbook.logbookEntryOutput,
  },
  createPrivateEntry: {
    method: 'POST',
    path: '/api/logbook/{kind}/entries',
    params: { kind: logbook.logbookKind },
    domain: 'flights',
    guard: member,
    body: logbook.createPrivateEntryInput,
    output: logbook.logbookEntryOutput,
  },
  updatePrivateEntry: {
    method: 'PATCH',
    path: '/api/logbook/{kind}/entries/{id}',
    params: { kind: logbook.logbookKind, id: entityId },
    domain: 'flights',
    guard: member,
    body: logbook.updatePrivateEntryInput,
    output: logbook.logbookEntryOutput,
  },
  deletePrivateEntry: {
    method: 'DELETE',
    path: '/api/logbook/{kind}/entries/{id}',
    params: { kind: logbook.logbookKind, id: entityId },
    domain: 'flights',
    guard: member,
    output: deleted,
  },
  listMemberLogbook: {
    method: 'GET',
    path: '/api/members/{user_id}/logbook/glider',
    params: { user_id: entityId },
    domain: 'flights',
    guard: trainingAdmin,
    query: logbook.logbookQuery,
    output: logbook.logbookPageOutput,
  },
  listToSign: {
    method: 'GET',
    path: '/api/signatures',
    domain: 'flights',
    guard: member,
    output: toSign,
  },
  signEntry: {
    method: 'POST',
    path: '/api/signatures/{user_id}/{id}',
    params: { user_id: entityId, id: entityId },
    domain: 'flights',
    guard: member,
    body: logbook.signInput,
    output: logbook.logbookEntryOutput,
  },
  /** Issue 13 §8: the selected pending lines signed after one confirmation, all or none. */
  signEntries: {
    method: 'POST',
    path: '/api/signatures',
    domain: 'flights',
    guard: member,
    body: logbook.signEntriesInput,
    output: logbook.signEntriesOutput,
  },
  getStatistics: {
    method: 'GET',
    path: '/api/statistics/{kind}',
    params: { kind: logbook.logbookKind },
    domain: 'flights',
    guard: member,
    query: logbook.statisticsQuery,
    output: logbook.statisticsOutput,
  },
  getOwnRecency: {
    method: 'GET',
    path: '/api/recency',
    domain: 'flights',
    guard: member,
    output: logbook.recencyOutput,
  },
  /** For the daily sheet's warning and the training administration (checked in the service). */
  getMemberRecency: {
    method: 'GET',
    path: '/api/members/{user_id}/recency',
    params: { user_id: entityId },
    domain: 'flights',
    guard: member,
    output: logbook.recencyOutput,
  },
} as const satisfies Record<string, RouteDef>;
