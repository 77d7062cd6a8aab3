import type { AirportCategory } from '../../contracts/schemas/lookups.ts';
import { db } from '../../functions/platform/db/service.ts';

/**
 * Reference airports for the airports datasource: Central European airfields the demo clubs fly
 * from and to. Coordinates are the aerodrome reference points of the national AIPs (rounded to
 * four decimals, about 10 m). Elevations in metres: from the AIPs where they were at hand (Dunakeszi,
 * Farkashegy, Börgönd, Kadarkút, Szeged, Budapest, Debrecen, Pécs-Pogány, Zell am See), otherwise
 * rounded from the published feet and the lie of the land; the plains there vary by a few metres
 * only. A main runway is given where its direction is certain; length where published. The
 * supervisor's airports screen (a later issue) corrects and extends the list.
 */
interface AirportSeed {
  icao: string;
  iata_faa?: string;
  name: string;
  city: string;
  country: string;
  latitude: number;
  longitude: number;
  altitude: number;
  airport_category: AirportCategory;
  show_in_map?: boolean;
  runway_heading?: number;
  runway_length?: number;
}

export const AIRPORTS: AirportSeed[] = [
  // Hungary: gliding and general aviation fields
  {
    icao: 'LHDK',
    name: 'Dunakeszi',
    city: 'Dunakeszi',
    country: 'HU',
    latitude: 47.6167,
    longitude: 19.1433,
    altitude: 126,
    airport_category: 'airfield',
  },
  {
    icao: 'LHFH',
    name: 'Farkashegy',
    city: 'Budakeszi',
    country: 'HU',
    latitude: 47.4894,
    longitude: 18.91,
    altitude: 215,
    airport_category: 'glider_site',
    runway_heading: 150,
  },
  {
    icao: 'LHBS',
    name: 'Budaörs',
    city: 'Budaörs',
    country: 'HU',
    latitude: 47.4492,
    longitude: 18.9858,
    altitude: 121,
    airport_category: 'airfield',
    runway_heading: 120,
  },
  {
    icao: 'LHBD',
    name: 'Börgönd',
    city: 'Székesfehérvár',
    country: 'HU',
    latitude: 47.1247,
    longitude: 18.4989,
    altitude: 119,
    airport_category: 'airfield',
    runway_heading: 10,
    runway_length: 1200,
  },
  {
    icao: 'LHSK',
    name: 'Siófok-Kiliti',
    city: 'Siófok',
    country: 'HU',
    latitude: 46.8603,
    longitude: 18.0936,
    altitude: 127,
    airport_category: 'airfield',
  },
  {
    icao: 'LHKV',
    name: 'Kaposújlak',
    city: 'Kaposvár',
    country: 'HU',
    latitude: 46.3892,
    longitude: 17.7325,
    altitude: 148,
    airport_category: 'airfield',
  },
  {
    icao: 'LHKT',
    name: 'Kadarkút',
    city: 'Kadarkút',
    country: 'HU',
    latitude: 46.2522,
    longitude: 17.6069,
    altitude: 150,
    airport_category: 'airfield',
    runway_heading: 170,
  },
  {
    icao: 'LHTL',
    name: 'Tököl',
    city: 'Tököl',
    country: 'HU',
    latitude: 47.3456,
    longitude: 18.9808,
    altitude: 98,
    airport_category: 'airfield',
  },
  {
    icao: 'LHJK',
    name: 'Jakabszállás',
    city: 'Jakabszállás',
    country: 'HU',
    latitude: 46.7476,
    longitude: 19.6051,
    altitude: 114,
    airport_category: 'airfield',
  },
  {
    icao: 'LHKH',
    name: 'Kiskunfélegyháza',
    city: 'Kiskunfélegyháza',
    country: 'HU',
    latitude: 46.735,
    longitude: 19.8847,
    altitude: 98,
    airport_category: 'airfield',
  },
  {
    icao: 'LHEM',
    name: 'Esztergom',
    city: 'Esztergom',
    country: 'HU',
    latitude: 47.7617,
    longitude: 18.7336,
    altitude: 112,
    airport_category: 'airfield',
  },
  {
    icao: 'LHSS',
    name: 'Szolnok-Szandaszőlős',
    city: 'Szolnok',
    country: 'HU',
    latitude: 47.1431,
    longitude: 20.1961,
    altitude: 88,
    airport_category: 'airfield',
  },
  {
    icao: 'LHFM',
    name: 'Fertőszentmiklós',
    city: 'Fertőszentmiklós',
    country: 'HU',
    latitude: 47.5836,
    longitude: 16.845,
    altitude: 134,
    airport_category: 'airfield',
  },
  {
    icao: 'LHBC',
    name: 'Békéscsaba',
    city: 'Békéscsaba',
    country: 'HU',
    latitude: 46.6831,
    longitude: 21.165,
    altitude: 87,
    airport_category: 'airfield',
  },
  {
    icao: 'LHHO',
    name: 'Hajdúszoboszló',
    city: 'Hajdúszoboszló',
    country: 'HU',
    latitude: 47.4558,
    longitude: 21.3908,
    altitude: 103,
    airport_category: 'airfield',
  },
  {
    icao: 'LHNY',
    name: 'Nyíregyháza',
    city: 'Nyíregyháza',
    country: 'HU',
    latitude: 47.9842,
    longitude: 21.6914,
    altitude: 103,
    airport_category: 'airfield',
  },
  // Hungary: public airports
  {
    icao: 'LHUD',
    iata_faa: 'QZD',
    name: 'Szeged',
    city: 'Szeged',
    country: 'HU',
    latitude: 46.2508,
    longitude: 20.0892,
    altitude: 82,
    airport_category: 'airfield',
    runway_heading: 160,
  },
  {
    icao: 'LHPP',
    iata_faa: 'PEV',
    name: 'Pécs-Pogány',
    city: 'Pécs',
    country: 'HU',
    latitude: 45.9908,
    longitude: 18.2408,
    altitude: 198,
    airport_category: 'international',
    runway_length: 1500,
  },
  {
    icao: 'LHPR',
    name: 'Győr-Pér',
    city: 'Győr',
    country: 'HU',
    latitude: 47.6247,
    longitude: 17.8122,
    altitude: 129,
    airport_category: 'international',
    runway_heading: 120,
  },
  {
    icao: 'LHSM',
    iata_faa: 'SOB',
    name: 'Hévíz-Balaton',
    city: 'Sármellék',
    country: 'HU',
    latitude: 46.6864,
    longitude: 17.1592,
    altitude: 124,
    airport_category: 'international',
    runway_heading: 160,
    runway_length: 2500,
  },
  {
    icao: 'LHDC',
    iata_faa: 'DEB',
    name: 'Debrecen',
    city: 'Debrecen',
    country: 'HU',
    latitude: 47.4889,
    longitude: 21.6153,
    altitude: 110,
    airport_category: 'international',
    runway_heading: 40,
    runway_length: 2500,
  },
  {
    icao: 'LHBP',
    iata_faa: 'BUD',
    name: 'Budapest Liszt Ferenc',
    city: 'Budapest',
    country: 'HU',
    latitude: 47.4394,
    longitude: 19.2619,
    altitude: 151,
    airport_category: 'international',
    show_in_map: false,
    runway_heading: 130,
    runway_length: 3707,
  },
  // Austria and Slovakia
  {
    icao: 'LOWZ',
    name: 'Zell am See',
    city: 'Zell am See',
    country: 'AT',
    latitude: 47.2917,
    longitude: 12.7911,
    altitude: 753,
    airport_category: 'airfield',
    runway_heading: 80,
    runway_length: 780,
  },
  {
    icao: 'LOWS',
    iata_faa: 'SZG',
    name: 'Salzburg W. A. Mozart',
    city: 'Salzburg',
    country: 'AT',
    latitude: 47.7933,
    longitude: 13.0042,
    altitude: 430,
    airport_category: 'international',
    show_in_map: false,
    runway_heading: 150,
    runway_length: 2750,
  },
  {
    icao: 'LOWW',
    iata_faa: 'VIE',
    name: 'Wien-Schwechat',
    city: 'Schwechat',
    country: 'AT',
    latitude: 48.1103,
    longitude: 16.57,
    altitude: 183,
    airport_category: 'international',
    show_in_map: false,
    runway_heading: 110,
    runway_length: 3500,
  },
  {
    icao: 'LZIB',
    iata_faa: 'BTS',
    name: 'Bratislava M. R. Štefánik',
    city: 'Bratislava',
    country: 'SK',
    latitude: 48.17,
    longitude: 17.2128,
    altitude: 133,
    airport_category: 'international',
    show_in_map: false,
    runway_heading: 40,
    runway_length: 3190,
  },
];

/** The airport's id is its ICAO code in lower case: stable, readable in keys and links. */
const airportIdOf = (icao: string) => icao.toLowerCase();

export async function seedLookups(): Promise<void> {
  const { entities } = db();
  await entities.airport
    .put(AIRPORTS.map((a) => ({ airport_id: airportIdOf(a.icao), show_in_map: true, ...a })))
    .go();
}
