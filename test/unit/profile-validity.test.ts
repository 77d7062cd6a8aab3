import { describe, expect, it } from 'vitest';
import { EXPIRY_WARNING_DAYS, validityState } from '../../contracts/schemas/people.ts';
import { localToday } from '../../frontend/src/features/profile/validity.ts';

describe('validity of a licence, medical or rating date (profile/pilot-info-edit)', () => {
  const today = '2026-11-22';

  it('uses the same 30-day window as the organization’s pilot-info screen', () => {
    expect(EXPIRY_WARNING_DAYS).toBe(30);
  });

  it.each([
    ['yesterday', '2026-11-21', 'expired'],
    ['today, the last valid day', '2026-11-22', 'expiring'],
    ['in 30 days', '2026-12-22', 'expiring'],
    ['in 31 days', '2026-12-23', 'valid'],
    ['in 60 days (no longer highlighted)', '2027-01-21', 'valid'],
    ['next year', '2027-11-22', 'valid'],
  ])('%s is %s', (_name, validUntil, expected) => {
    expect(validityState(validUntil, today)).toBe(expected);
  });

  it('marks nothing without a readable date', () => {
    expect(validityState(null, today)).toBe('none');
    expect(validityState('', today)).toBe('none');
    expect(validityState('31.12.2027', today)).toBe('none');
  });

  it('counts whole days across a daylight-saving change', () => {
    // Europe's clocks go back on 2026-10-25: still 30 whole days from 2026-10-10 to 2026-11-09.
    expect(validityState('2026-11-09', '2026-10-10')).toBe('expiring');
    expect(validityState('2026-11-10', '2026-10-10')).toBe('valid');
  });

  it('takes today in the browser’s own time zone, not UTC', () => {
    // 23:30 on 31 December local time is still that day.
    expect(localToday(new Date(2026, 11, 31, 23, 30))).toBe('2026-12-31');
  });
});
