import { describe, expect, it } from 'vitest';
import { isoWeekOf } from '../../functions/flights/jobs.ts';

/** The reminder's period (issue 13 §8): one per instructor and ISO 8601 week. */
describe('the ISO week of a day', () => {
  it('starts on Monday and belongs to the year of its Thursday', () => {
    expect(isoWeekOf('2026-11-25')).toBe('2026-W48');
    expect(isoWeekOf('2026-11-23')).toBe('2026-W48');
    expect(isoWeekOf('2026-11-29')).toBe('2026-W48');
    expect(isoWeekOf('2026-11-30')).toBe('2026-W49');
    // Across the turn of a year, both ways.
    expect(isoWeekOf('2026-12-31')).toBe('2026-W53');
    expect(isoWeekOf('2027-01-03')).toBe('2026-W53');
    expect(isoWeekOf('2027-01-04')).toBe('2027-W01');
    expect(isoWeekOf('2029-12-31')).toBe('2030-W01');
    expect(isoWeekOf('2021-01-03')).toBe('2020-W53');
  });
});
