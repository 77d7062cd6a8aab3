import { forgetActor } from '../platform/auth/actor.ts';
import type { DomainOps } from '../platform/http/router.ts';
import * as organizations from './organization-service.ts';
import { organizationStore as store } from './organization-store.ts';

type OrganizationOps = Pick<
  DomainOps<'organizations'>,
  | 'listOrganizations'
  | 'createOrganization'
  | 'getOrganization'
  | 'updateOrganization'
  | 'listOrganizationMemberOptions'
  | 'listSubscriptions'
  | 'assignPackage'
  | 'getSubscription'
  | 'updateSubscription'
  | 'listPackages'
  | 'createPackage'
  | 'updatePackage'
  | 'listTypeLists'
  | 'getTypeList'
  | 'updateTypeList'
  | 'listOrganizationActions'
>;

/** HTTP adaptor for organizations, subscriptions, type lists and the activity log. */
export const organizationOps: OrganizationOps = {
  listOrganizations: ({ query }) => organizations.listOrganizations(store, query),

  createOrganization: async ({ actor, body }) => {
    const created = await organizations.createOrganization(store, actor, body);
    // The creator is a member of the new organization from now on.
    forgetActor(actor.sub);
    return created;
  },

  getOrganization: ({ actor, params }) => organizations.getOrganization(store, actor, params.id),

  updateOrganization: async ({ actor, params, body }) => {
    const saved = await organizations.updateOrganization(store, actor, params.id, body);
    // Modules and the name of the caller's own organization are in their actor.
    forgetActor(actor.sub);
    return saved;
  },

  listOrganizationMemberOptions: ({ actor, params }) => organizations.memberOptions(store, actor, params.id),

  listSubscriptions: ({ params, query }) => organizations.listSubscriptions(store, params.id, query),

  assignPackage: ({ actor, params, body }) => organizations.assignPackage(store, actor, params.id, body),

  getSubscription: ({ params }) => organizations.getSubscription(store, params.id),

  updateSubscription: ({ actor, params, body }) =>
    organizations.updateSubscription(store, actor, params.id, body),

  listPackages: () => organizations.listPackages(store),

  createPackage: ({ actor, body }) => organizations.createPackage(store, actor, body),

  updatePackage: ({ actor, params, body }) => organizations.updatePackage(store, actor, params.id, body),

  listTypeLists: () => organizations.listTypeLists(store),

  getTypeList: ({ params }) => organizations.getTypeList(store, params.id),

  updateTypeList: ({ actor, params, body }) => organizations.updateTypeList(store, actor, params.id, body),

  listOrganizationActions: ({ actor, query }) => organizations.listActions(store, actor, query),
};
