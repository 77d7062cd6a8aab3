import { addDays } from '../../contracts/calendar.ts';
import { sumTotals } from '../../contracts/logbook-totals.ts';
import type { FlightKind, TakeoffType } from '../../contracts/schemas/flight-enums.ts';
import type { CreateFlightInput } from '../../contracts/schemas/flights.ts';
import type { LogbookTotals } from '../../contracts/schemas/logbook.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { db } from '../platform/db/service.ts';
import type { TransactionEntities } from '../platform/db/writes.ts';
import { countersOf } from './completion.ts';
import { createFlight, defaultFlightDeps } from './flight-service.ts';
import { flightStore, type StoredFlight } from './flight-store.ts';
import { defaultLogbookDeps, recencyFor } from './logbook-service.ts';
import type { StoredEntry } from './logbook-store.ts';
import { logbookStore } from './logbook-store.ts';

/**
 * What other domains may ask of the flights domain (docs/ARCHITECTURE.md "Domains own their data"):
 * the only file of functions/flights/ another domain imports — the profile's statistics (identity)
 * and the flight or logbook line behind a track (tracking); finance prices landed flights from
 * chargeableFlight() after a `flight.changed` event (issue 14 §5): flights announce, they never call
 * finance to charge. Training (issue 16) reads a student's club logbook lines (only the lines of the
 * asking organization's own flights, issue 11 §1), reuses the logbook's hash chain for task checks,
 * and records the launch privileges a finished training opens (SFCL.155(a)) for the recency engine.
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

/** Which of these flights (by day and id: an import's rows) the organization has (BatchGetItem). */
export async function existingFlights(
  organizationId: string,
  keys: readonly { flight_id: string; date: string }[],
): Promise<Set<string>> {
  const found = await flightStore.flightsByKey(
    keys.map((key) => ({ organization_id: organizationId, date: key.date, flight_id: key.flight_id })),
  );
  return new Set(found.map((flight) => flight.flight_id));
}

/** One line of a person's own logbook (a club line carries its organization and flight), or null. */
export const logbookEntryOf = (userId: string, entryId: string) => logbookStore.entry(userId, entryId);

export { clubEntryId } from './completion.ts';
export { type ChainProblem, type Signature, signChained, verifyLinks } from './logbook-signature.ts';

/** A logbook line as training reads it. */
export interface ClubLine {
  entry_id: string;
  organization_id: string;
  flight_id: string | null;
  kind: FlightKind;
  date: string;
  takeoff_time: string;
  landing_time: string | null;
  plane_id: string | null;
  reg_num: string;
  is_tmg: boolean;
  takeoff_type_id: number;
  role: StoredEntry['role'];
  instructor_id: string | null;
  flight_minutes: number;
  launches: number;
  landings: number;
  training: boolean;
}

const lineOf = (e: StoredEntry): ClubLine => ({
  entry_id: e.entry_id,
  organization_id: e.organization_id ?? '',
  flight_id: e.flight_id ?? null,
  kind: e.kind,
  date: e.date,
  takeoff_time: e.takeoff_time,
  landing_time: e.landing_time ?? null,
  plane_id: e.plane_id ?? null,
  reg_num: e.reg_num,
  is_tmg: e.is_tmg,
  takeoff_type_id: e.takeoff_type_id,
  role: e.role,
  instructor_id: e.instructor_id ?? null,
  flight_minutes: e.flight_minutes,
  launches: e.launches,
  landings: e.landings,
  training: e.training,
});

const ofClub = (organizationId: string) => (e: StoredEntry) =>
  e.source === 'club' && e.organization_id === organizationId;

/** A page of a member's lines of the organization's own flights, one kind, newest first. */
export async function clubLinesPage(
  organizationId: string,
  userId: string,
  kind: FlightKind,
  options: { from: string; cursor?: string; limit: number },
) {
  const page = await logbookStore.entries(userId, kind, {
    from: options.from,
    to: '9999',
    cursor: options.cursor,
    limit: options.limit,
    organizationId,
  });
  return { items: page.items.filter(ofClub(organizationId)).map(lineOf), cursor: page.cursor };
}

/** Every line of the organization's own flights of a member since a day (both kinds). */
export async function clubLinesSince(
  organizationId: string,
  userId: string,
  since: string,
): Promise<ClubLine[]> {
  const [glider, general] = await Promise.all([
    logbookStore.entriesSince(userId, 'glider', since),
    logbookStore.entriesSince(userId, 'general', since),
  ]);
  return [...glider, ...general].filter(ofClub(organizationId)).map(lineOf);
}

/** The member's lines of the organization's own flights on one operating day. */
export async function clubLinesOn(organizationId: string, userId: string, date: string): Promise<ClubLine[]> {
  // Takeoff instants are UTC; the operating day is the organization's: read a day either side.
  const lines = await clubLinesSince(organizationId, userId, addDays(date, -1));
  return lines.filter((line) => line.date === date);
}

/** One line of the organization's own flight in a member's logbook, or null. */
export async function clubLine(
  organizationId: string,
  userId: string,
  entryId: string,
): Promise<ClubLine | null> {
  const entry = await logbookStore.entry(userId, entryId);
  return entry && ofClub(organizationId)(entry) ? lineOf(entry) : null;
}

/** Who flew an organization's flights of one day (pilot in command), with the flight ids. */
export async function pilotsOfDay(organizationId: string, date: string) {
  const { data } = await db()
    .entities.flight.query.byDate({ organization_id: organizationId, date })
    .go({ pages: 'all' });
  return data
    .filter((f) => f.status === 'landed' && f.pic_id)
    .map((f) => ({ flight_id: f.flight_id, pic_id: f.pic_id as string }));
}

// Launch privileges (SFCL.155(a)) -------------------------------------------------------------------

export interface LaunchPrivilegeRecord {
  user_id: string;
  method: TakeoffType;
  organization_id: string;
  granted_on: string;
  enrolment_id: string;
  task_id: string;
  instructor_id: string;
}

/**
 * The write that records a launch privilege, to put into the caller's own TransactWrite (the task
 * finished and the privilege it opens are written together or not at all).
 */
export const launchPrivilegeWrite = (record: LaunchPrivilegeRecord) => (e: TransactionEntities) =>
  e.launchPrivilege.put(record).commit();

/** The write that withdraws the privilege one club's training recorded (its task was reopened). */
export const launchPrivilegeRemoval =
  (key: { user_id: string; method: TakeoffType; organization_id: string }) => (e: TransactionEntities) =>
    e.launchPrivilege.delete(key).commit();

/** The privileges a pilot holds from trainings (every club's). */
export async function launchPrivilegesOf(userId: string) {
  return logbookStore.launchPrivileges(userId);
}

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

/** A pilot's recency rules as of a day (both logbooks and the medical): a booking's check on its last day. */
export const pilotRecency = (userId: string, day: string) => recencyFor(defaultLogbookDeps, userId, day);

/** The day a person last flew (any logbook, club or own), or null: the waitlist's fairness order. */
export async function lastFlownOn(userId: string): Promise<string | null> {
  const latest = async (kind: 'glider' | 'general') => {
    const { data } = await db()
      .entities.logbookEntry.query.byKind({ user_id: userId, kind })
      .go({ limit: 1, order: 'desc', attributes: ['takeoff_time'] });
    return data[0]?.takeoff_time ?? null;
  };
  const times = (await Promise.all([latest('glider'), latest('general')])).filter((t): t is string =>
    Boolean(t),
  );
  return times.length > 0 ? (times.sort().at(-1) as string).slice(0, 10) : null;
}

/**
 * Every flight of the organization's days `from`..`to` (yyyy-mm-dd), for reports: a Query on the
 * club's flights by date, read page by page (never a Scan).
 */
export async function flightsOfPeriod(organizationId: string, from: string, to: string) {
  const flights = [];
  let cursor: string | undefined;
  do {
    const page = await flightStore.flightsBetween(organizationId, { from, to, cursor, limit: 500 });
    flights.push(...page.items);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return flights;
}

/**
 * Data import (reports domain, issue 17 §5): a club flight recorded afterwards, with every rule of
 * flight/glider|general (the aircraft, the crew, the times, the counters and logbooks) and its
 * activity record. `client_id` makes it idempotent: the same row again finds its flight.
 */
export const importFlight = (actor: Actor, input: CreateFlightInput) =>
  createFlight(defaultFlightDeps, actor, { ...input, source: 'manual' });
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
