import type { EntityItem } from 'electrodb';
import type { ProposalOutput } from '../../contracts/schemas/tracking.ts';
import type { flightProposal } from './entities.ts';

export type StoredProposal = EntityItem<typeof flightProposal>;

/**
 * A stored proposal as the API and the sheet channel show it (contracts `proposalOutput`). Absent
 * attributes become null; `matchedFlightId` is the sheet's match (the sheet computes it, the ingest
 * pushes null and the sheet matches on arrival).
 */
export const proposalOutputOf = (
  item: StoredProposal,
  matchedFlightId: string | null = null,
): ProposalOutput => ({
  proposal_id: item.proposal_id,
  date: item.date,
  address: item.address,
  plane_id: item.plane_id,
  reg_num: item.reg_num,
  plane_category: item.plane_category,
  is_tmg: item.is_tmg ?? false,
  status: item.status ?? 'open',
  takeoff_time: item.takeoff_time ?? null,
  landing_time: item.landing_time ?? null,
  takeoff_airport: item.takeoff_airport ?? null,
  landing_airport: item.landing_airport ?? null,
  outlanding: item.outlanding ?? false,
  takeoff_type_id: item.takeoff_type_id ?? null,
  launch_inferred: item.launch_inferred ?? false,
  tow_role: item.tow_role ?? null,
  tow_proposal_id: item.tow_proposal_id ?? null,
  tow_plane_id: item.tow_plane_id ?? null,
  release_height: item.release_height ?? null,
  short_launch: item.short_launch ?? false,
  landing_uncertain: item.landing_uncertain ?? false,
  flight_id: item.flight_id ?? null,
  matched_flight_id: matchedFlightId,
  version: item.version ?? 1,
});
