import { resetDeviceCaches } from './devices.ts';
import type { IngestDeps } from './ingest-deps.ts';
import type { DetectorRecord } from './ingest-store.ts';

/**
 * What the ingest remembers in this container between batches: the beacons it has just heard, and
 * the detector records it has just written or read. Only optimisations: everything the ingest
 * does is idempotent without them.
 */

// Positions seen lately in this container, so the same beacon from a second receiver (a few
// seconds later, in another receiver's batch) costs nothing. Two generations, swapped every
// RECENT_MS: a key is remembered between one and two periods. Only an optimisation: everything
// below is idempotent without it.
const RECENT_MS = 30_000;
let recentCurrent = new Set<string>();
let recentPrevious = new Set<string>();
let recentSince = 0;

export const rememberRecent = (keys: Iterable<string>, now: number) => {
  if (now - recentSince >= RECENT_MS) {
    recentPrevious = now - recentSince >= 2 * RECENT_MS ? new Set() : recentCurrent;
    recentCurrent = new Set();
    recentSince = now;
  }
  for (const key of keys) recentCurrent.add(key);
};

/** Whether this container has seen the beacon in the last RECENT_MS or two. */
export const heardLately = (key: string) => recentCurrent.has(key) || recentPrevious.has(key);

/**
 * Detector records this container wrote or read lately, so a device heard in batch after batch
 * costs no read: a record another container has changed since makes the versioned write fail,
 * and the device is read again (detect). Absent records are remembered too (null).
 */
const DETECTOR_CACHE_MS = 10 * 60_000;
const MAX_DETECTORS = 20_000;
const detectorCache = new Map<string, { record: DetectorRecord | null; expires: number }>();

/** The record changed elsewhere (a lost race, a failed write): read it afresh next time. */
export const forgetDetector = (key: string) => {
  detectorCache.delete(key);
};
export const detectorKey = (organizationId: string, address: string) => `${organizationId}\u0000${address}`;

export const rememberDetector = (key: string, record: DetectorRecord | null, now: number) => {
  detectorCache.delete(key);
  detectorCache.set(key, { record, expires: now + DETECTOR_CACHE_MS });
  if (detectorCache.size > MAX_DETECTORS)
    for (const oldest of detectorCache.keys()) {
      detectorCache.delete(oldest);
      if (detectorCache.size <= MAX_DETECTORS * 0.9) break;
    }
};

/** The devices' detector records: remembered ones, the others in one BatchGetItem. */
export async function detectorRecords(
  deps: IngestDeps,
  organizationId: string,
  addresses: string[],
  now: number,
) {
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
