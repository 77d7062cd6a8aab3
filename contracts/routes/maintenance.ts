import type { Guard, RouteDef } from '../route-types.ts';
import * as m from '../schemas/maintenance.ts';
import { entityId } from '../validation.ts';

const readers: Guard = { auth: 'user', permission: 'component-list', module: 'maintenance' };
const editors: Guard = { auth: 'user', permission: 'component-edit', module: 'maintenance' };

/** Aircraft domain, maintenance: components, maintenance items (the ARC too), history, fleet overview. */
export const maintenanceRoutes = {
  /** Listed before `/api/maintenance/{id}`: the local gateway matches in table order (API Gateway prefers the literal). */
  getFleetOverview: {
    method: 'GET',
    path: '/api/maintenance/fleet',
    domain: 'aircraft',
    guard: readers,
    output: m.fleetOverviewOutput,
  },
  listMaintenanceItems: {
    method: 'GET',
    path: '/api/maintenance',
    domain: 'aircraft',
    guard: readers,
    query: m.listQuery,
    output: m.maintenanceListOutput,
  },
  /** `{id}` like every sibling under /api/planes (API Gateway wants one variable name per level). */
  listPlaneMaintenance: {
    method: 'GET',
    path: '/api/planes/{id}/maintenance',
    params: { id: entityId },
    domain: 'aircraft',
    guard: readers,
    query: m.pageQuery,
    output: m.maintenanceListOutput,
  },
  createMaintenanceItem: {
    method: 'POST',
    path: '/api/maintenance',
    domain: 'aircraft',
    guard: editors,
    body: m.createMaintenanceInput,
    output: m.maintenanceOutput,
  },
  getMaintenanceItem: {
    method: 'GET',
    path: '/api/maintenance/{id}',
    params: { id: entityId },
    domain: 'aircraft',
    guard: readers,
    output: m.maintenanceOutput,
  },
  /** Edit, or close (`status: 'closed'`). */
  updateMaintenanceItem: {
    method: 'PATCH',
    path: '/api/maintenance/{id}',
    params: { id: entityId },
    domain: 'aircraft',
    guard: editors,
    body: m.updateMaintenanceInput,
    output: m.maintenanceOutput,
  },
  /** Performed: a new cycle from that date and those readings, and an event, in one TransactWrite. */
  performMaintenance: {
    method: 'POST',
    path: '/api/maintenance/{id}/performed',
    params: { id: entityId },
    domain: 'aircraft',
    guard: editors,
    body: m.performedInput,
    output: m.maintenanceOutput,
  },
  listComponents: {
    method: 'GET',
    path: '/api/components',
    domain: 'aircraft',
    guard: readers,
    query: m.listQuery,
    output: m.componentListOutput,
  },
  listPlaneComponents: {
    method: 'GET',
    path: '/api/planes/{id}/components',
    params: { id: entityId },
    domain: 'aircraft',
    guard: readers,
    query: m.pageQuery,
    output: m.componentListOutput,
  },
  createComponent: {
    method: 'POST',
    path: '/api/components',
    domain: 'aircraft',
    guard: editors,
    body: m.createComponentInput,
    output: m.componentOutput,
  },
  getComponent: {
    method: 'GET',
    path: '/api/components/{id}',
    params: { id: entityId },
    domain: 'aircraft',
    guard: readers,
    output: m.componentOutput,
  },
  updateComponent: {
    method: 'PATCH',
    path: '/api/components/{id}',
    params: { id: entityId },
    domain: 'aircraft',
    guard: editors,
    body: m.updateComponentInput,
    output: m.componentOutput,
  },
  /** Removed from the fleet's records; its history stays readable. */
  deleteComponent: {
    method: 'DELETE',
    path: '/api/components/{id}',
    params: { id: entityId },
    domain: 'aircraft',
    guard: editors,
    output: m.deletedOutput,
  },
  /** The component's own overhaul / inspection cycle performed. */
  performComponentMaintenance: {
    method: 'POST',
    path: '/api/components/{id}/performed',
    params: { id: entityId },
    domain: 'aircraft',
    guard: editors,
    body: m.performedInput,
    output: m.componentOutput,
  },
  listComponentEvents: {
    method: 'GET',
    path: '/api/components/{id}/events',
    params: { id: entityId },
    domain: 'aircraft',
    guard: readers,
    query: m.pageQuery,
    output: m.aircraftEventListOutput,
  },
} as const satisfies Record<string, RouteDef>;
