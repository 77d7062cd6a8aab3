import type { DomainOps } from '../platform/http/router.ts';
import * as joining from './invitation-service.ts';
import { invitationDeps } from './invitation-service.ts';
import * as people from './people-service.ts';
import { peopleStore as store } from './people-store.ts';

type PeopleOps = Pick<
  DomainOps<'organizations'>,
  | 'listMembers'
  | 'addMember'
  | 'getMember'
  | 'updateMember'
  | 'setMemberRoles'
  | 'setMemberStatus'
  | 'removeMember'
  | 'withdrawInvitation'
  | 'listMyInvitations'
  | 'acceptInvitation'
  | 'declineInvitation'
  | 'listLogbookSharing'
  | 'setLogbookSharing'
  | 'listRoles'
  | 'getRole'
  | 'createRole'
  | 'updateRole'
  | 'deleteRole'
  | 'getMemberPilotInfo'
  | 'updateMemberPilotInfo'
  | 'listMemberPermits'
  | 'grantPermit'
  | 'revokePermit'
  | 'searchActAsCandidates'
  | 'startActing'
  | 'stopActing'
  | 'listAddressBook'
>;

/** HTTP adaptor for members, roles, permits, pilot data, acting as a user and the address book. */
export const peopleOps: PeopleOps = {
  listMembers: ({ actor, query }) => people.listMembers(store, actor, query),
  addMember: ({ actor, body }) => joining.addMember(invitationDeps, actor, body),
  getMember: ({ actor, params }) => people.getMember(store, actor, params.user_id),
  updateMember: ({ actor, params, body }) => people.updateMember(store, actor, params.user_id, body),
  setMemberRoles: ({ actor, params, body }) => people.setMemberRoles(store, actor, params.user_id, body),
  setMemberStatus: ({ actor, params, body }) => people.setMemberStatus(store, actor, params.user_id, body),
  removeMember: async ({ actor, params }) => {
    await people.removeMember(store, actor, params.user_id);
    return null;
  },
  withdrawInvitation: async ({ actor, params }) => {
    await joining.withdrawInvitation(invitationDeps, actor, params.user_id);
    return null;
  },

  listMyInvitations: ({ actor }) => joining.listMyInvitations(invitationDeps, actor),
  acceptInvitation: ({ actor, params }) =>
    joining.acceptInvitation(invitationDeps, actor, params.organization_id),
  declineInvitation: ({ actor, params }) =>
    joining.declineInvitation(invitationDeps, actor, params.organization_id),
  listLogbookSharing: ({ actor }) => joining.listLogbookSharing(invitationDeps, actor),
  setLogbookSharing: ({ actor, params, body }) =>
    joining.setLogbookSharing(invitationDeps, actor, params.organization_id, body.shared),

  listRoles: ({ actor, query }) => people.listRoles(store, actor, query),
  getRole: ({ actor, params }) => people.getRole(store, actor, params.role_id),
  createRole: ({ actor, body }) => people.createRole(store, actor, body),
  updateRole: ({ actor, params, body }) => people.updateRole(store, actor, params.role_id, body),
  deleteRole: async ({ actor, params }) => {
    await people.deleteRole(store, actor, params.role_id);
    return null;
  },

  getMemberPilotInfo: ({ actor, params }) => people.getMemberPilotInfo(store, actor, params.user_id),
  updateMemberPilotInfo: ({ actor, params, body }) =>
    people.updateMemberPilotInfo(store, actor, params.user_id, body),

  listMemberPermits: ({ actor, params }) => people.listMemberPermits(store, actor, params.user_id),
  grantPermit: ({ actor, params, body }) => people.grantPermit(store, actor, params.user_id, body),
  revokePermit: async ({ actor, params }) => {
    await people.revokePermit(store, actor, params.user_id, params.permit_id);
    return null;
  },

  searchActAsCandidates: ({ actor, query }) => people.searchActAsCandidates(store, actor, query.q),
  startActing: ({ actor, body }) => people.startActing(store, actor, body.user_id),
  stopActing: ({ actor }) => people.stopActing(store, actor),

  listAddressBook: ({ actor, query }) => people.listAddressBook(store, actor, query),
};
