import type { EntityItem } from 'electrodb';
import { db } from '../platform/db/service.ts';
import type { livePosition } from './entities.ts';
import type { PlaneRef, StoredFix } from './track-shape.ts';

export type StoredLivePosition = EntityItem<typeof livePosition>;

/** What a map of one track needs to know of the flight behind it. */
export interface TrackedFlight {
  plane_id: string;
  reg_num: string;
  date: string;
  takeoff_time?: string;
  landing_time?: string;
}

const FIX_ATTRIBUTES = ['address', 'timestamp', 'latitude', 'longitude', 'altitude', 'ground_speed'] as const;

/**
 * The tracking domain's reads for the maps (the ingest writes these items). Every read is one Query
 * or GetItem on the organization's own keys; items past their `ttl` (epoch seconds) are filtered
 * out, since DynamoDB deletes them only some time after.
 */
export const trackStore = {
  /** `org#<id>#live`: one item per device heard lately. */
  async livePositions(organizationId: string, nowSeconds: number): Promise<StoredLivePosition[]> {
    const { data } = await db()
      .entities.livePosition.query.byOrganization({ organization_id: organizationId })
      .where(({ ttl }, { gt }) => gt(ttl, nowSeconds))
      .go({ pages: 'all' });
    return data;
  },

  /**
   * One day's fixes (`org#<id>#track#<date>`), of one device when `address` is given, between two
   * instants (epoch ms, inclusive) when `from`/`to` are given. Every page of the partition is read:
   * the caller thins the result (track-shape.ts).
   */
  async fixes(
    organizationId: string,
    date: string,
    options: { address?: string; from?: number; to?: number; nowSeconds: number },
  ): Promise<StoredFix[]> {
    const key = { organization_id: organizationId, date };
    const index = db().entities.trackPoint.query.byDay;
    const query =
      options.address === undefined
        ? index(key)
        : options.from !== undefined && options.to !== undefined
          ? index({ ...key, address: options.address }).between(
              { timestamp: options.from },
              { timestamp: options.to },
            )
          : index({ ...key, address: options.address });
    const { data } = await query
      .where(({ ttl }, { gt }) => gt(ttl, options.nowSeconds))
      .go({ pages: 'all', attributes: [...FIX_ATTRIBUTES] });
    return data;
  },

  /** The organization's aircraft by their OGN/FLARM device address (`ogn_id`, upper case). */
  async planesByDevice(organizationId: string): Promise<Map<string, PlaneRef>> {
    const { data } = await db()
      .entities.plane.query.byOrganization({ organization_id: organizationId })
      .go({ pages: 'all', attributes: ['plane_id', 'reg_num', 'ogn_id'] });
    const planes = new Map<string, PlaneRef>();
    for (const plane of data)
      if (plane.ogn_id)
        planes.set(plane.ogn_id.toUpperCase(), { plane_id: plane.plane_id, reg_num: plane.reg_num });
    return planes;
  },

  /** The device an aircraft carries, if any. */
  async deviceOf(organizationId: string, planeId: string): Promise<string | null> {
    const { data } = await db()
      .entities.plane.get({ organization_id: organizationId, plane_id: planeId })
      .go({ attributes: ['ogn_id'] });
    return data?.ogn_id ? data.ogn_id.toUpperCase() : null;
  },

  async flight(organizationId: string, flightId: string): Promise<TrackedFlight | null> {
    const { data } = await db()
      .entities.flight.query.byId({ organization_id: organizationId, flight_id: flightId })
      .go({ limit: 1 });
    return data[0] ?? null;
  },

  /** One line of a person's own logbook (a club line carries its organization and flight). */
  async logbookEntry(userId: string, entryId: string) {
    const { data } = await db()
      .entities.logbookEntry.query.byEntry({ user_id: userId, entry_id: entryId })
      .go({ limit: 1 });
    return data[0] ?? null;
  },

  async timezoneOf(organizationId: string): Promise<string | null> {
    const { data } = await db()
      .entities.organization.get({ organization_id: organizationId })
      .go({ attributes: ['timezone'] });
    return data?.timezone ?? null;
  },
};

export type TrackStore = typeof trackStore;
