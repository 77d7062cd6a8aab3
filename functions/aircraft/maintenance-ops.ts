import type { maintenanceRoutes } from '../../contracts/routes/maintenance.ts';
import type { OpsFor } from '../platform/http/router.ts';
import * as components from './component-service.ts';
import * as maintenance from './maintenance-service.ts';
import { maintenanceDeps as deps } from './maintenance-service.ts';

/** HTTP adaptor of the aircraft domain's maintenance routes. */
export const maintenanceOps: OpsFor<typeof maintenanceRoutes> = {
  getFleetOverview: ({ actor }) => maintenance.fleetOverview(deps, actor),
  listMaintenanceItems: ({ actor, query }) => maintenance.listItems(deps, actor, query),
  listPlaneMaintenance: ({ actor, params, query }) =>
    maintenance.listPlaneItems(deps, actor, params.id, query),
  createMaintenanceItem: ({ actor, body }) => maintenance.createItem(deps, actor, body),
  getMaintenanceItem: ({ actor, params }) => maintenance.getItem(deps, actor, params.id),
  updateMaintenanceItem: ({ actor, params, body }) => maintenance.updateItem(deps, actor, params.id, body),
  performMaintenance: ({ actor, params, body }) => maintenance.performItem(deps, actor, params.id, body),
  listComponents: ({ actor, query }) => components.listComponents(deps, actor, query),
  listPlaneComponents: ({ actor, params, query }) =>
    components.listPlaneComponents(deps, actor, params.id, query),
  createComponent: ({ actor, body }) => components.createComponent(deps, actor, body),
  getComponent: ({ actor, params }) => components.getComponent(deps, actor, params.id),
  updateComponent: ({ actor, params, body }) => components.updateComponent(deps, actor, params.id, body),
  deleteComponent: ({ actor, params }) => components.deleteComponent(deps, actor, params.id),
  performComponentMaintenance: ({ actor, params, body }) =>
    components.performComponent(deps, actor, params.id, body),
  listComponentEvents: ({ actor, params, query }) => components.listEvents(deps, actor, params.id, query),
};
