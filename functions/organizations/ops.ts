import type { DomainOps } from '../platform/http/router.ts';
import { organizationOps } from './organization-ops.ts';
import { peopleOps } from './people-ops.ts';
import { pricingOps } from './pricing-ops.ts';

/** The organizations domain's operations, from its areas. */
export const ops: DomainOps<'organizations'> = { ...peopleOps, ...organizationOps, ...pricingOps };
