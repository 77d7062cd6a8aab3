import type { DomainOps } from '../platform/http/router.ts';
import * as faults from './fault-service.ts';

type Names = keyof typeof import('../../contracts/routes/faults.ts').faultsRoutes;

/** HTTP adaptor of the aircraft domain's faults routes. */
export const faultOps: Pick<DomainOps<'aircraft'>, Names> = {
  listFaults: ({ actor, query }) => faults.listFaults(actor, query),
  createFault: ({ actor, body }) => faults.createFault(actor, body),
  getFault: ({ actor, params }) => faults.getFault(actor, params.id),
  updateFault: ({ actor, params, body }) => faults.updateFault(actor, params.id, body),
  closeFault: ({ actor, params, body }) => faults.closeFault(actor, params.id, body),
  createFaultPhotoUpload: ({ actor, params, body }) => faults.createPhotoUpload(actor, params.id, body),
  addFaultPhoto: ({ actor, params, body }) => faults.addPhoto(actor, params.id, body),
};
