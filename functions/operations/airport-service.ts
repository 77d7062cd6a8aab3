import { timeOrderedId } from '../../contracts/ids.ts';
import type { AirportInput, AirportOutput, LandingFeeRow, Runway } from '../../contracts/schemas/airports.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { found, validationFailed } from '../platform/http/errors.ts';
import { type AirportStore, airportStore, type StoredAirport } from './airport-store.ts';

/**
 * Airports (issue 15 §1; spec §3 Airport): the reference airports every club draws on, edited by a
 * supervisor with their runways and landing-fee table. Every change moves the airports' revision
 * (airport-store.ts), so the OGN detection uses it at once.
 */

export interface AirportDeps {
  store: AirportStore;
  now: () => Date;
}

export const airportDeps: AirportDeps = { store: airportStore, now: () => new Date() };

const orNull = <T>(value: T | undefined | null): T | null => value ?? null;

export function airportOutputOf(a: StoredAirport): AirportOutput {
  return {
    airport_id: a.airport_id,
    icao: orNull(a.icao),
    iata_faa: orNull(a.iata_faa),
    name: a.name,
    latitude: a.latitude,
    longitude: a.longitude,
    altitude: a.altitude,
    airport_category: a.airport_category,
    show_in_map: a.show_in_map,
    country: a.country,
    city: orNull(a.city),
    runways: (a.runways ?? []).map(
      (r): Runway => ({
        designator: r.designator,
        heading: r.heading,
        length: r.length,
        width: orNull(r.width),
        surface: r.surface,
      }),
    ),
    landing_fees: (a.landing_fees ?? []).map(
      (f): LandingFeeRow => ({
        valid_from: f.valid_from,
        mtow_min: f.mtow_min,
        mtow_max: orNull(f.mtow_max),
        purpose: f.purpose,
        time_from: orNull(f.time_from),
        time_to: orNull(f.time_to),
        amount: f.amount,
      }),
    ),
    fee_currency_id: (a.fee_currency_id ?? 'EUR') as AirportOutput['fee_currency_id'],
    version: a.version,
    updated_at: a.updated_at,
  };
}

/** Without undefined where the input says null (ElectroDB stores absence). */
const defined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], null>;
  };

/** The stored item an input makes; the longest runway is the main one the detection reads. */
export function airportItemOf(airportId: string, input: AirportInput, version: number): StoredAirport {
  const main = [...input.runways].sort((a, b) => b.length - a.length)[0];
  return {
    airport_id: airportId,
    icao: input.icao ?? undefined,
    iata_faa: input.iata_faa ?? undefined,
    name: input.name,
    latitude: input.latitude,
    longitude: input.longitude,
    altitude: input.altitude,
    airport_category: input.airport_category,
    show_in_map: input.show_in_map,
    country: input.country,
    city: input.city || undefined,
    runway_length: main?.length,
    runway_heading: main?.heading,
    runways: input.runways.map((r) => defined(r)),
    landing_fees: input.landing_fees.map((f) => defined(f)),
    fee_currency_id: input.fee_currency_id,
    version,
    updated_at: '',
  } as StoredAirport;
}

export async function listAirports(
  deps: AirportDeps,
  _actor: Actor,
  query: { cursor?: string; limit?: number },
) {
  const page = await deps.store.page({ cursor: query.cursor, limit: query.limit ?? 50 });
  return { items: page.items.map(airportOutputOf), cursor: page.cursor };
}

export async function getAirport(deps: AirportDeps, _actor: Actor, airportId: string) {
  return airportOutputOf(found(await deps.store.get(airportId)));
}

/** Another airport with the same ICAO code: a 422 on icao. */
async function checkUnique(deps: AirportDeps, airportId: string, input: AirportInput) {
  if (!input.icao) return;
  const all = await deps.store.all();
  if (all.some((a) => a.airport_id !== airportId && a.icao?.toUpperCase() === input.icao))
    throw validationFailed({ icao: ['duplicate_value'] });
}

/** A new airport: its id is its ICAO code in lower case (as the seed's), else a time-ordered one. */
export async function createAirport(deps: AirportDeps, actor: Actor, input: AirportInput) {
  const airportId = input.icao ? input.icao.toLowerCase() : `ap-${timeOrderedId(deps.now().getTime())}`;
  await checkUnique(deps, airportId, input);
  if (await deps.store.get(airportId)) throw validationFailed({ icao: ['duplicate_value'] });
  await deps.store.save(actor, airportItemOf(airportId, input, 1), 0, {
    action: 'airport.create',
    target_type: 'airport',
    target_id: airportId,
  });
  return getAirport(deps, actor, airportId);
}

export async function updateAirport(deps: AirportDeps, actor: Actor, airportId: string, input: AirportInput) {
  const stored = found(await deps.store.get(airportId));
  await checkUnique(deps, airportId, input);
  await deps.store.save(actor, airportItemOf(airportId, input, stored.version), input.version, {
    action: 'airport.update',
    target_type: 'airport',
    target_id: airportId,
  });
  return getAirport(deps, actor, airportId);
}
