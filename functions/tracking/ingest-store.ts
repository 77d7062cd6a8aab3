import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { EntityItem } from 'electrodb';
import { aircraftOfDevice, type DeviceAircraft } from '../aircraft/public.ts';
import { airportsRevision, referenceAirports } from '../operations/public.ts';
import { allOrganizations, organizationsById } from '../organizations/public.ts';
import { dynamo, tableName } from '../platform/db/client.ts';
import { db } from '../platform/db/service.ts';
import { writtenIf } from '../platform/db/writes.ts';
import type { detectorState, livePosition, trackPoint } from './entities.ts';
import { proposalStore } from './proposal-store.ts';

export type TrackPointItem = EntityItem<typeof trackPoint>;
export type LivePositionItem = EntityItem<typeof livePosition>;
export type DetectorRecord = EntityItem<typeof detectorState>;

export type { DeviceAircraft } from '../aircraft/public.ts';

interface OrganizationSettings {
  timezone: string;
  base_airport: string | null;
}

export interface OrganizationBase {
  organization_id: string;
  base_airport: string | null;
}

export interface AirportRow {
  icao: string;
  latitude: number;
  longitude: number;
  altitude: number;
  runway_length: number | null;
}

/** BatchWriteItem/BatchGetItem requests in flight at once. */
const BATCH_CONCURRENCY = 4;
const BATCH_WRITE_ITEMS = 25;
/** Rounds of retrying what DynamoDB left unprocessed (throttling) before giving up on the batch. */
const UNPROCESSED_ROUNDS = 5;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A track point as ElectroDB stores it (the `trackPoint` entity's keys, lower-cased as ElectroDB
 * writes them, and its entity markers), so ElectroDB reads it back as its own; a unit test holds
 * this to ElectroDB's own `put().params()`.
 */
export const trackPointRecord = (item: TrackPointItem) => ({
  ...item,
  ...trackPointKey(item),
  __edb_e__: 'trackPoint',
  __edb_v__: '1',
});

/** A track point's table key (the `trackPoint` entity's byDay index, as ElectroDB writes it). */
const trackPointKey = (item: Pick<TrackPointItem, 'organization_id' | 'date' | 'address' | 'timestamp'>) => ({
  pk: `org#${item.organization_id}#track#${item.date}`.toLowerCase(),
  sk: `${item.address}#${item.timestamp}`.toLowerCase(),
});

/** BatchWriteItem of `requests`, 25 at a time, retrying what DynamoDB leaves unprocessed. */
async function batchWrite(requests: Record<string, unknown>[], what: string) {
  const table = tableName();
  let pending = requests;
  for (let round = 0; pending.length > 0; round++) {
    if (round >= UNPROCESSED_ROUNDS) throw new Error(`${pending.length} ${what} left unprocessed`);
    if (round > 0) await pause(50 * 2 ** round);
    const left: typeof pending = [];
    let next = 0;
    const worker = async () => {
      while (next < pending.length) {
        const chunk = pending.slice(next, next + BATCH_WRITE_ITEMS);
        next += BATCH_WRITE_ITEMS;
        const { UnprocessedItems } = await dynamo().send(
          new BatchWriteCommand({ RequestItems: { [table]: chunk } }),
        );
        left.push(...((UnprocessedItems?.[table] ?? []) as typeof pending));
      }
    };
    await Promise.all(Array.from({ length: BATCH_CONCURRENCY }, worker));
    pending = left;
  }
}

/**
 * The tracking ingest's reads and writes (ElectroDB), with the proposals' (proposal-store.ts). Every
 * write is idempotent: track points are keyed by device and beacon time, a live position only moves
 * forward, detector states and proposals are written on the version read (a lost race is re-read
 * by the caller). Aircraft, organizations and airports are read through their domains.
 */
export const ingestStore = {
  /** Every organization's aircraft that carries the device (aircraft). */
  aircraftOf: (address: string): Promise<DeviceAircraft[]> => aircraftOfDevice(address),

  /** The organization's time zone and base airport (organizations). */
  async organization(organizationId: string): Promise<OrganizationSettings | null> {
    const [data] = await organizationsById([organizationId]);
    return data ? { timezone: data.timezone ?? 'UTC', base_airport: data.base_airport ?? null } : null;
  },

  /** Every organization's base airport (organizations). */
  async organizationBases(): Promise<OrganizationBase[]> {
    const all = await allOrganizations();
    return all.map((o) => ({ organization_id: o.organization_id, base_airport: o.base_airport ?? null }));
  },

  /** The airports' revision (operations'): one GetItem; it moves with every airport change. */
  airportsRevision: () => airportsRevision(),

  /** Every reference airport (operations', a few hundred), for the detector's airfields. */
  async airports(): Promise<AirportRow[]> {
    return (await referenceAirports())
      .filter((a) => typeof a.icao === 'string' && a.icao !== '')
      .map((a) => ({
        icao: a.icao!,
        latitude: a.latitude,
        longitude: a.longitude,
        altitude: a.altitude,
        runway_length: a.runway_length ?? null,
      }));
  },

  /**
   * BatchWriteItem, 25 at a time, BATCH_CONCURRENCY requests at once, retrying what comes back
   * unprocessed. The items are built here rather than by ElectroDB (trackPointRecord): its
   * per-item validation costs more than the write itself at a few thousand fixes a second.
   */
  async putTrackPoints(items: TrackPointItem[]): Promise<void> {
    await batchWrite(
      items.map((item) => ({ PutRequest: { Item: trackPointRecord(item) } })),
      'track points',
    );
  },

  /** Deletes one device's track points of a day from `from` (epoch ms) on; returns how many there were. */
  async deleteTrackPoints(organizationId: string, date: string, address: string, from: number) {
    const { data } = await db()
      .entities.trackPoint.query.byDay({ organization_id: organizationId, date, address })
      .gte({ timestamp: from })
      .go({ pages: 'all', attributes: ['organization_id', 'date', 'address', 'timestamp'] });
    await batchWrite(
      data.map((point) => ({ DeleteRequest: { Key: trackPointKey(point) } })),
      'track point deletions',
    );
    return data.length;
  },

  /** The device's latest position's timestamp (epoch ms), null when there is none. */
  async livePositionAt(organizationId: string, address: string): Promise<number | null> {
    const { data } = await db()
      .entities.livePosition.get({ organization_id: organizationId, address })
      .go({ attributes: ['timestamp'], consistent: true });
    return data?.timestamp ?? null;
  },

  /** Deletes the device's latest position if it is still the one of `timestamp`; false when it moved on. */
  deleteLivePosition(organizationId: string, address: string, timestamp: number): Promise<boolean> {
    return writtenIf(() =>
      db()
        .entities.livePosition.delete({ organization_id: organizationId, address })
        .where((attr, op) => op.eq(attr.timestamp, timestamp))
        .go({ response: 'none' }),
    );
  },

  /** One device's fixes of a day between two instants (inclusive), oldest first. */
  async trackPoints(
    organizationId: string,
    date: string,
    address: string,
    from: number,
    to: number,
  ): Promise<TrackPointItem[]> {
    const { data } = await db()
      .entities.trackPoint.query.byDay({ organization_id: organizationId, date, address })
      .between({ timestamp: from }, { timestamp: to })
      .go({ pages: 'all' });
    return data;
  },

  /** The detector records of some devices of one organization (BatchGetItem). */
  async detectorStates(organizationId: string, addresses: string[]): Promise<Map<string, DetectorRecord>> {
    const found = new Map<string, DetectorRecord>();
    let keys = addresses.map((address) => ({ organization_id: organizationId, address }));
    for (let round = 0; keys.length > 0; round++) {
      if (round >= UNPROCESSED_ROUNDS) throw new Error(`${keys.length} detector states left unread`);
      if (round > 0) await pause(50 * 2 ** round);
      const { data, unprocessed } = await db()
        .entities.detectorState.get(keys)
        .go({ concurrency: BATCH_CONCURRENCY, consistent: true });
      for (const record of data) found.set(record.address, record);
      keys = unprocessed as typeof keys;
    }
    return found;
  },

  /** Every detector record of one organization (a Query: records live a day past their last fix). */
  async organizationDetectorStates(organizationId: string): Promise<DetectorRecord[]> {
    const { data } = await db()
      .entities.detectorState.query.byDevice({ organization_id: organizationId })
      .go({ pages: 'all', consistent: true });
    return data;
  },

  async detectorState(organizationId: string, address: string): Promise<DetectorRecord | null> {
    const { data } = await db()
      .entities.detectorState.get({ organization_id: organizationId, address })
      .go({ consistent: true });
    return data;
  },

  /** Writes the record if it is still at `readVersion` (null: if there is none yet); false if not. */
  saveDetectorState(record: DetectorRecord, readVersion: number | null): Promise<boolean> {
    return writtenIf(() =>
      db()
        .entities.detectorState.put(record)
        .where((attr, op) =>
          readVersion === null ? op.notExists(attr.version) : op.eq(attr.version, readVersion),
        )
        .go({ response: 'none' }),
    );
  },

  /** Puts the position unless the stored one is as new or newer; false when it was not newer. */
  putLivePosition(item: LivePositionItem): Promise<boolean> {
    return writtenIf(() =>
      db()
        .entities.livePosition.put(item)
        .where((attr, op) => `${op.notExists(attr.timestamp)} OR ${op.lt(attr.timestamp, item.timestamp)}`)
        .go({ response: 'none' }),
    );
  },

  ...proposalStore,
};

export type IngestStore = typeof ingestStore;
