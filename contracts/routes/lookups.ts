import type { RouteDef } from '../route-types.ts';
import * as lookups from '../schemas/lookups.ts';

/**
 * Identity domain, lookups: datasources (spec §3, §7), the global search and the help texts.
 * The datasource path parameter is the spec's `sourceType`, spelt `source_type` like every path
 * parameter here; an unknown type is a resource that does not exist (404 `not_found`).
 */
export const lookupRoutes = {
  getDatasource: {
    method: 'GET',
    path: '/api/datasource/{source_type}',
    params: { source_type: lookups.datasourceType },
    domain: 'identity',
    // Any member: each type answers only what the caller may see (their organization's people and
    // roles, their own organizations, the global reference lists).
    guard: { auth: 'user' },
    output: lookups.datasourceOutput,
  },
  globalSearch: {
    method: 'POST',
    path: '/api/datasource/global-search',
    domain: 'identity',
    guard: { auth: 'user' },
    body: lookups.globalSearchInput,
    output: lookups.globalSearchOutput,
  },
  getHelp: {
    method: 'GET',
    path: '/api/help/{page}',
    params: { page: lookups.helpPage },
    domain: 'identity',
    // Help is not secret, and the sign-in, password reminder and registration screens need it
    // before anyone is signed in.
    guard: { auth: 'public' },
    query: lookups.helpQuery,
    output: lookups.helpOutput,
  },
  /**
   * Issue 17 §7: this table as an OpenAPI 3.1 document, for other software. Public: it says what the
   * API is, nothing of anyone's data.
   */
  getOpenApi: {
    method: 'GET',
    path: '/api/openapi.json',
    domain: 'identity',
    guard: { auth: 'public' },
    output: lookups.openApiOutput,
  },
} as const satisfies Record<string, RouteDef>;
