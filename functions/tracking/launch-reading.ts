import type { DetectionFix } from './detection.ts';
import { nearestAirfields } from './detection.ts';
import { type OrganizationContext, organizationContext, organizationsAt } from './devices.ts';
import type { IngestDeps } from './ingest-deps.ts';
import { inferLaunch, LAUNCH_MS, type LaunchTrack, LONG_TOW_MS, PAIR_MS } from './launch.ts';
import { roleOf, updateProposal } from './proposal-writes.ts';
import type { StoredProposal } from './proposals.ts';

/**
 * A take-off's launch read from the stored tracks (launch.ts infers it): winch, aerotow with the
 * release height, or self launch — written on the proposal and on its aerotow partner's.
 */

/** Fixes before the take-off read with a launch's track, for interpolating a partner (launch.ts). */
const LAUNCH_LEAD_MS = 30_000;

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
export async function launchOfProposal(
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
