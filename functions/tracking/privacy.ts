import { addDays } from '../../contracts/calendar.ts';
import type { DetectorRecord } from './ingest-store.ts';

/**
 * The pilots' privacy bits are law (issue 18; the OGN's data-use rules): an aircraft whose beacon
 * carries the no-tracking or the stealth bit is never stored as a track point or a live position,
 * never pushed, never shown on a map or in a route and never proposed on a sheet — even where a
 * club has registered its device. When the bit is first seen, what was already stored of that
 * flight (everything of the device since its last landing) is removed, and for the rest of that
 * operating day the device is not tracked at all, bit or no bit: a beacon that arrives late, or a
 * pilot switching the bit off again, never brings the flight back piece by piece.
 *
 * This module holds the rules; the ingest (ingest.ts) applies them before it writes anything.
 */

/**
 * Whether a parsed beacon (ogn-parser.ts) asks not to be tracked. The ID field's detail byte is
 * `STttttaa` (S stealth, T no-tracking) for every OGN device; the parser follows the reference in
 * naming the bits per beacon type: FLARM and most others give `no-tracking`, Naviter gives
 * `do_not_track`, and OGN trackers and FANET read bit 6 into `aircraft_type` (16 and up).
 */
export function isPrivateBeacon(beacon: Record<string, unknown>): boolean {
  if (beacon.stealth === true || beacon['no-tracking'] === true || beacon.do_not_track === true) return true;
  const type = beacon.aircraft_type;
  return (
    (beacon.beacon_type === 'tracker' || beacon.beacon_type === 'fanet') &&
    typeof type === 'number' &&
    type >= 16
  );
}

/** A device's privacy mark in one organization: from `from` (epoch ms) through the day `day`. */
export interface PrivacyMark {
  from: number;
  /** yyyy-mm-dd, the organization's operating day. */
  day: string;
}

export const markOf = (record: DetectorRecord | null): PrivacyMark | null =>
  record?.private_day !== undefined && record.private_from !== undefined
    ? { from: record.private_from, day: record.private_day }
    : null;

/** A fix the mark withholds: at or after its start, on its day or before. */
export const covers = (mark: PrivacyMark | null, timestamp: number, day: string) =>
  mark !== null && timestamp >= mark.from && day <= mark.day;

/**
 * The mark for a device seen with the bit from `flagged` (epoch ms, on operating day `flaggedDay`)
 * to the day `lastDay`: from just after its last landing before that (`landings`, epoch ms) — from
 * the start when none is known (the removal reads the day before as well, so a flight that took
 * off before midnight goes whole). A mark still holding on `flaggedDay` is widened (the earlier
 * start, the later day); an older one is over and replaced.
 */
export function markFor(
  flagged: number,
  flaggedDay: string,
  lastDay: string,
  landings: readonly number[],
  previous: PrivacyMark | null,
): PrivacyMark {
  const before = landings.filter((at) => at < flagged);
  const from = before.length > 0 ? Math.max(...before) + 1 : 0;
  if (!previous || previous.day < flaggedDay) return { from, day: lastDay };
  return { from: Math.min(from, previous.from), day: previous.day > lastDay ? previous.day : lastDay };
}

/** The operating days a mark's removal reads: the day before its last one (flights over midnight), and that day. */
export const markDays = (mark: PrivacyMark) => [addDays(mark.day, -1), mark.day];
