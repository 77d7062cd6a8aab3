import type { BeaconBatch, LivePositionOutput } from '../../contracts/schemas/tracking.ts';
import { organizationTopic } from '../platform/events/push.ts';
import { type Heard, keyOf, parseBatches } from './beacon-batches.ts';
import type { DetectionState } from './detection.ts';
import { applyOwed, detect, type Task } from './detector-state.ts';
import { aircraftOfDevices, followAirportChanges, organizationContext } from './devices.ts';
import {
  detectorKey,
  detectorRecords,
  forgetDetector,
  rememberDetector,
  rememberRecent,
} from './ingest-caches.ts';
import { DAY_SECONDS, DEVICE_CONCURRENCY, eachLimited, type IngestDeps, ingestDeps } from './ingest-deps.ts';
import { emptyStats, type IngestStats } from './ingest-stats.ts';
import type { DetectorRecord, DeviceAircraft, LivePositionItem, TrackPointItem } from './ingest-store.ts';
import { markOf } from './privacy.ts';
import { withholdPrivate } from './private-flights.ts';
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
 * The parts: beacon-batches.ts (parsing), detector-state.ts (the detector and what it owes),
 * proposal-writes.ts and launch-reading.ts (proposals), private-flights.ts (privacy), sweep.ts
 * (quiet devices), ingest-caches.ts and devices.ts (per-container caches).
 *
 * Units as in the tracking entities: epoch ms, metres MSL, km/h, m/s.
 */

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
  const deps = ingestDeps(overrides);
  const now = deps.now();
  const stats = emptyStats();
  const heard = parseBatches(batches, stats);
  await followAirportChanges(deps.store, now);

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
        forgetDetector(key);
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
      forgetDetector(key);
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
