import type { fuelRoutes } from '../../contracts/routes/fuel.ts';
import type { OpsFor } from '../platform/http/router.ts';
import * as fuel from './fuel-service.ts';
import { fuelDeps as deps } from './fuel-service.ts';

/** HTTP adaptor of the operations domain's fuel routes. */
export const fuelOps: OpsFor<typeof fuelRoutes> = {
  listFuelSources: ({ actor }) => fuel.listFuelSources(deps, actor),
  createFuelSource: ({ actor, body }) => fuel.saveFuelSource(deps, actor, null, body),
  updateFuelSource: ({ actor, params, body }) => fuel.saveFuelSource(deps, actor, params.id, body),
  listFuelOperations: ({ actor, query }) => fuel.listFuelOperations(deps, actor, query),
  createFuelOperation: ({ actor, body }) => fuel.createFuelOperation(deps, actor, body),
};
