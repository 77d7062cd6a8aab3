import { addDays } from '../../contracts/calendar.ts';
import type { FlightKind, TakeoffType } from '../../contracts/schemas/flight-enums.ts';
import { db } from '../platform/db/service.ts';
import type { StoredEntry } from './logbook-store.ts';
import { logbookStore } from './logbook-store.ts';

/**
 * What other domains may use of the flights domain (issue 12). Training reads a student's club
 * logbook lines (only the lines of the asking organization's own flights: what a club may read of
 * a member, issue 11 §1), reuses the logbook's hash chain for its task checks, and records the
 * launch privileges a finished training opens (SFCL.155(a)) where the recency engine reads them.
 */

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

type TransactionEntities = Parameters<Parameters<ReturnType<typeof db>['transaction']['write']>[0]>[0];

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
