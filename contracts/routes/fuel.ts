import type { Guard, RouteDef } from '../route-types.ts';
import * as fuel from '../schemas/fuel.ts';
import { entityId } from '../validation.ts';

/**
 * Fuel operations (spec §2 fuel-operations/{sourcetype?}/{id?}; issue 15 §3). The spec names no
 * permission of its own for fuel: it is airfield work, so the airport-operation permissions guard it
 * (list to read, edit to record and to keep the registry of tanks and vehicles).
 */
const reader: Guard = { auth: 'user', permission: 'airport-operation-list' };
const editor: Guard = { auth: 'user', permission: 'airport-operation-edit' };

/** Operations domain: the registry of tanks and vehicles, and the fuel operations by source. */
export const fuelRoutes = {
  /** The club's tanks (with their stock) and vehicles, and the aircraft one may fuel. */
  listFuelSources: {
    method: 'GET',
    path: '/api/fuel/sources',
    domain: 'operations',
    guard: reader,
    output: fuel.fuelSourceListOutput,
  },
  createFuelSource: {
    method: 'POST',
    path: '/api/fuel/sources',
    domain: 'operations',
    guard: editor,
    body: fuel.saveFuelSourceInput,
    output: fuel.fuelSourceOutput,
  },
  /** Name, fuel type, capacity, price, vehicle kind; the stock moves only with operations. */
  updateFuelSource: {
    method: 'PUT',
    path: '/api/fuel/sources/{id}',
    params: { id: entityId },
    domain: 'operations',
    guard: editor,
    body: fuel.saveFuelSourceInput,
    output: fuel.fuelSourceOutput,
  },
  /** Operations newest first: all, or one source's (a tank's include what it gave to aircraft and vehicles). */
  listFuelOperations: {
    method: 'GET',
    path: '/api/fuel/operations',
    domain: 'operations',
    guard: reader,
    query: fuel.listFuelOperationsQuery,
    output: fuel.fuelOperationListOutput,
  },
  /** Records an operation; the tank's stock moves in the same write; a dispense to a pilot is charged once. */
  createFuelOperation: {
    method: 'POST',
    path: '/api/fuel/operations',
    domain: 'operations',
    guard: editor,
    body: fuel.createFuelOperationInput,
    output: fuel.fuelOperationOutput,
  },
} as const satisfies Record<string, RouteDef>;
