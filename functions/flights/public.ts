import { sumTotals } from '../../contracts/logbook-totals.ts';
import type { LogbookTotals } from '../../contracts/schemas/logbook.ts';
import { db } from '../platform/db/service.ts';
import { countersOf } from './completion.ts';
import { flightStore, type StoredFlight } from './flight-store.ts';
import { logbookStore } from './logbook-store.ts';

/**
 * What other domains may ask of the flights domain (docs/ARCHITECTURE.md "Domains own their data"):
 * the only file of functions/flights/ another domain imports — the profile's statistics (identity)
 * and the flight or logbook line behind a track (tracking); finance prices landed flights from
 * chargeableFlight() after a `flight.changed` event (issue 14 §5): flights announce, they never call
 * finance to charge.
 */

/**
 * A pilot's logbook totals of the months `from`..`to` (yyyy-mm, inclusive), per kind, from their
 * monthly statistics items: one Query per kind, at most 12 items each; null for a kind with none.
 */
export async function monthlyTotals(
  userId: string,
  from: string,
  to: string,
): Promise<Record<'glider' | 'general', LogbookTotals | null>> {
  const monthsOf = async (kind: 'glider' | 'general') => {
    const { data } = await db()
      .entities.flightStat.query.byMonth({ user_id: userId })
      .between({ kind, month: from }, { kind, month: to })
      .go({ pages: 'all' });
    return sumTotals(data);
  };
  const [glider, general] = await Promise.all([monthsOf('glider'), monthsOf('general')]);
  return { glider, general };
}

/** A club flight of the organization (its aircraft, day and times), or null. */
export const flightOf = (organizationId: string, flightId: string) =>
  flightStore.flight(organizationId, flightId);

/** One line of a person's own logbook (a club line carries its organization and flight), or null. */
export const logbookEntryOf = (userId: string, entryId: string) => logbookStore.entry(userId, entryId);

/**
 * What other domains may read of the flights domain: how to name a flight (the activity log names
 * flights, not ids).
 */

/** `HA-4012 · 2026-08-15`, by flight id (one gsi2 Query each); ids not of the organization are left out. */
export async function flightLabels(
  organizationId: string,
  flightIds: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(flightIds)];
  const found = await Promise.all(
    unique.map(async (flight_id) => {
      const { data } = await db()
        .entities.flight.query.byId({ organization_id: organizationId, flight_id })
        .go({ limit: 1, attributes: ['flight_id', 'reg_num', 'date'] });
      return data[0];
    }),
  );
  return new Map(found.flatMap((f) => (f ? [[f.flight_id, `${f.reg_num} · ${f.date}`] as const] : [])));
}

/** A club flight as its charge sees it: what was flown, by whom, and its version. */
export interface ChargeableFlight {
  organization_id: string;
  flight_id: string;
  version: number;
  date: string;
  landed: boolean;
  kind: 'glider' | 'general';
  plane_id: string;
  reg_num: string;
  plane_type: string | null;
  is_tmg: boolean;
  takeoff_type_id: number;
  /** Minutes in the air, of the engine (counter readings, else a powered flight's time), landings. */
  flight_minutes: number;
  engine_minutes: number;
  landings: number;
  tow_altitude: number | null;
  training: boolean;
  pic_id: string | null;
  sic_id: string | null;
  instructor_id: string | null;
  /** An aerotow: the glider's flight names its tow plane's flight, and the tow plane's flight its glider's. */
  tow_flight_id: string | null;
  towed_flight_id: string | null;
}

export const chargeableOf = (f: StoredFlight): ChargeableFlight => {
  const counters = countersOf({ ...f });
  return {
    organization_id: f.organization_id,
    flight_id: f.flight_id,
    version: f.version,
    date: f.date,
    landed: f.status === 'landed',
    kind: f.kind,
    plane_id: f.plane_id,
    reg_num: f.reg_num,
    plane_type: f.plane_type ?? null,
    is_tmg: f.is_tmg,
    takeoff_type_id: f.takeoff_type_id,
    flight_minutes: counters.flight_minutes,
    engine_minutes: counters.engine_minutes,
    landings: counters.landings,
    tow_altitude: f.tow_altitude ?? null,
    training: f.training,
    pic_id: f.pic_id ?? null,
    sic_id: f.sic_id ?? null,
    instructor_id: f.instructor_id ?? null,
    tow_flight_id: f.tow_flight_id ?? null,
    towed_flight_id: f.towed_flight_id ?? null,
  };
};

/** One flight of the organization as it is now, or null (never recorded, or deleted). */
export async function chargeableFlight(organizationId: string, flightId: string) {
  const flight = await flightStore.flight(organizationId, flightId);
  return flight ? chargeableOf(flight) : null;
}

/** The organization's landed flights between two days, oldest first (the tariff simulator). */
export async function landedFlightsBetween(organizationId: string, from: string, to: string) {
  const flights: ChargeableFlight[] = [];
  let cursor: string | undefined;
  do {
    const page = await flightStore.flightsBetween(organizationId, { from, to, cursor, limit: 500 });
    for (const f of page.items) if (f.status === 'landed') flights.push(chargeableOf(f));
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return flights.reverse();
}
