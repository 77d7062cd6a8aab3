import { describe, expect, it } from 'vitest';
import { explanationSummary, type Translate } from '../../contracts/charge-explanation.ts';
import { formatMoney } from '../../contracts/money.ts';
import { roundTo } from '../../contracts/schemas/finance-enums.ts';
import type { PriceRule } from '../../contracts/schemas/tariffs.ts';
import { translator } from '../../functions/finance/export-service.ts';
import {
  ageOn,
  capKeys,
  type PricingFlight,
  type PricingInput,
  priceFlight,
  splitCharge,
  stepsOf,
} from '../../functions/finance/pricing.ts';
import { effectiveTariff, rulesFromCustomPrices } from '../../functions/finance/tariff-rules.ts';

/**
 * The price patterns of issue 14 §3, each with a worked example a treasurer can check by hand.
 * Money is minor units: 150 Ft = 15000. Forints are charged whole (8 449,50 Ft → 8 450 Ft).
 */
const Ft = (forints: number) => forints * 100;

const glider = (over: Partial<PricingFlight> = {}): PricingFlight => ({
  flight_id: 'f1',
  date: '2026-08-15',
  plane_id: 'plane-ha-4012',
  reg_num: 'HA-4012',
  plane_type: 'AS21',
  kind: 'glider',
  is_tmg: false,
  takeoff_type_id: 3,
  flight_minutes: 47,
  engine_minutes: 0,
  landings: 1,
  tow_altitude: null,
  training: false,
  role: 'own',
  ...over,
});

const input = (over: Partial<PricingInput> & { rules?: PriceRule[] } = {}): PricingInput => ({
  flight: glider(),
  payer: { user_id: 'user-pilot', membership_type: 'regular', age: 40 },
  organization: { currency_id: 'HUF' },
  aircraft: null,
  tariff: over.rules
    ? { tariff_id: 't1', name: '2026 season', version: 3, valid_from: '2026-03-01', rules: over.rules }
    : null,
  ...over,
});

const amountOf = (result: ReturnType<typeof priceFlight>, component: string) =>
  result.lines.filter((l) => l.component === component).reduce((s, l) => s + l.amount, 0);

describe('price rules, worked examples (issue 14 §3)', () => {
  it('per minute by aircraft type: an ASK 21 at 150 Ft/min, 47 min → 7 050 Ft', () => {
    const rules: PriceRule[] = [
      {
        rule_id: 'ask21',
        name: 'ASK 21 per minute',
        kind: 'per_minute',
        component: 'flight_time',
        rate: Ft(150),
        conditions: { plane_types: ['AS21'] },
      },
      {
        rule_id: 'other',
        name: 'Other gliders',
        kind: 'per_minute',
        component: 'flight_time',
        rate: Ft(100),
      },
    ];

    const ask = priceFlight(input({ rules }));
    const ls4 = priceFlight(input({ rules, flight: glider({ plane_type: 'LS4' }) }));

    expect(ask.total).toBe(Ft(7050));
    expect(ask.lines[0]).toMatchObject({ rule_id: 'ask21', quantity: 47, rate: Ft(150), unit: 'minute' });
    // The first rule that matches prices the component; the LS 4 falls through to the next one.
    expect(ls4.total).toBe(Ft(4700));
    expect(ls4.lines[0]!.rule_id).toBe('other');
  });

  it('the first block included and a minimum price: 10 min for 2 000 Ft, then 120 Ft/min, at least 2 500 Ft', () => {
    const rules: PriceRule[] = [
      {
        rule_id: 'ls4',
        name: 'LS 4',
        kind: 'per_minute',
        component: 'flight_time',
        rate: Ft(120),
        included_minutes: 10,
        block_price: Ft(2000),
        minimum: Ft(2500),
      },
    ];

    // 30 min: 2 000 + 20 × 120 = 4 400 Ft.
    expect(priceFlight(input({ rules, flight: glider({ flight_minutes: 30 }) })).total).toBe(Ft(4400));
    // 8 min: the block alone is 2 000, below the minimum: 2 500 Ft.
    const short = priceFlight(input({ rules, flight: glider({ flight_minutes: 8 }) }));
    expect(short.total).toBe(Ft(2500));
    expect(short.lines[0]!.notes.map((n) => n.key)).toEqual(['included_minutes', 'block_price', 'minimum']);
  });

  it('a per-flight time cap (time_limit): 100 Ft/min, charged up to 180 min — a 4-hour flight is 18 000 Ft', () => {
    const result = priceFlight(
      input({
        organization: { currency_id: 'HUF', flight_price: Ft(100), time_limit: 180 },
        flight: glider({ flight_minutes: 240 }),
      }),
    );

    expect(result.total).toBe(Ft(18000));
    expect(result.lines[0]).toMatchObject({
      source: 'organization',
      price_field: 'flight_price',
      quantity: 240,
    });
    expect(result.lines[0]!.notes).toEqual([{ key: 'cap_minutes', value: 180 }]);
  });

  it('caps per day and per year: what the payer was charged already counts against them', () => {
    const rules: PriceRule[] = [
      {
        rule_id: 'time',
        name: 'Flight time',
        kind: 'per_minute',
        component: 'flight_time',
        rate: Ft(100),
        cap_day: Ft(15000),
        cap_year: Ft(100000),
      },
    ];
    const flight = glider({ flight_minutes: 60 });
    const day = capKeys.ruleDay('time', flight.date);
    const year = capKeys.ruleYear('time', flight.date);

    // 6 000 Ft, but 12 000 of the day's 15 000 are used: 3 000 Ft.
    const dayCapped = priceFlight(input({ rules, flight, usage: (key) => (key === day ? Ft(12000) : 0) }));
    expect(dayCapped.total).toBe(Ft(3000));
    expect(dayCapped.caps).toEqual([
      { key: day, amount: Ft(3000) },
      { key: year, amount: Ft(3000) },
    ]);
    // The year's cap: 99 000 of 100 000 used, so 1 000 Ft.
    const yearCapped = priceFlight(input({ rules, flight, usage: (key) => (key === year ? Ft(99000) : 0) }));
    expect(yearCapped.total).toBe(Ft(1000));
    expect(yearCapped.lines[0]!.notes.map((n) => n.key)).toEqual(['cap_year']);
  });

  it('an aerotow by height in 100 m steps with a minimum: 450 m is 5 steps × 1 200 = 6 000 Ft; 300 m the minimum 5 000 Ft', () => {
    const rules: PriceRule[] = [
      {
        rule_id: 'tow',
        name: 'Aerotow by height',
        kind: 'tow_height',
        component: 'launch',
        step_metres: 100,
        step_price: Ft(1200),
        minimum: Ft(5000),
        conditions: { launch_methods: ['tow'] },
      },
    ];
    const aerotow = (tow_altitude: number) => glider({ takeoff_type_id: 5, tow_altitude, flight_minutes: 0 });

    expect(stepsOf(450, 100)).toBe(5);
    expect(stepsOf(400, 100)).toBe(4);
    expect(priceFlight(input({ rules, flight: aerotow(450) })).total).toBe(Ft(6000));
    const low = priceFlight(input({ rules, flight: aerotow(300) }));
    expect(low.total).toBe(Ft(5000));
    expect(low.lines.find((l) => l.component === 'launch')!.notes).toEqual([
      { key: 'minimum', value: Ft(5000) },
    ]);
  });

  it("an aerotow by the club's base prices: 1 000 Ft per started 100 m plus 1 500 Ft per tow", () => {
    const result = priceFlight(
      input({
        organization: {
          currency_id: 'HUF',
          towing_price_altitude: Ft(1000),
          towing_price_extra_charge: Ft(1500),
        },
        flight: glider({ takeoff_type_id: 5, tow_altitude: 520, flight_minutes: 0 }),
      }),
    );

    expect(amountOf(result, 'launch')).toBe(Ft(6000));
    expect(amountOf(result, 'surcharge')).toBe(Ft(1500));
    expect(result.total).toBe(Ft(7500));
  });

  it("an aerotow by the tug's minutes plus landing: 8 min × 900 + 1 000 Ft landing = 8 200 Ft, charged only to the tow", () => {
    const rules: PriceRule[] = [
      {
        rule_id: 'tug',
        name: 'Tug minutes',
        kind: 'per_minute',
        component: 'tow_time',
        rate: Ft(900),
        conditions: { flight_role: 'tow' },
      },
      {
        rule_id: 'tug-landing',
        name: 'Tug landing',
        kind: 'flat',
        component: 'landing',
        amount: Ft(1000),
        conditions: { flight_role: 'tow' },
      },
      { rule_id: 'all', name: 'Every flight', kind: 'flat', component: 'surcharge', amount: Ft(300) },
    ];
    const tug = glider({
      kind: 'general',
      plane_id: 'plane-ha-sbx',
      reg_num: 'HA-SBX',
      plane_type: 'PA25',
      takeoff_type_id: 1,
      flight_minutes: 8,
      engine_minutes: 8,
      role: 'tow',
    });

    const result = priceFlight(input({ rules, flight: tug }));

    expect(result.total).toBe(Ft(8200));
    // A rule written for flights does not price the tug's flight again.
    expect(result.lines.map((l) => l.rule_id)).toEqual(['tug', 'tug-landing']);
  });

  it('a winch flat fee by member status: 2 500 Ft for regular members, 3 500 Ft for probationary members and guests', () => {
    const rules: PriceRule[] = [
      {
        rule_id: 'winch-member',
        name: 'Winch, members',
        kind: 'flat',
        component: 'launch',
        amount: Ft(2500),
        conditions: { launch_methods: ['winch'], membership_types: ['regular', 'full_price'] },
      },
      {
        rule_id: 'winch-other',
        name: 'Winch, others',
        kind: 'flat',
        component: 'launch',
        amount: Ft(3500),
        conditions: { launch_methods: ['winch'] },
      },
    ];
    const flight = glider({ flight_minutes: 0 });

    expect(priceFlight(input({ rules, flight })).total).toBe(Ft(2500));
    expect(
      priceFlight(input({ rules, flight, payer: { user_id: 'x', membership_type: 'probationary', age: 20 } }))
        .total,
    ).toBe(Ft(3500));
  });

  it('a guest multiplier — “Why 8 450 Ft?”: 5 633 Ft × 1.5 = 8 449,50 Ft, charged as 8 450 Ft', () => {
    const result = priceFlight(
      input({
        organization: { currency_id: 'HUF', flight_price: Ft(99), winching_price: Ft(980), multiplier: 1.5 },
        payer: { user_id: 'guest', membership_type: 'guest', age: 30 },
      }),
    );

    // 47 × 99 = 4 653 Ft flight time, 980 Ft winch launch: 5 633 Ft; × 1.5 adds 2 816,50 Ft.
    expect(result.lines.map((l) => [l.component, l.amount])).toEqual([
      ['flight_time', Ft(4653)],
      ['launch', Ft(980)],
      ['multiplier', 281650],
      ['rounding', 50],
    ]);
    expect(result.total).toBe(Ft(8450));
  });

  it('a minimum price per flight lifts a short one: 800 Ft → the 1 500 Ft minimum', () => {
    const result = priceFlight(
      input({
        organization: { currency_id: 'HUF', flight_price: Ft(100), min_price: Ft(1500) },
        flight: glider({ flight_minutes: 8 }),
      }),
    );

    expect(result.total).toBe(Ft(1500));
    expect(result.lines.at(-1)).toMatchObject({ component: 'minimum', amount: Ft(700) });
  });

  it("rounds to the currency's smallest unit in use: forints whole, euro cents as they are", () => {
    const rules: PriceRule[] = [
      { rule_id: 'r', name: 'r', kind: 'per_minute', component: 'flight_time', rate: 1234 },
    ];

    const huf = priceFlight(input({ rules, flight: glider({ flight_minutes: 7 }) }));
    const eur = priceFlight(
      input({ rules, organization: { currency_id: 'EUR' }, flight: glider({ flight_minutes: 7 }) }),
    );

    // 7 × 12,34 = 86,38 Ft → 86 Ft; 86,38 € stays.
    expect(huf.total).toBe(8600);
    expect(eur.total).toBe(8638);
    expect(eur.lines.some((l) => l.component === 'rounding')).toBe(false);
    expect(roundTo(844950, 100)).toBe(845000);
    expect(roundTo(-844950, 100)).toBe(-845000);
  });

  it('an age band and the training flag: juniors up to 25 fly training flights at 60 Ft/min', () => {
    const rules: PriceRule[] = [
      {
        rule_id: 'junior-training',
        name: 'Junior training',
        kind: 'per_minute',
        component: 'flight_time',
        rate: Ft(60),
        conditions: { training: true, age_max: 25 },
      },
      { rule_id: 'standard', name: 'Standard', kind: 'per_minute', component: 'flight_time', rate: Ft(120) },
    ];
    const training = glider({ training: true, flight_minutes: 10 });
    const junior = { user_id: 'student', membership_type: 'regular' as const, age: 19 };

    expect(priceFlight(input({ rules, flight: training, payer: junior })).total).toBe(Ft(600));
    expect(priceFlight(input({ rules, flight: training })).total).toBe(Ft(1200));
    expect(priceFlight(input({ rules, flight: glider({ flight_minutes: 10 }), payer: junior })).total).toBe(
      Ft(1200),
    );
    expect(ageOn('2007-08-16', '2026-08-15')).toBe(18);
    expect(ageOn('2007-08-15', '2026-08-15')).toBe(19);
  });

  it("the aircraft's rental prices: 6 500 Ft/h less 10 %, and its daily flat rate of 45 000 Ft", () => {
    const aircraft = {
      rent_type: 'per_hour' as const,
      rent_price_flight: Ft(6500),
      rent_discount: 10,
      rent_flat_rate: Ft(45000),
    };
    const flight = glider({ plane_id: 'plane-ha-4370', plane_type: 'LS4', flight_minutes: 120 });

    const first = priceFlight(input({ aircraft, flight }));
    // 120 min × 6 500 Ft/h = 13 000 Ft, less 10 %: 11 700 Ft.
    expect(first.total).toBe(Ft(11700));
    expect(first.lines[0]).toMatchObject({
      source: 'aircraft',
      unit: 'hour',
      price_field: 'rent_price_flight',
    });
    // The day's flat rate: 40 000 Ft charged that day already, so 5 000 Ft more at most.
    const key = capKeys.planeDay('plane-ha-4370', flight.date);
    const later = priceFlight(input({ aircraft, flight, usage: (k) => (k === key ? Ft(40000) : 0) }));
    expect(later.total).toBe(Ft(5000));
  });

  it('splits a charge by percent in whole forints; the first payer takes the remainder', () => {
    // 8 450 Ft: 34 % is 2 873 Ft, 33 % is 2 788,50 → 2 788 Ft; the forint left over goes to the first.
    const shares = splitCharge(
      Ft(8450),
      [
        { user_id: 'a', percent: 34 },
        { user_id: 'b', percent: 33 },
        { user_id: 'c', percent: 33 },
      ],
      'HUF',
    );

    expect(shares.map((s) => s.amount)).toEqual([Ft(2874), Ft(2788), Ft(2788)]);
    expect(shares.reduce((s, p) => s + p.amount, 0)).toBe(Ft(8450));
  });

  it('explains a charge in words, the same on the screen and in the export', () => {
    const result = priceFlight(
      input({
        organization: { currency_id: 'HUF', flight_price: Ft(99), winching_price: Ft(980), multiplier: 1.5 },
        payer: { user_id: 'guest', membership_type: 'guest', age: 30 },
      }),
    );
    const t: Translate = translator('en');
    const money = (minor: number) => formatMoney(minor, 'HUF', 'en');

    const text = explanationSummary(
      {
        tariff: result.tariff,
        inputs: result.inputs,
        lines: result.lines,
        total: result.total,
        currency_id: 'HUF',
        shares: [],
      },
      t,
      money,
      'en',
    ).replace(/\u00a0/g, ' ');

    expect(text).toContain('Flight time (club price: flight price per minute): 47 min × HUF 99 = HUF 4,653');
    expect(text).toContain('Launch (club price: winch launch price): 1 × HUF 980 = HUF 980');
    expect(text).toContain('Total: HUF 8,450');
    expect(text).toContain('base prices (no tariff)');
  });
});

describe('tariffs', () => {
  const published = (tariff_id: string, valid_from: string, published_at = '2026-01-01T00:00:00Z') => ({
    tariff_id,
    status: 'published' as const,
    valid_from,
    published_at,
  });

  it('a flight is priced by the tariff in force on its day; a draft never prices', () => {
    const tariffs = [
      published('t2025', '2025-03-01'),
      published('t2026', '2026-03-01'),
      { tariff_id: 'draft', status: 'draft' as const, valid_from: undefined, published_at: undefined },
    ];

    expect(effectiveTariff(tariffs, '2026-02-28')?.tariff_id).toBe('t2025');
    expect(effectiveTariff(tariffs, '2026-03-01')?.tariff_id).toBe('t2026');
    expect(effectiveTariff(tariffs, '2024-12-31')).toBeNull();
  });

  it("turns the organization's custom prices into switched-off rules; fees per month or year are left to schedules", () => {
    const { rules, skipped } = rulesFromCustomPrices({
      custom_prices: [
        { name: 'Hangar cleaning', amount: Ft(500), unit: 'flight' },
        { name: 'Parachute rental', amount: Ft(1200), unit: 'hour' },
        { name: 'Trailer', amount: Ft(3000), unit: 'month' },
      ],
    });

    expect(rules).toEqual([
      {
        rule_id: 'custom-1',
        name: 'Hangar cleaning',
        enabled: false,
        kind: 'flat',
        component: 'surcharge',
        amount: Ft(500),
      },
      {
        rule_id: 'custom-2',
        name: 'Parachute rental',
        enabled: false,
        kind: 'per_minute',
        component: 'surcharge',
        rate: Ft(20),
      },
    ]);
    expect(skipped).toEqual(['Trailer']);
    // Switched off, they charge nothing until the treasurer gives them conditions.
    expect(priceFlight(input({ rules })).total).toBe(0);
  });
});
