import { describe, expect, it } from 'vitest';
import { fitsTask, type ProgressLine, progressOf } from '../../functions/training/progress.ts';

/**
 * Progress against minimums (issue 16 §3): counted from the linked logbook lines only — dual lines
 * are dual instruction, pilot-in-command lines supervised solo, other seats nothing — and a flight
 * that does not fit a task is refused (spec §8 "The flight is not part of the task.").
 */
let seq = 0;
const line = (over: Partial<ProgressLine> = {}): ProgressLine => ({
  entry_id: `org-demo-f${++seq}`,
  kind: 'glider',
  is_tmg: false,
  date: '2026-06-01',
  takeoff_type_id: 3,
  role: 'dual',
  flight_minutes: 8,
  launches: 1,
  ...over,
});
const many = (n: number, over: Partial<ProgressLine> = {}) => Array.from({ length: n }, () => line(over));

describe('progress against the SPL minimums (SFCL.130(a): 15 h, 10 h dual, 2 h solo, 45 launches)', () => {
  const spl = { min_total_minutes: 900, min_dual_minutes: 600, min_solo_minutes: 120, min_launches: 45 };

  it('says what is missing per minimum', () => {
    const progress = progressOf(
      [...many(40, { flight_minutes: 12 }), ...many(3, { role: 'pic', flight_minutes: 20 })],
      spl,
    );

    expect(progress).toMatchObject({
      flights: 43,
      dual_minutes: 480,
      solo_minutes: 60,
      total_minutes: 540,
      launches: 43,
    });
    expect(progress.missing).toEqual({
      total_minutes: 360,
      dual_minutes: 120,
      solo_minutes: 60,
      launches: 2,
    });
    expect(progress.met).toBe(false);
  });

  it('is met exactly at the minimums, and stays met above them', () => {
    const lines = [...many(30, { flight_minutes: 20 }), ...many(15, { role: 'pic', flight_minutes: 20 })];
    const progress = progressOf(lines, spl);

    expect(progress).toMatchObject({
      dual_minutes: 600,
      solo_minutes: 300,
      total_minutes: 900,
      launches: 45,
      met: true,
    });
    expect(progress.missing).toEqual({ total_minutes: 0, dual_minutes: 0, solo_minutes: 0, launches: 0 });
    expect(progressOf([...lines, line()], spl).met).toBe(true);
  });

  it('one launch short of 45 is not met, though the hours are', () => {
    const hours = [...many(40, { flight_minutes: 20 }), ...many(4, { role: 'pic', flight_minutes: 40 })];
    expect(progressOf(hours, spl)).toMatchObject({
      total_minutes: 960,
      met: false,
      missing: { launches: 1 },
    });
    expect(progressOf([...hours, line({ role: 'pic', flight_minutes: 5 })], spl).met).toBe(true);
  });

  it('does not count a passenger or co-pilot seat as instruction', () => {
    const progress = progressOf(
      [line({ role: 'passenger', flight_minutes: 300 }), line({ role: 'sic' })],
      spl,
    );
    expect(progress).toMatchObject({ flights: 0, total_minutes: 0, launches: 0 });
  });
});

describe('progress of a launch-method task (SFCL.155(a): winch 10 dual + 5 supervised solo)', () => {
  const task = { min_dual_launches: 10, min_solo_launches: 5 };

  it('counts dual and solo launches apart', () => {
    expect(progressOf(many(12), task)).toMatchObject({
      dual_launches: 12,
      solo_launches: 0,
      missing: { solo_launches: 5 },
      met: false,
    });
    expect(progressOf([...many(10), ...many(5, { role: 'pic' })], task).met).toBe(true);
    expect(progressOf([...many(9), ...many(6, { role: 'pic' })], task).missing).toEqual({
      dual_launches: 1,
      solo_launches: 0,
    });
  });

  it('asks nothing of a task with no minimums (a briefing)', () => {
    expect(progressOf([], {})).toMatchObject({ missing: {}, met: true });
  });
});

describe('which flights are part of a task', () => {
  const start = '2026-05-01';
  const winchDual = {
    briefing_only: false,
    launch_methods: ['winch'] as const,
    flight_role: 'dual' as const,
  };

  it('takes a dual winch flight after the start', () => {
    expect(fitsTask(line(), { ...winchDual, launch_methods: ['winch'] }, start)).toBe(true);
  });

  it.each<[string, Partial<ProgressLine>, string | null]>([
    ['an aerotow', { takeoff_type_id: 5 }, null],
    ['a solo flight', { role: 'pic' }, null],
    ['a flight before the training started', { date: '2026-04-30' }, null],
    ['a flight in an aeroplane', { kind: 'general', takeoff_type_id: 1 }, null],
    ['a passenger flight', { role: 'passenger' }, null],
  ])('refuses %s', (_name, over) => {
    expect(fitsTask(line(over), { ...winchDual, launch_methods: ['winch'] }, start)).toBe(false);
  });

  it('takes no flight at all for a briefing', () => {
    expect(fitsTask(line(), { briefing_only: true, launch_methods: [], flight_role: 'any' }, start)).toBe(
      false,
    );
  });

  it('takes a TMG flight (Part-SFCL sailplanes include TMGs) where the task allows its launch', () => {
    const tmg = line({ kind: 'general', is_tmg: true, takeoff_type_id: 6 });
    expect(
      fitsTask(
        tmg,
        { briefing_only: false, launch_methods: ['self_launch', 'tmg'], flight_role: 'any' },
        start,
      ),
    ).toBe(true);
    expect(
      fitsTask(tmg, { briefing_only: false, launch_methods: ['winch'], flight_role: 'any' }, start),
    ).toBe(false);
    expect(fitsTask(tmg, { briefing_only: false, launch_methods: [], flight_role: 'any' }, start)).toBe(true);
  });

  it('takes dual and solo flights by any method when the task names none', () => {
    const any = { briefing_only: false, launch_methods: [], flight_role: 'any' as const };
    expect(fitsTask(line({ takeoff_type_id: 5, role: 'pic' }), any, start)).toBe(true);
    expect(fitsTask(line({ role: 'instructor' }), any, start)).toBe(false);
  });
});
