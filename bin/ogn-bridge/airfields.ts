import type { Airfield } from './aprs.ts';

/** Looks an ICAO code up (the table's airports, or the seeded list); undefined when unknown. */
export type AirfieldLookup = (icao: string) => Promise<Airfield | undefined>;

const POSITION = /^(?:([A-Za-z0-9]+)=)?(-?\d{1,2}(?:\.\d+)?)\/(-?\d{1,3}(?:\.\d+)?)$/;
const ICAO = /^[A-Za-z]{4}$/;

/**
 * `LHDK,LOWZ,47.6167/19.1433,LHXX=46.1/18.2`: ICAO codes resolved by `lookup`, or positions given
 * outright (optionally named), for a club whose field is not in any list. Throws on anything else.
 */
export async function resolveAirfields(spec: string, lookup: AirfieldLookup): Promise<Airfield[]> {
  const airfields: Airfield[] = [];
  for (const item of spec.split(/[\s,]+/).filter(Boolean)) {
    const position = POSITION.exec(item);
    if (position) {
      const latitude = Number(position[2]);
      const longitude = Number(position[3]);
      if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
        throw new Error(`airfield out of range: ${item}`);
      airfields.push({ name: position[1]?.toUpperCase() ?? item, latitude, longitude });
      continue;
    }
    if (!ICAO.test(item)) throw new Error(`not an ICAO code or lat/lon: ${item}`);
    const found = await lookup(item.toUpperCase());
    if (!found) throw new Error(`unknown airfield ${item.toUpperCase()}: give it as lat/lon`);
    airfields.push(found);
  }
  return airfields;
}
