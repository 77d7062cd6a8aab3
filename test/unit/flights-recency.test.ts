import { describe, expect, it } from 'vitest';
import { lapsedFor } from '../../contracts/recency-check.ts';
import type { TakeoffType } from '../../contracts/schemas/flight-enums.ts';
import {
  fcl060,
  medical,
  type RecencyFlight,
  recencyOf,
  sfcl155,
  sfcl160a,
  sfcl160e,
} from '../../functions/flights/recency.ts';

let seq = 0;
/** A solo winch launch of 30 minutes in a sailplane, unless told otherwise. */
const flight = (date: string, over: Partial<RecencyFlight> = {}): RecencyFlight => ({
  id: `f${String(++seq).padStart(4, '0')}`,
  date,
  kind: 'glider',
  takeoff_type: 'winch',
  pilot_role: 'pic',
  minutes: 30,
  launches: 1,
  landings: 1,
  with_instructor: false,
  proficiency_check: false,
  ...over,
});
const many = (n: number, date: string, over: Partial<RecencyFlight> = {}) =>
  Array.from({ length: n }, () => flight(date, over));

describe('SFCL.160(a): 5 h, 15 launches and 2 training flights in 24 months', () => {
  const today = '2026-11-22';
  const cases: {
    name: string;
    flights: RecencyFlight[];
    status: string;
    until: string | null;
    needed: Record<string, number>;
  }[] = [
    {
      name: 'met by flights: the oldest needed launch fixes the date',
      flights: [
        ...many(2, '2025-05-14', { with_instructor: true, pilot_role: 'dual' }),
        ...many(13, '2026-06-01', { minutes: 60 }),
      ],
      status: 'current',
      until: '2027-05-14',
      // On 2027-05-15 the two dual flights fall out: 2 launches and 2 training flights short.
      needed: { launches: 2, training_flights: 2 },
    },
    {
      name: 'a flight exactly 24 months ago still counts today (window edge)',
      flights: [
        ...many(2, '2024-11-22', { with_instructor: true }),
        ...many(13, '2026-08-01', { minutes: 60 }),
      ],
      status: 'lapsing',
      until: '2026-11-22',
      needed: { launches: 2, training_flights: 2 },
    },
    {
      name: 'a day older and it is out: lapsed, two launches and two training flights missing',
      flights: [
        ...many(2, '2024-11-21', { with_instructor: true }),
        ...many(13, '2026-08-01', { minutes: 60 }),
      ],
      status: 'lapsed',
      until: null,
      needed: { launches: 2, training_flights: 2 },
    },
    {
      name: 'enough launches but only 4 h 54 min',
      flights: [
        ...many(2, '2026-05-01', { with_instructor: true }),
        ...many(13, '2026-06-01', { minutes: 18 }),
      ],
      status: 'lapsed',
      until: null,
      needed: { minutes: 6 },
    },
    {
      name: 'flights as a passenger do not count',
      flights: [
        ...many(2, '2026-05-01', { with_instructor: true }),
        ...many(20, '2026-06-01', { pilot_role: 'passenger' }),
      ],
      status: 'lapsed',
      until: null,
      needed: { minutes: 240, launches: 13 },
    },
  ];
  it.each(cases)('$name', ({ flights, status, until, needed }) => {
    const result = sfcl160a(flights, today);

    expect(result.status).toBe(status);
    expect(result.until).toBe(until);
    expect(result.needed).toEqual(needed);
  });

  it('a proficiency check keeps the pilot current for 24 months without the flights', () => {
    const result = sfcl160a(
      [flight('2026-03-10', { proficiency_check: true, with_instructor: true })],
      today,
    );

    expect(result).toMatchObject({ status: 'current', until: '2028-03-10', via: 'proficiency_check' });
  });

  it('the flights win when they hold longer than an old check', () => {
    const flights = [
      flight('2025-01-10', { proficiency_check: true }),
      ...many(2, '2026-09-01', { with_instructor: true }),
      ...many(13, '2026-10-01', { minutes: 60 }),
    ];

    expect(sfcl160a(flights, today)).toMatchObject({ via: 'flights', until: '2028-09-01' });
  });

  it('lists the flights that counted, newest first', () => {
    const older = flight('2026-01-01', { with_instructor: true });
    const newer = flight('2026-02-01', { with_instructor: true });

    expect(sfcl160a([older, newer], today).counted).toEqual([newer.id, older.id]);
  });
});

describe('SFCL.160(e): 3 launches as PIC in 90 days to carry passengers', () => {
  const today = '2026-11-22';
  it.each([
    {
      name: 'three launches, the oldest 90 days ago: current through today',
      dates: ['2026-08-24', '2026-10-01', '2026-11-01'],
      until: '2026-11-22',
      status: 'lapsing',
    },
    {
      name: 'the oldest 91 days ago: lapsed',
      dates: ['2026-08-23', '2026-10-01', '2026-11-01'],
      until: null,
      status: 'lapsed',
    },
    {
      name: 'recent launches: until the third newest + 90 days',
      dates: ['2026-11-01', '2026-11-08', '2026-11-15', '2026-11-20'],
      until: '2027-02-06',
      status: 'current',
    },
  ])('$name', ({ dates, until, status }) => {
    const result = sfcl160e(
      dates.map((d) => flight(d)),
      today,
    );

    expect(result.until).toBe(until);
    expect(result.status).toBe(status);
  });

  it('dual flights do not count for passengers', () => {
    expect(sfcl160e(many(5, '2026-11-01', { pilot_role: 'dual' }), today)).toMatchObject({
      status: 'lapsed',
      needed: { launches: 3 },
    });
  });
});

describe('SFCL.155: 5 launches per launch method in 24 months', () => {
  const today = '2026-11-22';
  it('counts each method on its own and lists only the methods ever used', () => {
    const flights = [
      ...many(5, '2026-05-14', { takeoff_type: 'winch' }),
      ...many(3, '2026-06-01', { takeoff_type: 'tow' }),
    ];
    const results = sfcl155(flights, today);

    expect(results.map((r) => r.method)).toEqual(['winch', 'tow']);
    expect(results[0]).toMatchObject({ status: 'current', until: '2028-05-14', needed: { launches: 5 } });
    expect(results[1]).toMatchObject({ status: 'lapsed', needed: { launches: 2 } });
  });

  it.each<[TakeoffType, number]>([
    ['winch', 4],
    ['tow', 5],
  ])('%s with %i launches in the window', (method, count) => {
    const result = sfcl155(many(count, '2026-01-01', { takeoff_type: method }), today)[0]!;

    expect(result.status).toBe(count >= 5 ? 'current' : 'lapsed');
  });

  it('a mix of dates: current until the fifth newest launch + 24 months, then one more is needed', () => {
    const flights = ['2025-01-05', '2025-03-01', '2025-07-01', '2026-04-01', '2026-08-01', '2026-09-01'].map(
      (d) => flight(d),
    );
    const [winch] = sfcl155(flights, today);

    expect(winch).toMatchObject({ until: '2027-03-01', needed: { launches: 1 } });
  });
});

describe('FCL.060: 3 takeoffs and landings in 90 days (aeroplanes, TMG)', () => {
  const today = '2026-11-22';
  const powered = { kind: 'powered', takeoff_type: 'tmg' } as const;
  it.each([
    {
      name: 'three circuits last month',
      flights: many(3, '2026-10-20', powered),
      status: 'current',
      until: '2027-01-18',
    },
    {
      name: 'one flight with three touch-and-go landings is one takeoff',
      flights: [flight('2026-10-20', { ...powered, landings: 3 })],
      status: 'lapsed',
      until: null,
    },
    {
      name: 'as a passenger',
      flights: many(3, '2026-10-20', { ...powered, pilot_role: 'passenger' }),
      status: 'lapsed',
      until: null,
    },
  ])('$name', ({ flights, status, until }) => {
    expect(fcl060(flights, today)).toMatchObject({ status, until });
  });

  it('does not apply to a pilot who flies only sailplanes', () => {
    expect(fcl060(many(3, '2026-10-20'), today).status).toBe('not_applicable');
  });
});

describe('medical and the whole picture', () => {
  it('a medical is valid through its date and lapsing within 30 days', () => {
    expect(medical('2026-12-10', '2026-11-22').status).toBe('lapsing');
    expect(medical('2027-06-01', '2026-11-22').status).toBe('current');
    expect(medical('2026-11-21', '2026-11-22').status).toBe('lapsed');
    expect(medical(null, '2026-11-22').status).toBe('not_recorded');
  });

  it('a glider pilot gets the sailplane rules, one per launch method, FCL.060 and the medical', () => {
    const rules = recencyOf(
      [flight('2026-10-01'), flight('2026-10-02', { takeoff_type: 'tow' })],
      { medical_valid_until: '2027-05-01', licence_types: ['SPL'] },
      '2026-11-22',
    );

    expect(rules.map((r) => r.method ?? r.rule)).toEqual([
      'sfcl_160a',
      'sfcl_160e',
      'winch',
      'tow',
      'fcl_060',
      'medical',
    ]);
  });

  it('a student pilot is not held to the passenger rules, and no medical recorded is not a lapse', () => {
    const flights = [flight('2026-10-01'), flight('2026-10-02')];
    const student = recencyOf(flights, { student: true }, '2026-11-22');

    expect(student.find((r) => r.rule === 'sfcl_160e')?.status).toBe('not_applicable');
    expect(student.find((r) => r.rule === 'fcl_060')?.status).toBe('not_applicable');
    expect(student.find((r) => r.rule === 'medical')?.status).toBe('not_recorded');
    expect(student.filter((r) => r.status === 'lapsed').map((r) => r.rule)).toEqual([
      'sfcl_160a',
      'sfcl_155',
    ]);
  });

  it('a pilot whose recorded licences are powered only is not held to the sailplane passenger rule', () => {
    const rules = recencyOf([flight('2026-10-01')], { licence_types: ['PPL'] }, '2026-11-22');
    expect(rules.find((r) => r.rule === 'sfcl_160e')?.status).toBe('not_applicable');
    const unknown = recencyOf([flight('2026-10-01')], {}, '2026-11-22');
    expect(unknown.find((r) => r.rule === 'sfcl_160e')?.status).not.toBe('not_applicable');
  });

  it('the daily sheet still stops a launch with no medical on record, and passengers with a student', () => {
    const student = { rules: recencyOf([flight('2026-11-20')], { student: true }, '2026-11-22') };
    const solo = lapsedFor(student, { kind: 'glider', takeoff_type: 'winch', with_passenger: false });
    const withPassenger = lapsedFor(student, { kind: 'glider', takeoff_type: 'winch', with_passenger: true });

    expect(solo.map((r) => r.rule)).toContain('medical');
    expect(withPassenger.map((r) => r.rule)).toContain('sfcl_160e');
  });
});
