import type { Guard, RouteDef } from '../route-types.ts';
import * as faults from '../schemas/faults.ts';
import { entityId } from '../validation.ts';

/** Any member may report a fault and read one (the link in a notification); the service decides the rest. */
const member: Guard = { auth: 'user', module: 'fault-report' };
const technicalOperators: Guard = { auth: 'user', roles: ['technical_operator'], module: 'fault-report' };

/** Aircraft domain, faults. */
export const faultsRoutes = {
  /** plane-faults: newest first, by status and aircraft. */
  listFaults: {
    method: 'GET',
    path: '/api/faults',
    domain: 'aircraft',
    guard: technicalOperators,
    query: faults.listFaultsQuery,
    output: faults.faultListOutput,
  },
  /** A grounding fault makes the aircraft inoperable in the same write; technical operators are told. */
  createFault: {
    method: 'POST',
    path: '/api/faults',
    domain: 'aircraft',
    guard: member,
    body: faults.createFaultInput,
    output: faults.faultOutput,
  },
  getFault: {
    method: 'GET',
    path: '/api/faults/{id}',
    params: { id: entityId },
    domain: 'aircraft',
    guard: member,
    output: faults.faultOutput,
  },
  updateFault: {
    method: 'PATCH',
    path: '/api/faults/{id}',
    params: { id: entityId },
    domain: 'aircraft',
    guard: technicalOperators,
    body: faults.updateFaultInput,
    output: faults.faultOutput,
  },
  /** Closing the last open grounding fault gives the aircraft back its status from before. */
  closeFault: {
    method: 'POST',
    path: '/api/faults/{id}/close',
    params: { id: entityId },
    domain: 'aircraft',
    guard: technicalOperators,
    body: faults.closeFaultInput,
    output: faults.faultOutput,
  },
  /** A presigned S3 POST for one photo (the reporter or a technical operator, open faults only). */
  createFaultPhotoUpload: {
    method: 'POST',
    path: '/api/faults/{id}/photos/upload',
    params: { id: entityId },
    domain: 'aircraft',
    guard: member,
    body: faults.photoUploadInput,
    output: faults.photoUploadOutput,
  },
  /** After the upload: the object is checked (size, first bytes) and added, or deleted with a 422. */
  addFaultPhoto: {
    method: 'POST',
    path: '/api/faults/{id}/photos',
    params: { id: entityId },
    domain: 'aircraft',
    guard: member,
    body: faults.addPhotoInput,
    output: faults.faultOutput,
  },
} as const satisfies Record<string, RouteDef>;
