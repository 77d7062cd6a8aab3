import type { Heard } from './beacon-batches.ts';
import { type DetectionEvent, type DetectionState, REORDER_MS, step } from './detection.ts';
import type { OrganizationContext } from './devices.ts';
import { detectorKey, forgetDetector, rememberDetector } from './ingest-caches.ts';
import { DAY_SECONDS, type IngestDeps, MAX_RACES } from './ingest-deps.ts';
import type { IngestStats } from './ingest-stats.ts';
import type { DetectorRecord, DeviceAircraft } from './ingest-store.ts';
import { LAUNCH_MS, LONG_TOW_MS, PAIR_MS } from './launch.ts';
import { launchOfProposal } from './launch-reading.ts';
import { landingProposal, takeoffProposal } from './proposal-writes.ts';

/**
 * A device's detector as it is saved (detection.ts steps it): its state, and the outbox of what
 * its events owe the proposals — saved together on the version read, applied afterwards, cleared
 * on the version saved. A lost race re-reads and steps again; a retried batch owes nothing twice.
 */

/**
 * A launch is inferred once the device's own fixes reach this far past its take-off (or it
 * lands): LAUNCH_MS of track, and a partner's that took off up to PAIR_MS later and whose last
 * fixes may still be on their way (REORDER_MS) — so the tracks read are the same however the
 * batches arrived.
 */
export const LAUNCH_DUE_MS = LAUNCH_MS + PAIR_MS + REORDER_MS;
/** The same for the long reading of a tow that was still on at LAUNCH_MS (unless a landing comes first). */
export const LONG_DUE_MS = LONG_TOW_MS + PAIR_MS + REORDER_MS;

/** What a detector state owes the proposals: applied after the state is saved (see `outbox`). */
export type Task =
  | { type: 'takeoff'; event: DetectionEvent }
  | { type: 'landing'; event: DetectionEvent }
  /**
   * Infer the launch of the take-off at `takeoff` (epoch ms) from the stored tracks: its first
   * LAUNCH_MS, or (`long`) up to LONG_TOW_MS for a tow whose release the first reading missed.
   */
  | { type: 'launch'; takeoff: number; long?: true };

const taskTime = (task: Task) =>
  task.type === 'launch' ? task.takeoff + (task.long ? LONG_DUE_MS : LAUNCH_DUE_MS) : task.event.timestamp;

/** A device's saved detector record and what it owes the proposals. */
export interface Owed {
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
export async function applyOwed(
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
    else forgetDetector(key);
  }
}

/**
 * The tasks a device's new events owe, after the take-off whose launch is still open (`pending`,
 * epoch ms): each event, and a launch inference once a later event closes that flight.
 */
/** The take-offs whose launch is still owed: its first reading (`pending`), or a longer one (`release`). */
export interface Owing {
  pending: number | undefined;
  release: number | undefined;
}

/**
 * The tasks a device's new events owe, after what was still owed (`owing`, changed in place): each
 * event, and the readings of a flight's launch once a later event closes that flight — the first
 * reading if it had not come yet, and the long one (a tow past LAUNCH_MS) in any case.
 */
export function tasksOf(events: readonly DetectionEvent[], tasks: Task[], owing: Owing) {
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
export function dueReadings(tasks: Task[], owing: Owing, until: number) {
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

export const storedOf = (record: DetectorRecord | null): Stored => ({
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

export const newestOf = (state: DetectionState) =>
  Math.max(state.pending.at(-1)?.timestamp ?? 0, state.recent.at(-1)?.timestamp ?? 0);

/**
 * Steps the device's fixes through its detector and saves the state on the version read, with
 * the events it produced as its outbox; a lost race re-reads and steps again (fixes the winner
 * settled already are dropped by step). Returns the saved record and the tasks it owes.
 */
export async function detect(
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
