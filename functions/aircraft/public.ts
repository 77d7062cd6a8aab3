import type { RentType } from '../../contracts/schemas/aircraft-enums.ts';
import { db } from '../platform/db/service.ts';
import { planeStore } from './plane-store.ts';

/**
 * What other domains may ask of the aircraft domain (docs/ARCHITECTURE.md "Domains own their data"):
 * the only file of functions/aircraft/ another domain imports. A landed flight adds to its aircraft
 * through the counters API, inside the flight's own TransactWrite; the rest are reads (finance prices
 * a flight with the rental prices of planePrices()).
 */

export { type CounterDelta, prepareCounterAdvance } from './counters.ts';
export type { StoredPlane } from './plane-store.ts';

/** One aircraft of the organization (a flight's aircraft, a tow plane), or null. */
export const plane = (organizationId: string, planeId: string) => planeStore.plane(organizationId, planeId);

/** The organization's aircraft as lists and the profile show them (one Query, these attributes). */
export async function fleet(organizationId: string) {
  const { data } = await db()
    .entities.plane.query.byOrganization({ organization_id: organizationId })
    .go({
      pages: 'all',
      attributes: [
        'organization_id',
        'plane_id',
        'reg_num',
        'callsign',
        'plane_type',
        'model',
        'plane_category',
        'is_tmg',
        'status',
        'rentable',
        'owner',
        'ogn_id',
      ],
    });
  return data;
}

/** An aircraft carrying an OGN/FLARM device, as the tracking ingest needs it. */
export interface DeviceAircraft {
  organization_id: string;
  plane_id: string;
  reg_num: string;
  plane_category: 'plc_01' | 'plc_02';
  is_tmg: boolean;
}

/** Every organization's aircraft that carries the device (gsi2 `ogn#<address>`). */
export async function aircraftOfDevice(address: string): Promise<DeviceAircraft[]> {
  const { data } = await db()
    .entities.plane.query.byDevice({ ogn_id: address })
    .go({
      pages: 'all',
      attributes: ['organization_id', 'plane_id', 'reg_num', 'plane_category', 'is_tmg', 'ogn_id'],
    });
  // Key matching is case-blind (ElectroDB lower-cases keys); the stored ogn_id decides.
  return data
    .filter((p) => p.ogn_id?.toUpperCase() === address)
    .map((p) => ({
      organization_id: p.organization_id,
      plane_id: p.plane_id,
      reg_num: p.reg_num,
      plane_category: p.plane_category,
      is_tmg: p.is_tmg ?? false,
    }));
}

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
