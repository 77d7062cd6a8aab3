import { db } from '../platform/db/service.ts';
import { planeStore } from './plane-store.ts';

/**
 * What other domains may ask of the aircraft domain (docs/ARCHITECTURE.md "Domains own their data"):
 * the only file of functions/aircraft/ another domain imports. A landed flight adds to its aircraft
 * through the counters API, inside the flight's own TransactWrite; the rest are reads.
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
