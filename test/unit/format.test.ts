import { describe, expect, it } from 'vitest';
import {
  firstDayOfWeek,
  formatDate,
  formatDateTime,
  formatMinutes,
  formatQuantity,
} from '../../frontend/src/lib/format.ts';

describe('display formats (spec §5, §9)', () => {
  it('keeps a quantity and its unit together (a no-break space), in the language’s digits', () => {
    expect(formatQuantity(12345.5, 'l', 'hu')).toBe('12\u00a0345,5\u00a0l');
    expect(formatQuantity(750, 'kg', 'en')).toBe('750\u00a0kg');
    expect(formatQuantity(null, 'l', 'hu')).toBe('');
  });

  it('shows dates as YYYY.MM.DD', () => {
    expect(formatDate('2026-05-01')).toBe('2026.05.01');
    expect(formatDate('2026-05-01T10:20:00Z')).toBe('2026.05.01');
    expect(formatDate(new Date(Date.UTC(2026, 0, 9)))).toBe('2026.01.09');
  });

  it('shows an instant on the date of the organization’s time zone (a day boundary in Budapest)', () => {
    // 23:30 UTC on 31 March is 01:30 on 1 April in Budapest (CEST, UTC+2).
    expect(formatDate('2026-03-31T23:30:00Z', 'Europe/Budapest')).toBe('2026.04.01');
    expect(formatDate('2026-03-31T23:30:00Z', 'UTC')).toBe('2026.03.31');
  });

  it('adds HH:mm for date-times, in the given time zone, on a 24-hour clock', () => {
    expect(formatDateTime('2026-07-04T06:05:00Z')).toBe('2026.07.04 06:05');
    expect(formatDateTime('2026-07-04T22:05:00Z', 'Europe/Budapest')).toBe('2026.07.05 00:05');
    expect(formatDateTime('2026-01-15T12:00:00Z', 'Europe/Budapest')).toBe('2026.01.15 13:00');
  });

  it('leaves missing or unreadable values empty', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });

  it('converts minutes to signed hours:minutes', () => {
    expect(formatMinutes(0)).toBe('0:00');
    expect(formatMinutes(5)).toBe('0:05');
    expect(formatMinutes(95)).toBe('1:35');
    expect(formatMinutes(600)).toBe('10:00');
    expect(formatMinutes(-5)).toBe('-0:05');
    expect(formatMinutes(-125)).toBe('-2:05');
    expect(formatMinutes(null)).toBe('');
  });

  it('starts the week on Monday for hu and on Sunday for the other languages', () => {
    expect(firstDayOfWeek('hu')).toBe(1);
    for (const lang of ['en', 'de', 'sk', 'cs', 'pl', 'fr', 'it'] as const)
      expect(firstDayOfWeek(lang)).toBe(0);
  });
});
