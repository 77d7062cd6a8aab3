import { db } from '../platform/db/service.ts';

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
