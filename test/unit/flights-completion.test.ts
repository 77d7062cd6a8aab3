import { describe, expect, it } from 'vitest';
import { type CompletionFlight, countersOf, planCompletion } from '../../functions/flights/completion.ts';

const landed: CompletionFlight = {
  flight_id: 'f1',
  organization_id: 'org-demo',
  date: '2026-08-15',
  kind: 'glider',
  status: 'landed',
  plane_id: 'plane-ha-4012',
  reg_num: 'HA-4012',
  plane_type: 'AS21',
  is_tmg: false,
  takeoff_type_id: 3,
  takeoff_time: '2026-08-15T09:00:00.000Z',
  landing_time: '2026-08-15T09:07:00.000Z',
  pic_id: 'user-student',
  instructor_id: 'user-instructor',
  training: true,
  proficiency_check: false,
};

describe('a flight landing, changing and going away', () => {
  it('landing a dual training flight: one takeoff, its minutes, two logbook lines, the trainee awaiting a signature', () => {
    const plan = planCompletion({ ...landed, status: 'airborne', landing_time: undefined }, landed);

    expect(plan.counters).toEqual([
      {
        plane_id: 'plane-ha-4012',
        date: '2026-08-15',
        delta: { flight_minutes: 7, engine_minutes: 0, takeoffs: 1, landings: 1 },
      },
    ]);
    expect(plan.entries.map((e) => [e.user_id, e.role, e.status, e.signer_id])).toEqual([
      ['user-student', 'dual', 'awaiting_signature', 'user-instructor'],
      ['user-instructor', 'instructor', 'final', ''],
    ]);
    expect(plan.stats).toHaveLength(2);
    expect(plan.applied).toEqual({ flight_minutes: 7, engine_minutes: 0, takeoffs: 1, landings: 1 });
  });

  it('a flight still airborne counts nothing', () => {
    const plan = planCompletion(null, { ...landed, status: 'airborne', landing_time: undefined });

    expect(plan).toMatchObject({ counters: [], entries: [], stats: [], applied: null });
  });

  it('correcting the landing time adds only the difference, and replaying it adds nothing', () => {
    const corrected = { ...landed, landing_time: '2026-08-15T09:37:00.000Z' };
    const plan = planCompletion(landed, corrected);

    expect(plan.counters[0]?.delta).toEqual({
      flight_minutes: 30,
      engine_minutes: 0,
      takeoffs: 0,
      landings: 0,
    });
    expect(plan.entries.map((e) => e.flight_minutes)).toEqual([37, 37]);
    expect(plan.stats.map((s) => s.minutes)).toEqual([30, 30]);
    expect(planCompletion(corrected, corrected)).toMatchObject({
      counters: [],
      entries: [],
      removedEntries: [],
      stats: [],
    });
  });

  it('moving a landed flight to another aircraft takes it back from the first', () => {
    const plan = planCompletion(landed, { ...landed, plane_id: 'plane-ha-4370', reg_num: 'HA-4370' });

    expect(plan.counters.map((c) => [c.plane_id, c.delta.takeoffs, c.delta.flight_minutes])).toEqual([
      ['plane-ha-4012', -1, -7],
      ['plane-ha-4370', 1, 7],
    ]);
  });

  it('deleting a landed flight removes its lines and takes back its counters and statistics', () => {
    const plan = planCompletion(landed, null);

    expect(plan.counters[0]?.delta.takeoffs).toBe(-1);
    expect(plan.removedEntries.map((e) => e.user_id)).toEqual(['user-student', 'user-instructor']);
    expect(plan.stats.every((s) => s.flights === -1)).toBe(true);
  });

  it('changing the takeoff time moves the logbook line (its key holds the time)', () => {
    const plan = planCompletion(landed, {
      ...landed,
      takeoff_time: '2026-08-15T09:01:00.000Z',
      landing_time: '2026-08-15T09:08:00.000Z',
    });

    expect(plan.removedEntries).toHaveLength(2);
    expect(plan.entries).toHaveLength(2);
    expect(plan.counters).toEqual([]);
  });

  it('a solo flight: PIC, no signature; a flight over 3 hours is counted as such', () => {
    const solo = {
      ...landed,
      instructor_id: undefined,
      training: false,
      pic_id: 'user-pilot',
      landing_time: '2026-08-15T13:30:00.000Z',
    };
    const plan = planCompletion(null, solo);

    expect(plan.entries.map((e) => [e.role, e.status])).toEqual([['pic', 'final']]);
    expect(plan.stats[0]).toMatchObject({ month: '2026-08', flights: 1, minutes: 270, over_3h: 1 });
  });

  it('engine time: the counter readings when given, else a powered flight time; gliders none', () => {
    expect(
      countersOf({ ...landed, kind: 'general', takeoff_counter: 60000, landing_counter: 60042 })
        .engine_minutes,
    ).toBe(42);
    expect(countersOf({ ...landed, kind: 'general' }).engine_minutes).toBe(7);
    expect(countersOf(landed).engine_minutes).toBe(0);
    expect(countersOf({ ...landed, touch_and_go: 3 }).landings).toBe(4);
  });
});

describe('the same flight id in two clubs (issue 11 §2)', () => {
  it("gives the shared pilot's lines different ids, so neither flight's plan touches the other's line", () => {
    const demo = planCompletion(null, landed);
    const alpine = planCompletion(null, {
      ...landed,
      organization_id: 'org-alpine',
      plane_id: 'plane-oe-5678',
    });
    const removedByAlpine = planCompletion({ ...landed, organization_id: 'org-alpine' }, null);

    const demoIds = demo.entries.map((e) => e.entry_id);
    expect(demoIds).toEqual(['org-demo-f1', 'org-demo-f1']);
    expect(alpine.entries.map((e) => e.entry_id)).toEqual(['org-alpine-f1', 'org-alpine-f1']);
    expect(removedByAlpine.removedEntries.map((e) => e.entry_id)).toEqual(['org-alpine-f1', 'org-alpine-f1']);
    expect(removedByAlpine.removedEntries.some((e) => demoIds.includes(e.entry_id))).toBe(false);
  });
});
