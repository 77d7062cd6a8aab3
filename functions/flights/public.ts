import { sumTotals } from '../../contracts/logbook-totals.ts';
import type { LogbookTotals } from '../../contracts/schemas/logbook.ts';
import { db } from '../platform/db/service.ts';
import { flightStore } from './flight-store.ts';
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
