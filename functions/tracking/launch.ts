import type { TakeoffTypeId } from '../../contracts/schemas/flight-enums.ts';
import { type DetectionEvent, type DetectionFix, distance } from './detection.ts';

/**
 * Launch method of a detected take-off (issue 6 §5), from the first minutes of the tracks:
 * aerotow when another aircraft took off from the same airfield within ±PAIR_MS and flew close
 * (the pair is recorded with the height at release), winch when the climb right after take-off is
 * steep and sustained, self-launch otherwise. An unpowered glider is never a self-launch (issue 18):
 * with no tug beside it, it went up on the winch — `short` when the cable broke (or it released)
 * below WINCH_SHORT_M. Takeoff type ids are the spec's (flight-enums.ts).
 */

export interface LaunchTrack {
  address: string;
  takeoff: DetectionEvent;
  /** Fixes from take-off on, sorted by timestamp; the launch is read from the first LAUNCH_MS. */
  track: readonly DetectionFix[];
}

export interface LaunchOptions {
  /** Addresses of the club's tow planes: preferred as partners and always the tug of a pair. */
  towPlanes?: readonly string[];
  /** The subject is a touring motor glider: its own take-off is type 6. */
  tmg?: boolean;
  /** The subject is an unpowered glider (a glider, not a TMG): it cannot launch itself. */
  glider?: boolean;
  /**
   * How much of the tracks from take-off on to read (default LAUNCH_MS): a release later than that
   * (a retrieve tow home from another airfield, a high tow) is found on a second, longer reading.
   */
  windowMs?: number;
}

interface TowPair {
  glider: string;
  tug: string;
  /** Epoch ms of the last fix still on tow; null when the tracks do not reach the release. */
  released_at: number | null;
  /** Release altitude, metres MSL, and height above the take-off airfield. */
  release_altitude: number | null;
  release_height: number | null;
}

interface LaunchInference {
  takeoff_type: TakeoffTypeId;
  /** The subject's part in an aerotow, null for other launches. */
  role: 'glider' | 'tug' | null;
  tow: TowPair | null;
  /** A winch launch that ended below WINCH_SHORT_M: a cable break, most likely. */
  short: boolean;
}

/** Tracks long enough to reach a release at 600 m with a slow tug (~3 m/s). */
export const LAUNCH_MS = 6 * 60_000;
/** The longest tow read for a release: a retrieve tow across 50 km, a high tow to 2,000 m. */
export const LONG_TOW_MS = 30 * 60_000;
/** A winch launch topping out lower than this above the field was cut short (a full one reaches 300–500 m). */
const WINCH_SHORT_M = 200;
/** A climb this steep right after take-off is a winch's (an aerotow climbs at 2–4 m/s). */
const STEEP_CLIMB_MS = 5;
/** A glider and a tow plane taking off this close together are (provisionally) an aerotow. */
export const PAIR_MS = 20_000;
/** Close formation: a tow rope is 40–60 m; GPS and sampling add some. */
const TOW_DISTANCE_M = 200;
const SEPARATED_M = 300;
/** Climb rates of the two ends of a rope stay together; a release splits them at once. */
const CLIMB_SPLIT_MS = 4;
/** Interpolate the partner only between fixes this close in time. */
const MAX_GAP_MS = 10_000;
const WINCH_CLIMB_MS = 6;
const WINCH_SUSTAIN_MS = 15_000;
const WINCH_GAIN_M = 200;

interface Sample {
  timestamp: number;
  subject: DetectionFix;
  other: { altitude: number; climb_rate: number; latitude: number; longitude: number };
  distance: number;
}

export function inferLaunch(
  subject: LaunchTrack,
  others: readonly LaunchTrack[],
  options: LaunchOptions = {},
): LaunchInference {
  const towPlanes = new Set(options.towPlanes ?? []);
  const windowMs = options.windowMs ?? LAUNCH_MS;
  const pair = aerotowPartner(subject, others, towPlanes, windowMs);
  if (pair) {
    const subjectIsTug =
      towPlanes.has(subject.address) !== towPlanes.has(pair.partner.address)
        ? towPlanes.has(subject.address)
        : descendsFaster(pair.samples, pair.release);
    const elevation = subject.takeoff.elevation ?? subject.takeoff.altitude;
    const released = pair.release === null ? null : pair.samples[pair.release]!;
    // The glider's altitude: it is the one that stays up; the tug's is interpolated otherwise.
    const releaseAltitude = released
      ? subjectIsTug
        ? released.other.altitude
        : released.subject.altitude
      : null;
    const tow: TowPair = {
      glider: subjectIsTug ? pair.partner.address : subject.address,
      tug: subjectIsTug ? subject.address : pair.partner.address,
      released_at: released?.timestamp ?? null,
      release_altitude: releaseAltitude,
      release_height: releaseAltitude === null ? null : releaseAltitude - elevation,
    };
    if (subjectIsTug) return { takeoff_type: options.tmg ? 6 : 1, role: 'tug', tow, short: false };
    return { takeoff_type: 5, role: 'glider', tow, short: false };
  }
  if (options.tmg) return { takeoff_type: 6, role: null, tow: null, short: false };
  if (options.glider) {
    // Off the ground with no tug beside it and no engine: the winch. A launch that never climbed
    // steeply (a tug without a tracker) is not called short: it is no winch launch seen whole.
    const steep = climbedSteeply(subject);
    return { takeoff_type: 3, role: null, tow: null, short: steep && launchTop(subject) < WINCH_SHORT_M };
  }
  return { takeoff_type: isWinch(subject) ? 3 : 1, role: null, tow: null, short: false };
}

const launchFixes = (launch: LaunchTrack, windowMs = LAUNCH_MS) =>
  launch.track.filter(
    (f) => f.timestamp >= launch.takeoff.timestamp && f.timestamp <= launch.takeoff.timestamp + windowMs,
  );

/** The first minute after take-off: where a winch launch climbs, tops out and levels off. */
const firstMinute = (subject: LaunchTrack) =>
  launchFixes(subject).filter((f) => f.timestamp <= subject.takeoff.timestamp + 60_000);

/** Height above the take-off airfield at the top of the launch (the first minute's highest fix). */
function launchTop(subject: LaunchTrack) {
  const elevation = subject.takeoff.elevation ?? subject.takeoff.altitude;
  return Math.max(subject.takeoff.altitude, ...firstMinute(subject).map((f) => f.altitude)) - elevation;
}

/**
 * A winch's climb in the first 30 s: a fix reporting STEEP_CLIMB_MS, or two fixes 3 s or more apart
 * that far apart in height — even a cable that breaks at 50 m gives a few seconds of it.
 */
function climbedSteeply(subject: LaunchTrack) {
  const t0 = subject.takeoff.timestamp;
  const fixes = firstMinute(subject).filter((f) => f.timestamp <= t0 + 30_000);
  if (fixes.some((f) => f.climb_rate >= STEEP_CLIMB_MS)) return true;
  for (let i = 0; i < fixes.length; i++)
    for (let j = i + 1; j < fixes.length; j++) {
      const dt = (fixes[j]!.timestamp - fixes[i]!.timestamp) / 1000;
      if (dt >= 3 && (fixes[j]!.altitude - fixes[i]!.altitude) / dt >= STEEP_CLIMB_MS) return true;
    }
  return false;
}

function aerotowPartner(
  subject: LaunchTrack,
  others: readonly LaunchTrack[],
  towPlanes: ReadonlySet<string>,
  windowMs: number,
) {
  let best: { partner: LaunchTrack; samples: Sample[]; release: number | null; score: number } | null = null;
  for (const other of others) {
    if (other.address === subject.address) continue;
    if (Math.abs(other.takeoff.timestamp - subject.takeoff.timestamp) > PAIR_MS) continue;
    if (!sameField(subject.takeoff, other.takeoff)) continue;
    const samples = alongside(subject, other, windowMs);
    const start = Math.max(subject.takeoff.timestamp, other.takeoff.timestamp);
    // Formation from a few seconds after both are rolling to the first minute of the climb.
    const early = samples
      .filter((s) => s.timestamp >= start + 5_000 && s.timestamp <= start + 45_000)
      .map((s) => s.distance)
      .sort((a, b) => a - b);
    if (early.length < 3) continue;
    const median = early[Math.floor(early.length / 2)]!;
    if (median >= TOW_DISTANCE_M) continue;
    // A known tow plane wins over any other aircraft that happened to fly close.
    const score = median - (towPlanes.has(other.address) ? 10_000 : 0);
    if (!best || score < best.score)
      best = { partner: other, samples, release: releaseIndex(samples), score };
  }
  return best;
}

const sameField = (a: DetectionEvent, b: DetectionEvent) =>
  a.airfield !== null || b.airfield !== null
    ? a.airfield === b.airfield
    : distance(a.latitude, a.longitude, b.latitude, b.longitude) < 1_000;

/** The subject's launch fixes, each with the partner interpolated at the same instant. */
function alongside(subject: LaunchTrack, other: LaunchTrack, windowMs: number): Sample[] {
  const theirs = launchFixes(other, windowMs);
  const samples: Sample[] = [];
  let j = 0;
  for (const fix of launchFixes(subject, windowMs)) {
    while (j + 1 < theirs.length && theirs[j + 1]!.timestamp < fix.timestamp) j++;
    const a = theirs[j];
    const b = theirs[j + 1];
    if (!a || !b || a.timestamp > fix.timestamp || b.timestamp - a.timestamp > MAX_GAP_MS) continue;
    const k = (fix.timestamp - a.timestamp) / (b.timestamp - a.timestamp);
    const lerp = (x: number, y: number) => x + (y - x) * k;
    const at = {
      altitude: lerp(a.altitude, b.altitude),
      climb_rate: lerp(a.climb_rate, b.climb_rate),
      latitude: lerp(a.latitude, b.latitude),
      longitude: lerp(a.longitude, b.longitude),
    };
    const horizontal = distance(fix.latitude, fix.longitude, at.latitude, at.longitude);
    samples.push({
      timestamp: fix.timestamp,
      subject: fix,
      other: at,
      distance: Math.hypot(horizontal, fix.altitude - at.altitude),
    });
  }
  return samples;
}

/**
 * The last sample on tow: before the first clear separation (distance over SEPARATED_M or the
 * climb rates split), walk back to the last sample still at rope distance with matching climbs.
 */
function releaseIndex(samples: readonly Sample[]): number | null {
  const rope = samples.slice(0, 10).reduce((min, s) => Math.min(min, s.distance), Number.POSITIVE_INFINITY);
  const split = (s: Sample) => Math.abs(s.subject.climb_rate - s.other.climb_rate) > CLIMB_SPLIT_MS;
  let separated = -1;
  for (let i = 1; i < samples.length; i++) {
    const s = samples[i]!;
    if (s.distance > SEPARATED_M || (split(s) && split(samples[i - 1]!))) {
      separated = i;
      break;
    }
  }
  if (separated < 0) return null;
  for (let i = separated; i >= 0; i--) {
    const s = samples[i]!;
    if (s.distance <= Math.max(rope, 60) + 50 && !split(s)) return i;
  }
  return null;
}

/** After the release the tug dives home while the glider stays up. */
function descendsFaster(samples: readonly Sample[], release: number | null) {
  if (release === null) return false;
  const from = samples[release]!;
  const later = samples.filter((s) => s.timestamp > from.timestamp && s.timestamp <= from.timestamp + 30_000);
  const last = later.at(-1);
  if (!last) return false;
  return last.subject.altitude - from.subject.altitude < last.other.altitude - from.other.altitude;
}

/** A winch launch: WINCH_CLIMB_MS sustained for WINCH_SUSTAIN_MS early on, and a big gain in a minute. */
function isWinch(subject: LaunchTrack) {
  const t0 = subject.takeoff.timestamp;
  const fixes = firstMinute(subject);
  if (fixes.length < 3) return false;
  const gain = Math.max(...fixes.map((f) => f.altitude)) - subject.takeoff.altitude;
  if (gain < WINCH_GAIN_M) return false;
  for (let i = 0; i < fixes.length; i++) {
    const a = fixes[i]!;
    if (a.timestamp > t0 + 20_000) break;
    for (let j = i + 1; j < fixes.length; j++) {
      const b = fixes[j]!;
      const dt = b.timestamp - a.timestamp;
      if (dt < WINCH_SUSTAIN_MS) continue;
      if (dt > 40_000) break;
      if ((b.altitude - a.altitude) / (dt / 1000) >= WINCH_CLIMB_MS) return true;
    }
  }
  return false;
}
