import type { DomainOps } from '../platform/http/router.ts';

type OrganizationOps = Pick<DomainOps<'organizations'>, never>;

/** HTTP adaptor for organizations, subscriptions, type lists and the activity log. */
export const organizationOps: OrganizationOps = {};
