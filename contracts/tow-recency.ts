import { addMonths, daysBetween } from './calendar.ts';

/**
 * Tow recency (issue 15 §4): a tow pilot tows only with five tows in the last 24 months. Checked
 * when the daily sheet names a tow pilot for an aerotow: the organization's recency policy warns or
 * (block) refuses, as for the other recency rules (contracts/recency-check.ts). The same rule in the
 * browser and the Lambda.
 */
export const TOW_RECENCY = { tows: 5, months: 24 } as const;

/** Lapsing: current for at most this many more days. */
const WARNING_DAYS = 30;

export interface TowRecency {
  status: 'current' | 'lapsing' | 'lapsed';
  /** Tows in the window ending today. */
  tows: number;
  /** Lapsed: the tows still missing. */
  needed: number;
  /** The last day the pilot is current (the fifth newest tow + 24 months), or null when lapsed. */
  until: string | null;
}

/** The rule over the days (yyyy-mm-dd) of a pilot's tows, as of `today`. */
export function towRecency(towDates: readonly string[], today: string): TowRecency {
  const from = addMonths(today, -TOW_RECENCY.months);
  const inWindow = towDates.filter((d) => d >= from && d <= today).sort((a, b) => b.localeCompare(a));
  const tows = inWindow.length;
  if (tows < TOW_RECENCY.tows)
    return { status: 'lapsed', tows, needed: TOW_RECENCY.tows - tows, until: null };
  const until = addMonths(inWindow[TOW_RECENCY.tows - 1] as string, TOW_RECENCY.months);
  return {
    status: daysBetween(today, until) <= WARNING_DAYS ? 'lapsing' : 'current',
    tows,
    needed: 0,
    until,
  };
}
