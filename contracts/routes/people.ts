import type { RouteDef } from '../route-types.ts';

/** Organizations domain, people: members, roles, permits, pilot data, acting as a user, address book. */
export const peopleRoutes = {} as const satisfies Record<string, RouteDef>;
