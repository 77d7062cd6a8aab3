import type { Guard, RouteDef } from '../route-types.ts';
import * as winch from '../schemas/winch.ts';
import { entityId, isoDate } from '../validation.ts';

/** Spec §6 winch-management: the winch log and the vehicle logbook; launches come from the daily sheet. */
const winchManagement: Guard = { auth: 'user', permission: 'winch-management', module: 'daily-flight' };

/** Operations domain (issue 15 §4): winch logs per day and the electronic vehicle logbook. */
export const winchRoutes = {
  /** Saved winch logs between two days, newest first. */
  listWinchLogs: {
    method: 'GET',
    path: '/api/winch-logs',
    domain: 'operations',
    guard: winchManagement,
    query: winch.listWinchLogsQuery,
    output: winch.winchLogListOutput,
  },
  /** One day: each winch's log (saved, or filled from the sheet's winch launches) and the sheet's launches. */
  getWinchDay: {
    method: 'GET',
    path: '/api/winch-logs/{date}',
    params: { date: isoDate },
    domain: 'operations',
    guard: winchManagement,
    output: winch.winchDayOutput,
  },
  /** The operator must hold a winch permit on the day; a trainee only with an operator. */
  saveWinchLog: {
    method: 'PUT',
    path: '/api/winch-logs/{date}/{id}',
    params: { date: isoDate, id: entityId },
    domain: 'operations',
    guard: winchManagement,
    body: winch.saveWinchLogInput,
    output: winch.winchLogOutput,
  },
  /** The club's vehicles (the logbook's) and tanks (where a trip's fuel comes from). */
  listVehicles: {
    method: 'GET',
    path: '/api/vehicles',
    domain: 'operations',
    guard: winchManagement,
    output: winch.vehicleListOutput,
  },
  /** One vehicle's trips, newest first. */
  listVehicleTrips: {
    method: 'GET',
    path: '/api/vehicles/{id}/trips',
    params: { id: entityId },
    domain: 'operations',
    guard: winchManagement,
    query: winch.listVehicleTripsQuery,
    output: winch.vehicleTripListOutput,
  },
  /** A trip; fuel taken on it is recorded as a fuel operation of the vehicle in the same write. */
  createVehicleTrip: {
    method: 'POST',
    path: '/api/vehicles/{id}/trips',
    params: { id: entityId },
    domain: 'operations',
    guard: winchManagement,
    body: winch.createVehicleTripInput,
    output: winch.vehicleTripOutput,
  },
} as const satisfies Record<string, RouteDef>;
