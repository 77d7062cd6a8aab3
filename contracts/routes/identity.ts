import type { Guard, RouteDef } from '../route-types.ts';
import * as identity from '../schemas/identity.ts';

export const signedIn: Guard = { auth: 'user' };
export const orgAdmins: Guard = { auth: 'user', roles: ['admin', 'organization_operator'] };

/**
 * Every API endpoint, once (DESIGN §2). The key is the operation name; the CDK API stack, the local
 * gateway, the browser's API client and the route tests all read this table.
 */
export const identityRoutes = {
  health: {
    method: 'GET',
    path: '/api/health',
    domain: 'identity',
    guard: { auth: 'public' },
    output: identity.healthOutput,
  },
  checkSession: {
    method: 'POST',
    path: '/api/check',
    domain: 'identity',
    guard: signedIn,
    output: identity.checkOutput,
  },
  getProfile: {
    method: 'GET',
    path: '/api/profile',
    domain: 'identity',
    guard: signedIn,
    output: identity.profileOutput,
  },
  changeLanguage: {
    method: 'PATCH',
    path: '/api/profile/change-language',
    domain: 'identity',
    guard: signedIn,
    body: identity.changeLanguageInput,
    output: identity.profileOutput,
  },
  listMyOrganizations: {
    method: 'GET',
    path: '/api/profile/organizations',
    domain: 'identity',
    guard: signedIn,
    output: identity.organizationsOutput,
  },
  changeOrganization: {
    method: 'PATCH',
    path: '/api/profile/change-organization',
    domain: 'identity',
    guard: signedIn,
    body: identity.changeOrganizationInput,
    output: identity.profileOutput,
  },
  getOwnOrganization: {
    method: 'GET',
    path: '/api/profile/organization',
    domain: 'identity',
    guard: orgAdmins,
    output: identity.ownOrganizationOutput,
  },
  updateOwnOrganization: {
    method: 'PATCH',
    path: '/api/profile/organization',
    domain: 'identity',
    guard: orgAdmins,
    body: identity.updateOwnOrganizationInput,
    output: identity.ownOrganizationOutput,
  },
} as const satisfies Record<string, RouteDef>;
