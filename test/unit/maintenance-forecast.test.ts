import { describe, expect, it } from 'vitest';
import { usagePerWeek, usageWindow } from '../../functions/aircraft/forecast.ts';
import { nextDue } from '../../functions/aircraft/next-due.ts';

const day = (date: string, flight: number, engine: number, takeoffs: number) => ({
  date,
  flight_minutes: flight,
  engine_minutes: engine,
  takeoffs,
});

describe('usage per week', () => {
  it('reads eight whole weeks up to yesterday', () => {
    expect(usageWindow('2026-11-22')).toEqual({ from: '2026-09-27', to: '2026-11-21' });
  });

  it('averages over the window, days without flying counting as zero', () => {
    const rate = usagePerWeek(
      [
        day('2026-09-26', 999, 999, 99), // before the window
        day('2026-10-03', 240, 300, 8),
        day('2026-10-04', 240, 180, 8),
        day('2026-11-22', 999, 999, 99), // today: not over yet
      ],
      '2026-11-22',
    );
    expect(rate).toEqual({ flight_minutes: 60, engine_minutes: 60, takeoffs: 2 });
  });

  it('gives a forecast date of a counter due from the rate', () => {
    const rate = usagePerWeek([day('2026-11-01', 0, 8 * 4 * 60, 16)], '2026-11-22');
    // 4 engine hours a week; 12 h remaining → three weeks.
    const due = nextDue({
      schedule: { cycle_hours: 50, hours_basis: 'engine', done_counter_engine: 0 },
      counters: { flight: 0, engine: 38 * 60, takeoff: 0 },
      today: '2026-11-22',
      usage: rate,
    });
    expect(due.due_date).toBe('2026-12-13');
  });

  it('no flights: no forecast', () => {
    expect(usagePerWeek([], '2026-11-22')).toEqual({ flight_minutes: 0, engine_minutes: 0, takeoffs: 0 });
  });
});
