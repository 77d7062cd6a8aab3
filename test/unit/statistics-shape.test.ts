import { describe, expect, it } from 'vitest';
import {
  hoursOf,
  pilotView,
  planeView,
  yearChoices,
} from '../../frontend/src/features/statistics/statistics-shape.ts';
import { usageStatistics } from '../../functions/aircraft/plane-statistics.ts';
import { type LogbookDeps, statistics } from '../../functions/flights/logbook-service.ts';
import type { Actor } from '../../functions/platform/auth/actor.ts';

/**
 * Spec §9 statistics: per year and per month, the last 12 months (this month included), flights
 * over 3 hours counted — for a pilot (monthly logbook items) and an aircraft (its usage days).
 */
const actor = { userId: 'user-1', organization: { timezone: 'Europe/Budapest' } } as unknown as Actor;

const stat = (month: string, minutes: number, over_3h = 0) => ({
  user_id: 'user-1',
  kind: 'glider' as const,
  month,
  flights: 2,
  minutes,
  launches: 2,
  landings: 2,
  over_3h,
  pic_minutes: minutes,
  dual_minutes: 0,
  instructor_minutes: 0,
  sic_minutes: 0,
  night_minutes: 0,
  ifr_minutes: 0,
});

const depsAt = (now: string, stats: ReturnType<typeof stat>[]) =>
  ({ now: () => new Date(now), store: { stats: async () => stats } }) as unknown as LogbookDeps;

describe('a pilot’s statistics', () => {
  const items = [
    stat('2025-11', 100), // 12 months before November 2026: outside the last 12
    stat('2025-12', 60),
    stat('2026-03', 240, 1),
    stat('2026-11', 30),
  ];

  it('gives the chosen year month by month, January to December, empty months as zeros', async () => {
    const s = await statistics(depsAt('2026-11-22T10:00:00Z', items), actor, 'glider', 2026);
    expect(s.months.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
    );
    expect(s.months[2]).toMatchObject({ month: '2026-03', minutes: 240, over_3h: 1 });
    expect(s.months[0]).toMatchObject({ flights: 0, minutes: 0 });
  });

  it('sums every year, oldest first', async () => {
    const s = await statistics(depsAt('2026-11-22T10:00:00Z', items), actor, 'glider', undefined);
    expect(s.years.map((y) => [y.year, y.minutes])).toEqual([
      ['2025', 160],
      ['2026', 270],
    ]);
  });

  it('the last 12 months run from the same month a year ago + 1 through this month', async () => {
    const s = await statistics(depsAt('2026-11-22T10:00:00Z', items), actor, 'glider', undefined);
    expect(s.last_12_months).toMatchObject({ minutes: 60 + 240 + 30, flights: 6, over_3h: 1 });
  });

  it('"this month" is the organization’s: 23:30 UTC on 30 November is December in Budapest', async () => {
    const s = await statistics(depsAt('2026-11-30T23:30:00Z', items), actor, 'glider', undefined);
    // December 2025 falls out of the window; November 2026 stays in.
    expect(s.last_12_months.minutes).toBe(240 + 30);
  });

  it('shapes for the panel: minutes and flights per month, over 3 h kept, no engine time', async () => {
    const s = await statistics(depsAt('2026-11-22T10:00:00Z', items), actor, 'glider', 2026);
    const view = pilotView(s);
    expect(view.months[2]).toEqual({
      period: '2026-03',
      flights: 2,
      minutes: 240,
      launches: 2,
      over_3h: 1,
      engine_minutes: null,
    });
    expect(view.last12.over_3h).toBe(1);
    expect(yearChoices(view, 2027)).toEqual([2027, 2026, 2025]);
  });
});

describe('an aircraft’s statistics', () => {
  const day = (date: string, minutes: number, takeoffs: number, engine = 0) => ({
    date,
    flight_minutes: minutes,
    engine_minutes: engine,
    takeoffs,
    landings: takeoffs,
  });
  const days = [
    day('2025-06-14', 300, 12),
    day('2025-11-30', 50, 5),
    day('2025-12-01', 40, 4),
    day('2026-05-02', 120, 10, 130),
    day('2026-05-03', 80, 6, 90),
  ];

  it('adds the usage days into months, years and the last 12 months', () => {
    const s = usageStatistics('plane-1', days, 2026, '2026-11-22');
    expect(s.months[4]).toEqual({
      month: '2026-05',
      flights: 16,
      flight_minutes: 200,
      engine_minutes: 220,
      takeoffs: 16,
      landings: 16,
    });
    expect(s.years.map((y) => [y.year, y.flights])).toEqual([
      ['2025', 21],
      ['2026', 16],
    ]);
    // December 2025 … November 2026: the last day of November 2025 is out.
    expect(s.last_12_months).toMatchObject({ flights: 20, flight_minutes: 240, engine_minutes: 220 });
  });

  it('a year without use is twelve empty months', () => {
    const s = usageStatistics('plane-1', days, 2024, '2026-11-22');
    expect(s.months).toHaveLength(12);
    expect(s.months.every((m) => m.flights === 0 && m.flight_minutes === 0)).toBe(true);
  });

  it('shapes for the panel: engine time, no over-3-hours count (usage days keep no single flights)', () => {
    const view = planeView(usageStatistics('plane-1', days, 2026, '2026-11-22'));
    expect(view.months[4]).toMatchObject({ minutes: 200, engine_minutes: 220, over_3h: null });
    expect(hoursOf(200)).toBe(3.33);
  });
});
