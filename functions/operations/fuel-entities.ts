import { Entity } from 'electrodb';
import { FUEL_KINDS } from '../../contracts/fuel-stock.ts';
import {
  FUEL_SOURCE_TYPES,
  FUEL_TYPES,
  REGISTRY_TYPES,
  VEHICLE_KINDS,
} from '../../contracts/schemas/fuel.ts';
import { versionedRecord } from '../platform/db/attributes.ts';

/**
 * Fuel, winch and vehicles (issue 15 §3, §4) of the operations domain, all club-owned: the registry
 * of tanks and vehicles and their fuel operations in `org#<id>#fuel`, winch logs in
 * `org#<id>#winch`, a vehicle's trips in `org#<id>#vehicle#<vehicle>`. A tank's stock is an
 * attribute of its registry item, moved in the same TransactWrite as the operation, on its version.
 */
const service = 'windsock';

const fuelPk = {
  field: 'pk',
  composite: ['organization_id'],
  template: 'org#${organization_id}#fuel',
} as const;

/** A tank or a vehicle of the club (the fuel sources besides the aircraft). */
export const fuelSource = new Entity({
  model: { entity: 'fuelSource', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    source_id: { type: 'string', required: true },
    source_type: { type: REGISTRY_TYPES, required: true },
    name: { type: 'string', required: true },
    fuel_type: { type: FUEL_TYPES, required: true },
    /** Litres. */
    capacity: { type: 'number', required: true },
    /** Tanks: litres in the tank, moved only with an operation. */
    stock: { type: 'number', required: true, default: 0 },
    /** Tanks: minor units per litre of the club's currency. */
    price_per_litre: { type: 'number' },
    vehicle_kind: { type: VEHICLE_KINDS },
    plate: { type: 'string' },
    /** Vehicles: the latest trip's readings. */
    km: { type: 'number' },
    engine_hours: { type: 'number' },
    active: { type: 'boolean', required: true, default: true },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: fuelPk,
      sk: { field: 'sk', composite: ['source_id'], template: 'source#${source_id}' },
    },
  },
});

/** One fuel operation (spec §3 Fuel operation), under a time-ordered id of its day. */
export const fuelOperation = new Entity({
  model: { entity: 'fuelOperation', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    operation_id: { type: 'string', required: true },
    source_type: { type: FUEL_SOURCE_TYPES, required: true },
    source_id: { type: 'string', required: true },
    kind: { type: FUEL_KINDS, required: true },
    /** The tank whose stock moved; `-` for none (gsi2 needs a value; nobody reads the `-` partition). */
    tank_key: { type: 'string', required: true, default: '-' },
    fuel_type: { type: FUEL_TYPES, required: true },
    fuel_quantity: { type: 'number', required: true },
    fuel_start: { type: 'number' },
    fuel_end: { type: 'number' },
    date: { type: 'string', required: true },
    user_id: { type: 'string' },
    /** The charge announced to finance (minor units), and its currency. */
    amount: { type: 'number' },
    currency_id: { type: 'string' },
    stock_after: { type: 'number' },
    note: { type: 'string' },
    created_by: { type: 'string', required: true },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: fuelPk,
      sk: { field: 'sk', composite: ['operation_id'], template: 'op#${operation_id}' },
    },
    bySource: {
      index: 'gsi1',
      pk: {
        field: 'gsi1pk',
        composite: ['organization_id', 'source_type', 'source_id'],
        template: 'org#${organization_id}#fuel#${source_type}#${source_id}',
      },
      sk: { field: 'gsi1sk', composite: ['operation_id'], template: 'op#${operation_id}' },
    },
    byTank: {
      index: 'gsi2',
      pk: {
        field: 'gsi2pk',
        composite: ['organization_id', 'tank_key'],
        template: 'org#${organization_id}#fuel-tank#${tank_key}',
      },
      sk: { field: 'gsi2sk', composite: ['operation_id'], template: 'op#${operation_id}' },
    },
  },
});

/** One winch's day (spec §3 winch record: operator, trainee; issue 15 §4). */
export const winchLog = new Entity({
  model: { entity: 'winchLog', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    date: { type: 'string', required: true },
    winch_id: { type: 'string', required: true },
    operator_id: { type: 'string' },
    trainee_id: { type: 'string' },
    launches: { type: 'number', required: true, default: 0 },
    cable_breaks: { type: 'number', required: true, default: 0 },
    weak_links: { type: 'number', required: true, default: 0 },
    engine_hours_start: { type: 'number' },
    engine_hours_end: { type: 'number' },
    note: { type: 'string' },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#winch' },
      sk: { field: 'sk', composite: ['date', 'winch_id'], template: 'log#${date}#${winch_id}' },
    },
  },
});

/** A trip of the electronic vehicle logbook (spec §1), under a time-ordered id of its day. */
export const vehicleTrip = new Entity({
  model: { entity: 'vehicleTrip', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    vehicle_id: { type: 'string', required: true },
    trip_id: { type: 'string', required: true },
    date: { type: 'string', required: true },
    driver_id: { type: 'string', required: true },
    purpose: { type: 'string', required: true },
    km_start: { type: 'number' },
    km_end: { type: 'number' },
    engine_hours_start: { type: 'number' },
    engine_hours_end: { type: 'number' },
    fuel_operation_id: { type: 'string' },
    fuel_quantity: { type: 'number' },
    created_by: { type: 'string', required: true },
    ...versionedRecord,
  },
  indexes: {
    byVehicle: {
      pk: {
        field: 'pk',
        composite: ['organization_id', 'vehicle_id'],
        template: 'org#${organization_id}#vehicle#${vehicle_id}',
      },
      sk: { field: 'sk', composite: ['trip_id'], template: 'trip#${trip_id}' },
    },
  },
});
