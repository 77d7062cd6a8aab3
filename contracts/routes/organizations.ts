import type { Guard, RouteDef } from '../route-types.ts';
import * as log from '../schemas/activity-log.ts';
import * as org from '../schemas/organizations.ts';
import * as subs from '../schemas/subscriptions.ts';
import * as lists from '../schemas/type-lists.ts';
import { entityId } from '../validation.ts';

const supervisor: Guard = { auth: 'user', roles: ['supervisor'] };
const organizationEditors: Guard = { auth: 'user', permission: 'organization-edit' };

/** Organizations domain, administration: organizations, subscriptions, type lists, activity log. */
export const organizationRoutes = {
  listOrganizations: {
    method: 'GET',
    path: '/api/organizations',
    domain: 'organizations',
    guard: { auth: 'user', roles: ['supervisor'], permission: 'organization-list' },
    query: org.listOrganizationsQuery,
    output: org.organizationListOutput,
  },
  /** Supervisor only (checked in the service); the creator becomes the new organization's admin. */
  createOrganization: {
    method: 'POST',
    path: '/api/organizations',
    domain: 'organizations',
    guard: organizationEditors,
    body: org.createOrganizationInput,
    output: org.organizationRecord,
  },
  /** A supervisor any organization; anyone else with organization-edit only their own (else 404). */
  getOrganization: {
    method: 'GET',
    path: '/api/organizations/{id}',
    params: { id: entityId },
    domain: 'organizations',
    guard: organizationEditors,
    output: org.organizationRecord,
  },
  updateOrganization: {
    method: 'PATCH',
    path: '/api/organizations/{id}',
    params: { id: entityId },
    domain: 'organizations',
    guard: organizationEditors,
    body: org.updateOrganizationInput,
    output: org.organizationRecord,
  },
  listOrganizationMemberOptions: {
    method: 'GET',
    path: '/api/organizations/{id}/member-options',
    params: { id: entityId },
    domain: 'organizations',
    guard: organizationEditors,
    output: org.memberOptionsOutput,
  },
  listSubscriptions: {
    method: 'GET',
    path: '/api/organizations/{id}/subscriptions',
    params: { id: entityId },
    domain: 'organizations',
    guard: supervisor,
    query: subs.listPageQuery,
    output: subs.subscriptionsOutput,
  },
  assignPackage: {
    method: 'POST',
    path: '/api/organizations/{id}/subscriptions',
    params: { id: entityId },
    domain: 'organizations',
    guard: supervisor,
    body: subs.assignPackageInput,
    output: subs.subscriptionOutput,
  },
  getSubscription: {
    method: 'GET',
    path: '/api/subscriptions/{id}',
    params: { id: entityId },
    domain: 'organizations',
    guard: supervisor,
    output: subs.subscriptionOutput,
  },
  updateSubscription: {
    method: 'PATCH',
    path: '/api/subscriptions/{id}',
    params: { id: entityId },
    domain: 'organizations',
    guard: supervisor,
    body: subs.updateSubscriptionInput,
    output: subs.subscriptionOutput,
  },
  listPackages: {
    method: 'GET',
    path: '/api/packages',
    domain: 'organizations',
    guard: supervisor,
    output: subs.packagesOutput,
  },
  createPackage: {
    method: 'POST',
    path: '/api/packages',
    domain: 'organizations',
    guard: supervisor,
    body: subs.packageInput,
    output: subs.packageOutput,
  },
  updatePackage: {
    method: 'PATCH',
    path: '/api/packages/{id}',
    params: { id: entityId },
    domain: 'organizations',
    guard: supervisor,
    body: subs.updatePackageInput,
    output: subs.packageOutput,
  },
  listTypeLists: {
    method: 'GET',
    path: '/api/type-lists',
    domain: 'organizations',
    guard: supervisor,
    output: lists.typeListsOutput,
  },
  getTypeList: {
    method: 'GET',
    path: '/api/type-lists/{id}',
    params: { id: lists.typeListId },
    domain: 'organizations',
    guard: supervisor,
    output: lists.typeListOutput,
  },
  updateTypeList: {
    method: 'PUT',
    path: '/api/type-lists/{id}',
    params: { id: lists.typeListId },
    domain: 'organizations',
    guard: supervisor,
    body: lists.updateTypeListInput,
    output: lists.typeListOutput,
  },
  /** The current organization's activity log (spec §2 organization/actions). */
  listOrganizationActions: {
    method: 'GET',
    path: '/api/organization/actions',
    domain: 'organizations',
    guard: { auth: 'user', roles: ['admin', 'organization_operator'] },
    query: log.listActionsQuery,
    output: log.actionsOutput,
  },
} as const satisfies Record<string, RouteDef>;
