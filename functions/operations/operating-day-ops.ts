import type { operatingDayRoutes } from '../../contracts/routes/operating-days.ts';
import type { OpsFor } from '../platform/http/router.ts';
import * as days from './operating-day-service.ts';
import { operatingDayDeps as deps } from './operating-day-service.ts';

/** HTTP adaptor of the operations domain's operating-day routes. */
export const operatingDayOps: OpsFor<typeof operatingDayRoutes> = {
  listOperatingDays: ({ actor, query }) => days.listOperatingDays(deps, actor, query),
  getOperatingDay: ({ actor, params }) => days.getOperatingDay(deps, actor, params.date),
  saveOperatingDay: ({ actor, params, body }) => days.saveOperatingDay(deps, actor, params.date, body),
  signUpForOperatingDay: ({ actor, params, body }) => days.signUp(deps, actor, params.date, body),
  unsubscribeFromOperatingDay: ({ actor, params }) => days.unsubscribe(deps, actor, params.date),
};
