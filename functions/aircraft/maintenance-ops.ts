import type { DomainOps } from '../platform/http/router.ts';
import * as components from './component-service.ts';
import * as maintenance from './maintenance-service.ts';
import { maintenanceStore as store } from './maintenance-store.ts';

type Names = keyof typeof import('../../contracts/routes/maintenance.ts').maintenanceRoutes;

/** HTTP adaptor of the aircraft domain's maintenance routes. */
export const maintenanceOps: Pick<DomainOps<'aircraft'>, Names> = {
  getFleetOverview: ({ actor }) => maintenance.fleetOverview(store, actor),
  listMaintenanceItems: ({ actor, query }) => maintenance.listItems(store, actor, query),
  listPlaneMaintenance: ({ actor, params, query }) =>
    maintenance.listPlaneItems(store, actor, params.id, query),
  createMaintenanceItem: ({ actor, body }) => maintenance.createItem(store, actor, body),
  getMaintenanceItem: ({ actor, params }) => maintenance.getItem(store, actor, params.id),
  updateMaintenanceItem: ({ actor, params, body }) => maintenance.updateItem(store, actor, params.id, body),
  performMaintenance: ({ actor, params, body }) => maintenance.performItem(store, actor, params.id, body),
  listComponents: ({ actor, query }) => components.listComponents(store, actor, query),
  listPlaneComponents: ({ actor, params, query }) =>
    components.listPlaneComponents(store, actor, params.id, query),
  createComponent: ({ actor, body }) => components.createComponent(store, actor, body),
  getComponent: ({ actor, params }) => components.getComponent(store, actor, params.id),
  updateComponent: ({ actor, params, body }) => components.updateComponent(store, actor, params.id, body),
  deleteComponent: ({ actor, params }) => components.deleteComponent(store, actor, params.id),
  performComponentMaintenance: ({ actor, params, body }) =>
    components.performComponent(store, actor, params.id, body),
  listComponentEvents: ({ actor, params, query }) => components.listEvents(store, actor, params.id, query),
};
