import type { EntityItem } from 'electrodb';
import { fleet, plane } from '../aircraft/public.ts';
import { flightOf, logbookEntryOf } from '../flights/public.ts';
import { organizationsById } from '../organizations/public.ts';
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
 * out, since DynamoDB deletes them only some time after. Aircraft, flights, logbook lines and the
 * organization's time zone are read through their domains.
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

  /** The organization's aircraft by their OGN/FLARM device address (`ogn_id`, upper case; aircraft). */
  async planesByDevice(organizationId: string): Promise<Map<string, PlaneRef>> {
    const planes = new Map<string, PlaneRef>();
    for (const plane of await fleet(organizationId))
      if (plane.ogn_id)
        planes.set(plane.ogn_id.toUpperCase(), { plane_id: plane.plane_id, reg_num: plane.reg_num });
    return planes;
  },

  /** The device an aircraft carries, if any (aircraft). */
  async deviceOf(organizationId: string, planeId: string): Promise<string | null> {
    const data = await plane(organizationId, planeId);
    return data?.ogn_id ? data.ogn_id.toUpperCase() : null;
  },

  /** The club flight behind a track (flights). */
  flight: (organizationId: string, flightId: string): Promise<TrackedFlight | null> =>
    flightOf(organizationId, flightId),

  /** One line of a person's own logbook; a club line carries its organization and flight (flights). */
  logbookEntry: (userId: string, entryId: string) => logbookEntryOf(userId, entryId),

  /** The organization's time zone (organizations). */
  async timezoneOf(organizationId: string): Promise<string | null> {
    const [organization] = await organizationsById([organizationId]);
    return organization?.timezone ?? null;
  },
};

export type TrackStore = typeof trackStore;
