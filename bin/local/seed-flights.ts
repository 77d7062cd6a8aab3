import { addDays, addMonths } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import type { CounterDelta } from '../../functions/aircraft/counters.ts';
import {
  type CompletionFlight,
  mergeStats,
  type PlannedEntry,
  planCompletion,
  type StatChange,
} from '../../functions/flights/completion.ts';
import { sign } from '../../functions/flights/logbook-signature.ts';
import { db } from '../../functions/platform/db/service.ts';

/**
 * The flights area's demo data (issue 5 §9): a season of the demo club at LHDK up to yesterday —
 * spring to autumn weekends, a few November days — so logbooks, statistics and recency mean
 * something at first start. Gliders by winch and aerotow (each tow flown by HA-SBX with its tow
 * pilot), the student's training circuits with the instructor (older ones signed, the last ones
 * awaiting the signature), the demo pilot current for winch with aerotow (SFCL.155) lapsing soon,
 * TMG flights in HA-1265, a couple of cross-country flights over 3 h.
 *
 * Every flight goes through the service's own plan (completion.ts `planCompletion`), so counters,
 * logbook lines and statistics agree exactly as if the flights had been landed one by one. But
 * startPlatform() seeds for every integration test file: the deltas are summed in memory and every
 * item is written once, by BatchWrite (not one transaction per flight).
 *
 * The aircraft: seed-aircraft.ts already set each aircraft's counters for this season (its `season`
 * figures for the months before its twelve weeks of daily use, then those weeks). These flights are
 * that season itemized, so they do not move counters or components again (the maintenance demo's
 * due states stay as seeded); their use becomes the aircraft's usage days before those twelve weeks,
 * and inside them the aircraft seed's usage stands — each day counted once, never twice.
 */
const AIRCRAFT_SEED_DAYS = 84;
// The demo club's id (seed.ts orgIdOf('demo'); seed.ts imports this module, so not called at load).
const ORG = 'org-demo';
const AIRPORT = 'LHDK';

/** A small deterministic generator: the same season on every first start. */
const random = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
};

interface SeedPlane {
  plane_id: string;
  reg_num: string;
  plane_type: string;
  plane_category: 'plc_01' | 'plc_02';
  is_tmg: boolean;
}
const ASK21: SeedPlane = {
  plane_id: 'plane-ha-4012',
  reg_num: 'HA-4012',
  plane_type: 'AS21',
  plane_category: 'plc_02',
  is_tmg: false,
};
const LS4: SeedPlane = {
  plane_id: 'plane-ha-4370',
  reg_num: 'HA-4370',
  plane_type: 'LS4',
  plane_category: 'plc_02',
  is_tmg: false,
};
const DISCUS: SeedPlane = {
  plane_id: 'plane-ha-4455',
  reg_num: 'HA-4455',
  plane_type: 'DISC',
  plane_category: 'plc_02',
  is_tmg: false,
};
const PAWNEE: SeedPlane = {
  plane_id: 'plane-ha-sbx',
  reg_num: 'HA-SBX',
  plane_type: 'PA25',
  plane_category: 'plc_01',
  is_tmg: false,
};
const G109: SeedPlane = {
  plane_id: 'plane-ha-1265',
  reg_num: 'HA-1265',
  plane_type: 'G109',
  plane_category: 'plc_01',
  is_tmg: true,
};

const NAMES: Record<string, string> = {
  'user-pilot': 'Molnár Anna',
  'user-student': 'Kiss Bence',
  'user-instructor': 'Nagy László',
  'user-operator': 'Tóth Katalin',
  'user-technical': 'Varga Gábor',
  'user-fekete': 'Fekete Dániel',
  'user-farkas': 'Farkas Tamás',
  'user-papp': 'Papp Zoltán',
  'user-simon': 'Simon Márton',
  'user-torok': 'Török Eszter',
};
/** Club pilots flying the single-seaters and the two-seater solo. */
const CLUB_PILOTS = ['user-fekete', 'user-farkas', 'user-papp', 'user-simon', 'user-torok', 'user-operator'];
const TOW_PILOTS = ['user-technical', 'user-papp'];

/** How likely a weekend day flew, by month (0 = January); weekdays rarely. */
const WEEKEND_CHANCE = [0, 0.05, 0.45, 0.7, 0.8, 0.85, 0.85, 0.85, 0.6, 0.4, 0.25, 0];

const WINCH = 3;
const AEROTOW = 5;
const SELF = 1;

type SeedFlight = CompletionFlight & {
  source: 'manual' | 'daily_sheet';
  plane_category: 'plc_01' | 'plc_02';
  tow_plane_id?: string;
  tow_pilot_id?: string;
  tow_flight_id?: string;
  towed_flight_id?: string;
  sign?: boolean;
};

const at = (date: string, minuteOfDay: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + minuteOfDay * 60000).toISOString();

/** The season's flights, oldest first (pure: today and the generator in, flights out). */
export function seasonFlights(today: string): SeedFlight[] {
  const next = random(2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const between = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const flights: SeedFlight[] = [];
  let serial = 0;

  const add = (
    plane: SeedPlane,
    date: string,
    start: number,
    minutes: number,
    fields: Partial<SeedFlight> & { takeoff_type_id: number },
  ) => {
    serial += 1;
    const takeoff = at(date, start);
    const flight: SeedFlight = {
      flight_id: timeOrderedId(Date.parse(takeoff), `s${String(serial).padStart(9, '0')}`),
      organization_id: ORG,
      date,
      kind: plane.plane_category === 'plc_02' ? 'glider' : 'general',
      status: 'landed',
      source: 'daily_sheet',
      plane_id: plane.plane_id,
      reg_num: plane.reg_num,
      plane_type: plane.plane_type,
      plane_category: plane.plane_category,
      is_tmg: plane.is_tmg,
      takeoff_time: takeoff,
      landing_time: at(date, start + minutes),
      takeoff_airport: AIRPORT,
      landing_airport: AIRPORT,
      flight_time: minutes,
      training: false,
      proficiency_check: false,
      ...fields,
    };
    if (flight.pic_id) flight.pic_name = NAMES[flight.pic_id];
    flights.push(flight);
    return flight;
  };

  /** An aerotow: the glider's flight and the tow plane's own flight, linked both ways. */
  const aerotow = (
    plane: SeedPlane,
    date: string,
    start: number,
    minutes: number,
    fields: Partial<SeedFlight>,
  ) => {
    const towPilot = pick(TOW_PILOTS);
    const glider = add(plane, date, start, minutes, {
      ...fields,
      takeoff_type_id: AEROTOW,
      tow_plane_id: PAWNEE.plane_id,
      tow_pilot_id: towPilot,
      tow_altitude: pick([400, 500, 600, 800]),
    });
    const tow = add(PAWNEE, date, start, between(6, 10), {
      takeoff_type_id: SELF,
      pic_id: towPilot,
      towed_flight_id: glider.flight_id,
    });
    glider.tow_flight_id = tow.flight_id;
    return glider;
  };

  // Two years ago, just inside SFCL.155's 24 months: the demo pilot's oldest aerotows. With the
  // season's four they keep aerotow open only until three weeks from now ("lapsing").
  const oldDay = addDays(addMonths(today, -24), 21);
  aerotow(LS4, oldDay, 9 * 60, 65, { pic_id: 'user-pilot' });
  aerotow(LS4, oldDay, 13 * 60, 48, { pic_id: 'user-pilot' });

  const first = addDays(today, -265);
  const pilotAerotowDays = new Set<number>();
  const days: string[] = [];
  for (let date = first; date < today; date = addDays(date, 1)) {
    const when = new Date(`${date}T12:00:00Z`);
    const weekend = when.getUTCDay() === 0 || when.getUTCDay() === 6;
    const chance = WEEKEND_CHANCE[when.getUTCMonth()] ?? 0;
    if (next() < (weekend ? chance : chance / 12)) days.push(date);
  }
  // The pilot's four aerotows of the season, spread over it.
  for (const share of [0.15, 0.35, 0.55, 0.75]) pilotAerotowDays.add(Math.floor(days.length * share));
  const crossCountry = new Map([
    [Math.floor(days.length * 0.4), 'user-pilot'],
    [Math.floor(days.length * 0.45), 'user-instructor'],
  ]);

  for (const [index, date] of days.entries()) {
    let clock = 9 * 60 + between(0, 40); // 09:00–09:40 UTC: 10–11 h local, the first launch

    // The instructor's proficiency check with an examiner (SFCL.160(a)(2)) on the first day.
    if (index === 0)
      add(ASK21, date, clock - 60, between(20, 30), {
        takeoff_type_id: WINCH,
        pic_id: 'user-instructor',
        proficiency_check: true,
        remarks: 'FI(S) jártassági ellenőrzés',
      });
    // The pilot's check flights with the instructor in spring: SFCL.160(a)'s two training flights.
    if (index < 2)
      add(ASK21, date, clock - 30, between(7, 10), {
        takeoff_type_id: WINCH,
        pic_id: 'user-pilot',
        instructor_id: 'user-instructor',
      });

    // The student's circuits with the instructor on the ASK 21: older ones signed, the last waiting.
    const circuits = between(2, 4);
    for (let i = 0; i < circuits; i++) {
      add(ASK21, date, clock, between(5, 10), {
        takeoff_type_id: WINCH,
        pic_id: 'user-student',
        instructor_id: 'user-instructor',
        training: true,
        sign: index < days.length - 3,
      });
      clock += between(15, 30);
    }

    // The demo pilot: winch circuits and soaring on the LS 4 most days, now and then an aerotow.
    if (next() < 0.7 || crossCountry.get(index) === 'user-pilot') {
      const xc = crossCountry.get(index) === 'user-pilot';
      const minutes = xc ? 245 : next() < 0.5 ? between(6, 10) : between(30, 150);
      add(LS4, date, clock, minutes, { takeoff_type_id: WINCH, pic_id: 'user-pilot' });
      clock += 20;
      if (next() < 0.5 && !xc)
        add(LS4, date, clock + minutes, between(6, 45), { takeoff_type_id: WINCH, pic_id: 'user-pilot' });
    }
    if (pilotAerotowDays.has(index)) {
      aerotow(LS4, date, clock + 200, between(40, 120), { pic_id: 'user-pilot' });
      aerotow(DISCUS, date, clock + 215, between(60, 180), { pic_id: 'user-instructor' });
    }

    // The club: single-seaters by winch or aerotow, the instructor's cross-country in the Discus.
    const clubFlights = between(2, 5);
    for (let i = 0; i < clubFlights; i++) {
      const pilot = pick(CLUB_PILOTS);
      const plane = i === 0 ? DISCUS : pick([ASK21, LS4, DISCUS]);
      const minutes = next() < 0.4 ? between(5, 10) : between(30, 240);
      if (next() < 0.35) aerotow(plane, date, clock, minutes, { pic_id: pilot });
      else add(plane, date, clock, minutes, { takeoff_type_id: WINCH, pic_id: pilot });
      clock += between(10, 25);
    }
    if (crossCountry.get(index) === 'user-instructor')
      aerotow(DISCUS, date, 10 * 60, 320, { pic_id: 'user-instructor' });

    // The TMG: a local flight or a trip some days.
    if (next() < 0.35)
      add(G109, date, 12 * 60 + between(0, 60), between(35, 80), {
        takeoff_type_id: SELF,
        pic_id: pick(['user-instructor', 'user-technical']),
      });
  }
  return flights;
}

const sumInto = (sum: CounterDelta, delta: CounterDelta) => {
  sum.flight_minutes += delta.flight_minutes;
  sum.engine_minutes += delta.engine_minutes;
  sum.takeoffs += delta.takeoffs;
  sum.landings += delta.landings;
  return sum;
};
const zero = (): CounterDelta => ({ flight_minutes: 0, engine_minutes: 0, takeoffs: 0, landings: 0 });

export async function seedFlights(today = new Date().toISOString().slice(0, 10)): Promise<void> {
  const { entities } = db();
  const flights = seasonFlights(today);
  const usageFrom = addDays(today, -AIRCRAFT_SEED_DAYS);
  const perUsageDay = new Map<string, CounterDelta>();
  type SeedEntry = Omit<PlannedEntry, 'status'> & {
    status: PlannedEntry['status'] | 'signed';
    signature?: ReturnType<typeof sign>;
    version?: number;
  };
  const entries: SeedEntry[] = [];
  const stats: StatChange[] = [];
  const items = flights.map(({ sign: _sign, ...flight }) => {
    const plan = planCompletion(null, flight);
    for (const c of plan.counters) {
      if (c.date >= usageFrom) continue;
      const key = `${c.plane_id}|${c.date}`;
      sumInto(perUsageDay.get(key) ?? perUsageDay.set(key, zero()).get(key)!, c.delta);
    }
    entries.push(...plan.entries);
    stats.push(...plan.stats);
    return {
      ...flight,
      applied: plan.applied ?? undefined,
      logbook_user_ids: plan.entries.map((e) => e.user_id),
      instructor_accepted: false,
      created_by: 'user-instructor',
      version: 1,
    };
  });

  // The instructor signs the student's older lines, in order: one chain, as signEntry builds it.
  const toSign = new Set(flights.filter((f) => f.sign).map((f) => f.flight_id));
  let chain = { seq: 0, head: '' };
  for (const entry of entries) {
    if (entry.status !== 'awaiting_signature' || !toSign.has(entry.flight_id)) continue;
    const signature = sign(
      entry,
      chain,
      { signer_id: 'user-instructor', signer_name: NAMES['user-instructor'] ?? '' },
      entry.landing_time ?? entry.takeoff_time,
    );
    Object.assign(entry, { status: 'signed', signer_id: '', signature, version: 2 });
    chain = { seq: signature.seq, head: signature.hash };
  }
  const locked = new Set(entries.filter((e) => e.status === 'signed').map((e) => e.flight_id));

  const batch = { concurrency: 4 };
  await Promise.all([
    entities.flight.put(items.map((f) => ({ ...f, locked: locked.has(f.flight_id) }))).go(batch),
    entities.logbookEntry.put(entries).go(batch),
    entities.flightStat.put(mergeStats(stats)).go(batch),
    entities.usageDay
      .put(
        [...perUsageDay].map(([key, delta]) => {
          const [plane_id = '', date = ''] = key.split('|');
          return { organization_id: ORG, plane_id, date, ...delta };
        }),
      )
      .go(batch),
    entities.logbookBook
      .put({ user_id: 'user-student', kind: 'glider', chain_seq: chain.seq, chain_head: chain.head })
      .go(),
    // Each flying day has its sheet (daily-flight lists the days), closed, at the base airfield.
    entities.dailySheet
      .put(
        [...new Set(items.map((f) => f.date))].map((date) => ({
          organization_id: ORG,
          date,
          airport: 'LHDK',
          status: 'closed' as const,
          leader_id: 'user-instructor',
          tow_plane_ids: ['plane-ha-sbx'],
        })),
      )
      .go(batch),
  ]);
}
