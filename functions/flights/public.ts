import { sumTotals } from '../../contracts/logbook-totals.ts';
import type { LogbookTotals } from '../../contracts/schemas/logbook.ts';
import { db } from '../platform/db/service.ts';
import { flightStore } from './flight-store.ts';
import { defaultLogbookDeps, recencyFor } from './logbook-service.ts';
import { logbookStore } from './logbook-store.ts';

/**
 * What other domains may ask of the flights domain (docs/ARCHITECTURE.md "Domains own their data"):
 * the only file of functions/flights/ another domain imports — the profile's statistics (identity)
 * and the flight or logbook line behind a track (tracking).
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
