import type { FlightPurpose, LandingFeeRow } from './schemas/airports.ts';

/**
 * The landing fee of a movement (issue 15 §1–2), computed alike by the browser's preview and the
 * operations domain. The table in force is the rows of the latest `valid_from` on or before the
 * day; among them the first row (in table order) whose MTOW band, purpose and time of day match
 * prices the movement. null: no table in force, or no row matches.
 */
export interface FeeMovement {
  /** yyyy-mm-dd, the club's day. */
  date: string;
  /** HH:MM, the club's local time. */
  time: string;
  /** Kilograms. */
  mtow: number;
  purpose: FlightPurpose;
}

/** Whether HH:MM `time` lies in [from, to); a band across midnight (22:00–06:00) wraps. */
export const inTimeBand = (time: string, from: string | null, to: string | null): boolean => {
  if (from === null || to === null) return true;
  if (from === to) return true;
  return from < to ? time >= from && time < to : time >= from || time < to;
};

/** The rows in force on `date`: those of the latest valid_from on or before it. */
export const rowsInForce = (table: readonly LandingFeeRow[], date: string): LandingFeeRow[] => {
  let latest: string | null = null;
  for (const row of table)
    if (row.valid_from <= date && (latest === null || row.valid_from > latest)) latest = row.valid_from;
  return latest === null ? [] : table.filter((row) => row.valid_from === latest);
};

export function landingFee(table: readonly LandingFeeRow[], movement: FeeMovement): number | null {
  for (const row of rowsInForce(table, movement.date)) {
    if (movement.mtow < row.mtow_min) continue;
    if (row.mtow_max !== null && movement.mtow >= row.mtow_max) continue;
    if (row.purpose !== 'any' && row.purpose !== movement.purpose) continue;
    if (!inTimeBand(movement.time, row.time_from, row.time_to)) continue;
    return row.amount;
  }
  return null;
}
