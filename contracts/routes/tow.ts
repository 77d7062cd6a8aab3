import * as z from 'zod/mini';
import type { RouteDef } from '../route-types.ts';
import { entityId } from '../validation.ts';

export const towRecencyOutput = z.object({
  user_id: z.string(),
  today: z.string(),
  status: z.enum(['current', 'lapsing', 'lapsed']),
  tows: z.number(),
  needed: z.number(),
  until: z.nullable(z.string()),
});

/** Flights domain (issue 15 §4): a tow pilot's tow recency, for the daily sheet's warning. */
export const towRoutes = {
  /** Five tows in 24 months, counted from the club's aerotows; daily-flight-edit or training-administration. */
  getTowRecency: {
    method: 'GET',
    path: '/api/members/{user_id}/tow-recency',
    params: { user_id: entityId },
    domain: 'flights',
    guard: { auth: 'user' },
    output: towRecencyOutput,
  },
} as const satisfies Record<string, RouteDef>;
