import { addMonths } from '../../contracts/calendar.ts';
import type { PlaneStatisticsOutput } from '../../contracts/schemas/aircraft.ts';

/**
 * An aircraft's statistics (spec §9: per year and per month, the last 12 months) from its usage
 * days — the items every completed flight adds to (counters.ts). Pure: the days in, the shape out.
 */
interface UsageDayLike {
  /** yyyy-mm-dd in the organization's time zone */
  date: string;
  flight_minutes: number;
  engine_minutes: number;
  takeoffs: number;
  landings: number;
}

type UsageTotals = PlaneStatisticsOutput['last_12_months'];

const empty = (): UsageTotals => ({
  flights: 0,
  flight_minutes: 0,
  engine_minutes: 0,
  takeoffs: 0,
  landings: 0,
});

// One takeoff per completed flight: a usage day's takeoffs are its flights.
const addInto = (sum: UsageTotals, day: Omit<UsageDayLike, 'date'>) => {
  sum.flights += day.takeoffs;
  sum.flight_minutes += day.flight_minutes;
  sum.engine_minutes += day.engine_minutes;
  sum.takeoffs += day.takeoffs;
  sum.landings += day.landings;
  return sum;
};

export function usageStatistics(
  planeId: string,
  days: readonly UsageDayLike[],
  year: number,
  today: string,
): PlaneStatisticsOutput {
  const months = new Map<string, UsageTotals>();
  const years = new Map<string, UsageTotals>();
  for (const day of days) {
    const month = day.date.slice(0, 7);
    months.set(month, addInto(months.get(month) ?? empty(), day));
    const y = day.date.slice(0, 4);
    years.set(y, addInto(years.get(y) ?? empty(), day));
  }
  const firstMonth = addMonths(`${today.slice(0, 7)}-01`, -11).slice(0, 7);
  const thisMonth = today.slice(0, 7);
  const last12 = empty();
  for (const [month, totals] of months)
    if (month >= firstMonth && month <= thisMonth) addInto(last12, totals);
  return {
    plane_id: planeId,
    months: Array.from({ length: 12 }, (_, i) => {
      const month = `${year}-${String(i + 1).padStart(2, '0')}`;
      return { month, ...(months.get(month) ?? empty()) };
    }),
    years: [...years.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([y, t]) => ({ year: y, ...t })),
    last_12_months: last12,
  };
}
