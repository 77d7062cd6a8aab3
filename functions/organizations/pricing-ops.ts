import type { DomainOps } from '../platform/http/router.ts';
import * as pricing from './pricing-service.ts';

type Names = keyof typeof import('../../contracts/routes/pricing.ts').pricingRoutes;

/** HTTP adaptor of pricing and package choice. */
export const pricingOps: Pick<DomainOps<'organizations'>, Names> = {
  getPricing: ({ actor }) => pricing.getPricing(actor),
  requestPackage: ({ actor, body }) => pricing.requestPackage(actor, body),
  withdrawPackageRequest: ({ actor }) => pricing.withdrawPackageRequest(actor),
};
