import type { TrackOutput } from '../../contracts/schemas/tracking.ts';

/**
 * Tracks as the browser gets them (pure; track-service.ts reads the items). A day of OGN beacons is
 * one fix every one to a few seconds per aircraft — tens of thousands of points — and Leaflet
 * draws a few thousand per line without stutter, so each track is thinned to a budget.
 */

/** Points per track sent to the browser: at 8 h of flying, one every ~15 s, enough for a route. */
export const MAX_TRACK_POINTS = 2000;

type TrackRow = TrackOutput['points'][number];

/** What a stored track point holds of use to a map (trackPoint entity). */
export interface StoredFix {
  address: string;
  timestamp: number;
  latitude: number;
  longitude: number;
  altitude: number;
  ground_speed: number;
}

export interface PlaneRef {
  plane_id: string;
  reg_num: string;
}

export const rowOf = (fix: StoredFix): TrackRow => [
  fix.timestamp,
  fix.latitude,
  fix.longitude,
  fix.altitude,
  fix.ground_speed,
];

/**
 * At most `max` rows, spread evenly over the track, always keeping the first and the last (the
 * take-off and the landing). Rows arrive in time order (the sort key is `<address>#<epoch ms>`).
 */
export function decimate<T>(rows: readonly T[], max = MAX_TRACK_POINTS): T[] {
  if (rows.length <= max) return [...rows];
  if (max <= 1) return rows.slice(0, Math.max(0, max));
  const last = rows.length - 1;
  const kept: T[] = [];
  for (let i = 0; i < max; i += 1) kept.push(rows[Math.round((i * last) / (max - 1))]!);
  return kept;
}

/**
 * One track per device, in the order the devices first appear, each thinned to `max` rows and
 * named by the organization's aircraft carrying that device (null: a device no aircraft claims
 * any more — its track stays readable).
 */
export function groupTracks(
  fixes: Iterable<StoredFix>,
  planes: ReadonlyMap<string, PlaneRef>,
  max = MAX_TRACK_POINTS,
): TrackOutput[] {
  const byAddress = new Map<string, TrackRow[]>();
  for (const fix of fixes) {
    let rows = byAddress.get(fix.address);
    if (!rows) {
      rows = [];
      byAddress.set(fix.address, rows);
    }
    rows.push(rowOf(fix));
  }
  return [...byAddress].map(([address, rows]) => {
    const plane = planes.get(address);
    return {
      address,
      plane_id: plane?.plane_id ?? null,
      reg_num: plane?.reg_num ?? null,
      // Already in time order from the sort key; TimSort checks that in one pass.
      points: decimate(
        rows.sort((a, b) => a[0] - b[0]),
        max,
      ),
    };
  });
}
