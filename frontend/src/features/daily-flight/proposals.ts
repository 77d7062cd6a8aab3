import { matchProposals, proposalPending } from '../../../../contracts/proposal-matching.ts';
import type { FlightOutput } from '../../../../contracts/schemas/flights.ts';
import type { ProposalOutput } from '../../../../contracts/schemas/tracking.ts';

/**
 * Where the sheet shows each detected flight (issue 6 §5). Matched again in the browser on every
 * change (the same rule as the server's, contracts/proposal-matching.ts): the ingest pushes new
 * proposals unmatched, and a flight put on the sheet or taken off meanwhile changes what matches.
 * Only the server's flights take part — a flight still in the outbox has no id the server knows.
 */
interface SheetProposals {
  /** Open proposals no flight matches: "Add to sheet". */
  unmatched: ProposalOutput[];
  /** The proposal shown on a flight's card ("Detected take-off … — Apply"), by flight id. */
  byFlight: ReadonlyMap<string, ProposalOutput>;
}

const noProposals: SheetProposals = { unmatched: [], byFlight: new Map() };

const timeOf = (p: ProposalOutput) => p.takeoff_time ?? p.landing_time ?? '';

export function proposalsOnSheet(
  proposals: Readonly<Record<string, ProposalOutput>>,
  flights: Readonly<Record<string, FlightOutput>>,
): SheetProposals {
  const all = Object.values(proposals);
  if (all.length === 0) return noProposals;
  const list = Object.values(flights);
  const matches = matchProposals(all, list);
  const byId = new Map(list.map((f) => [f.flight_id, f]));
  const unmatched: ProposalOutput[] = [];
  const byFlight = new Map<string, ProposalOutput>();
  for (const proposal of all) {
    if (!proposalPending(proposal, byId)) continue;
    const flightId = matches.get(proposal.proposal_id);
    if (flightId) byFlight.set(flightId, proposal);
    else if (proposal.status === 'open') unmatched.push(proposal);
  }
  unmatched.sort((a, b) => (timeOf(a) < timeOf(b) ? -1 : timeOf(a) > timeOf(b) ? 1 : 0));
  return { unmatched, byFlight };
}
