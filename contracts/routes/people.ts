import type { Permission } from '../permissions.ts';
import type { RouteDef } from '../route-types.ts';
import * as members from '../schemas/members.ts';
import { personInput, personOutput, pilotInfoInput } from '../schemas/people.ts';
import { entityId } from '../validation.ts';

const can = <P extends Permission>(permission: P) => ({ auth: 'user', permission }) as const;
const admins = { auth: 'user', roles: ['admin'] } as const;
const supervisors = { auth: 'user', roles: ['supervisor'] } as const;

/** Organizations domain, people: members, roles, permits, pilot data, acting as a user, address book. */
export const peopleRoutes = {
  // users, user/{id}
  listMembers: {
    method: 'GET',
    path: '/api/users',
    domain: 'organizations',
    guard: can('user-list'),
    query: members.listMembersQuery,
    output: members.listMembersOutput,
  },
  addMember: {
    method: 'POST',
    path: '/api/users',
    domain: 'organizations',
    guard: can('user-edit'),
    body: members.addMemberInput,
    output: members.addMemberOutput,
  },
  getMember: {
    method: 'GET',
    path: '/api/users/{user_id}',
    params: { user_id: entityId },
    domain: 'organizations',
    guard: can('user-edit'),
    output: members.memberOutput,
  },
  updateMember: {
    method: 'PATCH',
    path: '/api/users/{user_id}',
    params: { user_id: entityId },
    domain: 'organizations',
    guard: can('user-edit'),
    body: personInput,
    output: personOutput,
  },
  setMemberRoles: {
    method: 'PUT',
    path: '/api/users/{user_id}/roles',
    params: { user_id: entityId },
    domain: 'organizations',
    guard: can('user-edit'),
    body: members.setMemberRolesInput,
    output: members.membershipOutput,
  },
  setMemberStatus: {
    method: 'PATCH',
    path: '/api/users/{user_id}/status',
    params: { user_id: entityId },
    domain: 'organizations',
    guard: can('user-edit'),
    body: members.setMemberStatusInput,
    output: members.membershipOutput,
  },
  removeMember: {
    method: 'DELETE',
    path: '/api/users/{user_id}',
    params: { user_id: entityId },
    domain: 'organizations',
    guard: can('user-edit'),
    output: members.noContent,
  },
  /** Takes back a waiting invitation (or clears a declined one once its quiet period is over). */
  withdrawInvitation: {
    method: 'DELETE',
    path: '/api/users/{user_id}/invitation',
    params: { user_id: entityId },
    domain: 'organizations',
    guard: can('user-edit'),
    output: members.noContent,
  },

  // the invited person: their invitations, accept or decline (issue 11 §1); any signed-in person
  listMyInvitations: {
    method: 'GET',
    path: '/api/invitations',
    domain: 'organizations',
    guard: { auth: 'user' },
    output: members.invitationsOutput,
  },
  acceptInvitation: {
    method: 'POST',
    path: '/api/invitations/{organization_id}/accept',
    params: { organization_id: entityId },
    domain: 'organizations',
    guard: { auth: 'user' },
    output: members.invitationAnswerOutput,
  },
  declineInvitation: {
    method: 'POST',
    path: '/api/invitations/{organization_id}/decline',
    params: { organization_id: entityId },
    domain: 'organizations',
    guard: { auth: 'user' },
    output: members.invitationAnswerOutput,
  },

  // profile: which of the person's organizations read their whole logbook
  listLogbookSharing: {
    method: 'GET',
    path: '/api/profile/logbook-sharing',
    domain: 'organizations',
    guard: { auth: 'user' },
    output: members.logbookSharingOutput,
  },
  setLogbookSharing: {
    method: 'PUT',
    path: '/api/profile/logbook-sharing/{organization_id}',
    params: { organization_id: entityId },
    domain: 'organizations',
    guard: { auth: 'user' },
    body: members.logbookSharingInput,
    output: members.logbookSharingItem,
  },

  // roles: the screen needs role-list; each change its own permission (spec §6)
  listRoles: {
    method: 'GET',
    path: '/api/roles',
    domain: 'organizations',
    guard: can('role-list'),
    query: members.listRolesQuery,
    output: members.listRolesOutput,
  },
  getRole: {
    method: 'GET',
    path: '/api/roles/{role_id}',
    params: { role_id: entityId },
    domain: 'organizations',
    guard: can('role-list'),
    output: members.roleOutput,
  },
  createRole: {
    method: 'POST',
    path: '/api/roles',
    domain: 'organizations',
    guard: can('role-create'),
    body: members.createRoleInput,
    output: members.roleOutput,
  },
  updateRole: {
    method: 'PATCH',
    path: '/api/roles/{role_id}',
    params: { role_id: entityId },
    domain: 'organizations',
    guard: can('role-edit'),
    body: members.updateRoleInput,
    output: members.roleOutput,
  },
  deleteRole: {
    method: 'DELETE',
    path: '/api/roles/{role_id}',
    params: { role_id: entityId },
    domain: 'organizations',
    guard: can('role-delete'),
    output: members.noContent,
  },

  // pilot-info/{id}
  getMemberPilotInfo: {
    method: 'GET',
    path: '/api/pilot-info/{user_id}',
    params: { user_id: entityId },
    domain: 'organizations',
    guard: admins,
    output: members.memberPilotInfoOutput,
  },
  updateMemberPilotInfo: {
    method: 'PUT',
    path: '/api/pilot-info/{user_id}',
    params: { user_id: entityId },
    domain: 'organizations',
    guard: admins,
    body: pilotInfoInput,
    output: members.memberPilotInfoOutput,
  },

  // organization/permits/{id}
  listMemberPermits: {
    method: 'GET',
    path: '/api/organization/permits/{user_id}',
    params: { user_id: entityId },
    domain: 'organizations',
    guard: admins,
    output: members.memberPermitsOutput,
  },
  grantPermit: {
    method: 'POST',
    path: '/api/organization/permits/{user_id}',
    params: { user_id: entityId },
    domain: 'organizations',
    guard: admins,
    body: members.grantPermitInput,
    output: members.permitOutput,
  },
  revokePermit: {
    method: 'DELETE',
    path: '/api/organization/permits/{user_id}/{permit_id}',
    params: { user_id: entityId, permit_id: entityId },
    domain: 'organizations',
    guard: admins,
    output: members.noContent,
  },

  // users/change: the supervisor's audited act-as
  searchActAsCandidates: {
    method: 'GET',
    path: '/api/users/change/candidates',
    domain: 'organizations',
    guard: supervisors,
    query: members.actAsCandidatesQuery,
    output: members.actAsCandidatesOutput,
  },
  startActing: {
    method: 'POST',
    path: '/api/users/change',
    domain: 'organizations',
    guard: supervisors,
    body: members.startActingInput,
    output: members.actingOutput,
  },
  /**
   * Any signed-in session may call it: while acting, the actor is the person acted as (no
   * supervisor role), so the operation itself checks that the session is acting.
   */
  stopActing: {
    method: 'POST',
    path: '/api/users/change/stop',
    domain: 'organizations',
    guard: { auth: 'user' },
    output: members.actingOutput,
  },

  // address-book
  listAddressBook: {
    method: 'GET',
    path: '/api/address-book',
    domain: 'organizations',
    guard: { auth: 'user', module: 'address-book' },
    query: members.addressBookQuery,
    output: members.addressBookOutput,
  },
} as const satisfies Record<string, RouteDef>;
