import type { winchRoutes } from '../../contracts/routes/winch.ts';
import type { OpsFor } from '../platform/http/router.ts';
import * as vehicles from './vehicle-service.ts';
import { vehicleDeps } from './vehicle-service.ts';
import * as winch from './winch-service.ts';
import { winchDeps } from './winch-service.ts';

/** HTTP adaptor of the operations domain's winch-log and vehicle-logbook routes. */
export const winchOps: OpsFor<typeof winchRoutes> = {
  listWinchLogs: ({ actor, query }) => winch.listWinchLogs(winchDeps, actor, query),
  getWinchDay: ({ actor, params }) => winch.getWinchDay(winchDeps, actor, params.date),
  saveWinchLog: ({ actor, params, body }) =>
    winch.saveWinchLog(winchDeps, actor, params.date, params.id, body),
  listVehicles: ({ actor }) => vehicles.listVehicles(vehicleDeps, actor),
  listVehicleTrips: ({ actor, params, query }) =>
    vehicles.listVehicleTrips(vehicleDeps, actor, params.id, query),
  createVehicleTrip: ({ actor, params, body }) =>
    vehicles.createVehicleTrip(vehicleDeps, actor, params.id, body),
};
