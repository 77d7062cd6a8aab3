import { describe, expect, it } from 'vitest';
import { EXPIRING_DAYS, localToday, validityOf } from '../../frontend/src/features/profile/validity.ts';

describe('validity of a licence, medical or rating date (profile/pilot-info-edit)', () => {
  const today = '2026-11-22';

  it.each([
    ['yesterday', '2026-11-21', 'expired'],
    ['today, the last valid day', '2026-11-22', 'expiring'],
    [`in ${EXPIRING_DAYS} days`, '2027-01-21', 'expiring'],
    [`in ${EXPIRING_DAYS + 1} days`, '2027-01-22', 'valid'],
    ['next year', '2027-11-22', 'valid'],
  ])('%s is %s', (_name, validUntil, expected) => {
    expect(validityOf(validUntil, today)).toBe(expected);
  });

  it('marks nothing without a readable date', () => {
    expect(validityOf(null, today)).toBeNull();
    expect(validityOf('', today)).toBeNull();
    expect(validityOf('31.12.2027', today)).toBeNull();
  });

  it('counts whole days across a daylight-saving change', () => {
    // Europe's clocks go back on 2026-10-25: still 60 whole days from 2026-09-25 to 2026-11-24.
    expect(validityOf('2026-11-24', '2026-09-25')).toBe('expiring');
    expect(validityOf('2026-11-25', '2026-09-25')).toBe('valid');
  });

  it('takes today in the browser’s own time zone, not UTC', () => {
    // 23:30 on 31 December local time is still that day.
    expect(localToday(new Date(2026, 11, 31, 23, 30))).toBe('2026-12-31');
  });
});
