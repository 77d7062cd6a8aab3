import { isFunctional } from '../../contracts/schemas/aircraft.ts';
import { db } from '../platform/db/service.ts';
import type { StoredPlane } from './plane-store.ts';

/**
 * What other domains may read of the aircraft domain (issue 12): an organization's aircraft as a
 * list shows them, with their sharing window (spec §3 can_be_shared, share_start_date,
 * share_end_date) for IPP shares.
 */
export interface PlaneSummary {
  plane_id: string;
  reg_num: string;
  plane_type: string | null;
  model: string | null;
  seats: number | null;
  plane_category: 'plc_01' | 'plc_02';
  is_tmg: boolean;
  functional: boolean;
  can_be_shared: boolean;
  share_start_date: string | null;
  share_end_date: string | null;
}

const summaryOf = (p: StoredPlane): PlaneSummary => ({
  plane_id: p.plane_id,
  reg_num: p.reg_num,
  plane_type: p.plane_type ?? null,
  model: p.model ?? null,
  seats: p.seats ?? null,
  plane_category: p.plane_category,
  is_tmg: p.is_tmg,
  functional: isFunctional(p.status),
  can_be_shared: p.can_be_shared,
  share_start_date: p.share_start_date ?? null,
  share_end_date: p.share_end_date ?? null,
});

/** Every aircraft of an organization, by registration (a club has a few dozen at most). */
export async function planesOf(organizationId: string): Promise<PlaneSummary[]> {
  const { data } = await db()
    .entities.plane.query.byOrganization({ organization_id: organizationId })
    .go({ pages: 'all' });
  return data.map(summaryOf).sort((a, b) => a.reg_num.localeCompare(b.reg_num));
}

export async function planeOf(organizationId: string, planeId: string): Promise<PlaneSummary | null> {
  const { data } = await db().entities.plane.get({ organization_id: organizationId, plane_id: planeId }).go();
  return data ? summaryOf(data) : null;
}

/** Whether the aircraft's own sharing window (the aircraft issue) holds on `day` (yyyy-mm-dd). */
export const sharedOn = (plane: PlaneSummary, day: string) =>
  plane.can_be_shared &&
  (!plane.share_start_date || plane.share_start_date <= day) &&
  (!plane.share_end_date || day <= plane.share_end_date);
