import type { RouteDef } from '../route-types.ts';

/** Organizations domain, administration: organizations, subscriptions, type lists, activity log. */
export const organizationRoutes = {} as const satisfies Record<string, RouteDef>;
