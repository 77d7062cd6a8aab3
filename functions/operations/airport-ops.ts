import type { airportRoutes } from '../../contracts/routes/airports.ts';
import type { OpsFor } from '../platform/http/router.ts';
import * as ops from './airport-operation-service.ts';
import { airportOperationDeps } from './airport-operation-service.ts';
import * as airports from './airport-service.ts';
import { airportDeps } from './airport-service.ts';

/** HTTP adaptor of the operations domain's airport and airport-operation routes. */
export const airportOps: OpsFor<typeof airportRoutes> = {
  listAirports: ({ actor, query }) => airports.listAirports(airportDeps, actor, query),
  getAirport: ({ actor, params }) => airports.getAirport(airportDeps, actor, params.id),
  createAirport: ({ actor, body }) => airports.createAirport(airportDeps, actor, body),
  updateAirport: ({ actor, params, body }) => airports.updateAirport(airportDeps, actor, params.id, body),
  listAirportOperations: ({ actor, query }) => ops.listAirportOperations(airportOperationDeps, actor, query),
  previewLandingFee: ({ actor, query }) => ops.previewLandingFee(airportOperationDeps, actor, query),
  getAirportOperation: ({ actor, params }) => ops.getAirportOperation(airportOperationDeps, actor, params.id),
  createAirportOperation: ({ actor, body }) => ops.createAirportOperation(airportOperationDeps, actor, body),
  updateAirportOperation: ({ actor, params, body }) =>
    ops.updateAirportOperation(airportOperationDeps, actor, params.id, body),
  deleteAirportOperation: ({ actor, params }) =>
    ops.deleteAirportOperation(airportOperationDeps, actor, params.id),
};
