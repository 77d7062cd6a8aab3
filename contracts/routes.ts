import type * as z from 'zod/mini';
import type { Domain } from './domains.ts';
import type { Module } from './modules.ts';
import type { GuardRole, Permission } from './permissions.ts';
import * as identity from './schemas/identity.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. `public` needs no sign-in; every other guard needs a signed-in user and
 * passes when every stated condition holds: any one of `roles`, the `permission`, the `module`
 * switched on for the user's organization. `{ auth: 'user' }` alone is a deliberate "any member".
 */
export type Guard =
  | { auth: 'public' }
  | { auth: 'user'; roles?: readonly GuardRole[]; permission?: Permission; module?: Module };

type Schema = z.ZodMiniType;

export interface RouteDef {
  method: Method;
  /** API Gateway syntax, e.g. `/api/profile/notification/{id}`. */
  path: string;
  domain: Domain;
  guard: Guard;
  /** JSON body (POST/PUT/PATCH). */
  body?: Schema;
  /** Query string parameters. */
  query?: Schema;
  output: Schema;
}

const signedIn: Guard = { auth: 'user' };
const orgAdmins: Guard = { auth: 'user', roles: ['admin', 'organization_operator'] };

/**
 * Every API endpoint, once (DESIGN §2). The key is the operation name; the CDK API stack, the local
 * gateway, the browser's API client and the route tests all read this table.
 */
export const routes = {
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

export type Routes = typeof routes;
export type OperationName = keyof Routes;
export type RouteOf<N extends OperationName> = Routes[N];

type Infer<S> = S extends Schema ? z.infer<S> : undefined;
export type BodyOf<N extends OperationName> = Infer<Routes[N] extends { body: infer B } ? B : undefined>;
export type QueryOf<N extends OperationName> = Infer<Routes[N] extends { query: infer Q } ? Q : undefined>;
export type OutputOf<N extends OperationName> = Infer<Routes[N]['output']>;

export const routeEntries = Object.entries(routes) as [OperationName, RouteDef][];

/** `GET /api/profile` — the API Gateway route key. */
export const routeKey = (route: Pick<RouteDef, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** Operations of one domain, for its handler and its CDK function. */
export const operationsOf = (domain: Domain) => routeEntries.filter(([, route]) => route.domain === domain);

/** Path parameter names, in order: `/api/x/{a}/{b}` → ['a', 'b']. */
export const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\??\}/g)].map((m) => m[1]!);
