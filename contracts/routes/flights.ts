import type { Guard, RouteDef } from '../route-types.ts';
import * as sheet from '../schemas/daily-flights.ts';
import * as flights from '../schemas/flights.ts';
import * as tracking from '../schemas/tracking.ts';
import { entityId, isoDate } from '../validation.ts';

const member: Guard = { auth: 'user' };
const recorder: Guard = { auth: 'user', permission: 'ods-edit' };
const sheetReader: Guard = { auth: 'user', permission: 'daily-flight-list', module: 'daily-flight' };
const timer: Guard = { auth: 'user', permission: 'daily-flight-edit', module: 'daily-flight' };

/**
 * Flights domain: club flights recorded afterwards (flight/glider, flight/general: ods-edit) and the
 * daily flight sheet (daily-flight: daily-flight-edit), one service behind both.
 */
export const flightRoutes = {
  listFlights: {
    method: 'GET',
    path: '/api/flights',
    domain: 'flights',
    guard: member,
    query: flights.listFlightsQuery,
    output: flights.flightListOutput,
  },
  getFlight: {
    method: 'GET',
    path: '/api/flights/{id}',
    params: { id: entityId },
    domain: 'flights',
    guard: member,
    output: flights.flightOutput,
  },
  createFlight: {
    method: 'POST',
    path: '/api/flights',
    domain: 'flights',
    guard: recorder,
    body: flights.createFlightInput,
    output: flights.flightOutput,
  },
  updateFlight: {
    method: 'PATCH',
    path: '/api/flights/{id}',
    params: { id: entityId },
    domain: 'flights',
    guard: recorder,
    body: flights.updateFlightInput,
    output: flights.flightOutput,
  },
  deleteFlight: {
    method: 'DELETE',
    path: '/api/flights/{id}',
    params: { id: entityId },
    domain: 'flights',
    guard: recorder,
    query: flights.deleteFlightQuery,
    output: flights.deletedOutput,
  },
  /** Spec §4 "accepted by the instructor": only the flight's instructor (checked in the service). */
  acceptFlight: {
    method: 'POST',
    path: '/api/flights/{id}/accept',
    params: { id: entityId },
    domain: 'flights',
    guard: member,
    body: flights.versionInput,
    output: flights.flightOutput,
  },
  listDailySheets: {
    method: 'GET',
    path: '/api/daily-flights',
    domain: 'flights',
    guard: sheetReader,
    query: sheet.listSheetsQuery,
    output: sheet.sheetListOutput,
  },
  getDailySheet: {
    method: 'GET',
    path: '/api/daily-flights/{date}',
    params: { date: isoDate },
    domain: 'flights',
    guard: sheetReader,
    output: sheet.dailySheetOutput,
  },
  saveDailySheet: {
    method: 'PUT',
    path: '/api/daily-flights/{date}',
    params: { date: isoDate },
    domain: 'flights',
    guard: timer,
    body: sheet.saveSheetInput,
    output: sheet.sheetOutput,
  },
  createSheetFlight: {
    method: 'POST',
    path: '/api/daily-flights/{date}/flights',
    params: { date: isoDate },
    domain: 'flights',
    guard: timer,
    body: flights.createFlightInput,
    output: flights.flightOutput,
  },
  updateSheetFlight: {
    method: 'PATCH',
    path: '/api/daily-flights/{date}/flights/{id}',
    params: { date: isoDate, id: entityId },
    domain: 'flights',
    guard: timer,
    body: flights.updateFlightInput,
    output: flights.flightOutput,
  },
  takeOffSheetFlight: {
    method: 'POST',
    path: '/api/daily-flights/{date}/flights/{id}/takeoff',
    params: { date: isoDate, id: entityId },
    domain: 'flights',
    guard: timer,
    body: flights.flightMomentInput,
    output: flights.flightOutput,
  },
  landSheetFlight: {
    method: 'POST',
    path: '/api/daily-flights/{date}/flights/{id}/landing',
    params: { date: isoDate, id: entityId },
    domain: 'flights',
    guard: timer,
    body: flights.flightMomentInput,
    output: flights.flightOutput,
  },
  deleteSheetFlight: {
    method: 'DELETE',
    path: '/api/daily-flights/{date}/flights/{id}',
    params: { date: isoDate, id: entityId },
    domain: 'flights',
    guard: timer,
    query: flights.deleteFlightQuery,
    output: flights.deletedOutput,
  },
  /** Issue 6 §5: a detected flight confirmed in one tap, into the matched flight or a new one. */
  confirmProposal: {
    method: 'POST',
    path: '/api/daily-flights/{date}/proposals/{id}/confirm',
    params: { date: isoDate, id: entityId },
    domain: 'flights',
    guard: timer,
    body: tracking.confirmProposalInput,
    output: tracking.confirmProposalOutput,
  },
  dismissProposal: {
    method: 'POST',
    path: '/api/daily-flights/{date}/proposals/{id}/dismiss',
    params: { date: isoDate, id: entityId },
    domain: 'flights',
    guard: timer,
    body: tracking.dismissProposalInput,
    output: tracking.proposalOutput,
  },
} as const satisfies Record<string, RouteDef>;
