import * as z from 'zod/mini';
import { CURRENCIES, MAX_MINOR } from '../money.ts';
import {
  entityId,
  isoDate,
  isoInstant,
  cursor as pageCursor,
  userText,
  version as versionNumber,
  whenFieldsValid,
  whole,
} from '../validation.ts';
import { AIRPORT_CATEGORIES } from './lookups.ts';

/**
 * Airports (spec §3 Airport; issue 15 §1–2), edited by a supervisor for every club: their runways
 * (the tracking domain's take-off and landing detection uses the main one) and a dated landing-fee
 * table. Airport operations: the movements at the club's own airfield, each with its landing fee.
 */

export const RUNWAY_SURFACES = ['grass', 'asphalt', 'concrete', 'gravel', 'dirt', 'water'] as const;
export type RunwaySurface = (typeof RUNWAY_SURFACES)[number];

/** A fee row's flight purpose: training, private, or any flight. */
export const FEE_PURPOSES = ['any', 'training', 'private'] as const;
export type FeePurpose = (typeof FEE_PURPOSES)[number];

/** A movement's purpose (the fee table's purposes). */
export const FLIGHT_PURPOSES = ['training', 'private'] as const;
export type FlightPurpose = (typeof FLIGHT_PURPOSES)[number];

export const MOVEMENTS = ['arrival', 'departure'] as const;
export type Movement = (typeof MOVEMENTS)[number];

/** How a movement's fee is settled: posted to a member's ledger, paid in cash, or nothing is due. */
export const FEE_PAYMENTS = ['ledger', 'cash', 'none'] as const;
export type FeePayment = (typeof FEE_PAYMENTS)[number];

const hhmm = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'time_format' }));
const money = z.number().check(whole, z.nonnegative(), z.maximum(MAX_MINOR));
const kilograms = z.number().check(whole, z.nonnegative(), z.maximum(600_000));

export const runway = z.strictObject({
  /** `12/30`, `07L/25R`. */
  designator: userText(12, { min: 1 }),
  /** True bearing of the lower-numbered end, degrees. */
  heading: z.number().check(whole, z.nonnegative(), z.maximum(359)),
  /** Metres. */
  length: z.number().check(whole, z.minimum(1), z.maximum(6000)),
  width: z.nullable(z.number().check(whole, z.minimum(1), z.maximum(200))),
  surface: z.enum(RUNWAY_SURFACES),
});
export type Runway = z.infer<typeof runway>;

/**
 * A row of the landing-fee table: from `valid_from` on, a movement whose MTOW lies in
 * [mtow_min, mtow_max) (no upper bound when null), of the purpose, between time_from and time_to
 * (local time of the airfield's club; the whole day when both are null) pays `amount`.
 */
export const landingFeeRow = z
  .strictObject({
    valid_from: isoDate,
    mtow_min: kilograms,
    mtow_max: z.nullable(kilograms),
    purpose: z.enum(FEE_PURPOSES),
    time_from: z.nullable(hhmm),
    time_to: z.nullable(hhmm),
    amount: money,
  })
  .check(
    z.refine((r) => r.mtow_max === null || r.mtow_max > r.mtow_min, {
      error: 'invalid_value',
      path: ['mtow_max'],
      when: whenFieldsValid(['mtow_min', 'mtow_max']),
    }),
    z.refine((r) => (r.time_from === null) === (r.time_to === null), {
      error: 'field_required',
      path: ['time_to'],
      when: whenFieldsValid(['time_from', 'time_to']),
    }),
  );
export type LandingFeeRow = z.infer<typeof landingFeeRow>;

const icao = z.string().check(z.regex(/^[A-Z0-9]{4}$/, { error: 'invalid_value' }));
const iata = z.string().check(z.regex(/^[A-Z0-9]{3,4}$/, { error: 'invalid_value' }));

export const airportInput = z.strictObject({
  icao: z.nullable(icao),
  iata_faa: z.nullable(iata),
  name: userText(80, { min: 1 }),
  latitude: z.number().check(z.minimum(-90), z.maximum(90)),
  longitude: z.number().check(z.minimum(-180), z.maximum(180)),
  /** Metres above mean sea level. */
  altitude: z.number().check(whole, z.minimum(-500), z.maximum(9000)),
  airport_category: z.enum(AIRPORT_CATEGORIES),
  show_in_map: z.boolean(),
  country: z.string().check(z.regex(/^[A-Z]{2}$/, { error: 'invalid_value' })),
  city: z.nullable(userText(80)),
  runways: z.array(runway).check(z.maxLength(12)),
  landing_fees: z.array(landingFeeRow).check(z.maxLength(200)),
  fee_currency_id: z.enum(CURRENCIES),
  /** 0 for a new airport. */
  version: versionNumber,
});
export type AirportInput = z.infer<typeof airportInput>;

export const airportOutput = z.object({
  airport_id: z.string(),
  icao: z.nullable(z.string()),
  iata_faa: z.nullable(z.string()),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  altitude: z.number(),
  airport_category: z.enum(AIRPORT_CATEGORIES),
  show_in_map: z.boolean(),
  country: z.string(),
  city: z.nullable(z.string()),
  runways: z.array(runway),
  landing_fees: z.array(landingFeeRow),
  fee_currency_id: z.enum(CURRENCIES),
  version: z.number(),
  updated_at: z.string(),
});
export type AirportOutput = z.infer<typeof airportOutput>;

export const listAirportsQuery = z.strictObject({
  cursor: z.optional(pageCursor),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
});

export const airportListOutput = z.object({
  items: z.array(airportOutput),
  cursor: z.nullable(z.string()),
});

// --- Airport operations -------------------------------------------------------------------------

export const airportOperationInput = z.strictObject({
  movement: z.enum(MOVEMENTS),
  /** The instant of the arrival or departure. */
  time: isoInstant,
  registration: userText(16, { min: 1 }),
  plane_type: z.nullable(userText(40)),
  /** Kilograms. */
  mtow: z.number().check(whole, z.minimum(1), z.maximum(600_000)),
  pilot_name: userText(80, { min: 1 }),
  /** The pilot when a member (their ledger is charged unless a payer is named). */
  pilot_id: z.nullable(entityId),
  /** The member who pays: the aircraft's holder, else the pilot. */
  payer_id: z.nullable(entityId),
  purpose: z.enum(FLIGHT_PURPOSES),
  payment: z.enum(FEE_PAYMENTS),
  comment: z.nullable(userText(500, { multiline: true })),
  /** 0 for a new movement. */
  version: versionNumber,
});
export type AirportOperationInput = z.infer<typeof airportOperationInput>;

export const airportOperationOutput = z.object({
  operation_id: z.string(),
  /** The airfield (the club's base airport, ICAO). */
  airport_icao: z.string(),
  /** The club's calendar day of `time`. */
  date: z.string(),
  movement: z.enum(MOVEMENTS),
  time: z.string(),
  registration: z.string(),
  plane_type: z.nullable(z.string()),
  mtow: z.number(),
  pilot_name: z.string(),
  pilot_id: z.nullable(z.string()),
  payer_id: z.nullable(z.string()),
  payer_name: z.nullable(z.string()),
  purpose: z.enum(FLIGHT_PURPOSES),
  payment: z.enum(FEE_PAYMENTS),
  /** Minor units; null when the fee table has no row for it. */
  fee: z.nullable(z.number()),
  currency_id: z.string(),
  /** The ledger entry the fee was posted as (once), or null. */
  posted_entry_id: z.nullable(z.string()),
  comment: z.nullable(z.string()),
  can_edit: z.boolean(),
  version: z.number(),
  updated_at: z.string(),
});
export type AirportOperationOutput = z.infer<typeof airportOperationOutput>;

export const listAirportOperationsQuery = z.strictObject({
  /** Default: today in the club's time zone. */
  date: z.optional(isoDate),
  cursor: z.optional(pageCursor),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200))),
});

export const airportOperationListOutput = z.object({
  date: z.string(),
  /** The club's base airport; null when the club has none. */
  airport_icao: z.nullable(z.string()),
  items: z.array(airportOperationOutput),
  cursor: z.nullable(z.string()),
});

/** What the fee of a movement would be (the form's preview). */
export const landingFeeQuery = z.strictObject({
  time: isoInstant,
  mtow: z.coerce.number().check(whole, z.minimum(1), z.maximum(600_000)),
  purpose: z.enum(FLIGHT_PURPOSES),
});
export const landingFeeOutput = z.object({ fee: z.nullable(z.number()), currency_id: z.string() });
