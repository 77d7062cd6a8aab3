import { limitBucketOf, type PlaneCategory } from '../../contracts/schemas/aircraft-enums.ts';
import { db } from '../../functions/platform/db/service.ts';
import { orgIdOf } from './seed.ts';

/**
 * The aircraft area's demo data: the demo club's fleet (two-seat and single-seat gliders, a tow
 * plane, a TMG) with the fixed ids every area relies on, the Alpine club's ASK 13, each club's
 * aircraft count (the package-limit guard) and twelve weeks of daily use per aircraft, which the
 * maintenance forecast reads. Counters in minutes and counts; counter_ (added by flights since the
 * aircraft came into Windsock) includes the seeded days, so counters and use agree.
 *
 * Late autumn in Hungary: September still flies most weekends, October some, November a few.
 */
const DAY = 24 * 3600 * 1000;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);
const inDays = (days: number) => isoDay(Date.now() + days * DAY);

interface PlaneSeed {
  organization: string;
  plane_id: string;
  reg_num: string;
  plane_type: string;
  plane_category: PlaneCategory;
  is_tmg?: boolean;
  manufacturer: string;
  model: string;
  year_of_manufacture: number;
  seats: number;
  serial_number: string;
  tail_number?: string;
  callsign?: string;
  ogn_id: string;
  logcard_number: string;
  certificate_number: string;
  installation_date: string;
  /** Readings when the aircraft came into Windsock: flight and engine hours, takeoffs. */
  start: { flight_h: number; engine_h: number; takeoffs: number };
  /** Added by flights before the seeded twelve weeks (this season, until late August). */
  season: { flight_h: number; engine_h: number; takeoffs: number };
  /** Use per flying day of the seeded weeks. */
  day: { flights: [number, number]; minutes: [number, number]; engine: 'none' | 'tow' | 'own' };
  extra?: Record<string, unknown>;
}

const FLEET: PlaneSeed[] = [
  {
    organization: 'demo',
    plane_id: 'plane-ha-4012',
    reg_num: 'HA-4012',
    plane_type: 'AS21',
    plane_category: 'plc_02',
    manufacturer: 'Alexander Schleicher',
    model: 'ASK 21',
    year_of_manufacture: 1983,
    seats: 2,
    serial_number: '21112',
    tail_number: '12',
    ogn_id: 'DD4012',
    logcard_number: 'LK-4012',
    certificate_number: 'HU-LAL-4012',
    installation_date: '2024-03-01',
    start: { flight_h: 4020, engine_h: 0, takeoffs: 11050 },
    season: { flight_h: 228, engine_h: 0, takeoffs: 560 },
    day: { flights: [4, 10], minutes: [8, 28], engine: 'none' },
    // Shared with the second club for training (issue 16 §7: the IPP share of the two-seater).
    extra: {
      rent_req_instructor: true,
      can_be_shared: true,
      share_start_date: inDays(-90),
      share_end_date: inDays(275),
    },
  },
  {
    organization: 'demo',
    plane_id: 'plane-ha-4370',
    reg_num: 'HA-4370',
    plane_type: 'LS4',
    plane_category: 'plc_02',
    manufacturer: 'Rolladen-Schneider',
    model: 'LS 4',
    year_of_manufacture: 1986,
    seats: 1,
    serial_number: '4370',
    tail_number: 'R4',
    ogn_id: 'DD4370',
    logcard_number: 'LK-4370',
    certificate_number: 'HU-LAL-4370',
    installation_date: '2024-03-01',
    start: { flight_h: 2430, engine_h: 0, takeoffs: 2980 },
    season: { flight_h: 142, engine_h: 0, takeoffs: 118 },
    day: { flights: [2, 5], minutes: [25, 95], engine: 'none' },
    extra: {
      rentable: true,
      rent_type: 'per_hour',
      rent_price_flight: 650000,
      rent_price_training: 500000,
      rent_discount: 10,
      rent_flat_rate: 4500000,
      rent_multiple_days_allowed: true,
    },
  },
  {
    organization: 'demo',
    plane_id: 'plane-ha-4455',
    reg_num: 'HA-4455',
    plane_type: 'DISC',
    plane_category: 'plc_02',
    manufacturer: 'Schempp-Hirth',
    model: 'Discus CS',
    year_of_manufacture: 1998,
    seats: 1,
    serial_number: '187CS',
    tail_number: 'D5',
    ogn_id: 'DD4455',
    logcard_number: 'LK-4455',
    certificate_number: 'HU-LAL-4455',
    installation_date: '2024-04-15',
    start: { flight_h: 1770, engine_h: 0, takeoffs: 1320 },
    season: { flight_h: 96, engine_h: 0, takeoffs: 71 },
    day: { flights: [2, 4], minutes: [30, 120], engine: 'none' },
    extra: {
      owner: 'user-instructor',
      owner_name: 'Nagy László',
      private_plane: true,
      can_be_shared: true,
      share_start_date: '2027-05-01',
      share_end_date: '2027-08-31',
    },
  },
  {
    organization: 'demo',
    plane_id: 'plane-ha-sbx',
    reg_num: 'HA-SBX',
    plane_type: 'PA25',
    plane_category: 'plc_01',
    manufacturer: 'Piper Aircraft',
    model: 'PA-25-235 Pawnee',
    year_of_manufacture: 1974,
    seats: 1,
    serial_number: '25-7405712',
    callsign: 'HA-SBX',
    ogn_id: '4D2A11',
    logcard_number: 'LK-SBX',
    certificate_number: 'HU-LAL-SBX',
    installation_date: '2024-03-01',
    start: { flight_h: 2710, engine_h: 2905, takeoffs: 21400 },
    season: { flight_h: 98, engine_h: 121, takeoffs: 690 },
    day: { flights: [5, 14], minutes: [6, 10], engine: 'tow' },
    // Bookable for tow pilot training and aerotows of visitors (issue 15 §10): its 100-hour
    // inspection falls due within days, so the booking check refuses it from then on.
    extra: {
      rentable: true,
      rent_type: 'per_hour',
      rent_price_flight: 9000000,
      rent_price_training: 8000000,
    },
  },
  {
    organization: 'demo',
    plane_id: 'plane-ha-1265',
    reg_num: 'HA-1265',
    plane_type: 'G109',
    plane_category: 'plc_01',
    is_tmg: true,
    manufacturer: 'Grob Aircraft',
    model: 'G 109 B',
    year_of_manufacture: 1984,
    seats: 2,
    serial_number: '6265',
    callsign: 'HA-1265',
    ogn_id: '4D1265',
    logcard_number: 'LK-1265',
    certificate_number: 'HU-LAL-1265',
    installation_date: '2024-03-01',
    start: { flight_h: 2280, engine_h: 2460, takeoffs: 5050 },
    season: { flight_h: 61, engine_h: 70, takeoffs: 88 },
    day: { flights: [1, 3], minutes: [35, 80], engine: 'own' },
    extra: {
      rentable: true,
      rent_type: 'per_hour',
      rent_price_motor: 3200000,
      rent_price_landing: 150000,
      rent_price_training: 2800000,
      rent_discount: 0,
      rent_multiple_days_allowed: true,
      night_reservation_on: false,
    },
  },
  {
    organization: 'alpine',
    plane_id: 'plane-oe-5678',
    reg_num: 'OE-5678',
    plane_type: 'AS13',
    plane_category: 'plc_02',
    manufacturer: 'Alexander Schleicher',
    model: 'ASK 13',
    year_of_manufacture: 1971,
    seats: 2,
    serial_number: '13178',
    tail_number: 'ZS',
    ogn_id: '440678',
    logcard_number: 'BB-5678',
    certificate_number: 'AT-5678',
    installation_date: '2025-04-01',
    start: { flight_h: 5080, engine_h: 0, takeoffs: 14900 },
    season: { flight_h: 118, engine_h: 0, takeoffs: 402 },
    day: { flights: [3, 9], minutes: [7, 22], engine: 'none' },
  },
];

/** A small deterministic generator: the same demo every time, realistic-looking scatter. */
const random = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
};
const between = (next: () => number, [low, high]: [number, number]) =>
  low + Math.floor(next() * (high - low + 1));

/** How likely a weekend day flew, by month (September … November); weekdays rarely. */
const FLYING_CHANCE: Record<number, [weekend: number, weekday: number]> = {
  7: [0.8, 0.15],
  8: [0.85, 0.12],
  9: [0.6, 0.05],
  10: [0.35, 0],
  11: [0.2, 0],
};

interface Usage {
  date: string;
  flight_minutes: number;
  engine_minutes: number;
  takeoffs: number;
  landings: number;
}

/** The club's flying days of the last twelve weeks (one calendar for the whole club). */
const flyingDays = (organization: string) => {
  const next = random(organization === 'demo' ? 4012 : 5678);
  const days: string[] = [];
  for (let back = 84; back >= 1; back--) {
    const at = Date.now() - back * DAY;
    const weekday = new Date(at).getUTCDay();
    const [weekend, weekdayChance] = FLYING_CHANCE[new Date(at).getUTCMonth()] ?? [0.5, 0];
    if (next() < (weekday === 0 || weekday === 6 ? weekend : weekdayChance)) days.push(isoDay(at));
  }
  return days;
};

const usageOf = (seed: PlaneSeed, days: readonly string[], seedNumber: number): Usage[] => {
  const next = random(seedNumber);
  return days
    .filter(() => next() < 0.85)
    .map((date) => {
      const flights = between(next, seed.day.flights);
      let flight = 0;
      for (let i = 0; i < flights; i++) flight += between(next, seed.day.minutes);
      // A tow plane's engine runs on the ground too; a TMG taxis and warms up.
      const engine = seed.day.engine === 'none' ? 0 : flight + flights * (seed.day.engine === 'tow' ? 2 : 6);
      return { date, flight_minutes: flight, engine_minutes: engine, takeoffs: flights, landings: flights };
    });
};

export async function seedAircraft(): Promise<void> {
  const { entities } = db();
  const counts = new Map<string, { total: number; general: number; glider: number; reg_nums: string[] }>();
  const calendars = new Map<string, string[]>();

  for (const [index, seed] of FLEET.entries()) {
    const organization_id = orgIdOf(seed.organization);
    const days = calendars.get(organization_id) ?? flyingDays(seed.organization);
    calendars.set(organization_id, days);
    const usage = usageOf(seed, days, 97 + index * 31);
    const sum = (pick: (u: Usage) => number) => usage.reduce((total, u) => total + pick(u), 0);

    const start = {
      flight: seed.start.flight_h * 60,
      engine: seed.start.engine_h * 60,
      takeoff: seed.start.takeoffs,
      landing: seed.start.takeoffs,
    };
    const counter = {
      flight: seed.season.flight_h * 60 + sum((u) => u.flight_minutes),
      engine: seed.season.engine_h * 60 + sum((u) => u.engine_minutes),
      takeoff: seed.season.takeoffs + sum((u) => u.takeoffs),
      landing: seed.season.takeoffs + sum((u) => u.landings),
    };
    const { organization: _, start: __, season: ___, day: ____, extra, ...identity } = seed;
    await entities.plane
      .put({
        organization_id,
        ...identity,
        is_tmg: seed.is_tmg ?? false,
        status: 'functional',
        start_counter_flight: start.flight,
        start_counter_engine: start.engine,
        start_counter_takeoff: start.takeoff,
        start_counter_landing: start.landing,
        counter_flight: counter.flight,
        counter_engine: counter.engine,
        counter_takeoff: counter.takeoff,
        counter_landing: counter.landing,
        current_counter_flight: start.flight + counter.flight,
        current_counter_engine: start.engine + counter.engine,
        current_counter_takeoff: start.takeoff + counter.takeoff,
        current_counter_landing: start.landing + counter.landing,
        // The airframe's certified life (gliders of this age: 12 000 h with the extension programme).
        ...(seed.plane_category === 'plc_02' ? { lifetime_flight: 12_000 * 60 } : {}),
        ...(seed.day.engine !== 'none' ? { limit_counter_engine: (seed.start.engine_h + 400) * 60 } : {}),
        limit_date: inDays(400 + index * 30),
        ...(extra as Record<string, never>),
      })
      .go();
    for (const day of usage)
      await entities.usageDay.put({ organization_id, plane_id: seed.plane_id, ...day }).go();

    const count = counts.get(organization_id) ?? { total: 0, general: 0, glider: 0, reg_nums: [] };
    count.total += 1;
    count[limitBucketOf({ plane_category: seed.plane_category, is_tmg: seed.is_tmg ?? false })] += 1;
    count.reg_nums.push(seed.reg_num);
    counts.set(organization_id, count);
  }

  for (const [organization_id, count] of counts)
    await entities.planeCount.put({ organization_id, ...count }).go();
}
