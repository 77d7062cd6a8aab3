import { describe, expect, it } from 'vitest';
import {
  agendaDays,
  itemsOn,
  stepped,
  viewDays,
} from '../../frontend/src/features/calendar/calendar-model.ts';

/** The calendar screen's days (issue 17 §6): weeks from Monday in Hungarian, Sunday otherwise. */
describe('the calendar screen’s days', () => {
  it('starts the week on Monday (hu) or Sunday (others)', () => {
    // 2026-12-06 is a Sunday.
    expect(viewDays('week', '2026-12-06', 1)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(viewDays('week', '2026-12-06', 0)[0]).toBe('2026-12-06');
  });

  it('shows whole weeks around a month, at most six of them', () => {
    const days = viewDays('month', '2026-12-17', 1);
    expect(days[0]).toBe('2026-11-30');
    expect(days.at(-1)).toBe('2027-01-03');
    expect(days.length % 7).toBe(0);
    expect(viewDays('month', '2026-08-10', 0).length).toBeLessThanOrEqual(42);
  });

  it('steps a month from any day and lists four weeks on a phone', () => {
    expect(stepped('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(stepped('month', '2026-03-15', -1)).toBe('2026-02-01');
    expect(stepped('week', '2026-12-06', -1)).toBe('2026-11-29');
    expect(agendaDays('2026-12-06')).toHaveLength(28);
  });

  it('puts a multi-day item on each of its days', () => {
    const item = { date: '2026-12-05', end_date: '2026-12-07' } as Parameters<typeof itemsOn>[0][number];
    expect(
      ['2026-12-04', '2026-12-05', '2026-12-07', '2026-12-08'].map((d) => itemsOn([item], d).length),
    ).toEqual([0, 1, 1, 0]);
  });
});
