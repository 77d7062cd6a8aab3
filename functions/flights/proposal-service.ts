import { createHash } from 'node:crypto';
import { matchProposals, proposalPending } from '../../contracts/proposal-matching.ts';
import {
  type FlightOutput,
  flightRuleErrors,
  type UpdateFlightInput,
} from '../../contracts/schemas/flights.ts';
import type {
  ConfirmProposalInput,
  ConfirmProposalOutput,
  ProposalOutput,
} from '../../contracts/schemas/tracking.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { sheetTopic } from '../platform/events/push.ts';
import {
  conflict,
  HttpError,
  missingPermissions,
  notFound,
  validationFailed,
} from '../platform/http/errors.ts';
import { proposalOutputOf, type StoredProposal } from '../tracking/public.ts';
import { createFlight, type FlightDeps, flightOutputOf, takeOff, updateFlight } from './flight-service.ts';
import type { StoredFlight } from './flight-store.ts';

/**
 * Flights the OGN detector proposes on the daily sheet (issue 6 §5): the timer operator confirms
 * one in a tap — into the manual entry it matches (the detected times applied to it) or as a new
 * flight — or dismisses it. Every flight change goes through the flight service (flight-service.ts),
 * so counters, logbook lines and the sheet's live channel follow as for a tap on the sheet.
 */

/** Spec §3 takeoff types. */
const SELF_LAUNCH = 1;
const WINCH = 3;
const AEROTOW = 5;
const TMG = 6;
/** flightFields.tow_altitude's range (metres). */
const MAX_TOW_ALTITUDE = 3000;

const organizationOf = (actor: Actor) => {
  if (!actor.organizationId || !actor.organization) throw missingPermissions();
  return actor.organization;
};

const iso = (value: string | undefined) => (value ? new Date(value).toISOString() : undefined);
const sameInstant = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && Date.parse(a) === Date.parse(b));

/**
 * The new flight's id, derived from the proposal: a create that is sent again, or two operators
 * confirming the same detection at once, meet on one flight item (a second create of the same id
 * fails its condition) — never two flights. Same shape as a browser's client id (base-36 ms + hex).
 */
const proposalFlightId = (organizationId: string, proposal: StoredProposal) => {
  const at = Date.parse(proposal.takeoff_time ?? proposal.landing_time ?? proposal.created_at);
  const hash = createHash('sha256').update(`${organizationId}|${proposal.date}|${proposal.proposal_id}`);
  return `${(Number.isNaN(at) ? 0 : at).toString(36).padStart(9, '0')}${hash.digest('hex').slice(0, 10)}`;
};

/** The sheet's launch when the detector could not tell: powered aircraft launch themselves, gliders by winch. */
const defaultTakeoffType = (proposal: StoredProposal) =>
  proposal.plane_category === 'plc_01' ? (proposal.is_tmg ? TMG : SELF_LAUNCH) : WINCH;

const towAltitudeOf = (proposal: StoredProposal) => {
  if (typeof proposal.release_height !== 'number') return undefined;
  const metres = Math.round(proposal.release_height);
  return metres >= 0 && metres <= MAX_TOW_ALTITUDE ? metres : undefined;
};

/**
 * Where a detection landed, as a flight's landing place: its airfield; none (null) for an outlanding
 * in a field; undefined when the detector saw no landing place (the sheet's day airfield stands).
 */
const landingPlaceOf = (proposal: StoredProposal): string | null | undefined =>
  proposal.landing_airport ?? (proposal.outlanding ? null : undefined);

/** A confirmed proposal whose detected landing its flight still lacks: one more confirm applies it. */
const landingPending = (proposal: StoredProposal, flight: StoredFlight | undefined) =>
  proposal.status === 'confirmed' &&
  Boolean(proposal.landing_time) &&
  flight !== undefined &&
  !flight.landing_time;

interface Day {
  proposals: StoredProposal[];
  flights: StoredFlight[];
  matches: Map<string, string | null>;
}

async function dayOf(deps: FlightDeps, organizationId: string, date: string): Promise<Day> {
  const [proposals, flights] = await Promise.all([
    deps.proposals.proposalsOfDay(organizationId, date),
    deps.store.flightsOfDay(organizationId, date),
  ]);
  return { proposals, flights, matches: matchProposals(proposals, flights) };
}

const byTime = (a: ProposalOutput, b: ProposalOutput) => {
  const x = a.takeoff_time ?? a.landing_time ?? '';
  const y = b.takeoff_time ?? b.landing_time ?? '';
  return x < y ? -1 : x > y ? 1 : a.proposal_id < b.proposal_id ? -1 : 1;
};

/**
 * The proposals the day's sheet shows (getDailySheet), each with its match. Timer operators only:
 * they are the ones who act on them, and where the club's aircraft flew is theirs (spec §6).
 */
export async function sheetProposals(
  deps: FlightDeps,
  actor: Actor,
  date: string,
  flights: readonly StoredFlight[],
): Promise<ProposalOutput[]> {
  const organization = organizationOf(actor);
  if (!actor.permissions.has('daily-flight-edit')) return [];
  const proposals = await deps.proposals.proposalsOfDay(organization.organization_id, date);
  if (proposals.length === 0) return [];
  const matches = matchProposals(proposals, flights);
  const byId = new Map(flights.map((f) => [f.flight_id, f]));
  return proposals
    .filter((p) => proposalPending(p, byId))
    .map((p) => proposalOutputOf(p, matches.get(p.proposal_id) ?? null))
    .sort(byTime);
}

/**
 * The detected times (and what the manual entry left out of the launch) applied to a flight on the
 * sheet with its current version: a waiting flight takes off the way a tap does (recency checked),
 * the rest is one update — a landing moves the counters and writes the logbook lines once.
 */
async function applyTo(
  deps: FlightDeps,
  actor: Actor,
  proposal: StoredProposal,
  flight: StoredFlight,
): Promise<FlightOutput> {
  const takeoff = proposal.takeoff_time && !sameInstant(proposal.takeoff_time, flight.takeoff_time);
  const landing = proposal.landing_time && !sameInstant(proposal.landing_time, flight.landing_time);
  const errors = flightRuleErrors({
    takeoff_time: iso(proposal.takeoff_time) ?? flight.takeoff_time,
    landing_time: iso(proposal.landing_time) ?? flight.landing_time,
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  const changes: Omit<UpdateFlightInput, 'version'> = {};
  if (flight.takeoff_type_id === AEROTOW) {
    if (!flight.tow_plane_id && proposal.tow_plane_id) changes.tow_plane_id = proposal.tow_plane_id;
    const towAltitude = towAltitudeOf(proposal);
    if (flight.tow_altitude === undefined && towAltitude !== undefined) changes.tow_altitude = towAltitude;
  }
  if (takeoff && flight.takeoff_time) changes.takeoff_time = iso(proposal.takeoff_time);
  if (landing) changes.landing_time = iso(proposal.landing_time);
  if (takeoff && !flight.takeoff_airport && proposal.takeoff_airport)
    changes.takeoff_airport = proposal.takeoff_airport;
  // Where it was seen to land wins over the day's airfield the sheet assumed: an outlanding keeps
  // its own place (another airfield, or none known for a field).
  const landedAt = landingPlaceOf(proposal);
  if (landing && landedAt !== undefined && landedAt !== (flight.landing_airport ?? null))
    changes.landing_airport = landedAt;

  let current = flightOutputOf(flight);
  if (takeoff && !flight.takeoff_time)
    current = await takeOff(deps, actor, flight.flight_id, {
      at: iso(proposal.takeoff_time),
      version: flight.version,
    });
  if (Object.keys(changes).length > 0)
    current = await updateFlight(deps, actor, flight.flight_id, { ...changes, version: current.version });
  return current;
}

/**
 * A new flight from an unmatched proposal (source `ogn`), landed at once when the landing is known
 * (a landing needs no crew here: the operator adds the crew afterwards and the logbook lines follow).
 * A detected aerotow takes its tow plane's flight with it: the tug's own flight when its proposal
 * was confirmed or matches a flight on the sheet, a new one (the tug's proposal confirmed into it)
 * when the tug's proposal is open, none when it was dismissed.
 */
async function createFrom(
  deps: FlightDeps,
  actor: Actor,
  proposal: StoredProposal,
  day: Day,
): Promise<{ flight: FlightOutput; tug: StoredProposal | null }> {
  if (!proposal.takeoff_time) throw validationFailed({ takeoff_time: ['field_required'] });
  const errors = flightRuleErrors({
    takeoff_time: proposal.takeoff_time,
    landing_time: proposal.landing_time,
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const organizationId = organizationOf(actor).organization_id;
  const takeoffTypeId = proposal.takeoff_type_id ?? defaultTakeoffType(proposal);
  const aerotow = takeoffTypeId === AEROTOW && Boolean(proposal.tow_plane_id);
  const tug =
    aerotow && proposal.tow_role === 'glider' && proposal.tow_proposal_id
      ? (day.proposals.find((p) => p.proposal_id === proposal.tow_proposal_id) ?? null)
      : null;
  let towFlightId: string | null | undefined;
  if (tug?.status === 'dismissed') towFlightId = null;
  else if (tug?.status === 'confirmed') towFlightId = tug.flight_id ?? null;
  else if (tug) towFlightId = day.matches.get(tug.proposal_id) ?? undefined;

  const flight = await createFlight(
    deps,
    actor,
    {
      plane_id: proposal.plane_id,
      takeoff_type_id: takeoffTypeId,
      date: proposal.date,
      source: 'ogn',
      client_id: proposalFlightId(organizationId, proposal),
      takeoff_time: iso(proposal.takeoff_time),
      landing_time: iso(proposal.landing_time),
      takeoff_airport: proposal.takeoff_airport,
      landing_airport: landingPlaceOf(proposal),
      // A detected aerotow keeps its release height even when the tug is not ours (another club's,
      // on the same field): the tow plane is named only when it is one of our aircraft.
      ...(takeoffTypeId === AEROTOW && { tow_altitude: towAltitudeOf(proposal) }),
      ...(aerotow && { tow_plane_id: proposal.tow_plane_id }),
    },
    { towFlightId },
  );
  return { flight, tug: tug?.status === 'open' && flight.tow_flight_id ? tug : null };
}

/** The proposal confirmed into a flight, at the version read (409 if another operator moved it on). */
async function markConfirmed(
  deps: FlightDeps,
  actor: Actor,
  proposal: StoredProposal,
  flightId: string,
): Promise<StoredProposal> {
  const confirmed: StoredProposal = {
    ...proposal,
    status: 'confirmed',
    flight_id: flightId,
    confirmed_by: actor.userId,
    version: proposal.version + 1,
  };
  await deps.proposals.settle(actor, confirmed, proposal.version, 'flight_proposal.confirm');
  await deps.publish(sheetTopic(proposal.organization_id, proposal.date), {
    type: 'proposal.changed',
    proposal: proposalOutputOf(confirmed, flightId),
  });
  return confirmed;
}

/**
 * The other half of a detected aerotow, settled with the glider's confirmation: the tug's proposal
 * goes into the tow flight (its landing applied). Best effort — the glider's confirmation stands if
 * another operator got there first; the tug's proposal then stays on the sheet.
 */
async function confirmTug(deps: FlightDeps, actor: Actor, tug: StoredProposal, towFlightId: string) {
  try {
    const tow = await deps.store.flight(tug.organization_id, towFlightId);
    if (!tow) return;
    await applyTo(deps, actor, tug, tow);
    await markConfirmed(deps, actor, tug, towFlightId);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
  }
}

/**
 * POST /api/daily-flights/{date}/proposals/{id}/confirm. With `flight_id`: that flight on the
 * sheet (same aircraft, not another proposal's) takes the detected times. Without: a new flight.
 * A confirmed proposal whose landing was detected later is confirmed once more to apply it; any
 * other second confirmation is a 409, and never a second flight.
 */
export async function confirmProposal(
  deps: FlightDeps,
  actor: Actor,
  date: string,
  proposalId: string,
  input: ConfirmProposalInput,
): Promise<ConfirmProposalOutput> {
  const organizationId = organizationOf(actor).organization_id;
  const proposal = await deps.proposals.proposal(organizationId, date, proposalId);
  if (!proposal) throw notFound();
  if (proposal.version !== input.version) throw conflict();
  const day = await dayOf(deps, organizationId, date);
  const flightOf = (id: string) => day.flights.find((f) => f.flight_id === id);

  let flight: FlightOutput;
  let tug: StoredProposal | null = null;
  if (proposal.status === 'confirmed') {
    const linked = proposal.flight_id ? flightOf(proposal.flight_id) : undefined;
    if (!linked || !landingPending(proposal, linked)) throw conflict();
    if (input.flight_id && input.flight_id !== linked.flight_id) throw conflict();
    flight = await applyTo(deps, actor, proposal, linked);
  } else if (proposal.status !== 'open') {
    throw conflict();
  } else if (input.flight_id) {
    const chosen = flightOf(input.flight_id);
    if (!chosen || chosen.plane_id !== proposal.plane_id)
      throw validationFailed({ flight_id: ['invalid_value'] });
    if (day.proposals.some((p) => p.proposal_id !== proposal.proposal_id && p.flight_id === chosen.flight_id))
      throw conflict();
    flight = await applyTo(deps, actor, proposal, chosen);
    // A manual aerotow already has its tow flight: the tug's open proposal matched to it goes with it.
    const partner = day.proposals.find((p) => p.proposal_id === proposal.tow_proposal_id);
    if (
      partner?.status === 'open' &&
      flight.tow_flight_id &&
      day.matches.get(partner.proposal_id) === flight.tow_flight_id
    )
      tug = partner;
  } else {
    ({ flight, tug } = await createFrom(deps, actor, proposal, day));
  }

  const confirmed = await markConfirmed(deps, actor, proposal, flight.flight_id);
  if (tug && flight.tow_flight_id) await confirmTug(deps, actor, tug, flight.tow_flight_id);
  return { proposal: proposalOutputOf(confirmed, flight.flight_id), flight };
}

/** POST /api/daily-flights/{date}/proposals/{id}/dismiss: not a flight of ours (or not worth one). */
export async function dismissProposal(
  deps: FlightDeps,
  actor: Actor,
  date: string,
  proposalId: string,
  version: number,
): Promise<ProposalOutput> {
  const organizationId = organizationOf(actor).organization_id;
  const proposal = await deps.proposals.proposal(organizationId, date, proposalId);
  if (!proposal) throw notFound();
  if (proposal.version !== version || proposal.status !== 'open') throw conflict();
  const dismissed: StoredProposal = { ...proposal, status: 'dismissed', version: proposal.version + 1 };
  await deps.proposals.settle(actor, dismissed, proposal.version, 'flight_proposal.dismiss');
  const output = proposalOutputOf(dismissed, null);
  await deps.publish(sheetTopic(organizationId, date), { type: 'proposal.changed', proposal: output });
  return output;
}
