import { db } from '../platform/db/service.ts';

/**
 * Whether `icao` names a reference airport: one of the airports datasource's (the partition
 * `ref#airports`, a few hundred items), matched case-blind. An organization's base airport must be
 * one — the OGN ingest takes the base and its neighbours from that list as the club's airfields.
 */
export async function isKnownAirport(icao: string): Promise<boolean> {
  const wanted = icao.trim().toUpperCase();
  if (wanted === '') return false;
  const { data } = await db()
    .entities.airport.query.byId({})
    .go({ pages: 'all', attributes: ['icao'] });
  return data.some((airport) => airport.icao?.toUpperCase() === wanted);
}
