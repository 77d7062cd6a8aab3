import type { Guard, RouteDef } from '../route-types.ts';
import * as dto from '../schemas/dto.ts';
import * as ipp from '../schemas/ipp.ts';
import { entityId } from '../validation.ts';

/**
 * Training domain, the DTO area (dto/…) and IPP sharing (ipp/…). The DTO's records and the
 * sharing organization's side need training-administration with the `dto` / `ipp` module; the
 * receiving side needs it with `ipp_client` and sees only what an active share names.
 */
const dtoGuard: Guard = { auth: 'user', permission: 'training-administration', module: 'dto' };
const sharing: Guard = { auth: 'user', permission: 'training-administration', module: 'ipp' };
const receiving: Guard = { auth: 'user', permission: 'training-administration', module: 'ipp_client' };

const share = { share_id: entityId };

export const dtoIppRoutes = {
  getDtoDeclaration: {
    method: 'GET',
    path: '/api/dto/organization',
    domain: 'training',
    guard: dtoGuard,
    output: dto.dtoDeclarationOutput,
  },
  saveDtoDeclaration: {
    method: 'PUT',
    path: '/api/dto/organization',
    domain: 'training',
    guard: dtoGuard,
    body: dto.dtoDeclarationInput,
    output: dto.dtoDeclarationOutput,
  },
  listDtoInstructors: {
    method: 'GET',
    path: '/api/dto/instructors',
    domain: 'training',
    guard: dtoGuard,
    output: dto.dtoInstructorsOutput,
  },
  listDtoStudents: {
    method: 'GET',
    path: '/api/dto/students',
    domain: 'training',
    guard: dtoGuard,
    query: dto.dtoStudentsQuery,
    output: dto.dtoStudentsOutput,
  },
  listDtoPlanes: {
    method: 'GET',
    path: '/api/dto/planes',
    domain: 'training',
    guard: dtoGuard,
    output: dto.dtoPlanesOutput,
  },
  listDtoTrainings: {
    method: 'GET',
    path: '/api/dto/trainings',
    domain: 'training',
    guard: dtoGuard,
    output: dto.dtoTrainingsOutput,
  },
  /** One student's record in a declared programme, for the audit pack the browser prints as PDF. */
  getDtoAuditPack: {
    method: 'GET',
    path: '/api/dto/students/{id}/audit-pack',
    params: { id: entityId },
    domain: 'training',
    guard: dtoGuard,
    output: dto.auditPackOutput,
  },

  /** ipp/sharings: the shares this organization gives. */
  listIppSharings: {
    method: 'GET',
    path: '/api/ipp/sharings',
    domain: 'training',
    guard: sharing,
    query: ipp.listSharingsQuery,
    output: ipp.sharingListOutput,
  },
  /** Organizations that receive shares (the `ipp_client` module on). */
  listIppPartners: {
    method: 'GET',
    path: '/api/ipp/partners',
    domain: 'training',
    guard: sharing,
    output: ipp.partnersOutput,
  },
  listIppShareables: {
    method: 'GET',
    path: '/api/ipp/shareables',
    domain: 'training',
    guard: sharing,
    output: ipp.shareablesOutput,
  },
  createIppSharing: {
    method: 'POST',
    path: '/api/ipp/sharings',
    domain: 'training',
    guard: sharing,
    body: ipp.createSharingInput,
    output: ipp.sharingOutput,
  },
  getIppSharing: {
    method: 'GET',
    path: '/api/ipp/sharings/{id}',
    params: { id: entityId },
    domain: 'training',
    guard: sharing,
    output: ipp.sharingOutput,
  },
  updateIppSharing: {
    method: 'PATCH',
    path: '/api/ipp/sharings/{id}',
    params: { id: entityId },
    domain: 'training',
    guard: sharing,
    body: ipp.updateSharingInput,
    output: ipp.sharingOutput,
  },
  /** Ends the partner's access at once (spec §4 "Share … can be closed"). */
  closeIppSharing: {
    method: 'POST',
    path: '/api/ipp/sharings/{id}/close',
    params: { id: entityId },
    domain: 'training',
    guard: sharing,
    body: ipp.closeSharingInput,
    output: ipp.sharingOutput,
  },

  /** ipp/organizations: who shares with this organization now. */
  listIppOrganizations: {
    method: 'GET',
    path: '/api/ipp/organizations',
    domain: 'training',
    guard: receiving,
    query: ipp.listSharingsQuery,
    output: ipp.ippOrganizationsOutput,
  },
  listIppInstructors: {
    method: 'GET',
    path: '/api/ipp/instructors',
    domain: 'training',
    guard: receiving,
    query: ipp.ippFilterQuery,
    output: ipp.ippInstructorsOutput,
  },
  listIppStudents: {
    method: 'GET',
    path: '/api/ipp/students',
    domain: 'training',
    guard: receiving,
    query: ipp.ippFilterQuery,
    output: ipp.ippStudentsOutput,
  },
  listIppPlanes: {
    method: 'GET',
    path: '/api/ipp/planes',
    domain: 'training',
    guard: receiving,
    query: ipp.ippFilterQuery,
    output: ipp.ippPlanesOutput,
  },
  listIppTrainings: {
    method: 'GET',
    path: '/api/ipp/trainings',
    domain: 'training',
    guard: receiving,
    query: ipp.ippFilterQuery,
    output: ipp.ippTrainingsOutput,
  },
  /** One active share as its partner sees it; 404 once it is closed or over. */
  getIppShare: {
    method: 'GET',
    path: '/api/ipp/shared/{share_id}',
    params: share,
    domain: 'training',
    guard: receiving,
    output: ipp.ippShareOutput,
  },
  getIppInstructor: {
    method: 'GET',
    path: '/api/ipp/shared/{share_id}/instructors/{user_id}',
    params: { ...share, user_id: entityId },
    domain: 'training',
    guard: receiving,
    output: ipp.ippInstructorOutput,
  },
  getIppStudent: {
    method: 'GET',
    path: '/api/ipp/shared/{share_id}/students/{user_id}',
    params: { ...share, user_id: entityId },
    domain: 'training',
    guard: receiving,
    output: ipp.ippStudentOutput,
  },
  getIppPlane: {
    method: 'GET',
    path: '/api/ipp/shared/{share_id}/planes/{plane_id}',
    params: { ...share, plane_id: entityId },
    domain: 'training',
    guard: receiving,
    output: ipp.ippPlaneOutput,
  },
  getIppTraining: {
    method: 'GET',
    path: '/api/ipp/shared/{share_id}/trainings/{programme_id}',
    params: { ...share, programme_id: entityId },
    domain: 'training',
    guard: receiving,
    output: ipp.ippTrainingOutput,
  },
} as const satisfies Record<string, RouteDef>;
