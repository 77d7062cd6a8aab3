import { addDays } from '../../contracts/calendar.ts';
import { sheetTopic } from '../platform/events/push.ts';
import type { DetectionEvent } from './detection.ts';
import type { OrganizationContext } from './devices.ts';
import { type IngestDeps, MAX_RACES } from './ingest-deps.ts';
import type { DeviceAircraft } from './ingest-store.ts';
import { PAIR_MS } from './launch.ts';
import { proposalOutputOf, type StoredProposal } from './proposals.ts';

/**
 * The proposals the detector's events make (issue 6 §5): a take-off's, a landing attached to its
 * flight or a landing of its own, every write on the version read and pushed to the day's sheet.
 * Launches are read from the tracks in launch-reading.ts.
 */

export type Role = 'glider' | 'tug' | 'tmg';
export const roleOf = (p: { plane_category: string; is_tmg?: boolean }): Role =>
  p.is_tmg ? 'tmg' : p.plane_category === 'plc_01' ? 'tug' : 'glider';

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
export async function updateProposal(
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
export async function takeoffProposal(
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
export async function landingProposal(
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
