import type { DomainOps } from '../platform/http/router.ts';
import * as planes from './plane-service.ts';
import { planeStore as store } from './plane-store.ts';

type Names = keyof typeof import('../../contracts/routes/aircraft.ts').aircraftRoutes;

/** HTTP adaptor of the aircraft domain's aircraft routes. */
export const planeOps: Pick<DomainOps<'aircraft'>, Names> = {
  listPlanes: ({ actor, query }) => planes.listPlanes(store, actor, query),
  getPlane: ({ actor, params }) => planes.getPlane(store, actor, params.id),
  getPlaneStatistics: ({ actor, params, query }) =>
    planes.planeStatistics(store, actor, params.id, query.year),
  createPlane: ({ actor, body }) => planes.createPlane(store, actor, body),
  updatePlane: ({ actor, params, body }) => planes.updatePlane(store, actor, params.id, body),
  deletePlane: async ({ actor, params }) => {
    await planes.deletePlane(store, actor, params.id);
    return null;
  },
  closePlaneShare: ({ actor, params, body }) => planes.closePlaneShare(store, actor, params.id, body.version),
};
