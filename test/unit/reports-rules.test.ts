import { describe, expect, it } from 'vitest';
import {
  aircraftUtilisation,
  flightsReport,
  ledgerReport,
  membersHours,
  monthsOf,
  type ReportContext,
  type ReportFlight,
  yearlyStatistics,
} from '../../functions/reports/report-rules.ts';
import { periodOf } from '../../functions/reports/report-service.ts';

/** The reports' arithmetic (issue 17 §4) on a handful of flights. */
const flight = (over: Partial<ReportFlight>): ReportFlight => ({
  flight_id: Math.random().toString(36).slice(2),
  date: '2026-05-02',
  status: 'landed',
  kind: 'glider',
  plane_id: 'p1',
  reg_num: 'HA-4012',
  takeoff_type_id: 3,
  flight_time: 10,
  pic_id: 'u1',
  ...over,
});

const context: ReportContext = {
  names: new Map([
    ['u1', 'Molnár Anna'],
    ['u2', 'Nagy László'],
    ['u3', 'Kiss Péter'],
  ]),
  fleet: [
    { plane_id: 'p1', reg_num: 'HA-4012' },
    { plane_id: 'p2', reg_num: 'HA-5500' },
    { plane_id: 'p3', reg_num: 'HA-SEA' },
  ],
  memberIds: ['u1', 'u2', 'u3'],
  timeZone: 'Europe/Budapest',
};

const flights = [
  flight({ date: '2026-05-02', flight_time: 12 }),
  flight({ date: '2026-05-02', flight_time: 48, pic_id: 'u2', instructor_id: 'u2' }),
  flight({ date: '2026-07-11', plane_id: 'p2', reg_num: 'HA-5500', takeoff_type_id: 5, flight_time: 95 }),
  flight({
    date: '2026-07-11',
    kind: 'general',
    plane_id: 'p3',
    reg_num: 'HA-SEA',
    takeoff_type_id: 1,
    flight_time: 20,
    pic_id: 'u2',
  }),
  // Not landed yet: no time, not counted.
  flight({ date: '2026-07-12', status: 'airborne', flight_time: undefined }),
  // A guest without a login: by the name on the flight.
  flight({ date: '2026-08-01', pic_id: undefined, pic_name: 'Vendég Pilóta', flight_time: 7 }),
];

describe('the yearly statistics', () => {
  const sections = yearlyStatistics(flights, '2026-01-01', '2026-12-31', context);
  const rows = (key: string) => sections.find((s) => s.key === key)!.rows;

  it('count landed flights only: flights, minutes, days, aircraft, pilots', () => {
    expect(rows('totals')).toEqual([[5, 182, 3, 3, 3]]);
  });

  it('list every month of the period, flown or not', () => {
    expect(rows('by_month')).toHaveLength(12);
    expect(rows('by_month')[4]).toEqual(['2026-05', 2, 60]);
    expect(rows('by_month')[0]).toEqual(['2026-01', 0, 0]);
  });

  it('count launches by method in the spec’s order', () => {
    expect(rows('by_launch_method')).toEqual([
      ['self_launch', 1, 20],
      ['winch', 3, 67],
      ['tow', 1, 95],
    ]);
  });

  it('name members family name first and guests by the name on the flight, most hours first', () => {
    expect(rows('by_member')).toEqual([
      ['Molnár Anna', 2, 107],
      ['Nagy László', 2, 68],
      ['Vendég Pilóta', 1, 7],
    ]);
  });
});

describe('aircraft utilisation', () => {
  it('lists the fleet by hours, with days and the average flight', () => {
    expect(aircraftUtilisation(flights, context)[0]!.rows).toEqual([
      ['HA-5500', 1, 95, 1, 95],
      ['HA-4012', 3, 67, 2, 22],
      ['HA-SEA', 1, 20, 1, 20],
    ]);
  });

  it('keeps an aircraft that did not fly, with zeros', () => {
    const rows = aircraftUtilisation([], context)[0]!.rows;
    expect(rows.map((r) => r[0]).sort()).toEqual(['HA-4012', 'HA-5500', 'HA-SEA']);
    expect(rows.every((r) => r[1] === 0)).toBe(true);
  });
});

describe("members' hours", () => {
  it('count as PIC and as instructor, every active member listed', () => {
    expect(membersHours(flights, context)[0]!.rows).toEqual([
      ['Molnár Anna', 2, 107, 0, 0],
      ['Nagy László', 2, 68, 1, 48],
      ['Vendég Pilóta', 1, 7, 0, 0],
      ['Kiss Péter', 0, 0, 0, 0],
    ]);
  });
});

describe('a saved flights report', () => {
  const base = { source: 'flights' as const, chart: true, filters: {} };

  it('filters by aircraft, member, kind and launch method together', () => {
    const [section] = flightsReport(
      flights,
      { ...base, group_by: 'plane', filters: { takeoff_type_id: 3, member_id: 'u2' } },
      context,
    );
    expect(section!.rows).toEqual([['HA-4012', 1, 48, 1]]);
  });

  it('one row per flight shows times in the organization’s time zone', () => {
    const [section] = flightsReport(
      [
        flight({
          takeoff_time: '2026-05-02T08:05:00.000Z',
          landing_time: '2026-05-02T08:17:00.000Z',
          flight_time: 12,
        }),
      ],
      { ...base, group_by: 'none' },
      context,
    );
    expect(section!.rows).toEqual([
      ['2026-05-02', 'HA-4012', 'glider', 'winch', 'Molnár Anna', '10:05', '10:17', 12],
    ]);
  });
});

describe('the period of a run', () => {
  it('is the current year when none is given, and at most a year', () => {
    expect(periodOf({}, '2026-11-25')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(periodOf({ from: '2026-03-01' }, '2026-11-25')).toEqual({ from: '2026-03-01', to: '2026-12-31' });
    expect(() => periodOf({ from: '2025-01-01', to: '2026-01-02' }, '2026-11-25')).toThrow();
    expect(monthsOf('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});

describe('a ledger report', () => {
  const entries = [
    { date: '2026-01-10', user_id: 'u1', transaction_type: 'payment_received', amount: 2000000 },
    { date: '2026-01-12', user_id: 'u1', transaction_type: 'flight_charge', amount: -845000 },
    { date: '2026-03-01', user_id: 'u2', transaction_type: 'flight_charge', amount: -120000 },
    { date: '2026-03-02', user_id: 'u2', transaction_type: 'flight_charge', amount: 120000 },
  ];
  const definition = { source: 'ledger' as const, filters: {}, chart: true };
  const period = { from: '2026-01-01', to: '2026-04-30' };

  it('per month lists every month of the period, credits, charges and net apart', () => {
    const [section] = ledgerReport(entries, { ...definition, group_by: 'month' }, period, context);
    expect(section!.rows).toEqual([
      ['2026-01', 2, 2000000, -845000, 1155000],
      ['2026-02', 0, 0, 0, 0],
      ['2026-03', 2, 120000, -120000, 0],
      ['2026-04', 0, 0, 0, 0],
    ]);
    expect(section!.chart).toEqual({ value_column: 4 });
  });

  it("per member by name, and one member's entries only when filtered", () => {
    const [all] = ledgerReport(entries, { ...definition, group_by: 'member' }, period, context);
    const [one] = ledgerReport(
      entries,
      { ...definition, group_by: 'type', filters: { member_id: 'u2' } },
      period,
      context,
    );
    expect(all!.rows.map((r) => [r[0], r[4]])).toEqual([
      ['Molnár Anna', 1155000],
      ['Nagy László', 0],
    ]);
    expect(one!.key).toBe('by_type');
    expect(one!.rows).toEqual([['flight_charge', 2, 120000, -120000, 0]]);
  });
});
