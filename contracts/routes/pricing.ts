import type { Guard, RouteDef } from '../route-types.ts';
import * as pricing from '../schemas/pricing.ts';

/** Organizations domain, pricing and package choice: the organization's admin asks, a supervisor grants. */
const admins: Guard = { auth: 'user', roles: ['admin'] };

export const pricingRoutes = {
  getPricing: {
    method: 'GET',
    path: '/api/pricing',
    domain: 'organizations',
    guard: admins,
    output: pricing.pricingOutput,
  },
  /** One request at a time: a new one replaces the one still waiting. */
  requestPackage: {
    method: 'PUT',
    path: '/api/pricing/request',
    domain: 'organizations',
    guard: admins,
    body: pricing.packageRequestInput,
    output: pricing.pricingOutput,
  },
  withdrawPackageRequest: {
    method: 'DELETE',
    path: '/api/pricing/request',
    domain: 'organizations',
    guard: admins,
    output: pricing.pricingOutput,
  },
} as const satisfies Record<string, RouteDef>;
