import { describe, expect, it } from 'vitest';
import { addMonths } from '../../contracts/calendar.ts';
import { nextDue, performedSchedule } from '../../functions/aircraft/next-due.ts';

const H = 60;
const counters = (flightHours: number, engineHours = 0, takeoff = 0) => ({
  flight: flightHours * H,
  engine: engineHours * H,
  takeoff,
});

describe('calendar arithmetic', () => {
  it('clamps to the end of a shorter month', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2027-03-31', 1)).toBe('2027-04-30');
    expect(addMonths('2027-12-15', 1)).toBe('2028-01-15');
  });

  it('moves Feb 29 to Feb 28 in a year without one, and keeps it in a leap year', () => {
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2028-02-29', 36)).toBe('2031-02-28');
    expect(addMonths('2028-02-29', 48)).toBe('2032-02-29');
  });
});

describe('nextDue per cycle kind', () => {
  it('hours on engine time: due reading, remaining and a forecast date from use', () => {
    const due = nextDue({
      schedule: {
        cycle_hours: 100,
        hours_basis: 'engine',
        done_counter_engine: 3000 * H,
        maintenanced_at: '2026-05-01',
      },
      counters: counters(2000, 3094),
      today: '2026-11-22',
      usage: { flight_minutes: 0, engine_minutes: 3 * H, takeoffs: 0 },
    });
    expect(due.first).toMatchObject({
      key: 'cycle_hours',
      counter: 'engine',
      due_value: 3100 * H,
      remaining: 6 * H,
    });
    // 6 h at 3 h a week: two weeks.
    expect(due.due_date).toBe('2026-12-06');
    expect(due.first?.forecast).toBe(true);
    expect(due.remaining_minutes).toBe(6 * H);
    expect(due.state).toBe('due_soon');
  });

  it('hours default to flight time', () => {
    const due = nextDue({
      schedule: { cycle_hours: 50, done_counter_flight: 100 * H },
      counters: counters(120),
      today: '2026-11-22',
    });
    expect(due.first).toMatchObject({ counter: 'flight', remaining: 30 * H, state: 'ok', due_date: null });
  });

  it('takeoffs', () => {
    const due = nextDue({
      schedule: { cycle_takeoffs: 1000, done_counter_takeoff: 11000 },
      counters: counters(4300, 0, 11800),
      today: '2026-11-22',
    });
    expect(due.first).toMatchObject({ key: 'cycle_takeoffs', unit: 'takeoffs', remaining: 200, state: 'ok' });
    expect(due.remaining_takeoffs).toBe(200);
  });

  it('days', () => {
    const due = nextDue({
      schedule: { cycle_days: 180, maintenanced_at: '2026-06-01' },
      counters: counters(0),
      today: '2026-11-22',
    });
    expect(due.first).toMatchObject({
      key: 'cycle_days',
      due_date: '2026-11-28',
      remaining: 6,
      state: 'due_soon',
    });
  });

  it('monthly from a month end', () => {
    const due = nextDue({
      schedule: { cycle_calendar: 'monthly', maintenanced_at: '2027-01-31' },
      counters: counters(0),
      today: '2027-01-31',
    });
    expect(due.due_date).toBe('2027-02-28');
  });

  it('yearly from a leap day', () => {
    const due = nextDue({
      schedule: { cycle_calendar: 'yearly', maintenanced_at: '2028-02-29' },
      counters: counters(0),
      today: '2028-03-01',
    });
    expect(due.due_date).toBe('2029-02-28');
    expect(due.state).toBe('ok');
  });

  it('every 3 years', () => {
    const due = nextDue({
      schedule: { cycle_calendar: '3_years', maintenanced_at: '2025-04-10' },
      counters: counters(0),
      today: '2026-11-22',
    });
    expect(due.due_date).toBe('2028-04-10');
  });

  it('every 5 years, ending exactly on a leap day', () => {
    const due = nextDue({
      schedule: { cycle_calendar: '5_years', maintenanced_at: '2023-02-28' },
      counters: counters(0),
      today: '2028-02-10',
    });
    expect(due.due_date).toBe('2028-02-28');
    expect(due.state).toBe('due_soon');
    expect(due.remaining_days).toBe(18);
  });
});

describe('whichever comes first', () => {
  it('a limit hit by hours before the date', () => {
    const due = nextDue({
      schedule: {
        cycle_hours: 100,
        hours_basis: 'engine',
        cycle_calendar: 'yearly',
        maintenanced_at: '2026-06-01',
        done_counter_engine: 3000 * H,
      },
      counters: counters(0, 3080),
      today: '2026-11-22',
      // 20 h left at 10 h a week: two weeks, long before June.
      usage: { flight_minutes: 0, engine_minutes: 10 * H, takeoffs: 0 },
    });
    expect(due.dimensions.map((d) => d.key).sort()).toEqual(['cycle_calendar', 'cycle_hours']);
    expect(due.first?.key).toBe('cycle_hours');
    expect(due.due_date).toBe('2026-12-06');
    expect(due.state).toBe('due_soon');
  });

  it('the date comes first when the aircraft is hardly used', () => {
    const due = nextDue({
      schedule: {
        cycle_hours: 100,
        done_counter_flight: 0,
        cycle_calendar: 'yearly',
        maintenanced_at: '2026-01-10',
      },
      counters: counters(40),
      today: '2026-11-22',
      usage: { flight_minutes: 60, engine_minutes: 0, takeoffs: 2 },
    });
    expect(due.first?.key).toBe('cycle_calendar');
    expect(due.due_date).toBe('2027-01-10');
  });

  it('takeoffs first', () => {
    const due = nextDue({
      schedule: {
        cycle_hours: 200,
        cycle_takeoffs: 500,
        cycle_calendar: 'yearly',
        maintenanced_at: '2026-09-01',
        done_counter_flight: 1000 * H,
        done_counter_takeoff: 3000,
      },
      counters: counters(1050, 0, 3480),
      today: '2026-11-22',
      usage: { flight_minutes: 5 * H, engine_minutes: 0, takeoffs: 40 },
    });
    expect(due.first).toMatchObject({ key: 'cycle_takeoffs', remaining: 20, state: 'due_soon' });
    expect(due.due_date).toBe('2026-11-26');
  });

  it('a hard limit reached overrides a cycle that is fine', () => {
    const due = nextDue({
      schedule: { cycle_calendar: 'yearly', maintenanced_at: '2026-10-01' },
      limits: { limit_counter_takeoff: 12000 },
      counters: counters(4300, 0, 12000),
      today: '2026-11-22',
    });
    expect(due.first).toMatchObject({ key: 'limit_counter_takeoff', state: 'overdue', remaining: 0 });
    expect(due.state).toBe('overdue');
  });
});

describe('states', () => {
  it('overdue by date (the day after) and not on the due date itself', () => {
    const base = {
      schedule: { cycle_calendar: 'yearly' as const, maintenanced_at: '2025-11-22' },
      counters: counters(0),
    };
    expect(nextDue({ ...base, today: '2026-11-22' }).state).toBe('due_soon');
    expect(nextDue({ ...base, today: '2026-11-23' })).toMatchObject({ state: 'overdue', remaining_days: -1 });
  });

  it('overdue by hours once the allowance is used up', () => {
    const due = nextDue({
      schedule: { cycle_hours: 50, done_counter_flight: 0 },
      counters: counters(51),
      today: '2026-11-22',
      usage: { flight_minutes: 600, engine_minutes: 0, takeoffs: 0 },
    });
    expect(due).toMatchObject({ state: 'overdue', remaining_minutes: -60, due_date: null });
  });

  it('notice windows: defaults and the item own ones', () => {
    const schedule = {
      cycle_hours: 100,
      done_counter_flight: 0,
      cycle_takeoffs: 1000,
      done_counter_takeoff: 0,
    };
    expect(nextDue({ schedule, counters: counters(89), today: '2026-11-22' }).state).toBe('ok');
    expect(nextDue({ schedule, counters: counters(90), today: '2026-11-22' }).state).toBe('due_soon');
    expect(nextDue({ schedule, counters: counters(0, 0, 950), today: '2026-11-22' }).state).toBe('due_soon');
    expect(nextDue({ schedule, counters: counters(0, 0, 949), today: '2026-11-22' }).state).toBe('ok');
    const narrow = { ...schedule, notice_hours: 2, notice_takeoffs: 5 };
    expect(nextDue({ schedule: narrow, counters: counters(95, 0, 990), today: '2026-11-22' }).state).toBe(
      'ok',
    );
    const days = { cycle_days: 100, maintenanced_at: '2026-11-01', notice_days: 7 };
    expect(nextDue({ schedule: days, counters: counters(0), today: '2027-02-01' }).state).toBe('ok');
    expect(nextDue({ schedule: days, counters: counters(0), today: '2027-02-02' }).state).toBe('due_soon');
  });

  it('a forecast inside the notice days is due soon', () => {
    const due = nextDue({
      schedule: { cycle_hours: 100, done_counter_flight: 0 },
      counters: counters(60),
      today: '2026-06-01',
      usage: { flight_minutes: 20 * H, engine_minutes: 0, takeoffs: 0 },
    });
    expect(due.first).toMatchObject({ remaining: 40 * H, due_date: '2026-06-15', state: 'due_soon' });
  });

  it('no usage: no forecast date, the counters still decide', () => {
    const due = nextDue({
      schedule: { cycle_hours: 100, done_counter_flight: 0 },
      counters: counters(60),
      today: '2026-11-22',
      usage: { flight_minutes: 0, engine_minutes: 0, takeoffs: 0 },
    });
    expect(due).toMatchObject({
      state: 'ok',
      due_date: null,
      remaining_days: null,
      remaining_minutes: 40 * H,
    });
  });

  it('nothing tracked is ok with no first dimension', () => {
    expect(nextDue({ counters: counters(1), today: '2026-11-22' })).toMatchObject({
      first: null,
      state: 'ok',
    });
  });
});

describe('life-limited components', () => {
  it('remaining life by engine hours (TBO) and by date', () => {
    const due = nextDue({
      limits: { lifetime_engine: 2000 * H, lifetime_date: '2030-05-01' },
      counters: counters(0, 1650),
      today: '2026-11-22',
      // 350 h at 7 h a week: 50 weeks.
      usage: { flight_minutes: 0, engine_minutes: 7 * H, takeoffs: 0 },
    });
    const life = due.dimensions.find((d) => d.key === 'lifetime_engine');
    expect(life).toMatchObject({ remaining: 350 * H, due_date: '2027-11-07', state: 'ok' });
    expect(due.first?.key).toBe('lifetime_engine');
  });

  it('life ended by date', () => {
    const due = nextDue({
      limits: { lifetime_date: '2026-11-01' },
      counters: counters(0),
      today: '2026-11-22',
    });
    expect(due).toMatchObject({ state: 'overdue', remaining_days: -21 });
  });
});

describe('performed', () => {
  it('starts a new cycle from the date and the readings given', () => {
    const schedule = {
      cycle_hours: 100,
      hours_basis: 'engine' as const,
      cycle_calendar: 'yearly' as const,
      ...performedSchedule('2026-11-22', counters(2000, 3094, 900)),
    };
    const due = nextDue({ schedule, counters: counters(2000, 3094, 900), today: '2026-11-22' });
    expect(due.dimensions.find((d) => d.key === 'cycle_hours')).toMatchObject({
      remaining: 100 * H,
      state: 'ok',
    });
    expect(due.dimensions.find((d) => d.key === 'cycle_calendar')?.due_date).toBe('2027-11-22');
    expect(due.state).toBe('ok');
  });
});
