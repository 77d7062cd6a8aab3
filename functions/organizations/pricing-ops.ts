import type { pricingRoutes } from '../../contracts/routes/pricing.ts';
import type { OpsFor } from '../platform/http/router.ts';
import * as pricing from './pricing-service.ts';

/** HTTP adaptor of pricing and package choice. */
export const pricingOps: OpsFor<typeof pricingRoutes> = {
  getPricing: ({ actor }) => pricing.getPricing(actor),
  requestPackage: ({ actor, body }) => pricing.requestPackage(actor, body),
  withdrawPackageRequest: ({ actor }) => pricing.withdrawPackageRequest(actor),
};
