import type { faultsRoutes } from '../../contracts/routes/faults.ts';
import type { OpsFor } from '../platform/http/router.ts';
import * as faults from './fault-service.ts';
import { faultDeps as deps } from './fault-service.ts';

/** HTTP adaptor of the aircraft domain's faults routes. */
export const faultOps: OpsFor<typeof faultsRoutes> = {
  listFaults: ({ actor, query }) => faults.listFaults(deps, actor, query),
  createFault: ({ actor, body }) => faults.createFault(deps, actor, body),
  getFault: ({ actor, params }) => faults.getFault(deps, actor, params.id),
  updateFault: ({ actor, params, body }) => faults.updateFault(deps, actor, params.id, body),
  closeFault: ({ actor, params, body }) => faults.closeFault(deps, actor, params.id, body),
  createFaultPhotoUpload: ({ actor, params, body }) => faults.createPhotoUpload(deps, actor, params.id, body),
  addFaultPhoto: ({ actor, params, body }) => faults.addPhoto(deps, actor, params.id, body),
};
