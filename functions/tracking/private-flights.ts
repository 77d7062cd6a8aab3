import { addDays } from '../../contracts/calendar.ts';
import { organizationTopic, sheetTopic } from '../platform/events/push.ts';
import type { Heard } from './beacon-batches.ts';
import { initial } from './detection.ts';
import { newestOf, storedOf, type Task } from './detector-state.ts';
import type { OrganizationContext } from './devices.ts';
import { DAY_SECONDS, type IngestDeps, MAX_RACES } from './ingest-deps.ts';
import type { IngestStats } from './ingest-stats.ts';
import type { DetectorRecord } from './ingest-store.ts';
import { covers, markDays, markFor, markOf, type PrivacyMark } from './privacy.ts';
import { updateProposal } from './proposal-writes.ts';

/**
 * The pilots' privacy bits (issue 18, privacy.ts) as the ingest keeps them: what a device marked
 * private sends is withheld, and what was stored of its flight is erased.
 */

/** What a privacy mark leaves of a device's record: its outbox and open launch from before the mark. */
const taskSubjectTime = (task: Task) => (task.type === 'launch' ? task.takeoff : task.event.timestamp);

/**
 * A device's fixes with what its privacy mark withholds taken out: the flagged ones, and every fix
 * the mark covers. A flagged fix the mark does not cover yet widens it first — saved on the
 * detector's version with the detector emptied of positions (a batch racing it fails its own save,
 * re-reads and ends up here) — and then what was stored of the flight is removed.
 */
export async function withholdPrivate(
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
export async function eraseFlight(
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
