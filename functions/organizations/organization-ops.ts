import type { organizationRoutes } from '../../contracts/routes/organizations.ts';
import type { OpsFor } from '../platform/http/router.ts';
import { listActions } from './activity-log-service.ts';
import { organizationsDeps as deps } from './deps.ts';
import * as organizations from './organization-service.ts';
import * as subscriptions from './subscription-service.ts';
import * as typeLists from './type-list-service.ts';

/** HTTP adaptor for organizations, subscriptions, type lists and the activity log. */
export const organizationOps: OpsFor<typeof organizationRoutes> = {
  listOrganizations: ({ query }) => organizations.listOrganizations(deps, query),
  createOrganization: ({ actor, body }) => organizations.createOrganization(deps, actor, body),
  getOrganization: ({ actor, params }) => organizations.getOrganization(deps, actor, params.id),
  updateOrganization: ({ actor, params, body }) =>
    organizations.updateOrganization(deps, actor, params.id, body),
  listOrganizationMemberOptions: ({ actor, params }) => organizations.memberOptions(deps, actor, params.id),

  listSubscriptions: ({ params, query }) => subscriptions.listSubscriptions(deps, params.id, query),
  assignPackage: ({ actor, params, body }) => subscriptions.assignPackage(deps, actor, params.id, body),
  getSubscription: ({ params }) => subscriptions.getSubscription(deps, params.id),
  updateSubscription: ({ actor, params, body }) =>
    subscriptions.updateSubscription(deps, actor, params.id, body),
  listPackages: () => subscriptions.listPackages(deps),
  createPackage: ({ actor, body }) => subscriptions.createPackage(deps, actor, body),
  updatePackage: ({ actor, params, body }) => subscriptions.updatePackage(deps, actor, params.id, body),

  listTypeLists: () => typeLists.listTypeLists(deps),
  getTypeList: ({ params }) => typeLists.getTypeList(deps, params.id),
  updateTypeList: ({ actor, params, body }) => typeLists.updateTypeList(deps, actor, params.id, body),

  listOrganizationActions: ({ actor, query }) => listActions(deps, actor, query),
};
