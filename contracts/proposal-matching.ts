import type { FlightStatus } from './schemas/flight-enums.ts';
import type { ProposalStatus } from './schemas/tracking.ts';

/**
 * Which flight on the daily sheet a detected flight (issue 6 §5) is: the manual entry the timer
 * operator confirms it into with one tap. Pure and shared: the server computes `matched_flight_id`
 * for the sheet it returns, and the browser recomputes it whenever a flight or a proposal changes
 * live (an operator puts HA-4012 on the sheet after its take-off was detected: the detection moves
 * onto that card instead of inviting a second flight).
 */

/** A manual entry whose take-off the operator tapped within this of the detected one is that flight. */
const MATCH_WINDOW_MS = 10 * 60_000;

export interface MatchableProposal {
  proposal_id: string;
  plane_id: string;
  status: ProposalStatus;
  takeoff_time?: string | null;
  landing_time?: string | null;
  /** The flight it was confirmed into. */
  flight_id?: string | null;
}

export interface MatchableFlight {
  flight_id: string;
  plane_id: string;
  status: FlightStatus;
  takeoff_time?: string | null;
  landing_time?: string | null;
  created_at: string;
}

/**
 * Kinds of candidate, best first: a flight whose take-off is close to the detected one; a landing
 * whose aircraft is in the air; a flight still waiting at the launch point (the operator put it on
 * but did not tap Take off — it is the detected one unless a timed entry is).
 */
const TIMED = 0;
const AIRBORNE = 1;
const WAITING = 2;

interface Candidate {
  proposal: string;
  flight: string;
  rank: number;
  distance: number;
}

const at = (value: string | null | undefined) => (value ? Date.parse(value) : Number.NaN);

/**
 * `proposal_id → flight_id | null` for every proposal given. A confirmed proposal keeps the flight
 * it was confirmed into (while that flight is on the sheet); an open one gets a flight of the same
 * aircraft that no other proposal holds: taken off within ±10 min of the detected take-off, or
 * waiting; for a landing whose take-off went unseen, one of that aircraft's airborne flights. Each
 * flight goes to one proposal at most, nearest in time first; a dismissed proposal matches nothing.
 */
export function matchProposals(
  proposals: readonly MatchableProposal[],
  flights: readonly MatchableFlight[],
): Map<string, string | null> {
  const onSheet = new Set(flights.map((f) => f.flight_id));
  const taken = new Set<string>();
  const matches = new Map<string, string | null>();
  for (const p of proposals) {
    const linked = p.status !== 'open' && p.flight_id && onSheet.has(p.flight_id) ? p.flight_id : null;
    matches.set(p.proposal_id, p.status === 'confirmed' ? linked : null);
    if (p.flight_id) taken.add(p.flight_id);
  }

  const candidates: Candidate[] = [];
  for (const p of proposals) {
    if (p.status !== 'open') continue;
    const takeoff = at(p.takeoff_time);
    const landing = at(p.landing_time);
    for (const f of flights) {
      if (f.plane_id !== p.plane_id || taken.has(f.flight_id)) continue;
      const flightTakeoff = at(f.takeoff_time);
      const pair = { proposal: p.proposal_id, flight: f.flight_id };
      if (!Number.isNaN(takeoff)) {
        if (!Number.isNaN(flightTakeoff)) {
          const distance = Math.abs(flightTakeoff - takeoff);
          if (distance <= MATCH_WINDOW_MS) candidates.push({ ...pair, rank: TIMED, distance });
        } else if (f.status === 'planned') {
          candidates.push({ ...pair, rank: WAITING, distance: Math.abs(at(f.created_at) - takeoff) || 0 });
        }
      } else if (!Number.isNaN(landing) && f.status === 'airborne' && flightTakeoff <= landing) {
        candidates.push({ ...pair, rank: AIRBORNE, distance: landing - flightTakeoff });
      }
    }
  }
  candidates.sort(
    (a, b) =>
      a.rank - b.rank ||
      a.distance - b.distance ||
      (a.proposal < b.proposal ? -1 : a.proposal > b.proposal ? 1 : 0) ||
      (a.flight < b.flight ? -1 : a.flight > b.flight ? 1 : 0),
  );
  for (const c of candidates) {
    if (matches.get(c.proposal) || taken.has(c.flight)) continue;
    matches.set(c.proposal, c.flight);
    taken.add(c.flight);
  }
  return matches;
}

/**
 * What the sheet shows of a proposal: an open one, or a confirmed one whose detected landing its
 * flight does not have yet (the operator applies it with one tap). Confirmed and done, dismissed,
 * or confirmed into a flight no longer on the sheet: nothing to do.
 */
export function proposalPending(
  proposal: MatchableProposal,
  flightsById: ReadonlyMap<string, Pick<MatchableFlight, 'landing_time'>>,
): boolean {
  if (proposal.status === 'open') return true;
  if (proposal.status !== 'confirmed' || !proposal.landing_time || !proposal.flight_id) return false;
  const flight = flightsById.get(proposal.flight_id);
  return flight !== undefined && !flight.landing_time;
}
