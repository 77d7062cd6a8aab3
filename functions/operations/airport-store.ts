import type { EntityItem } from 'electrodb';
import { type ActionRecord, type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { fillPage } from '../platform/db/pages.ts';
import { db } from '../platform/db/service.ts';
import { patchAtVersion, writtenIf } from '../platform/db/writes.ts';
import type { airport, airportOperation } from './entities.ts';

export type StoredAirport = EntityItem<typeof airport>;
export type StoredAirportOperation = EntityItem<typeof airportOperation>;

/**
 * The operations domain's airport reads and writes (issue 15 §1–3); airport-service.ts and
 * airport-operation-service.ts hold the rules. Airports are global (`ref#airports`), movements the
 * club's (`org#<id>#airport-operations`).
 */
export const airportStore = {
  /** Every reference airport: one partition `ref#airports`, a few hundred items. */
  async all(): Promise<StoredAirport[]> {
    const { data } = await db().entities.airport.query.byId({}).go({ pages: 'all' });
    return data;
  },

  /** One page of the airports, by id. */
  page(page: { cursor?: string; limit: number }) {
    const query = db().entities.airport.query.byId({});
    return fillPage((cursor, limit) => query.go({ cursor, limit }), page);
  },

  async get(airportId: string): Promise<StoredAirport | null> {
    const { data } = await db().entities.airport.get({ airport_id: airportId }).go();
    return data;
  },

  /** The airports' revision (0 before the first change through the API). */
  async revision(): Promise<number> {
    const { data } = await db().entities.airportRevision.get({}).go();
    return data?.revision ?? 0;
  },

  /** An airport created (readVersion 0) or replaced at the version read, and the revision moved on. */
  async save(actor: Auditor, item: StoredAirport, readVersion: number, audit: ActionRecord) {
    const { airport_id, version: _v, updated_at: _u, ...fields } = item;
    await auditedWrite(actor, audit, ({ airport, airportRevision }) => [
      readVersion === 0
        ? airport.create({ airport_id, ...fields, version: 1 }).commit()
        : patchAtVersion(
            airport.patch({ airport_id }),
            {
              set: fields,
              remove: (['icao', 'iata_faa', 'city', 'runway_length', 'runway_heading'] as const).filter(
                (k) => fields[k] === undefined,
              ),
            },
            readVersion,
          ),
      airportRevision.upsert({}).add({ revision: 1 }).commit(),
    ]);
  },

  /** One day's movements at the club's airfield, by time of recording (a page). */
  operationsOfDay(organizationId: string, date: string, page: { cursor?: string; limit: number }) {
    const query = db().entities.airportOperation.query.byDay({ organization_id: organizationId, date });
    return fillPage((cursor, limit) => query.go({ cursor, limit }), page);
  },

  async operation(organizationId: string, operationId: string): Promise<StoredAirportOperation | null> {
    const { data } = await db()
      .entities.airportOperation.query.byId({ organization_id: organizationId, operation_id: operationId })
      .go({ limit: 1 });
    return data[0] ?? null;
  },

  /**
   * A movement created or changed at the version read. A movement whose day changed moves to the
   * new day's key: the old item is deleted in the same TransactWrite.
   */
  async saveOperation(
    actor: Auditor,
    item: StoredAirportOperation,
    previous: StoredAirportOperation | null,
    audit: ActionRecord,
  ) {
    const {
      organization_id,
      date,
      operation_id,
      version: _v,
      created_at: _c,
      updated_at: _u,
      ...fields
    } = item;
    await auditedWrite(actor, audit, ({ airportOperation }) => {
      if (!previous)
        return [
          airportOperation.create({ organization_id, date, operation_id, ...fields, version: 1 }).commit(),
        ];
      if (previous.date !== date)
        return [
          airportOperation
            .delete({ organization_id, date: previous.date, operation_id })
            .where(({ version }, { eq }) => eq(version, previous.version))
            .commit(),
          airportOperation
            .create({
              organization_id,
              date,
              operation_id,
              ...fields,
              created_at: previous.created_at,
              version: previous.version + 1,
            })
            .commit(),
        ];
      return [
        patchAtVersion(
          airportOperation.patch({ organization_id, date, operation_id }),
          {
            set: fields,
            remove: (
              ['plane_type', 'pilot_id', 'payer_id', 'fee', 'posted_entry_id', 'comment'] as const
            ).filter((k) => fields[k] === undefined),
          },
          previous.version,
        ),
      ];
    });
  },

  /** Records the ledger entry the fee was posted as (once: only where none is recorded). */
  async markPosted(item: StoredAirportOperation, entryId: string) {
    const { organization_id, date, operation_id } = item;
    return writtenIf(() =>
      db()
        .entities.airportOperation.patch({ organization_id, date, operation_id })
        .set({ posted_entry_id: entryId })
        .add({ version: 1 })
        .where(({ posted_entry_id }, { notExists }) => notExists(posted_entry_id))
        .go(),
    );
  },

  async deleteOperation(actor: Auditor, item: StoredAirportOperation, audit: ActionRecord) {
    const { organization_id, date, operation_id } = item;
    await auditedWrite(actor, audit, ({ airportOperation }) => [
      airportOperation
        .delete({ organization_id, date, operation_id })
        .where(
          ({ version, posted_entry_id }, { eq, notExists }) =>
            `${eq(version, item.version)} AND ${notExists(posted_entry_id)}`,
        )
        .commit(),
    ]);
  },
};

export type AirportStore = typeof airportStore;
