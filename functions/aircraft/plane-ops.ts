import type { aircraftRoutes } from '../../contracts/routes/aircraft.ts';
import type { OpsFor } from '../platform/http/router.ts';
import * as planes from './plane-service.ts';
import { planeDeps as deps } from './plane-service.ts';

/** HTTP adaptor of the aircraft domain's aircraft routes. */
export const planeOps: OpsFor<typeof aircraftRoutes> = {
  listPlanes: ({ actor, query }) => planes.listPlanes(deps, actor, query),
  getPlane: ({ actor, params }) => planes.getPlane(deps, actor, params.id),
  getPlaneStatistics: ({ actor, params, query }) =>
    planes.planeStatistics(deps, actor, params.id, query.year),
  createPlane: ({ actor, body }) => planes.createPlane(deps, actor, body),
  updatePlane: ({ actor, params, body }) => planes.updatePlane(deps, actor, params.id, body),
  deletePlane: async ({ actor, params }) => {
    await planes.deletePlane(deps, actor, params.id);
    return null;
  },
  closePlaneShare: ({ actor, params, body }) => planes.closePlaneShare(deps, actor, params.id, body.version),
};
