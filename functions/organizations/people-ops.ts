import type { peopleRoutes } from '../../contracts/routes/people.ts';
import type { OpsFor } from '../platform/http/router.ts';
import * as actAs from './act-as-service.ts';
import { organizationsDeps as deps } from './deps.ts';
import * as joining from './invitation-service.ts';
import * as members from './member-service.ts';
import * as permits from './permit-service.ts';
import * as roles from './role-service.ts';

/** HTTP adaptor for members, invitations, roles, permits, pilot data, acting as a user and the address book. */
export const peopleOps: OpsFor<typeof peopleRoutes> = {
  listMembers: ({ actor, query }) => members.listMembers(deps, actor, query),
  addMember: ({ actor, body }) => joining.addMember(deps, actor, body),
  getMember: ({ actor, params }) => members.getMember(deps, actor, params.user_id),
  updateMember: ({ actor, params, body }) => members.updateMember(deps, actor, params.user_id, body),
  setMemberRoles: ({ actor, params, body }) => members.setMemberRoles(deps, actor, params.user_id, body),
  setMemberStatus: ({ actor, params, body }) => members.setMemberStatus(deps, actor, params.user_id, body),
  removeMember: async ({ actor, params }) => {
    await members.removeMember(deps, actor, params.user_id);
    return null;
  },
  withdrawInvitation: async ({ actor, params }) => {
    await joining.withdrawInvitation(deps, actor, params.user_id);
    return null;
  },

  listMyInvitations: ({ actor }) => joining.listMyInvitations(deps, actor),
  acceptInvitation: ({ actor, params }) => joining.acceptInvitation(deps, actor, params.organization_id),
  declineInvitation: ({ actor, params }) => joining.declineInvitation(deps, actor, params.organization_id),
  listLogbookSharing: ({ actor }) => joining.listLogbookSharing(deps, actor),
  setLogbookSharing: ({ actor, params, body }) =>
    joining.setLogbookSharing(deps, actor, params.organization_id, body.shared),

  listRoles: ({ actor, query }) => roles.listRoles(deps, actor, query),
  getRole: ({ actor, params }) => roles.getRole(deps, actor, params.role_id),
  createRole: ({ actor, body }) => roles.createRole(deps, actor, body),
  updateRole: ({ actor, params, body }) => roles.updateRole(deps, actor, params.role_id, body),
  deleteRole: async ({ actor, params }) => {
    await roles.deleteRole(deps, actor, params.role_id);
    return null;
  },

  getMemberPilotInfo: ({ actor, params }) => members.getMemberPilotInfo(deps, actor, params.user_id),
  updateMemberPilotInfo: ({ actor, params, body }) =>
    members.updateMemberPilotInfo(deps, actor, params.user_id, body),

  listMemberPermits: ({ actor, params }) => permits.listMemberPermits(deps, actor, params.user_id),
  grantPermit: ({ actor, params, body }) => permits.grantPermit(deps, actor, params.user_id, body),
  revokePermit: async ({ actor, params }) => {
    await permits.revokePermit(deps, actor, params.user_id, params.permit_id);
    return null;
  },

  searchActAsCandidates: ({ actor, query }) => actAs.searchActAsCandidates(deps, actor, query.q),
  startActing: ({ actor, body }) => actAs.startActing(deps, actor, body.user_id),
  stopActing: ({ actor }) => actAs.stopActing(deps, actor),

  listAddressBook: ({ actor, query }) => members.listAddressBook(deps, actor, query),
};
