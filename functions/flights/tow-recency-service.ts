import { addMonths } from '../../contracts/calendar.ts';
import { TOW_RECENCY, towRecency } from '../../contracts/tow-recency.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { missingPermissions, notFound } from '../platform/http/errors.ts';
import { defaultFlightDeps, type FlightDeps, operatingDay } from './flight-service.ts';
import { flightStore } from './flight-store.ts';

/**
 * Tow recency (issue 15 §4): a member's aerotows as tow pilot for the organization in the last 24
 * months, for the daily sheet's warning; the sheet refuses a lapsed tow pilot in block mode
 * (flight-service.ts requireTowCurrent).
 */
export interface TowRecencyDeps {
  towDates: FlightDeps['towDates'];
  isMember: (organizationId: string, userId: string) => Promise<boolean>;
  now: () => Date;
}

export const towRecencyDeps: TowRecencyDeps = {
  towDates: defaultFlightDeps.towDates,
  isMember: async (organizationId, userId) =>
    (await flightStore.memberIds(organizationId, [userId])).has(userId),
  now: () => new Date(),
};

export async function memberTowRecency(deps: TowRecencyDeps, actor: Actor, userId: string) {
  if (!actor.permissions.has('daily-flight-edit') && !actor.permissions.has('training-administration'))
    throw missingPermissions();
  const organizationId = actor.organizationId;
  if (!organizationId || !(await deps.isMember(organizationId, userId))) throw notFound();
  const today = operatingDay(deps.now(), actor.organization?.timezone ?? 'Europe/Budapest');
  const dates = await deps.towDates(organizationId, userId, addMonths(today, -TOW_RECENCY.months), today);
  return { user_id: userId, today, ...towRecency(dates, today) };
}
