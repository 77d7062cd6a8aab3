/**
 * Take-off and landing detection, one device at a time (issue 6 §5). The rule is ogn-python's
 * (`ogn/commands/takeoff_landings.py`): an event sits on the middle one of three consecutive fixes
 * that lie within 100 s and 5 km of each other, all at most 200 m above the airfield; a take-off
 * when the ground speed crosses 55 km/h upwards with a climb above −5 m/s, a landing when it drops
 * below 40 km/h with a climb below 5 m/s; the airfield is the nearest one within
 * 1.5 × max(500 m, runway length), none (an outlanding) otherwise. One addition: a landing whose
 * crossing straddles a gap in reception longer than LANDING_GAP_MS still counts — its time
 * estimated from the fixes either side of the gap and the event marked uncertain.
 *
 * ogn-python runs that rule as a batch over sorted beacons; here it runs per beacon as it arrives,
 * so the state (JSON, small, kept per device with a TTL) holds what the batch would see around it.
 *
 * At-least-once delivery: fixes wait in a reorder buffer until one at least REORDER_MS newer has
 * arrived, then settle in timestamp order. A fix whose timestamp is at or before the last settled
 * one, or equal to a waiting one, changes nothing: duplicates (the same beacon heard by two
 * receivers, a redelivered batch) and reorderings within REORDER_MS give exactly the same events;
 * a fix later than that is dropped.
 */

export interface DetectionFix {
  address: string;
  /** Epoch milliseconds. */
  timestamp: number;
  latitude: number;
  longitude: number;
  /** Metres above mean sea level. */
  altitude: number;
  /** km/h. */
  ground_speed: number;
  /** m/s. */
  climb_rate: number;
  track: number;
}

export interface Airfield {
  icao: string;
  latitude: number;
  longitude: number;
  /** Elevation, metres MSL. */
  altitude: number;
  runway_length?: number | null;
}

export interface DetectionEvent {
  type: 'takeoff' | 'landing';
  address: string;
  timestamp: number;
  latitude: number;
  longitude: number;
  altitude: number;
  ground_speed: number;
  track: number;
  /** ICAO code of the airfield, null for an outlanding (or a take-off from a field). */
  airfield: string | null;
  /** Elevation the height limit was measured from (the nearest known airfield's), null without airfields. */
  elevation: number | null;
  /**
   * A landing across a gap in reception (a receiver rebooting, a glider behind a hangar): its time
   * is estimated from the last airborne fix and the first on the ground, not stamped at the latter.
   * Absent otherwise.
   */
  uncertain?: true;
}

export interface DetectionState {
  address: string;
  /** Fixes waiting for reorderings, sorted by timestamp. */
  pending: DetectionFix[];
  /** The last (up to three) settled fixes, oldest first. */
  recent: DetectionFix[];
  /** Settled fixes in a row slower than STOPPED_KMH, to notice a stop whose landing went unseen. */
  stopped: number;
  /** What the last event said; suppresses a second take-off in a hesitant ground roll. */
  phase: 'ground' | 'air' | null;
}

/**
 * APRS-IS relays a beacon through whichever server its receiver is connected to: one heard by a
 * second receiver can reach the bridge up to ~10 s after the newer fixes the first one passed on.
 * Such a beacon must still count (issue 11 §10), so fixes wait this long; events come as much later.
 */
export const REORDER_MS = 15_000;
const TAKEOFF_KMH = 55;
const LANDING_KMH = 40;
const TAKEOFF_CLIMB = -5;
const LANDING_CLIMB = 5;
const WINDOW_MS = 100_000;
const RADIUS_M = 5_000;
const MAX_HEIGHT_M = 200;
/** The last fix before a gap in reception may be this high, in the circuit (see LANDING_GAP_MS). */
const MAX_CIRCUIT_HEIGHT_M = 500;
/** After this much silence the phase is forgotten: the device was off, anything may have happened. */
const PHASE_MEMORY_MS = 10 * 60_000;
/**
 * A landing whose last airborne fix is this far before the first one on the ground fell into a gap
 * in reception: its time is estimated (estimateTouchdown) and the event marked uncertain. Beacons
 * come every 1–4 s; a few lost ones leave gaps up to ~12 s.
 */
const LANDING_GAP_MS = 20_000;
/** A glider on its final approach sinks about this fast, m/s, whatever its last fix said. */
const APPROACH_SINK = 1.5;
/** Braking on the roll-out, km/h per second: from touchdown to walking pace in 10–15 s. */
const ROLLOUT_DECELERATION = 3;
const STOPPED_KMH = 5;

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Great-circle distance in metres. */
export const distance = (aLat: number, aLon: number, bLat: number, bLon: number) => {
  const dLat = (bLat - aLat) * RAD;
  const dLon = (bLon - aLon) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * RAD) * Math.cos(bLat * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
};

/** ogn-python's catchment: 1.5 × max(500 m, runway length) around the reference point. */
const catchment = (airfield: Airfield) => 1.5 * Math.max(500, airfield.runway_length ?? 0);

/** The nearest airfield, and the nearest one whose catchment holds the point. */
export const nearestAirfields = (airfields: readonly Airfield[], latitude: number, longitude: number) => {
  let nearest: Airfield | null = null;
  let nearestDistance = Number.POSITIVE_INFINITY;
  let within: Airfield | null = null;
  let withinDistance = Number.POSITIVE_INFINITY;
  for (const airfield of airfields) {
    const d = distance(latitude, longitude, airfield.latitude, airfield.longitude);
    if (d < nearestDistance) {
      nearest = airfield;
      nearestDistance = d;
    }
    if (d < catchment(airfield) && d < withinDistance) {
      within = airfield;
      withinDistance = d;
    }
  }
  return { nearest, within };
};

/**
 * Reduces a parsed beacon (see ogn-parser.ts) to a fix: an aircraft position of any destination
 * call (beacon_type says 'flarm', 'tracker', 'aprs_aircraft'…) carries an address and a speed;
 * null for receivers, statuses and positions missing a field.
 */
export const fixOf = (beacon: Record<string, unknown>): DetectionFix | null => {
  const { address, timestamp, latitude, longitude, altitude, ground_speed, climb_rate, track } = beacon;
  if (beacon.aprs_type !== 'position') return null;
  if (typeof address !== 'string' || typeof timestamp !== 'string') return null;
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || typeof altitude !== 'number')
    return null;
  if (typeof ground_speed !== 'number') return null;
  const time = Date.parse(timestamp);
  if (Number.isNaN(time)) return null;
  return {
    address,
    timestamp: time,
    latitude,
    longitude,
    altitude,
    ground_speed,
    climb_rate: typeof climb_rate === 'number' ? climb_rate : 0,
    track: typeof track === 'number' ? track : 0,
  };
};

/** A device's state before its first fix (and after a privacy mark wiped what it held). */
export const initial = (address: string): DetectionState => ({
  address,
  pending: [],
  recent: [],
  stopped: 0,
  phase: null,
});

/**
 * Feeds one fix of one device. Pure: returns a new state (the input is not modified) and the
 * events the fix settled, usually none.
 */
export function step(
  state: DetectionState | null,
  fix: DetectionFix,
  airfields: readonly Airfield[],
): { state: DetectionState; events: DetectionEvent[] } {
  const current = state ?? initial(fix.address);
  const lastSettled = current.recent.at(-1);
  if (lastSettled && fix.timestamp <= lastSettled.timestamp) return { state: current, events: [] };
  if (current.pending.some((p) => p.timestamp === fix.timestamp)) return { state: current, events: [] };

  const pending = [...current.pending, fix].sort((a, b) => a.timestamp - b.timestamp);
  const newest = pending.at(-1)!.timestamp;
  const ready = pending.filter((p) => p.timestamp <= newest - REORDER_MS);
  let next: DetectionState = { ...current, pending: pending.slice(ready.length) };
  const events: DetectionEvent[] = [];
  for (const settled of ready) {
    const result = settle(next, settled, airfields);
    next = result.state;
    if (result.event) events.push(result.event);
  }
  return { state: next, events };
}

/**
 * Settles every waiting fix: for a device gone quiet (the ingest's sweep, the end of a replay),
 * whose last fixes no newer one will release. A fix arriving afterwards at or before them is dropped.
 */
export function flush(
  state: DetectionState,
  airfields: readonly Airfield[],
): { state: DetectionState; events: DetectionEvent[] } {
  let next: DetectionState = { ...state, pending: [] };
  const events: DetectionEvent[] = [];
  for (const waiting of state.pending) {
    const result = settle(next, waiting, airfields);
    next = result.state;
    if (result.event) events.push(result.event);
  }
  return { state: next, events };
}

function settle(
  state: DetectionState,
  fix: DetectionFix,
  airfields: readonly Airfield[],
): { state: DetectionState; event: DetectionEvent | null } {
  const last = state.recent.at(-1);
  const silent = last !== undefined && fix.timestamp - last.timestamp > PHASE_MEMORY_MS;
  const recent = [...(silent ? [] : state.recent), fix].slice(-3);
  let phase = silent ? null : state.phase;
  const stopped = fix.ground_speed < STOPPED_KMH ? (silent ? 0 : state.stopped) + 1 : 0;
  // A stop whose landing the rule missed (a gap in reception during the roll-out): on the ground
  // again, so the next take-off counts.
  if (stopped >= 3) phase = 'ground';

  let event: DetectionEvent | null = null;
  if (recent.length === 3) {
    const [before, middle, after] = recent as [DetectionFix, DetectionFix, DetectionFix];
    const type = crossing(before, middle, after);
    // A landing across a gap: the crossing straddles it, the two fixes after it are close together.
    const gap = type === 'landing' && middle.timestamp - before.timestamp > LANDING_GAP_MS;
    if (
      type &&
      phase !== (type === 'takeoff' ? 'air' : 'ground') &&
      (gap ? nearAcrossGap(before, middle, after) : near(before, middle, after))
    ) {
      const { nearest, within } = nearestAirfields(airfields, middle.latitude, middle.longitude);
      // Without a terrain model the height is measured from the nearest airfield's elevation,
      // good enough on the plains; with no airfield at all the height limit is not applied.
      const elevation = nearest?.altitude ?? null;
      // Across a gap the last airborne fix may still be in the circuit; the two after it are down.
      const low =
        elevation === null ||
        recent.every(
          (f) => f.altitude - elevation <= (gap && f === before ? MAX_CIRCUIT_HEIGHT_M : MAX_HEIGHT_M),
        );
      if (low) {
        phase = type === 'takeoff' ? 'air' : 'ground';
        event = {
          type,
          address: middle.address,
          timestamp: gap ? estimateTouchdown(before, middle, elevation) : middle.timestamp,
          latitude: middle.latitude,
          longitude: middle.longitude,
          altitude: middle.altitude,
          ground_speed: middle.ground_speed,
          track: middle.track,
          airfield: within?.icao ?? null,
          elevation,
          ...(gap && { uncertain: true as const }),
        };
      }
    }
  }
  return { state: { ...state, recent, phase, stopped }, event };
}

/**
 * When a glider last seen airborne at `before` and next seen slowed down on the ground at `after`
 * slowed through LANDING_KMH: the later of the time its height takes to sink at its last sink rate
 * (at least APPROACH_SINK) and the time its distance takes at its last speed, plus the roll-out —
 * never before the last airborne fix, never after the first on the ground. Whole seconds, as beacons.
 */
function estimateTouchdown(before: DetectionFix, after: DetectionFix, elevation: number | null) {
  const height = Math.max(0, before.altitude - (elevation ?? after.altitude));
  const sinking = height / Math.max(-before.climb_rate, APPROACH_SINK);
  const metresPerSecond = Math.max(before.ground_speed, LANDING_KMH) / 3.6;
  const flying =
    distance(before.latitude, before.longitude, after.latitude, after.longitude) / metresPerSecond;
  const rollout = Math.max(0, Math.min(before.ground_speed, 90) - LANDING_KMH) / ROLLOUT_DECELERATION;
  const estimate = before.timestamp + (Math.max(sinking, flying) + rollout) * 1000;
  const clamped = Math.min(after.timestamp, Math.max(before.timestamp + 1000, estimate));
  return Math.round(clamped / 1000) * 1000;
}

function crossing(before: DetectionFix, middle: DetectionFix, after: DetectionFix) {
  if (
    before.ground_speed < TAKEOFF_KMH &&
    middle.ground_speed > TAKEOFF_KMH &&
    after.ground_speed > TAKEOFF_KMH &&
    middle.climb_rate > TAKEOFF_CLIMB
  )
    return 'takeoff' as const;
  if (
    before.ground_speed > LANDING_KMH &&
    middle.ground_speed < LANDING_KMH &&
    after.ground_speed < LANDING_KMH &&
    middle.climb_rate < LANDING_CLIMB
  )
    return 'landing' as const;
  return null;
}

/** Across a gap only the two fixes on the ground must be close in time; all three close in space. */
const nearAcrossGap = (before: DetectionFix, middle: DetectionFix, after: DetectionFix) =>
  after.timestamp - middle.timestamp < WINDOW_MS &&
  distance(before.latitude, before.longitude, middle.latitude, middle.longitude) < RADIUS_M &&
  distance(after.latitude, after.longitude, middle.latitude, middle.longitude) < RADIUS_M;

const near = (before: DetectionFix, middle: DetectionFix, after: DetectionFix) =>
  after.timestamp - before.timestamp < WINDOW_MS &&
  distance(before.latitude, before.longitude, middle.latitude, middle.longitude) < RADIUS_M &&
  distance(after.latitude, after.longitude, middle.latitude, middle.longitude) < RADIUS_M;
