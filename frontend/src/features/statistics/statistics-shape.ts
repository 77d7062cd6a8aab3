import type { PlaneStatisticsOutput } from '../../../../contracts/schemas/aircraft.ts';
import type { StatisticsOutput } from '../../../../contracts/schemas/logbook.ts';

/**
 * Spec §9 statistics in one shape for the panel, whether a pilot's (logbook statistics) or an
 * aircraft's (its usage days): minutes and flights per month of the chosen year, per year, the last
 * 12 months, and — for pilots — the flights over 3 hours. Pure, so a unit test reads it.
 */
export interface StatisticsRow {
  /** yyyy-mm (months) or yyyy (years) */
  period: string;
  flights: number;
  minutes: number;
  launches: number;
  /** Pilots: flights over 3 hours; aircraft: null (their usage days do not keep single flights). */
  over_3h: number | null;
  /** Aircraft: engine time; pilots: null. */
  engine_minutes: number | null;
}

export interface StatisticsView {
  months: StatisticsRow[];
  years: StatisticsRow[];
  last12: StatisticsRow;
}

type PilotTotals = Omit<StatisticsOutput['last_12_months'], never>;
const pilotRow = (period: string, t: PilotTotals): StatisticsRow => ({
  period,
  flights: t.flights,
  minutes: t.minutes,
  launches: t.launches,
  over_3h: t.over_3h,
  engine_minutes: null,
});

export const pilotView = (s: StatisticsOutput): StatisticsView => ({
  months: s.months.map((m) => pilotRow(m.month, m)),
  years: s.years.map((y) => pilotRow(y.year, y)),
  last12: pilotRow('last12', s.last_12_months),
});

type PlaneTotals = PlaneStatisticsOutput['last_12_months'];
const planeRow = (period: string, t: PlaneTotals): StatisticsRow => ({
  period,
  flights: t.flights,
  minutes: t.flight_minutes,
  launches: t.takeoffs,
  over_3h: null,
  engine_minutes: t.engine_minutes,
});

export const planeView = (s: PlaneStatisticsOutput): StatisticsView => ({
  months: s.months.map((m) => planeRow(m.month, m)),
  years: s.years.map((y) => planeRow(y.year, y)),
  last12: planeRow('last12', s.last_12_months),
});

/** The years to choose from: every year with data and this one, newest first. */
export const yearChoices = (view: Pick<StatisticsView, 'years'> | null, thisYear: number): number[] =>
  [...new Set([thisYear, ...(view?.years ?? []).map((y) => Number(y.period))])]
    .filter((y) => Number.isInteger(y))
    .sort((a, b) => b - a);

/** The month's short name in the interface language ("Mar", "márc."), for the chart's axis. */
export const monthLabel = (month: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );

/** Hours, for the chart's scale: the bars are drawn in hours, labelled h:mm. */
export const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
