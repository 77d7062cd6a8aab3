import type { RentType } from '../../contracts/schemas/aircraft-enums.ts';
import { planeStore } from './plane-store.ts';

/**
 * What other domains may read of the aircraft domain (domain ownership: they never touch its
 * entities). Flights add to counters through counters.ts; finance prices with the rental prices here.
 */

/** An aircraft as its charges see it: identity and the rental prices (spec §3 Plane, minor units). */
export interface PlanePrices {
  plane_id: string;
  reg_num: string;
  plane_type: string | null;
  plane_category: 'plc_01' | 'plc_02';
  is_tmg: boolean;
  rent_type: RentType | null;
  rent_price_flight: number | null;
  rent_price_motor: number | null;
  rent_price_landing: number | null;
  rent_price_training: number | null;
  /** percent */
  rent_discount: number | null;
  rent_flat_rate: number | null;
}

type Plane = NonNullable<Awaited<ReturnType<typeof planeStore.plane>>>;
const num = (value: number | undefined) => (typeof value === 'number' ? value : null);

const pricesOf = (plane: Plane): PlanePrices => ({
  plane_id: plane.plane_id,
  reg_num: plane.reg_num,
  plane_type: plane.plane_type ?? null,
  plane_category: plane.plane_category,
  is_tmg: plane.is_tmg,
  rent_type: plane.rent_type ?? null,
  rent_price_flight: num(plane.rent_price_flight),
  rent_price_motor: num(plane.rent_price_motor),
  rent_price_landing: num(plane.rent_price_landing),
  rent_price_training: num(plane.rent_price_training),
  rent_discount: num(plane.rent_discount),
  rent_flat_rate: num(plane.rent_flat_rate),
});

/** One aircraft of the organization, or null. */
export async function planePrices(organizationId: string, planeId: string): Promise<PlanePrices | null> {
  const plane = await planeStore.plane(organizationId, planeId);
  return plane ? pricesOf(plane) : null;
}

/** Every aircraft of the organization (a tariff's conditions name them; the simulator prices with them). */
export async function allPlanePrices(organizationId: string): Promise<PlanePrices[]> {
  return (await planeStore.allPlanes(organizationId)).map(pricesOf);
}
