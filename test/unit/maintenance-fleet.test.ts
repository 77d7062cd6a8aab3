import { describe, expect, it } from 'vitest';
import { fleetOverviewOf, type PlaneDues } from '../../functions/aircraft/maintenance-due.ts';
import type { StoredPlane } from '../../functions/aircraft/maintenance-store.ts';
import { nextDue } from '../../functions/aircraft/next-due.ts';

const today = '2026-11-22';
const plane = (id: string, status: StoredPlane['status'] = 'functional') =>
  ({
    plane_id: id,
    reg_num: id.toUpperCase(),
    status,
    start_counter_flight: 0,
    start_counter_engine: 0,
    start_counter_takeoff: 0,
    counter_flight: 0,
    counter_engine: 0,
    counter_takeoff: 0,
    current_counter_flight: 600,
    current_counter_engine: 0,
    current_counter_takeoff: 10,
  }) as StoredPlane;
const counters = { flight: 600, engine: 0, takeoff: 10 };
const entry = (id: string, schedule: Parameters<typeof nextDue>[0]['schedule'], kind = 'inspection') => ({
  source: 'maintenance' as const,
  id,
  name: id,
  kind,
  due: nextDue({ schedule, counters, today }),
});

describe('the fleet overview', () => {
  it('grounds by status, by an overdue item and by a limit reached, and counts what is due within 30 days', () => {
    const dues: PlaneDues[] = [
      {
        plane: plane('a'),
        entries: [entry('annual', { cycle_calendar: 'yearly', maintenanced_at: '2025-12-01' })],
        arc: null,
      },
      { plane: plane('b', 'inoperable'), entries: [], arc: null },
      { plane: plane('c'), entries: [entry('50h', { cycle_hours: 5, done_counter_flight: 0 })], arc: null },
      {
        plane: plane('d'),
        entries: [
          {
            source: 'plane',
            id: 'd',
            name: 'D',
            kind: null,
            due: nextDue({ limits: { limit_counter_takeoff: 10 }, counters, today }),
          },
        ],
        arc: null,
      },
    ];
    const arc = entry('arc', { cycle_calendar: 'yearly', maintenanced_at: '2026-03-01' }, 'arc');
    dues[0]!.entries.push(arc);
    dues[0]!.arc = arc;

    const overview = fleetOverviewOf(dues, new Map([['a', 2]]), today);

    expect(overview.items.map((p) => [p.plane_id, p.grounded, p.grounded_reasons])).toEqual([
      ['a', false, []],
      ['b', true, ['status']],
      ['c', true, ['overdue']],
      ['d', true, ['limit']],
    ]);
    expect(overview.items[0]).toMatchObject({
      next_due: { id: 'annual', due_date: '2026-12-01', state: 'due_soon', remaining_days: 9 },
      arc_expiry: '2027-03-01',
      arc_state: 'ok',
      open_faults: 2,
      due_within_30_days: 1,
    });
    expect(overview.summary).toEqual({ aircraft: 4, grounded: 3, due_within_30_days: 3, overdue: 2 });
  });
});
