import * as z from 'zod/mini';
import {
  entityId,
  isoDate,
  cursor as pageCursor,
  userText,
  version as versionNumber,
  whenFieldsValid,
  whole,
} from '../validation.ts';
import { fuelSourceOutput } from './fuel.ts';

/**
 * Winch and tow operations and the electronic vehicle logbook (spec §1, §3 winch record: operator
 * and trainee; issue 15 §4). A winch log is one winch's day: operator, trainee, launches, cable
 * breaks, weak links, engine hours. Its launches come from the daily sheet's winch launches.
 */

const count = z.number().check(whole, z.nonnegative(), z.maximum(10_000));
/** Engine hours or kilometres as the counter shows them (one decimal for hours). */
const reading = z.number().check(
  z.refine((v) => Number.isFinite(v) && Math.round(v * 100) === v * 100, { error: 'invalid_value' }),
  z.nonnegative(),
  z.maximum(10_000_000),
);
const optionalReading = z.optional(z.nullable(reading));
const nullableString = z.nullable(z.string());
const nullableNumber = z.nullable(z.number());

const endNotBefore = <T extends object>(start: keyof T & string, end: keyof T & string) =>
  z.refine<T>(
    (v) => {
      const a = v[start] as unknown;
      const b = v[end] as unknown;
      return typeof a !== 'number' || typeof b !== 'number' || b >= a;
    },
    { error: 'invalid_value', path: [end], when: whenFieldsValid([start, end]) },
  );

export const saveWinchLogInput = z
  .strictObject({
    operator_id: z.nullable(entityId),
    trainee_id: z.optional(z.nullable(entityId)),
    launches: count,
    cable_breaks: count,
    weak_links: count,
    engine_hours_start: optionalReading,
    engine_hours_end: optionalReading,
    note: z.optional(z.nullable(userText(200))),
    /** 0: the day's log of this winch is new. */
    version: versionNumber,
  })
  .check(endNotBefore('engine_hours_start', 'engine_hours_end'));
export type SaveWinchLogInput = z.infer<typeof saveWinchLogInput>;

export const winchLogOutput = z.object({
  date: z.string(),
  winch_id: z.string(),
  winch_name: z.string(),
  operator_id: nullableString,
  operator_name: nullableString,
  trainee_id: nullableString,
  trainee_name: nullableString,
  launches: z.number(),
  cable_breaks: z.number(),
  weak_links: z.number(),
  engine_hours_start: nullableNumber,
  engine_hours_end: nullableNumber,
  note: nullableString,
  /** 0: not saved yet (filled from the sheet). */
  version: z.number(),
});
export type WinchLogOutput = z.infer<typeof winchLogOutput>;

/** The daily sheet's winch launches of the day, by operator (and trainee). */
export const sheetWinchOutput = z.object({
  launches: z.number(),
  operators: z.array(
    z.object({
      operator_id: nullableString,
      operator_name: nullableString,
      trainee_id: nullableString,
      trainee_name: nullableString,
      launches: z.number(),
    }),
  ),
});

export const winchDayOutput = z.object({
  date: z.string(),
  /** One log per winch of the club: the saved one, or one filled from the sheet. */
  logs: z.array(winchLogOutput),
  sheet: sheetWinchOutput,
});
export type WinchDayOutput = z.infer<typeof winchDayOutput>;

export const listWinchLogsQuery = z
  .strictObject({
    from: z.optional(isoDate),
    to: z.optional(isoDate),
    cursor: z.optional(pageCursor),
    limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  })
  .check(
    z.refine((q) => !q.from || !q.to || q.to >= q.from, {
      error: 'invalid_value',
      path: ['to'],
      when: whenFieldsValid(['from', 'to']),
    }),
  );

export const winchLogListOutput = z.object({
  items: z.array(winchLogOutput),
  cursor: z.nullable(z.string()),
});

// The electronic vehicle logbook ------------------------------------------------------------------

export const createVehicleTripInput = z
  .strictObject({
    date: isoDate,
    driver_id: entityId,
    purpose: userText(120, { min: 1 }),
    km_start: optionalReading,
    km_end: optionalReading,
    engine_hours_start: optionalReading,
    engine_hours_end: optionalReading,
    /** Fuel taken on this trip: a dispense into the vehicle (a fuel operation with sourcetype vehicle). */
    fuel_quantity: z.optional(
      z.nullable(
        z.number().check(
          z.refine((v) => Number.isFinite(v) && Math.round(v * 100) === v * 100, { error: 'invalid_value' }),
          z.positive(),
          z.maximum(10_000),
        ),
      ),
    ),
    /** The tank it came from; none: fuelled elsewhere. */
    tank_id: z.optional(z.nullable(entityId)),
  })
  .check(endNotBefore('km_start', 'km_end'), endNotBefore('engine_hours_start', 'engine_hours_end'));
export type CreateVehicleTripInput = z.infer<typeof createVehicleTripInput>;

export const vehicleTripOutput = z.object({
  trip_id: z.string(),
  vehicle_id: z.string(),
  date: z.string(),
  driver_id: z.string(),
  driver_name: z.string(),
  purpose: z.string(),
  km_start: nullableNumber,
  km_end: nullableNumber,
  engine_hours_start: nullableNumber,
  engine_hours_end: nullableNumber,
  fuel_operation_id: nullableString,
  fuel_quantity: nullableNumber,
  created_at: z.string(),
});
export type VehicleTripOutput = z.infer<typeof vehicleTripOutput>;

export const listVehicleTripsQuery = z.strictObject({
  cursor: z.optional(pageCursor),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
});

export const vehicleTripListOutput = z.object({
  items: z.array(vehicleTripOutput),
  cursor: z.nullable(z.string()),
});

export const vehicleListOutput = z.object({
  vehicles: z.array(fuelSourceOutput),
  tanks: z.array(fuelSourceOutput),
});
