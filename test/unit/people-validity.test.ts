import { describe, expect, it } from 'vitest';
import { todayIn } from '../../contracts/calendar.ts';
import { daysUntil, validityState as validityOf } from '../../contracts/schemas/people.ts';

describe('validity highlighting (pilot data, permits)', () => {
  const today = '2026-06-15';

  it('is valid more than 30 days ahead', () => {
    expect(validityOf('2026-07-16', today)).toBe('valid');
    expect(validityOf('2030-01-01', today)).toBe('valid');
  });

  it('is expiring from 30 days before the end, up to and including the last day', () => {
    expect(validityOf('2026-07-15', today)).toBe('expiring');
    expect(validityOf('2026-06-16', today)).toBe('expiring');
    expect(validityOf('2026-06-15', today)).toBe('expiring');
  });

  it('is expired from the day after the last valid day', () => {
    expect(validityOf('2026-06-14', today)).toBe('expired');
    expect(validityOf('2020-01-01', today)).toBe('expired');
  });

  it('has nothing to say about a missing or unreadable date', () => {
    expect(validityOf(null, today)).toBe('none');
    expect(validityOf('', today)).toBe('none');
    expect(validityOf('2026.07.01', today)).toBe('none');
  });

  it('counts calendar days across a month and a leap day', () => {
    expect(daysUntil('2028-03-01', '2028-02-28')).toBe(2);
    expect(daysUntil('2026-06-14', today)).toBe(-1);
  });

  it("takes today in the organization's time zone: Budapest is a day ahead of UTC just after midnight", () => {
    const justAfterMidnightInBudapest = new Date('2026-06-14T22:30:00Z');

    expect(todayIn('UTC', justAfterMidnightInBudapest)).toBe('2026-06-14');
    expect(todayIn('Europe/Budapest', justAfterMidnightInBudapest)).toBe('2026-06-15');
  });
});
