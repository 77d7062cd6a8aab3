import * as z from 'zod/mini';
import type { Guard, RouteDef } from '../route-types.ts';
import * as aircraft from '../schemas/aircraft.ts';
import { entityId } from '../validation.ts';

const planeEditors: Guard = { auth: 'user', permission: 'plane-edit' };
const versionOnly = z.strictObject({ version: z.number().check(z.int(), z.nonnegative()) });

/** Aircraft domain, aircraft: the fleet (planes, plane/{id}), sharing and rental settings. */
export const aircraftRoutes = {
  listPlanes: {
    method: 'GET',
    path: '/api/planes',
    domain: 'aircraft',
    guard: { auth: 'user', permission: 'plane-list' },
    query: aircraft.listPlanesQuery,
    output: aircraft.planeListOutput,
  },
  /** The full record is the plane/{id} screen's (plane-edit); pickers use the planes datasource. */
  getPlane: {
    method: 'GET',
    path: '/api/planes/{id}',
    params: { id: entityId },
    domain: 'aircraft',
    guard: planeEditors,
    output: aircraft.planeOutput,
  },
  /** Spec §9: the aircraft's use per month and year (plane/{id} "Statistics" tab). */
  getPlaneStatistics: {
    method: 'GET',
    path: '/api/planes/{id}/statistics',
    params: { id: entityId },
    domain: 'aircraft',
    guard: { auth: 'user', permission: 'plane-list' },
    query: aircraft.planeStatisticsQuery,
    output: aircraft.planeStatisticsOutput,
  },
  createPlane: {
    method: 'POST',
    path: '/api/planes',
    domain: 'aircraft',
    guard: { auth: 'user', permission: 'plane-create' },
    body: aircraft.createPlaneInput,
    output: aircraft.planeOutput,
  },
  updatePlane: {
    method: 'PATCH',
    path: '/api/planes/{id}',
    params: { id: entityId },
    domain: 'aircraft',
    guard: planeEditors,
    body: aircraft.updatePlaneInput,
    output: aircraft.planeOutput,
  },
  deletePlane: {
    method: 'DELETE',
    path: '/api/planes/{id}',
    params: { id: entityId },
    domain: 'aircraft',
    guard: { auth: 'user', permission: 'plane-delete' },
    output: z.null(),
  },
  /** Spec §4 "Share of aircraft data: it can be closed". */
  closePlaneShare: {
    method: 'POST',
    path: '/api/planes/{id}/share/close',
    params: { id: entityId },
    domain: 'aircraft',
    guard: planeEditors,
    body: versionOnly,
    output: aircraft.planeOutput,
  },
} as const satisfies Record<string, RouteDef>;
