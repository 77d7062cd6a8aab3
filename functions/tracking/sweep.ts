import { flush, REORDER_MS } from './detection.ts';
import {
  applyOwed,
  dueReadings,
  LAUNCH_DUE_MS,
  LONG_DUE_MS,
  newestOf,
  type Owed,
  type Owing,
  storedOf,
  tasksOf,
} from './detector-state.ts';
import { aircraftOfDevices, organizationContext } from './devices.ts';
import { detectorKey, forgetDetector, rememberDetector } from './ingest-caches.ts';
import { DEVICE_CONCURRENCY, eachLimited, type IngestDeps, ingestDeps } from './ingest-deps.ts';
import type { DetectorRecord } from './ingest-store.ts';
import { markOf } from './privacy.ts';
import { eraseFlight } from './private-flights.ts';

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
  const deps = ingestDeps(overrides);
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
        forgetDetector(key);
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
        forgetDetector(key);
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
