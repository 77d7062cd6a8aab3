import { addDays } from '../../contracts/calendar.ts';
import { db } from '../platform/db/service.ts';
import type { UsageRate } from './next-due.ts';

/**
 * The aircraft's actual use per week (issue 4 "a forecast of the next-due date from the aircraft's
 * actual use"): the usageDay items that completed flights add to (counters.ts), over the last
 * FORECAST_WEEKS weeks up to yesterday. next-due.ts turns the rate into a date per counter dimension.
 */
const FORECAST_WEEKS = 8;

interface UsageDayReading {
  date: string;
  flight_minutes: number;
  engine_minutes: number;
  takeoffs: number;
}

/** The window read: `weeks` whole weeks ending yesterday (today's flying is not over yet). */
export const usageWindow = (today: string, weeks = FORECAST_WEEKS) => ({
  from: addDays(today, -7 * weeks),
  to: addDays(today, -1),
});

/**
 * Average use per week over the window. Days outside it are ignored; days without flying count as
 * zero, so a club that flies only at weekends gets its true weekly rate, and a winter without
 * flights gives no forecast at all (a rate of zero).
 */
export function usagePerWeek(
  days: readonly UsageDayReading[],
  today: string,
  weeks = FORECAST_WEEKS,
): UsageRate {
  const { from, to } = usageWindow(today, weeks);
  const sum = { flight_minutes: 0, engine_minutes: 0, takeoffs: 0 };
  for (const day of days) {
    if (day.date < from || day.date > to) continue;
    sum.flight_minutes += day.flight_minutes;
    sum.engine_minutes += day.engine_minutes;
    sum.takeoffs += day.takeoffs;
  }
  return {
    flight_minutes: sum.flight_minutes / weeks,
    engine_minutes: sum.engine_minutes / weeks,
    takeoffs: sum.takeoffs / weeks,
  };
}

/** One Query (`usage#<plane>#` between the window's dates) → the plane's weekly rate. */
export async function readUsageRate(
  organizationId: string,
  planeId: string,
  today: string,
  weeks = FORECAST_WEEKS,
): Promise<UsageRate> {
  const { from, to } = usageWindow(today, weeks);
  const { data } = await db()
    .entities.usageDay.query.byPlaneDate({ organization_id: organizationId, plane_id: planeId })
    .between({ date: from }, { date: to })
    .go({ pages: 'all' });
  return usagePerWeek(data, today, weeks);
}
