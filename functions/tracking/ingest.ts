import { addDays } from '../../contracts/calendar.ts';
import type { BeaconBatch, LivePositionOutput } from '../../contracts/schemas/tracking.ts';
import { env } from '../platform/config/env.ts';
import { organizationTopic, type Publisher, publish, sheetTopic } from '../platform/events/push.ts';
import { logger } from '../platform/log/logger.ts';
import {
  type DetectionEvent,
  type DetectionFix,
  type DetectionState,
  fixOf,
  flush,
  initial,
  nearestAirfields,
  REORDER_MS,
  step,
} from './detection.ts';
import {
  aircraftOfDevices,
  type OrganizationContext,
  organizationContext,
  organizationsAt,
  resetDeviceCaches,
} from './devices.ts';
import { emptyStats, type IngestStats } from './ingest-stats.ts';
import {
  type DetectorRecord,
  type DeviceAircraft,
  type IngestStore,
  ingestStore,
  type LivePositionItem,
  type TrackPointItem,
} from './ingest-store.ts';
import { inferLaunch, LAUNCH_MS, type LaunchTrack, LONG_TOW_MS } from './launch.ts';
import { parse } from './ogn-parser.ts';
import { covers, isPrivateBeacon, markDays, markFor, markOf, type PrivacyMark } from './privacy.ts';
import { proposalOutputOf, type StoredProposal } from './proposals.ts';
import { livePositionOf } from './track-service.ts';

/**
 * The OGN ingest (issue 6 §4, §5): one batch of raw APRS lines as the bridge publishes them to
 * `ogn/beacons/<bridge>` → parsed fixes of the organizations' aircraft → track points, the
 * take-off and landing detector, flight proposals on the daily sheet, the latest position and its
 * live push. The same function serves the cloud (an IoT topic rule invokes ingest-handler.ts) and
 * the local stack (the aedes publish hook, through a serial queue).
 *
 * At-least-once delivery is the normal case: the bridge resends after a reconnect, two receivers
 * hear the same beacon, batches arrive out of order. Nothing here may count twice:
 * - a track point's key is (device, beacon time): writing it again writes the same item;
 * - the latest position is written only when newer than the stored one;
 * - the detector drops fixes it has settled already (detection.ts); its state is written on the
 *   version read, and the loser of a race re-reads and steps again;
 * - a proposal's id is derived from its event, and every proposal write checks what is there.
 *
 * Units as in the tracking entities: epoch ms, metres MSL, km/h, m/s.
 */

export { emptyStats, type IngestStats } from './ingest-stats.ts';

export interface IngestDeps {
  store: IngestStore;
  publish: Publisher;
  /** Epoch ms. */
  now: () => number;
  /** How long a latest position stays on the live map (LIVE_TTL_SECONDS). */
  liveTtlSeconds: number;
  /** Days track points are kept (TRACK_RETENTION_DAYS). */
  trackRetentionDays: number;
}

const DAY_SECONDS = 86_400;
/** Bad lines quoted in the log per batch; the rest are only counted. */
const BAD_SAMPLES = 3;
/** Devices of one organization worked on at once. */
const DEVICE_CONCURRENCY = 8;
/** Lost detector races in a row before the batch gives up (the next delivery starts afresh). */
const MAX_RACES = 5;
/** A glider and a tow plane taking off this close together are (provisionally) an aerotow. */
const PAIR_MS = 20_000;
/** Fixes before the take-off read with a launch's track, for interpolating a partner (launch.ts). */
const LAUNCH_LEAD_MS = 30_000;
/**
 * A launch is inferred once the device's own fixes reach this far past its take-off (or it
 * lands): LAUNCH_MS of track, and a partner's that took off up to PAIR_MS later and whose last
 * fixes may still be on their way (REORDER_MS) — so the tracks read are the same however the
 * batches arrived.
 */
const LAUNCH_DUE_MS = LAUNCH_MS + PAIR_MS + REORDER_MS;
/** The same for the long reading of a tow that was still on at LAUNCH_MS (unless a landing comes first). */
const LONG_DUE_MS = LONG_TOW_MS + PAIR_MS + REORDER_MS;

const defaultDeps = (): IngestDeps => ({
  store: ingestStore,
  publish,
  now: Date.now,
  liveTtlSeconds: env().LIVE_TTL_SECONDS,
  trackRetentionDays: env().TRACK_RETENTION_DAYS,
});

/** A fix and what the live map shows besides it. */
interface Heard {
  fix: DetectionFix;
  receiver: string | undefined;
  turn_rate: number | undefined;
  /** The beacon carried the no-tracking or stealth bit (privacy.ts). */
  private: boolean;
}

/** What a detector state owes the proposals: applied after the state is saved (see `outbox`). */
type Task =
  | { type: 'takeoff'; event: DetectionEvent }
  | { type: 'landing'; event: DetectionEvent }
  /**
   * Infer the launch of the take-off at `takeoff` (epoch ms) from the stored tracks: its first
   * LAUNCH_MS, or (`long`) up to LONG_TOW_MS for a tow whose release the first reading missed.
   */
  | { type: 'launch'; takeoff: number; long?: true };

// Positions seen lately in this container, so the same beacon from a second receiver (a few
// seconds later, in another receiver's batch) costs nothing. Two generations, swapped every
// RECENT_MS: a key is remembered between one and two periods. Only an optimisation: everything
// below is idempotent without it.
const RECENT_MS = 30_000;
let recentCurrent = new Set<string>();
let recentPrevious = new Set<string>();
let recentSince = 0;

const rememberRecent = (keys: Iterable<string>, now: number) => {
  if (now - recentSince >= RECENT_MS) {
    recentPrevious = now - recentSince >= 2 * RECENT_MS ? new Set() : recentCurrent;
    recentCurrent = new Set();
    recentSince = now;
  }
  for (const key of keys) recentCurrent.add(key);
};

/**
 * Detector records this container wrote or read lately, so a device heard in batch after batch
 * costs no read: a record another container has changed since makes the versioned write fail,
 * and the device is read again (detect). Absent records are remembered too (null).
 */
const DETECTOR_CACHE_MS = 10 * 60_000;
const MAX_DETECTORS = 20_000;
const detectorCache = new Map<string, { record: DetectorRecord | null; expires: number }>();
const detectorKey = (organizationId: string, address: string) => `${organizationId}\u0000${address}`;

const rememberDetector = (key: string, record: DetectorRecord | null, now: number) => {
  detectorCache.delete(key);
  detectorCache.set(key, { record, expires: now + DETECTOR_CACHE_MS });
  if (detectorCache.size > MAX_DETECTORS)
    for (const oldest of detectorCache.keys()) {
      detectorCache.delete(oldest);
      if (detectorCache.size <= MAX_DETECTORS * 0.9) break;
    }
};

/** The devices' detector records: remembered ones, the others in one BatchGetItem. */
async function detectorRecords(deps: IngestDeps, organizationId: string, addresses: string[], now: number) {
  const records = new Map<string, DetectorRecord | null>();
  const missing: string[] = [];
  for (const address of addresses) {
    const cached = detectorCache.get(detectorKey(organizationId, address));
    if (cached && cached.expires > now) records.set(address, cached.record);
    else missing.push(address);
  }
  if (missing.length > 0) {
    const found = await deps.store.detectorStates(organizationId, missing);
    for (const address of missing) records.set(address, found.get(address) ?? null);
  }
  return records;
}

/** Tests change aircraft between ingests and replay batches as a cold container would. */
export const resetIngestCachesForTests = () => {
  resetDeviceCaches();
  detectorCache.clear();
  recentCurrent = new Set();
  recentPrevious = new Set();
  recentSince = 0;
};

/** One batch from `ogn/beacons/<bridge>` (validated by the caller with `beaconBatch`). */
export const ingestBatch = (batch: BeaconBatch, deps: Partial<IngestDeps> = {}) =>
  ingestBatches([batch], deps);

/**
 * Several batches as one: the local queue hands over everything that waited, so a burst costs one
 * round of detector and position writes per device instead of one per batch.
 */
export async function ingestBatches(
  batches: readonly BeaconBatch[],
  overrides: Partial<IngestDeps> = {},
): Promise<IngestStats> {
  const deps = { ...defaultDeps(), ...overrides };
  const now = deps.now();
  const stats = emptyStats();
  const heard = parseBatches(batches, stats);

  const devices = await aircraftOfDevices(deps.store, heard.keys(), now);
  const work = new Map<string, { aircraft: DeviceAircraft; heard: Heard[] }[]>();
  for (const [address, fixes] of heard) {
    const aircraft = devices.get(address) ?? [];
    if (aircraft.length === 0) {
      stats.unknown += fixes.length;
      continue;
    }
    fixes.sort((a, b) => a.fix.timestamp - b.fix.timestamp);
    // One aircraft per organization and device (two carrying the same device is a typo; the
    // first by id wins, always the same one).
    const seen = new Set<string>();
    for (const plane of [...aircraft].sort((a, b) => a.plane_id.localeCompare(b.plane_id))) {
      if (seen.has(plane.organization_id)) continue;
      seen.add(plane.organization_id);
      const list = work.get(plane.organization_id) ?? [];
      list.push({ aircraft: { ...plane }, heard: fixes });
      work.set(plane.organization_id, list);
    }
  }

  await Promise.all(
    [...work].map(([organizationId, devicesOfOrganization]) =>
      ingestForOrganization(deps, organizationId, devicesOfOrganization, stats),
    ),
  );
  const keys: string[] = [];
  for (const fixes of heard.values()) for (const h of fixes) keys.push(keyOf(h.fix));
  rememberRecent(keys, now);
  return stats;
}

const keyOf = (fix: DetectionFix) => `${fix.address}@${fix.timestamp}`;

/** Aircraft fixes by device address, each (device, time) once; bad lines counted and sampled. */
function parseBatches(batches: readonly BeaconBatch[], stats: IngestStats) {
  const heard = new Map<string, Heard[]>();
  const seen = new Set<string>();
  const samples: { reason: string; line: string }[] = [];
  for (const batch of batches) {
    stats.batches++;
    stats.lines += batch.lines.length;
    const reference = new Date(batch.received_at);
    if (Number.isNaN(reference.getTime())) {
      stats.bad += batch.lines.length;
      if (samples.length < BAD_SAMPLES) samples.push({ reason: 'invalid received_at', line: '' });
      continue;
    }
    for (const line of batch.lines) {
      let beacon: Record<string, unknown>;
      try {
        beacon = parse(line, reference);
      } catch (error) {
        // OgnParseError for what the reference parser rejects; anything else thrown on a line
        // is that line's problem too, never the batch's.
        stats.bad++;
        if (samples.length < BAD_SAMPLES)
          samples.push({
            reason: error instanceof Error ? error.message : 'error',
            line: line.slice(0, 200),
          });
        continue;
      }
      const fix = fixOf(beacon);
      if (!fix) continue;
      stats.positions++;
      const key = keyOf(fix);
      if (seen.has(key) || recentCurrent.has(key) || recentPrevious.has(key)) {
        stats.duplicates++;
        continue;
      }
      seen.add(key);
      const list = heard.get(fix.address);
      const entry: Heard = {
        fix,
        receiver: typeof beacon.receiver_name === 'string' ? beacon.receiver_name : undefined,
        turn_rate: typeof beacon.turn_rate === 'number' ? beacon.turn_rate : undefined,
        private: isPrivateBeacon(beacon),
      };
      if (list) list.push(entry);
      else heard.set(fix.address, [entry]);
    }
  }
  if (stats.bad > 0) logger.warn('ogn ingest: bad lines', { bad: stats.bad, lines: stats.lines, samples });
  return heard;
}

/** Runs `task` over `items`, `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function ingestForOrganization(
  deps: IngestDeps,
  organizationId: string,
  devices: { aircraft: DeviceAircraft; heard: Heard[] }[],
  stats: IngestStats,
) {
  const now = deps.now();
  const context = await organizationContext(deps.store, organizationId, now);
  if (!context) return;

  const records = await detectorRecords(
    deps,
    organizationId,
    devices.map((d) => d.heard[0]!.fix.address),
    now,
  );
  // The pilots' privacy bits before anything is written: what a device marked private sent is
  // dropped here, and what was stored of its flight is removed (privacy.ts).
  const tracked: typeof devices = [];
  await eachLimited(devices, DEVICE_CONCURRENCY, async (device) => {
    const address = device.heard[0]!.fix.address;
    const key = detectorKey(organizationId, address);
    let record = records.get(address) ?? null;
    let heard = device.heard;
    if (heard.some((h) => h.private) || markOf(record)) {
      try {
        ({ heard, record } = await withholdPrivate(deps, context, address, heard, record, stats));
      } catch (error) {
        detectorCache.delete(key);
        throw error;
      }
      rememberDetector(key, record, now);
      records.set(address, record);
    }
    if (heard.length > 0) tracked.push({ ...device, heard });
  });
  tracked.sort((a, b) => a.heard[0]!.fix.address.localeCompare(b.heard[0]!.fix.address));

  // Track points first: a launch inference below reads them back.
  const retention = deps.trackRetentionDays * DAY_SECONDS;
  const points: TrackPointItem[] = [];
  for (const { heard } of tracked) {
    for (const { fix } of heard) {
      points.push({
        organization_id: organizationId,
        date: context.dayOf(fix.timestamp),
        address: fix.address,
        timestamp: fix.timestamp,
        latitude: fix.latitude,
        longitude: fix.longitude,
        altitude: fix.altitude,
        ground_speed: fix.ground_speed,
        climb_rate: fix.climb_rate,
        ttl: Math.floor(fix.timestamp / 1000) + retention,
      });
    }
  }
  await deps.store.putTrackPoints(points);
  stats.stored += points.length;

  // The detector of every device; what it owes the proposals is applied one device after the
  // other, take-offs and landings in time order, so a glider and its tug pair the same way
  // however their fixes were split into batches.
  const detected: {
    device: (typeof devices)[number];
    address: string;
    record: DetectorRecord;
    tasks: Task[];
    phase: DetectionState['phase'];
  }[] = [];
  await eachLimited(tracked, DEVICE_CONCURRENCY, async (device) => {
    const address = device.heard[0]!.fix.address;
    const key = detectorKey(organizationId, address);
    try {
      const result = await detect(deps, context, address, device.heard, records.get(address) ?? null);
      rememberDetector(key, result.record, now);
      detected.push({ device, address, ...result });
    } catch (error) {
      detectorCache.delete(key);
      throw error;
    }
  });
  await applyOwed(
    deps,
    context,
    detected.map((d) => ({
      aircraft: d.device.aircraft,
      address: d.address,
      record: d.record,
      tasks: d.tasks,
    })),
    stats,
    now,
  );

  // The latest position of each device, pushed only where it moved forward.
  const liveTtl = Math.floor(now / 1000) + deps.liveTtlSeconds;
  const pushed: LivePositionOutput[] = [];
  await eachLimited(detected, DEVICE_CONCURRENCY, async ({ device, phase }) => {
    const newest = device.heard.at(-1)!;
    const { fix } = newest;
    const item: LivePositionItem = {
      organization_id: organizationId,
      address: fix.address,
      plane_id: device.aircraft.plane_id,
      reg_num: device.aircraft.reg_num,
      plane_category: device.aircraft.plane_category,
      timestamp: fix.timestamp,
      latitude: fix.latitude,
      longitude: fix.longitude,
      altitude: fix.altitude,
      ground_speed: fix.ground_speed,
      climb_rate: fix.climb_rate,
      track: fix.track,
      ...(newest.turn_rate !== undefined && { turn_rate: newest.turn_rate }),
      ...(newest.receiver !== undefined && { receiver: newest.receiver }),
      ...(phase !== null && { phase }),
      ttl: liveTtl,
    };
    if (await deps.store.putLivePosition(item)) pushed.push(livePositionOf(item));
  });
  stats.live += pushed.length;
  if (pushed.length > 0) {
    pushed.sort((a, b) => a.reg_num.localeCompare(b.reg_num));
    await deps.publish(organizationTopic(organizationId, 'live'), { type: 'positions', items: pushed });
  }
}

const taskTime = (task: Task) =>
  task.type === 'launch' ? task.takeoff + (task.long ? LONG_DUE_MS : LAUNCH_DUE_MS) : task.event.timestamp;

/** A device's saved detector record and what it owes the proposals. */
interface Owed {
  aircraft: DeviceAircraft;
  address: string;
  record: DetectorRecord;
  tasks: Task[];
}

/**
 * Applies what the devices of one organization owe the proposals, one device after the other,
 * take-offs and landings in time order (so a glider and its tug pair the same way however their
 * fixes were split into batches), then clears each record's outbox on the version saved.
 */
async function applyOwed(
  deps: IngestDeps,
  context: OrganizationContext,
  devices: readonly Owed[],
  stats: Pick<IngestStats, 'events' | 'proposals'>,
  now: number,
) {
  const owed = devices.filter((d) => d.tasks.length > 0);
  if (owed.length === 0) return;
  const ordered = owed
    .flatMap((d) => d.tasks.map((task, index) => ({ d, task, index })))
    .sort((a, b) => taskTime(a.task) - taskTime(b.task) || a.index - b.index);
  for (const { d, task } of ordered) {
    if (task.type !== 'launch') stats.events++;
    stats.proposals += await applyTask(deps, context, d.aircraft, d.address, task);
  }
  // Owed nothing any more. A lost race means another batch (or the sweep) saved a state carrying
  // the same outbox: it applies the tasks again, which changes nothing.
  for (const d of owed) {
    const { outbox: _, ...rest } = d.record;
    const cleared = { ...rest, version: d.record.version + 1 };
    const key = detectorKey(context.organization_id, d.address);
    if (await deps.store.saveDetectorState(cleared, d.record.version)) rememberDetector(key, cleared, now);
    else detectorCache.delete(key);
  }
}

/**
 * The tasks a device's new events owe, after the take-off whose launch is still open (`pending`,
 * epoch ms): each event, and a launch inference once a later event closes that flight.
 */
/** The take-offs whose launch is still owed: its first reading (`pending`), or a longer one (`release`). */
interface Owing {
  pending: number | undefined;
  release: number | undefined;
}

/**
 * The tasks a device's new events owe, after what was still owed (`owing`, changed in place): each
 * event, and the readings of a flight's launch once a later event closes that flight — the first
 * reading if it had not come yet, and the long one (a tow past LAUNCH_MS) in any case.
 */
function tasksOf(events: readonly DetectionEvent[], tasks: Task[], owing: Owing) {
  const close = (takeoff: number, first: boolean) => {
    if (first) tasks.push({ type: 'launch', takeoff });
    tasks.push({ type: 'launch', takeoff, long: true });
  };
  for (const event of events) {
    tasks.push(event.type === 'takeoff' ? { type: 'takeoff', event } : { type: 'landing', event });
    if (event.type === 'takeoff') {
      // A take-off after a flight whose launch is still owed: that one first.
      if (owing.pending !== undefined) close(owing.pending, true);
      else if (owing.release !== undefined) close(owing.release, false);
      owing.pending = event.timestamp;
      owing.release = undefined;
    } else if (owing.pending !== undefined && event.timestamp > owing.pending) {
      close(owing.pending, true);
      owing.pending = undefined;
    } else if (owing.release !== undefined && event.timestamp > owing.release) {
      close(owing.release, false);
      owing.release = undefined;
    }
  }
}

/** The readings a device's newest fix (or a quiet device's, at `until`) has made due. */
function dueReadings(tasks: Task[], owing: Owing, until: number) {
  if (owing.pending !== undefined && owing.pending + LAUNCH_DUE_MS <= until) {
    tasks.push({ type: 'launch', takeoff: owing.pending });
    owing.release = owing.pending;
    owing.pending = undefined;
  }
  if (owing.release !== undefined && owing.release + LONG_DUE_MS <= until) {
    tasks.push({ type: 'launch', takeoff: owing.release, long: true });
    owing.release = undefined;
  }
}

interface Stored extends Owing {
  state: DetectionState | null;
  outbox: Task[];
}

const storedOf = (record: DetectorRecord | null): Stored => ({
  state: record ? (JSON.parse(record.state) as DetectionState) : null,
  outbox: record?.outbox ? (JSON.parse(record.outbox) as Task[]) : [],
  pending: record?.launch_pending ?? undefined,
  release: record?.release_pending ?? undefined,
});

/** A record's privacy mark, carried over unchanged by every save that is not about it. */
const privacyFields = (record: DetectorRecord | null) =>
  record?.private_day !== undefined
    ? {
        private_from: record.private_from,
        private_day: record.private_day,
        ...(record.private_checked !== undefined && { private_checked: record.private_checked }),
      }
    : {};

const newestOf = (state: DetectionState) =>
  Math.max(state.pending.at(-1)?.timestamp ?? 0, state.recent.at(-1)?.timestamp ?? 0);

/**
 * Steps the device's fixes through its detector and saves the state on the version read, with
 * the events it produced as its outbox; a lost race re-reads and steps again (fixes the winner
 * settled already are dropped by step). Returns the saved record and the tasks it owes.
 */
async function detect(
  deps: IngestDeps,
  context: OrganizationContext,
  address: string,
  heard: readonly Heard[],
  first: DetectorRecord | null,
): Promise<{ record: DetectorRecord; tasks: Task[]; phase: DetectionState['phase'] }> {
  let record = first;
  for (let race = 0; ; race++) {
    const stored = storedOf(record);
    let state = stored.state;
    const tasks = [...stored.outbox];
    const owing: Owing = { pending: stored.pending, release: stored.release };
    for (const { fix } of heard) {
      const result = step(state, fix, context.airfields);
      state = result.state;
      tasksOf(result.events, tasks, owing);
    }
    const current = state!;
    const newest = newestOf(current);
    dueReadings(tasks, owing, newest);
    const json = JSON.stringify(current);
    if (
      record &&
      record.state === json &&
      tasks.length === stored.outbox.length &&
      owing.pending === stored.pending &&
      owing.release === stored.release
    )
      return { record, tasks, phase: current.phase };
    const next: DetectorRecord = {
      organization_id: context.organization_id,
      address,
      state: json,
      ...(owing.pending !== undefined && { launch_pending: owing.pending }),
      ...(owing.release !== undefined && { release_pending: owing.release }),
      ...(tasks.length > 0 && { outbox: JSON.stringify(tasks) }),
      ...privacyFields(record),
      heard_at: deps.now(),
      version: (record?.version ?? 0) + 1,
      ttl: Math.max(
        record?.private_day !== undefined ? record.ttl : 0,
        Math.floor(newest / 1000) + DAY_SECONDS,
      ),
    };
    if (await deps.store.saveDetectorState(next, record?.version ?? null))
      return { record: next, tasks, phase: current.phase };
    if (race + 1 >= MAX_RACES) throw new Error(`detector state of ${address} kept changing`);
    record = await deps.store.detectorState(context.organization_id, address);
  }
}

// ---------------------------------------------------------------------------------------------
// The pilots' privacy bits (privacy.ts)

/** What a privacy mark leaves of a device's record: its outbox and open launch from before the mark. */
const taskSubjectTime = (task: Task) => (task.type === 'launch' ? task.takeoff : task.event.timestamp);

/**
 * A device's fixes with what its privacy mark withholds taken out: the flagged ones, and every fix
 * the mark covers. A flagged fix the mark does not cover yet widens it first — saved on the
 * detector's version with the detector emptied of positions (a batch racing it fails its own save,
 * re-reads and ends up here) — and then what was stored of the flight is removed.
 */
async function withholdPrivate(
  deps: IngestDeps,
  context: OrganizationContext,
  address: string,
  heard: readonly Heard[],
  first: DetectorRecord | null,
  stats: Pick<IngestStats, 'hidden'>,
): Promise<{ heard: Heard[]; record: DetectorRecord | null }> {
  let record = first;
  for (let race = 0; ; race++) {
    const mark = markOf(record);
    const withheld = (h: Heard) => h.private || covers(mark, h.fix.timestamp, context.dayOf(h.fix.timestamp));
    const uncovered = heard.filter(
      (h) => h.private && !covers(mark, h.fix.timestamp, context.dayOf(h.fix.timestamp)),
    );
    if (uncovered.length === 0) {
      const kept = heard.filter((h) => !withheld(h));
      stats.hidden += heard.length - kept.length;
      return { heard: kept, record };
    }
    const earliest = uncovered[0]!.fix.timestamp;
    const latest = uncovered.at(-1)!.fix.timestamp;
    const flaggedDay = context.dayOf(earliest);
    const landings = (
      await Promise.all(
        [flaggedDay, addDays(flaggedDay, -1)].map((d) =>
          deps.store.deviceProposals(context.organization_id, d, address),
        ),
      )
    )
      .flat()
      .map((p) => (p.landing_time ? Date.parse(p.landing_time) : Number.NaN))
      .filter((at) => !Number.isNaN(at));
    const next = markFor(earliest, flaggedDay, context.dayOf(latest), landings, mark);
    const stored = storedOf(record);
    // The detector forgets every position the mark covers: it starts afresh after it. (Fixes of a
    // later day it holds — old beacons replayed late — are not the private flight's.)
    const later = stored.state !== null && context.dayOf(newestOf(stored.state)) > next.day;
    const outbox = later ? stored.outbox : stored.outbox.filter((task) => taskSubjectTime(task) < next.from);
    const before = (at: number | undefined) =>
      at !== undefined && (later || at < next.from) ? at : undefined;
    const launchPending = before(stored.pending);
    const releasePending = before(stored.release);
    const saved: DetectorRecord = {
      organization_id: context.organization_id,
      address,
      state: later && record ? record.state : JSON.stringify(initial(address)),
      ...(launchPending !== undefined && { launch_pending: launchPending }),
      ...(releasePending !== undefined && { release_pending: releasePending }),
      ...(outbox.length > 0 && { outbox: JSON.stringify(outbox) }),
      private_from: next.from,
      private_day: next.day,
      heard_at: deps.now(),
      version: (record?.version ?? 0) + 1,
      ttl: Math.max(record?.ttl ?? 0, Math.floor(latest / 1000) + 2 * DAY_SECONDS),
    };
    if (await deps.store.saveDetectorState(saved, record?.version ?? null)) {
      await eraseFlight(deps, context, address, next);
      record = saved;
      continue;
    }
    if (race + 1 >= MAX_RACES) throw new Error(`detector state of ${address} kept changing`);
    record = await deps.store.detectorState(context.organization_id, address);
  }
}

/**
 * Removes what was stored of a device's flight under a privacy mark: its track points from the
 * mark's start, its latest position, and its proposals (whatever their state: the flight the timer
 * operator may have recorded from one is the club's own record and stays); a partner's link to a
 * removed proposal goes too. The sheet and the live map are told. Safe to repeat.
 */
async function eraseFlight(
  deps: IngestDeps,
  context: OrganizationContext,
  address: string,
  mark: PrivacyMark,
) {
  const organizationId = context.organization_id;
  const days = markDays(mark);
  await Promise.all(
    days.map((date) => deps.store.deleteTrackPoints(organizationId, date, address, mark.from)),
  );
  const live = await deps.store.livePositionAt(organizationId, address);
  if (
    live !== null &&
    covers(mark, live, context.dayOf(live)) &&
    (await deps.store.deleteLivePosition(organizationId, address, live))
  )
    await deps.publish(organizationTopic(organizationId, 'live'), { type: 'removed', addresses: [address] });
  for (const date of days) {
    for (const proposal of await deps.store.deviceProposals(organizationId, date, address)) {
      const at = Date.parse(proposal.takeoff_time ?? proposal.landing_time ?? '');
      if (!(at >= mark.from)) continue;
      await deps.store.deleteProposal(proposal);
      await deps.publish(sheetTopic(organizationId, proposal.date), {
        type: 'proposal.removed',
        proposal_id: proposal.proposal_id,
        date: proposal.date,
      });
      if (proposal.tow_proposal_id)
        await updateProposal(
          deps,
          { organization_id: organizationId, date: proposal.date, proposal_id: proposal.tow_proposal_id },
          (partner) =>
            partner.tow_proposal_id === proposal.proposal_id
              ? { tow_proposal_id: undefined, tow_plane_id: undefined }
              : null,
        );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Quiet devices

/**
 * A device is quiet once nothing has reached its detector for this long, neither a batch (by the
 * ingest's clock: a replay's beacons carry old stamps) nor a fix (by its stamp): no newer fix will
 * release what waits in its reorder buffer.
 */
export const QUIET_MS = REORDER_MS + 20_000;

export interface SweepStats {
  /** Detector records read. */
  devices: number;
  /** Quiet devices settled. */
  swept: number;
  /** Quiet devices a batch changed meanwhile: the ingest has them again. */
  raced: number;
  /** Take-offs and landings detected. */
  events: number;
  /** Proposals created or changed. */
  proposals: number;
}

/**
 * The sweep of one organization (the tracking-sweep job, every minute, at `at` epoch ms): a
 * tracker switched off within REORDER_MS of its last fixes (a landing roll-out, the end of a
 * replay) leaves them waiting for a newer fix that never comes. For every quiet device: its
 * waiting fixes are settled (detection.ts flush), a launch whose track is complete is inferred,
 * and an outbox a failed batch left is applied — the state saved on the version read (a batch
 * that got there first wins; the device is not quiet then) and the tasks applied as the ingest
 * applies them. A second run finds nothing to do.
 */
export async function sweepOrganization(
  organizationId: string,
  at: number,
  overrides: Partial<IngestDeps> = {},
): Promise<SweepStats> {
  const deps = { ...defaultDeps(), ...overrides };
  const now = deps.now();
  const stats: SweepStats = { devices: 0, swept: 0, raced: 0, events: 0, proposals: 0 };
  const records = await deps.store.organizationDetectorStates(organizationId);
  stats.devices = records.length;
  const quietBefore = at - QUIET_MS;
  // A privacy mark's removal runs once more when the device has gone quiet: a batch that was
  // being ingested while the mark was set may have written after the first removal.
  const unchecked = (record: DetectorRecord) =>
    record.private_day !== undefined && record.private_checked !== true;
  const due = records.filter((record) => {
    if ((record.heard_at ?? 0) > quietBefore) return false;
    if (unchecked(record)) return true;
    const stored = storedOf(record);
    if (!stored.state || newestOf(stored.state) > quietBefore) return false;
    return (
      stored.state.pending.length > 0 ||
      stored.outbox.length > 0 ||
      (stored.pending !== undefined && stored.pending + LAUNCH_DUE_MS <= quietBefore) ||
      (stored.release !== undefined && stored.release + LONG_DUE_MS <= quietBefore)
    );
  });
  if (due.length === 0) return stats;
  const context = await organizationContext(deps.store, organizationId, now);
  if (!context) return stats;
  const aircraftOf = await aircraftOfDevices(
    deps.store,
    due.map((r) => r.address),
    now,
  );

  const owed: Owed[] = [];
  await eachLimited(due, DEVICE_CONCURRENCY, async (first) => {
    let record = first;
    const key = detectorKey(organizationId, record.address);
    if (unchecked(record)) {
      const mark = markOf(record)!;
      await eraseFlight(deps, context, record.address, mark);
      const checked: DetectorRecord = { ...record, private_checked: true, version: record.version + 1 };
      if (!(await deps.store.saveDetectorState(checked, record.version))) {
        detectorCache.delete(key);
        stats.raced++;
        return;
      }
      rememberDetector(key, checked, now);
      stats.swept++;
      record = checked;
    }
    // The aircraft the ingest would take (the first by id); none: the device is nobody's here
    // any more, and the ingest ignores it too.
    const aircraft = (aircraftOf.get(record.address) ?? [])
      .filter((a) => a.organization_id === organizationId)
      .sort((a, b) => a.plane_id.localeCompare(b.plane_id))[0];
    if (!aircraft) return;
    const stored = storedOf(record);
    const state = stored.state!;
    const flushed = flush(state, context.airfields);
    const tasks = [...stored.outbox];
    const owing: Owing = { pending: stored.pending, release: stored.release };
    tasksOf(flushed.events, tasks, owing);
    // Quiet since: its own track is complete, and a partner's has had time to arrive.
    dueReadings(tasks, owing, quietBefore);
    if (
      state.pending.length === 0 &&
      tasks.length === 0 &&
      owing.pending === stored.pending &&
      owing.release === stored.release
    )
      return;
    let saved = record;
    if (state.pending.length > 0 || owing.pending !== stored.pending || owing.release !== stored.release) {
      const { outbox: _, launch_pending: __, release_pending: ___, ...rest } = record;
      const next: DetectorRecord = {
        ...rest,
        state: JSON.stringify(flushed.state),
        ...(owing.pending !== undefined && { launch_pending: owing.pending }),
        ...(owing.release !== undefined && { release_pending: owing.release }),
        ...(tasks.length > 0 && { outbox: JSON.stringify(tasks) }),
        version: record.version + 1,
      };
      if (!(await deps.store.saveDetectorState(next, record.version))) {
        detectorCache.delete(key);
        stats.raced++;
        return;
      }
      rememberDetector(key, next, now);
      saved = next;
    }
    if (record === first) stats.swept++;
    owed.push({ aircraft, address: record.address, record: saved, tasks });
  });
  await applyOwed(deps, context, owed, stats, now);
  return stats;
}

// ---------------------------------------------------------------------------------------------
// Proposals

type Role = 'glider' | 'tug' | 'tmg';
const roleOf = (p: { plane_category: string; is_tmg?: boolean }): Role =>
  p.is_tmg ? 'tmg' : p.plane_category === 'plc_01' ? 'tug' : 'glider';

/** Applies one task; returns how many proposals it created or changed. */
async function applyTask(
  deps: IngestDeps,
  context: OrganizationContext,
  aircraft: DeviceAircraft,
  address: string,
  task: Task,
) {
  if (task.type === 'takeoff') return takeoffProposal(deps, context, aircraft, task.event);
  if (task.type === 'landing') return landingProposal(deps, context, aircraft, task.event);
  return launchOfProposal(deps, context, address, task.takeoff, task.long === true);
}

const iso = (timestamp: number) => new Date(timestamp).toISOString();

/** Every proposal change goes to the day's sheet channel (the sheet matches it to its flights). */
const changed = (deps: IngestDeps, item: StoredProposal) =>
  deps.publish(sheetTopic(item.organization_id, item.date), {
    type: 'proposal.changed',
    proposal: proposalOutputOf(item),
  });

type Change = Partial<Record<keyof StoredProposal, unknown>>;

/**
 * Reads the proposal, asks `change` what to set (undefined removes; null: leave it alone), and
 * writes it at the version read, bumping the version (the sheet confirms at the version it
 * shows). Retries a lost race; returns whether it changed anything.
 */
async function updateProposal(
  deps: IngestDeps,
  key: { organization_id: string; date: string; proposal_id: string },
  change: (proposal: StoredProposal) => Change | null,
): Promise<boolean> {
  for (let race = 0; race < MAX_RACES; race++) {
    const proposal = await deps.store.proposal(key);
    if (!proposal) return false;
    const wanted = change(proposal);
    if (!wanted) return false;
    const next: Record<string, unknown> = { ...proposal };
    let differs = false;
    for (const [field, value] of Object.entries(wanted)) {
      if (next[field] === value) continue;
      differs = true;
      if (value === undefined) delete next[field];
      else next[field] = value;
    }
    if (!differs) return false;
    next.version = proposal.version + 1;
    if (await deps.store.replaceProposal(next as StoredProposal, proposal.version)) {
      await changed(deps, next as StoredProposal);
      return true;
    }
  }
  throw new Error(`proposal ${key.proposal_id} kept changing`);
}

const baseOf = (
  organizationId: string,
  date: string,
  proposalId: string,
  aircraft: DeviceAircraft,
  address: string,
) => ({
  organization_id: organizationId,
  date,
  proposal_id: proposalId,
  address,
  plane_id: aircraft.plane_id,
  reg_num: aircraft.reg_num,
  plane_category: aircraft.plane_category,
  is_tmg: aircraft.is_tmg,
  status: 'open' as const,
  outlanding: false,
  launch_inferred: false,
  version: 1,
});

async function createProposal(deps: IngestDeps, item: Omit<StoredProposal, 'created_at' | 'updated_at'>) {
  const at = new Date(deps.now()).toISOString();
  const full = { ...item, created_at: at, updated_at: at } as StoredProposal;
  if (!(await deps.store.createProposal(full))) return false;
  await changed(deps, full);
  return true;
}

/**
 * A take-off: the proposal `<address>-<ms>` of its operating day; a TMG's launch is its own (6),
 * a glider that left with a tow plane (same airfield, within PAIR_MS) is provisionally an aerotow
 * (5) until the tracks say (launchOfProposal).
 */
async function takeoffProposal(
  deps: IngestDeps,
  context: OrganizationContext,
  aircraft: DeviceAircraft,
  event: DetectionEvent,
) {
  const date = context.dayOf(event.timestamp);
  const proposalId = `${event.address}-${event.timestamp}`;
  let count = 0;
  const created = await createProposal(deps, {
    ...baseOf(context.organization_id, date, proposalId, aircraft, event.address),
    takeoff_time: iso(event.timestamp),
    ...(event.airfield !== null && { takeoff_airport: event.airfield }),
    ...(aircraft.is_tmg && { takeoff_type_id: 6 }),
  });
  if (created) count++;
  const role = roleOf(aircraft);
  if (role === 'tmg' || event.airfield === null) return count;

  const day = await deps.store.dayProposals(context.organization_id, date);
  const own = day.find((p) => p.proposal_id === proposalId);
  const unpaired = (p: StoredProposal) => p.status === 'open' && !p.launch_inferred && !p.tow_proposal_id;
  if (!own || !unpaired(own)) return count;
  const partner = day
    .filter(
      (p) =>
        p.proposal_id !== proposalId &&
        unpaired(p) &&
        p.takeoff_airport === event.airfield &&
        p.takeoff_time !== undefined &&
        Math.abs(Date.parse(p.takeoff_time) - event.timestamp) <= PAIR_MS &&
        roleOf(p) === (role === 'glider' ? 'tug' : 'glider'),
    )
    .sort(
      (a, b) =>
        Math.abs(Date.parse(a.takeoff_time!) - event.timestamp) -
          Math.abs(Date.parse(b.takeoff_time!) - event.timestamp) ||
        a.proposal_id.localeCompare(b.proposal_id),
    )[0];
  if (!partner) return count;
  const [glider, tug] = role === 'glider' ? [own, partner] : [partner, own];
  const stillUnpaired = (p: StoredProposal) => (unpaired(p) ? {} : null);
  if (
    await updateProposal(
      deps,
      glider,
      (p) =>
        stillUnpaired(p) && {
          takeoff_type_id: 5,
          tow_role: 'glider',
          tow_proposal_id: tug.proposal_id,
          tow_plane_id: tug.plane_id,
        },
    )
  )
    count++;
  if (
    await updateProposal(
      deps,
      tug,
      (p) => stillUnpaired(p) && { tow_role: 'tug', tow_proposal_id: glider.proposal_id },
    )
  )
    count++;
  return count;
}

/**
 * A landing: onto the device's latest proposal that took off before it and has not landed (the
 * day's or the day before's) — open, or confirmed already (the sheet then offers the landing);
 * without one, a landing-only proposal `<address>-L<ms>`. A dismissed flight's landing is dropped.
 */
async function landingProposal(
  deps: IngestDeps,
  context: OrganizationContext,
  aircraft: DeviceAircraft,
  event: DetectionEvent,
) {
  const date = context.dayOf(event.timestamp);
  const landingTime = iso(event.timestamp);
  const candidates = (
    await Promise.all(
      [date, addDays(date, -1)].map((d) =>
        deps.store.deviceProposals(context.organization_id, d, event.address),
      ),
    )
  ).flat();
  if (candidates.some((p) => p.landing_time === landingTime)) return 0;
  const flying = candidates
    .filter(
      (p) => !p.landing_time && p.takeoff_time !== undefined && Date.parse(p.takeoff_time) < event.timestamp,
    )
    .sort((a, b) => Date.parse(b.takeoff_time!) - Date.parse(a.takeoff_time!))[0];
  const landing = {
    landing_time: landingTime,
    landing_airport: event.airfield ?? undefined,
    outlanding: event.airfield === null,
    landing_uncertain: event.uncertain,
  };
  if (flying) {
    if (flying.status === 'dismissed') return 0;
    const attached = await updateProposal(deps, flying, (p) =>
      p.status !== 'dismissed' && (p.landing_time === undefined || p.landing_time === landingTime)
        ? landing
        : null,
    );
    return attached ? 1 : 0;
  }
  const created = await createProposal(deps, {
    ...baseOf(context.organization_id, date, `${event.address}-L${event.timestamp}`, aircraft, event.address),
    landing_time: landingTime,
    ...(event.airfield !== null && { landing_airport: event.airfield }),
    outlanding: event.airfield === null,
    ...(event.uncertain && { landing_uncertain: true }),
    ...(aircraft.is_tmg && { takeoff_type_id: 6 }),
  });
  return created ? 1 : 0;
}

/** A proposal's launch track: its stored fixes from just before the take-off to `windowMs` after. */
async function launchTrackOf(
  deps: IngestDeps,
  context: OrganizationContext,
  proposal: StoredProposal,
  windowMs: number,
): Promise<LaunchTrack | null> {
  if (!proposal.takeoff_time) return null;
  const takeoff = Date.parse(proposal.takeoff_time);
  const points = await deps.store.trackPoints(
    context.organization_id,
    context.dayOf(takeoff),
    proposal.address,
    takeoff - LAUNCH_LEAD_MS,
    takeoff + windowMs,
  );
  const track: DetectionFix[] = points.map((p) => ({
    address: p.address,
    timestamp: p.timestamp,
    latitude: p.latitude,
    longitude: p.longitude,
    altitude: p.altitude,
    ground_speed: p.ground_speed,
    climb_rate: p.climb_rate,
    track: 0,
  }));
  // The take-off is the detector's middle fix: stored as a track point at that very instant.
  const at = track.find((f) => f.timestamp >= takeoff);
  if (!at) return null;
  const { nearest } = nearestAirfields(context.airfields, at.latitude, at.longitude);
  return {
    address: proposal.address,
    takeoff: {
      type: 'takeoff',
      address: proposal.address,
      timestamp: takeoff,
      latitude: at.latitude,
      longitude: at.longitude,
      altitude: at.altitude,
      ground_speed: at.ground_speed,
      track: 0,
      airfield: proposal.takeoff_airport ?? null,
      elevation: nearest?.altitude ?? null,
    },
    track,
  };
}

/** Another take-off close to a proposal's: the candidate partners of an aerotow. */
interface Nearby {
  proposal: StoredProposal;
  launch: LaunchTrack;
  /** Another organization's aircraft (a tow across clubs): read here, never written or named. */
  foreign: boolean;
}

/**
 * Other organizations' take-offs from the same airfield within PAIR_MS (issue 18 §3): one club's
 * tug towing another club's glider. The ingest reads both clubs' detections to pair them; each
 * club's proposal then says "aerotow" and the release height, and names nothing of the other's.
 */
async function foreignTakeoffs(
  deps: IngestDeps,
  context: OrganizationContext,
  subject: StoredProposal,
  takeoff: number,
  windowMs: number,
): Promise<Nearby[]> {
  if (!subject.takeoff_airport) return [];
  const now = deps.now();
  const found: Nearby[] = [];
  for (const organizationId of await organizationsAt(deps.store, subject.takeoff_airport, now)) {
    if (organizationId === context.organization_id) continue;
    const theirs = await organizationContext(deps.store, organizationId, now);
    if (!theirs) continue;
    const day = await deps.store.dayProposals(organizationId, theirs.dayOf(takeoff));
    for (const proposal of day) {
      if (
        proposal.address === subject.address ||
        proposal.takeoff_airport !== subject.takeoff_airport ||
        proposal.takeoff_time === undefined ||
        Math.abs(Date.parse(proposal.takeoff_time) - takeoff) > PAIR_MS
      )
        continue;
      const launch = await launchTrackOf(deps, theirs, proposal, windowMs);
      if (launch) found.push({ proposal, launch, foreign: true });
    }
  }
  return found;
}

/**
 * The launch of the take-off at `takeoff`, read from the stored tracks of this device and of the
 * day's other take-offs within PAIR_MS (launch.ts) — this organization's and, from the same
 * airfield, other organizations' — and written on this proposal and, for an aerotow within the
 * organization, on the partner's. Only open proposals change. The `long` reading comes at the
 * flight's end (or LONG_TOW_MS on) and only for a tow whose release the first reading missed.
 */
async function launchOfProposal(
  deps: IngestDeps,
  context: OrganizationContext,
  address: string,
  takeoff: number,
  long: boolean,
) {
  const date = context.dayOf(takeoff);
  const proposalId = `${address}-${takeoff}`;
  if (long) {
    const subject = await deps.store.proposal({
      organization_id: context.organization_id,
      date,
      proposal_id: proposalId,
    });
    if (subject?.status !== 'open' || !subject.tow_role || subject.release_height !== undefined) return 0;
  }
  const windowMs = long ? LONG_TOW_MS : LAUNCH_MS;
  const day = await deps.store.dayProposals(context.organization_id, date);
  const subject = day.find((p) => p.proposal_id === proposalId);
  if (subject?.status !== 'open') return 0;
  const own = await launchTrackOf(deps, context, subject, windowMs);
  if (!own) return 0;
  const others: Nearby[] = [];
  for (const proposal of day) {
    if (
      proposal === subject ||
      proposal.takeoff_time === undefined ||
      Math.abs(Date.parse(proposal.takeoff_time) - takeoff) > PAIR_MS
    )
      continue;
    const launch = await launchTrackOf(deps, context, proposal, windowMs);
    if (launch) others.push({ proposal, launch, foreign: false });
  }
  others.push(...(await foreignTakeoffs(deps, context, subject, takeoff, windowMs)));
  const towPlanes = [subject, ...others.map((o) => o.proposal)]
    .filter((p) => roleOf(p) === 'tug')
    .map((p) => p.address);
  const options = { towPlanes, windowMs };
  const result = inferLaunch(
    own,
    others.map((o) => o.launch),
    { ...options, tmg: subject.is_tmg, glider: roleOf(subject) === 'glider' },
  );
  const partnerAddress = result.tow ? (result.role === 'glider' ? result.tow.tug : result.tow.glider) : null;
  const partner = others.find((o) => o.launch.address === partnerAddress);
  // The release as the glider's track has it, whichever of the two is read: both proposals get
  // the same height, however their readings were ordered.
  let releaseHeight = result.tow?.release_height ?? null;
  if (result.role === 'tug' && partner) {
    const fromGlider = inferLaunch(
      partner.launch,
      [own, ...others.filter((o) => o !== partner).map((o) => o.launch)],
      { ...options, glider: true },
    );
    if (fromGlider.role === 'glider' && fromGlider.tow?.tug === address)
      releaseHeight = fromGlider.tow.release_height;
  }
  const release = releaseHeight === null ? undefined : Math.round(releaseHeight);
  const named = partner && !partner.foreign ? partner.proposal : undefined;
  let count = 0;
  if (
    await updateProposal(deps, subject, (p) =>
      p.status === 'open'
        ? {
            takeoff_type_id: result.takeoff_type,
            launch_inferred: true,
            tow_role: result.role ?? undefined,
            tow_proposal_id: named?.proposal_id,
            tow_plane_id: result.role === 'glider' ? named?.plane_id : undefined,
            release_height: release,
            short_launch: result.short ? true : undefined,
          }
        : null,
    )
  )
    count++;
  if (named) {
    const partnerIsGlider = result.role === 'tug';
    if (
      await updateProposal(deps, named, (p) =>
        p.status === 'open'
          ? {
              takeoff_type_id: partnerIsGlider ? 5 : p.is_tmg ? 6 : 1,
              launch_inferred: true,
              tow_role: partnerIsGlider ? 'glider' : 'tug',
              tow_proposal_id: subject.proposal_id,
              tow_plane_id: partnerIsGlider ? subject.plane_id : undefined,
              release_height: release,
              short_launch: undefined,
            }
          : null,
      )
    )
      count++;
  }
  return count;
}
