import type { LivePositionOutput, TrackOutput } from '../../../../contracts/schemas/tracking.ts';

/**
 * The maps' data without Leaflet or React (unit-tested): merging live positions as they arrive,
 * the list of aircraft heard, colours, ages, and the plain background's graticule.
 */

/** Live positions by device address. */
export type Positions = ReadonlyMap<string, LivePositionOutput>;

/**
 * Positions from a read or a push folded into what the map shows. Beacons arrive at least once and
 * not always in order (two receivers, a slow batch): an older fix never replaces a newer one.
 */
export function mergePositions(current: Positions, incoming: readonly LivePositionOutput[]): Positions {
  const next = new Map(current);
  let changed = false;
  for (const position of incoming) {
    const known = next.get(position.address);
    if (known && known.timestamp >= position.timestamp) continue;
    next.set(position.address, position);
    changed = true;
  }
  return changed ? next : current;
}

/**
 * A day's tracks extended by the live positions that arrived since they were read, so today's lines
 * follow the markers between reloads. Tracks are [time, lat, lon, alt, speed] rows in time order.
 */
export function withLiveTail(tracks: readonly TrackOutput[], positions: Positions): TrackOutput[] {
  const seen = new Set<string>();
  const extended = tracks.map((track) => {
    seen.add(track.address);
    const position = positions.get(track.address);
    const last = track.points.at(-1);
    if (!position || (last && last[0] >= position.timestamp)) return track;
    return { ...track, points: [...track.points, rowOf(position)] };
  });
  for (const position of positions.values())
    if (!seen.has(position.address))
      extended.push({
        address: position.address,
        plane_id: position.plane_id,
        reg_num: position.reg_num,
        points: [rowOf(position)],
      });
  return extended;
}

const rowOf = (p: LivePositionOutput): TrackOutput['points'][number] => [
  p.timestamp,
  p.latitude,
  p.longitude,
  p.altitude,
  p.ground_speed,
];

/** The detector's take-off speed (functions/tracking/detection.ts): nothing taxis this fast. */
const AIRBORNE_KMH = 55;

/**
 * The phase a map shows. The detector's (the ingest's) decides, except that an aircraft moving at
 * flying speed is shown in the air: a device first heard aloft (back from a cross-country flight)
 * has no take-off behind it, and the detector still counts it on the ground.
 */
export const shownPhase = (
  p: Pick<LivePositionOutput, 'phase' | 'ground_speed'>,
): LivePositionOutput['phase'] => (p.phase === 'air' || p.ground_speed >= AIRBORNE_KMH ? 'air' : p.phase);

/** One line of the "aircraft heard" table: the latest we know of a device that day. */
export interface HeardRow {
  address: string;
  reg_num: string | null;
  timestamp: number;
  latitude: number;
  longitude: number;
  altitude: number;
  ground_speed: number;
  climb_rate: number | null;
  phase: LivePositionOutput['phase'];
  /** Still in the live list (heard within its time to live). */
  live: boolean;
}

/** Every device heard: live ones with their live fix, the others with their track's last point. Newest first. */
export function heardRows(tracks: readonly TrackOutput[], positions: Positions): HeardRow[] {
  const rows = new Map<string, HeardRow>();
  for (const track of tracks) {
    const last = track.points.at(-1);
    if (!last) continue;
    rows.set(track.address, {
      address: track.address,
      reg_num: track.reg_num,
      timestamp: last[0],
      latitude: last[1],
      longitude: last[2],
      altitude: last[3],
      ground_speed: last[4],
      climb_rate: null,
      phase: null,
      live: false,
    });
  }
  for (const p of positions.values()) {
    const known = rows.get(p.address);
    if (known && known.timestamp > p.timestamp) continue;
    rows.set(p.address, { ...p, phase: shownPhase(p), live: true });
  }
  return [...rows.values()].sort((a, b) => b.timestamp - a.timestamp);
}

/** Distinct, readable colours on a light background. */
const PALETTE = ['#0972d3', '#d91515', '#037f0c', '#8456ce', '#c33d69', '#b55a00', '#067e8a', '#5f6b7a'];

/**
 * One colour per device on a map: in address order, so the same aircraft keeps its colour while the
 * map is open and two aircraft share one only beyond the palette's eight.
 */
export function coloursOf(addresses: Iterable<string>): Map<string, string> {
  const sorted = [...new Set(addresses)].sort();
  return new Map(sorted.map((address, i) => [address, PALETTE[i % PALETTE.length]!]));
}

/** How long ago a fix was, for a person: seconds under a minute, minutes under an hour, then hours. */
export function ageOf(timestamp: number, now: number): { unit: 'seconds' | 'minutes' | 'hours'; n: number } {
  const seconds = Math.max(0, Math.round((now - timestamp) / 1000));
  if (seconds < 60) return { unit: 'seconds', n: seconds };
  if (seconds < 3600) return { unit: 'minutes', n: Math.floor(seconds / 60) };
  return { unit: 'hours', n: Math.floor(seconds / 3600) };
}

/** Steps a graticule may use, in degrees: round numbers a pilot reads off a chart. */
const STEPS = [10, 5, 2, 1, 0.5, 0.25, 0.1, 0.05, 0.025, 0.01, 0.005];

/** The graticule step for a view `span` degrees wide: the largest giving at least four lines. */
export function graticuleStep(span: number): number {
  for (const step of STEPS) if (span / step >= 4) return step;
  return STEPS.at(-1)!;
}

/** The graticule's lines of one axis from `min` to `max`, on multiples of `step`. */
export function graticuleLines(min: number, max: number, step: number): number[] {
  const lines: number[] = [];
  for (let value = Math.ceil(min / step) * step; value <= max && lines.length < 200; value += step)
    lines.push(Number(value.toFixed(6)));
  return lines;
}

/** Text for a marker's HTML: registrations and names are data, never markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** HH:mm:ss on the airfield's clock (the organization's time zone). */
export const clockTimeOf = (timestamp: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(timestamp));
