import type { EntityItem } from 'electrodb';
import { addDays } from '../../contracts/calendar.ts';
import type { FuelKind } from '../../contracts/fuel-stock.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import type { FuelSourceType } from '../../contracts/schemas/fuel.ts';
import { type ActionRecord, type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { fillPage } from '../platform/db/pages.ts';
import { db } from '../platform/db/service.ts';
import { patchAtVersion, saveAtVersion, type TransactionEntities } from '../platform/db/writes.ts';
import type { OutboxItem } from '../platform/events/outbox.ts';
import type { fuelOperation, fuelSource, vehicleTrip } from './fuel-entities.ts';

export type StoredFuelSource = EntityItem<typeof fuelSource>;
export type StoredFuelOperation = EntityItem<typeof fuelOperation>;
export type StoredVehicleTrip = EntityItem<typeof vehicleTrip>;

/** The id prefix of a day's operations: ids are time-ordered by their day (then the moment recorded). */
export const dayKey = (date: string) => timeOrderedId(Date.parse(`${date}T00:00:00Z`), '');

/** The id of an operation or trip of `date` recorded at `now`: newest day first, then newest recorded. */
export const idOfDay = (date: string, now: Date) =>
  timeOrderedId(Date.parse(`${date}T00:00:00Z`) + (now.getTime() % 86_400_000));

/** One operation written: the tank's stock moved on the version read, the charge's event, a trip with it. */
export interface OperationWrite {
  operation: StoredFuelOperation;
  /** The tank whose stock moves: set to `stock` only if still at `version`. */
  tank?: { source_id: string; version: number; stock: number };
  event?: OutboxItem;
  trip?: StoredVehicleTrip;
  /** The vehicle's latest readings (a trip's end), on its version. */
  vehicle?: { source_id: string; version: number; km?: number; engine_hours?: number };
  audit: ActionRecord;
}

/** The operations domain's fuel reads and writes; fuel-service.ts holds the rules. */
export const fuelStore = {
  async sources(organizationId: string): Promise<StoredFuelSource[]> {
    const { data } = await db()
      .entities.fuelSource.query.byOrganization({ organization_id: organizationId })
      .go({ pages: 'all' });
    return data;
  },

  async source(organizationId: string, sourceId: string): Promise<StoredFuelSource | null> {
    const { data } = await db()
      .entities.fuelSource.get({ organization_id: organizationId, source_id: sourceId })
      .go();
    return data;
  },

  async saveSource(actor: Auditor, item: StoredFuelSource, readVersion: number, audit: ActionRecord) {
    await auditedWrite(actor, audit, ({ fuelSource }) => [
      readVersion === 0
        ? saveAtVersion(fuelSource, item, 0)
        : patchAtVersion(
            fuelSource.patch({ organization_id: item.organization_id, source_id: item.source_id }),
            {
              set: {
                name: item.name,
                fuel_type: item.fuel_type,
                capacity: item.capacity,
                active: item.active,
                updated_at: item.updated_at,
                ...(item.price_per_litre !== undefined ? { price_per_litre: item.price_per_litre } : {}),
                ...(item.vehicle_kind !== undefined ? { vehicle_kind: item.vehicle_kind } : {}),
                ...(item.plate !== undefined ? { plate: item.plate } : {}),
              },
              remove: (['price_per_litre', 'vehicle_kind', 'plate'] as const).filter(
                (k) => item[k] === undefined,
              ),
            },
            readVersion,
          ),
    ]);
  },

  /** A page of operations, newest first: all, one source's, or one tank's; a kind and a day range. */
  operations(
    organizationId: string,
    filter: { sourceType?: FuelSourceType; sourceId?: string; kind?: FuelKind; from?: string; to?: string },
    page: { cursor?: string; limit: number },
  ) {
    const { fuelOperation } = db().entities;
    const base =
      filter.sourceType === 'tank' && filter.sourceId
        ? fuelOperation.query.byTank({ organization_id: organizationId, tank_key: filter.sourceId })
        : filter.sourceType && filter.sourceId
          ? fuelOperation.query.bySource({
              organization_id: organizationId,
              source_type: filter.sourceType,
              source_id: filter.sourceId,
            })
          : fuelOperation.query.byOrganization({ organization_id: organizationId });
    const ranged = (base as ReturnType<typeof fuelOperation.query.byOrganization>).between(
      { operation_id: filter.from ? dayKey(filter.from) : '0' },
      { operation_id: filter.to ? dayKey(addDays(filter.to, 1)) : 'zzzzzzzzzz' },
    );
    const kind = filter.kind;
    const source = filter.sourceType && !filter.sourceId ? filter.sourceType : undefined;
    const query =
      kind || source
        ? ranged.where((attr, { eq }) =>
            [kind ? eq(attr.kind, kind) : '', source ? eq(attr.source_type, source) : '']
              .filter(Boolean)
              .join(' AND '),
          )
        : ranged;
    return fillPage((cursor, limit) => query.go({ cursor, limit, order: 'desc' }), page);
  },

  async operation(organizationId: string, operationId: string): Promise<StoredFuelOperation | null> {
    const { data } = await db()
      .entities.fuelOperation.get({ organization_id: organizationId, operation_id: operationId })
      .go();
    return data;
  },

  async trips(organizationId: string, vehicleId: string, page: { cursor?: string; limit: number }) {
    const query = db().entities.vehicleTrip.query.byVehicle({
      organization_id: organizationId,
      vehicle_id: vehicleId,
    });
    return fillPage((cursor, limit) => query.go({ cursor, limit, order: 'desc' }), page);
  },

  /** The operation, its tank's stock, its charge's announcement, its trip: one TransactWrite. */
  async writeOperation(actor: Auditor, write: OperationWrite) {
    const organization_id = write.operation.organization_id;
    const event = write.event;
    await auditedWrite(actor, write.audit, (e: TransactionEntities) => [
      e.fuelOperation.create(write.operation).commit(),
      ...(write.tank
        ? [
            patchAtVersion(
              e.fuelSource.patch({ organization_id, source_id: write.tank.source_id }),
              { set: { stock: write.tank.stock, updated_at: write.operation.created_at } },
              write.tank.version,
            ),
          ]
        : []),
      ...(event ? [e.domainEvent.create(event).commit()] : []),
      ...(write.trip ? [e.vehicleTrip.create(write.trip).commit()] : []),
      ...(write.vehicle
        ? [
            patchAtVersion(
              e.fuelSource.patch({ organization_id, source_id: write.vehicle.source_id }),
              {
                set: {
                  ...(write.vehicle.km !== undefined ? { km: write.vehicle.km } : {}),
                  ...(write.vehicle.engine_hours !== undefined
                    ? { engine_hours: write.vehicle.engine_hours }
                    : {}),
                },
              },
              write.vehicle.version,
            ),
          ]
        : []),
    ]);
  },

  /** A trip without fuel, with the vehicle's latest readings. */
  async writeTrip(
    actor: Auditor,
    trip: StoredVehicleTrip,
    vehicle: OperationWrite['vehicle'],
    audit: ActionRecord,
  ) {
    await auditedWrite(actor, audit, (e: TransactionEntities) => [
      e.vehicleTrip.create(trip).commit(),
      ...(vehicle
        ? [
            patchAtVersion(
              e.fuelSource.patch({ organization_id: trip.organization_id, source_id: vehicle.source_id }),
              {
                set: {
                  ...(vehicle.km !== undefined ? { km: vehicle.km } : {}),
                  ...(vehicle.engine_hours !== undefined ? { engine_hours: vehicle.engine_hours } : {}),
                },
              },
              vehicle.version,
            ),
          ]
        : []),
    ]);
  },
};

export type FuelStore = typeof fuelStore;
