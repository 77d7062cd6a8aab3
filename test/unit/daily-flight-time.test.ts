import { describe, expect, it } from 'vitest';
import {
  paddedTime,
  shownTime,
  stepOfKey,
  steppedTime,
  typedTimeText,
} from '../../frontend/src/components/time-text.ts';
import {
  dayIn,
  instantOf,
  minutesBetween,
  runningTime,
  timeIn,
} from '../../frontend/src/features/daily-flight/sheet-time.ts';

/** Spec §5 time field, and the sheet's day and HH:mm in the organization's time zone. */
describe('the HH:mm time field', () => {
  it.each([
    ['9a:3-0', '9:30'],
    ['12:34:56', '12:34'],
    ['1:2:3', '1:23'],
    ['abc', ''],
  ])('lets through only digits and one colon: %s → %s', (raw, typed) => {
    expect(typedTimeText(raw)).toBe(typed);
  });

  it.each([
    ['9', '09:00'],
    ['930', '09:30'],
    ['0930', '09:30'],
    ['9:5', '09:05'],
    ['23:59', '23:59'],
    [':', null],
    ['', null],
    ['24:00', undefined],
    ['12:60', undefined],
  ])('pads %s to %s', (text, padded) => {
    expect(paddedTime(text)).toBe(padded);
  });

  it('moves by a minute on the arrows and an hour on the page keys, round midnight', () => {
    expect(steppedTime('09:59', stepOfKey('ArrowUp')!)).toBe('10:00');
    expect(steppedTime('00:00', stepOfKey('ArrowDown')!)).toBe('23:59');
    expect(steppedTime('23:30', stepOfKey('PageUp')!)).toBe('00:30');
    expect(steppedTime('00:30', stepOfKey('PageDown')!)).toBe('23:30');
    expect(steppedTime(null, 1)).toBe('00:01');
    expect(stepOfKey('Enter')).toBeNull();
  });

  it('shows a missing time as "?" and a stored one by its first five characters', () => {
    expect(shownTime(null)).toBe('?');
    expect(shownTime('')).toBe('?');
    expect(shownTime('09:30:00')).toBe('09:30');
  });
});

describe('the sheet’s clock in the organization’s time zone', () => {
  const BUDAPEST = 'Europe/Budapest';

  it('puts a flight after local midnight on the next day’s sheet (Budapest, summer)', () => {
    expect(dayIn(new Date('2026-07-31T21:59:00Z'), BUDAPEST)).toBe('2026-07-31');
    expect(dayIn(new Date('2026-07-31T22:00:00Z'), BUDAPEST)).toBe('2026-08-01');
  });

  it('turns HH:mm on a sheet’s day into the UTC instant and back, in summer and winter time', () => {
    expect(instantOf('2026-07-15', '09:30', BUDAPEST)).toBe('2026-07-15T07:30:00.000Z');
    expect(instantOf('2026-01-15', '09:30', BUDAPEST)).toBe('2026-01-15T08:30:00.000Z');
    expect(instantOf('2026-03-29', '12:00', BUDAPEST)).toBe('2026-03-29T10:00:00.000Z');
    expect(timeIn('2026-07-15T07:30:00.000Z', BUDAPEST)).toBe('09:30');
    expect(timeIn(null, BUDAPEST)).toBeNull();
    expect(instantOf('2026-07-15', '09:30', 'UTC')).toBe('2026-07-15T09:30:00.000Z');
  });

  it('counts whole minutes and runs the airborne timer', () => {
    expect(minutesBetween('2026-07-15T07:30:00Z', '2026-07-15T08:12:59Z')).toBe(42);
    expect(minutesBetween('2026-07-15T07:30:00Z', '2026-07-15T07:00:00Z')).toBe(0);
    expect(runningTime('2026-07-15T07:30:00Z', Date.parse('2026-07-15T08:35:09Z'))).toBe('1:05:09');
  });
});
