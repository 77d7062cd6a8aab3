import * as z from 'zod/mini';
import { FUEL_KINDS } from '../fuel-stock.ts';
import { MAX_MINOR } from '../money.ts';
import {
  entityId,
  isoDate,
  cursor as pageCursor,
  userText,
  version as versionNumber,
  whenFieldsValid,
  whole,
} from '../validation.ts';

/**
 * Fuel operations (spec §2 fuel-operations/{sourcetype?}/{id?}, §3 Fuel operation: fuel_type,
 * fuel_quantity, fuel_start, fuel_end; issue 15 §3). A source is an aircraft (the fleet), a tank or
 * a vehicle (the operations domain's small registry of fuel sources). A dispense takes fuel out of a
 * tank (into an aircraft or vehicle, or from the tank's own page), a refill fills a tank, an
 * adjustment corrects its stock after a dip reading.
 */
export { FUEL_KINDS, type FuelKind } from '../fuel-stock.ts';

export const FUEL_SOURCE_TYPES = ['aircraft', 'tank', 'vehicle'] as const;
export type FuelSourceType = (typeof FUEL_SOURCE_TYPES)[number];

/** What the registry keeps: tanks and vehicles (aircraft are the fleet's). */
export const REGISTRY_TYPES = ['tank', 'vehicle'] as const;
export type RegistryType = (typeof REGISTRY_TYPES)[number];

export const FUEL_TYPES = ['avgas_100ll', 'ul91', 'mogas', 'jet_a1', 'diesel'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

/** The vehicles of the electronic vehicle logbook (spec §1). */
export const VEHICLE_KINDS = ['winch', 'tow_car', 'retrieve_car', 'other'] as const;
export type VehicleKind = (typeof VEHICLE_KINDS)[number];

/** Litres, at most two decimals, below a large tank. */
const litres = z.number().check(
  z.refine((v) => Number.isFinite(v) && Math.round(v * 100) === v * 100, { error: 'invalid_value' }),
  z.minimum(-1_000_000),
  z.maximum(1_000_000),
);
const positiveLitres = litres.check(z.positive());
const meter = z.optional(z.nullable(litres.check(z.nonnegative())));
const nullableString = z.nullable(z.string());

export const saveFuelSourceInput = z.strictObject({
  source_type: z.enum(REGISTRY_TYPES),
  name: userText(60, { min: 1 }),
  fuel_type: z.enum(FUEL_TYPES),
  /** Litres. */
  capacity: positiveLitres,
  /** Tanks: the club's fuel price per litre, minor units of the club's currency; none: not charged. */
  price_per_litre: z.optional(z.nullable(z.number().check(whole, z.nonnegative(), z.maximum(MAX_MINOR)))),
  /** Vehicles: which one it is. */
  vehicle_kind: z.optional(z.nullable(z.enum(VEHICLE_KINDS))),
  /** Vehicles: the number plate or the winch's name plate. */
  plate: z.optional(z.nullable(userText(20))),
  active: z.boolean(),
  /** 0: a new source. */
  version: versionNumber,
});
export type SaveFuelSourceInput = z.infer<typeof saveFuelSourceInput>;

export const fuelSourceOutput = z.object({
  source_id: z.string(),
  source_type: z.enum(REGISTRY_TYPES),
  name: z.string(),
  fuel_type: z.enum(FUEL_TYPES),
  capacity: z.number(),
  /** Tanks: litres in the tank now; vehicles: 0. */
  stock: z.number(),
  price_per_litre: z.nullable(z.number()),
  currency_id: z.string(),
  vehicle_kind: z.nullable(z.enum(VEHICLE_KINDS)),
  plate: nullableString,
  /** Vehicles: the last trip's readings. */
  km: z.nullable(z.number()),
  engine_hours: z.nullable(z.number()),
  active: z.boolean(),
  version: z.number(),
});
export type FuelSourceOutput = z.infer<typeof fuelSourceOutput>;

export const fuelSourceListOutput = z.object({
  items: z.array(fuelSourceOutput),
  /** Aircraft of the fleet one may pick as a source. */
  aircraft: z.array(z.object({ plane_id: z.string(), reg_num: z.string() })),
  /** Whether the caller may add operations and edit the registry. */
  can_edit: z.boolean(),
});

export const listFuelOperationsQuery = z
  .strictObject({
    source_type: z.optional(z.enum(FUEL_SOURCE_TYPES)),
    source_id: z.optional(entityId),
    kind: z.optional(z.enum(FUEL_KINDS)),
    from: z.optional(isoDate),
    to: z.optional(isoDate),
    cursor: z.optional(pageCursor),
    limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  })
  .check(
    z.refine((q) => !q.source_id || Boolean(q.source_type), {
      error: 'field_required',
      path: ['source_type'],
    }),
    z.refine((q) => !q.from || !q.to || q.to >= q.from, {
      error: 'invalid_value',
      path: ['to'],
      when: whenFieldsValid(['from', 'to']),
    }),
  );

export const createFuelOperationInput = z.strictObject({
  source_type: z.enum(FUEL_SOURCE_TYPES),
  source_id: entityId,
  kind: z.enum(FUEL_KINDS),
  /** The tank the fuel comes from (a dispense into an aircraft or vehicle); none: fuelled elsewhere. */
  tank_id: z.optional(z.nullable(entityId)),
  fuel_type: z.enum(FUEL_TYPES),
  /** Litres; an adjustment may be negative. */
  fuel_quantity: litres.check(z.refine((v) => v !== 0, { error: 'invalid_value' })),
  /** The pump's meter before and after. */
  fuel_start: meter,
  fuel_end: meter,
  date: isoDate,
  /** The pilot a dispense is charged to, at the tank's price. */
  user_id: z.optional(z.nullable(entityId)),
  note: z.optional(z.nullable(userText(200))),
});
export type CreateFuelOperationInput = z.infer<typeof createFuelOperationInput>;

export const fuelOperationOutput = z.object({
  operation_id: z.string(),
  source_type: z.enum(FUEL_SOURCE_TYPES),
  source_id: z.string(),
  source_name: z.string(),
  kind: z.enum(FUEL_KINDS),
  tank_id: nullableString,
  tank_name: nullableString,
  fuel_type: z.enum(FUEL_TYPES),
  fuel_quantity: z.number(),
  fuel_start: z.nullable(z.number()),
  fuel_end: z.nullable(z.number()),
  date: z.string(),
  user_id: nullableString,
  user_name: nullableString,
  /** The charge posted to the pilot (minor units), or null. */
  amount: z.nullable(z.number()),
  currency_id: nullableString,
  /** The tank's stock after this operation. */
  stock_after: z.nullable(z.number()),
  note: nullableString,
  created_by: z.string(),
  created_at: z.string(),
});
export type FuelOperationOutput = z.infer<typeof fuelOperationOutput>;

export const fuelOperationListOutput = z.object({
  items: z.array(fuelOperationOutput),
  cursor: z.nullable(z.string()),
});
