import type { DomainOps } from '../platform/http/router.ts';
import { getDailySheet, listDailySheets, saveDailySheet } from './daily-sheet-service.ts';
import * as flights from './flight-service.ts';
import * as logbook from './logbook-service.ts';
import { confirmProposal, dismissProposal } from './proposal-service.ts';
import { memberTowRecency, towRecencyDeps } from './tow-recency-service.ts';

const deps = flights.defaultFlightDeps;
const books = logbook.defaultLogbookDeps;

const versionOf = (value: string | undefined) => (value === undefined ? undefined : Number(value));

/** HTTP adaptor of the flights domain. */
export const ops: DomainOps<'flights'> = {
  listFlights: ({ actor, query }) => flights.listFlights(deps, actor, query),
  getFlight: ({ actor, params }) => flights.getFlight(deps, actor, params.id),
  createFlight: ({ actor, body }) => flights.createFlight(deps, actor, { ...body, source: 'manual' }),
  updateFlight: ({ actor, params, body }) => flights.updateFlight(deps, actor, params.id, body),
  deleteFlight: async ({ actor, params, query }) => {
    await flights.deleteFlight(deps, actor, params.id, versionOf(query.version));
    return { deleted: true as const };
  },
  acceptFlight: ({ actor, params, body }) => flights.acceptFlight(deps, actor, params.id, body.version),

  listDailySheets: ({ actor, query }) => listDailySheets(deps, actor, query),
  getDailySheet: ({ actor, params }) => getDailySheet(deps, actor, params.date),
  saveDailySheet: ({ actor, params, body }) => saveDailySheet(deps, actor, params.date, body),
  createSheetFlight: ({ actor, params, body }) =>
    flights.createFlight(deps, actor, { ...body, date: params.date, source: 'daily_sheet' }),
  updateSheetFlight: ({ actor, params, body }) =>
    flights.updateSheetFlight(deps, actor, params.date, params.id, body),
  takeOffSheetFlight: ({ actor, params, body }) =>
    flights.takeOffSheetFlight(deps, actor, params.date, params.id, body),
  landSheetFlight: ({ actor, params, body }) =>
    flights.landSheetFlight(deps, actor, params.date, params.id, body),
  deleteSheetFlight: async ({ actor, params, query }) => {
    await flights.deleteSheetFlight(deps, actor, params.date, params.id, versionOf(query.version));
    return { deleted: true as const };
  },
  confirmProposal: ({ actor, params, body }) => confirmProposal(deps, actor, params.date, params.id, body),
  dismissProposal: ({ actor, params, body }) =>
    dismissProposal(deps, actor, params.date, params.id, body.version),

  listLogbook: ({ actor, params, query }) => logbook.listOwnLogbook(books, actor, params.kind, query),
  getLogbookBook: ({ actor, params }) => logbook.getBook(books, actor, params.kind),
  savePrevTotals: ({ actor, params, body }) => logbook.savePrevTotals(books, actor, params.kind, body),
  verifyLogbook: ({ actor, params }) => logbook.verifyOwnChain(books, actor, params.kind),
  getLogbookEntry: ({ actor, params }) => logbook.getOwnEntry(books, actor, params.kind, params.id),
  createPrivateEntry: ({ actor, params, body }) =>
    logbook.createPrivateEntry(books, actor, params.kind, body),
  updatePrivateEntry: ({ actor, params, body }) =>
    logbook.updatePrivateEntry(books, actor, params.kind, params.id, body),
  deletePrivateEntry: async ({ actor, params }) => {
    await logbook.deletePrivateEntry(books, actor, params.kind, params.id);
    return { deleted: true as const };
  },
  listMemberLogbook: ({ actor, params, query }) =>
    logbook.listMemberLogbook(books, actor, params.user_id, query),
  listToSign: ({ actor }) => logbook.listToSign(books, actor),
  signEntry: ({ actor, params, body }) =>
    logbook.signEntry(books, actor, params.user_id, params.id, body.version),
  signEntries: ({ actor, body }) => logbook.signEntries(books, actor, body),
  getStatistics: ({ actor, params, query }) => logbook.statistics(books, actor, params.kind, query.year),
  getOwnRecency: ({ actor }) => logbook.ownRecency(books, actor),
  getMemberRecency: ({ actor, params }) => logbook.memberRecency(books, actor, params.user_id),
  getTowRecency: ({ actor, params }) => memberTowRecency(towRecencyDeps, actor, params.user_id),
};
