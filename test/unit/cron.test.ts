import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import { CronConversionError, toEventBridgeCron } from '../../lib/cron.ts';

const EVENTBRIDGE_DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** The weekdays (SUN…SAT) an EventBridge day-of-week field names, ranges and lists expanded. */
function eventBridgeDays(field: string): Set<string> {
  if (field === '*') return new Set(EVENTBRIDGE_DAYS);
  const days = new Set<string>();
  for (const part of field.split(',')) {
    const [from, to] = part.split('-') as [string, string | undefined];
    const start = EVENTBRIDGE_DAYS.indexOf(from);
    const end = to === undefined ? start : EVENTBRIDGE_DAYS.indexOf(to);
    expect(start, `unknown day in ${field}`).toBeGreaterThanOrEqual(0);
    for (let d = start; d <= end; d++) days.add(EVENTBRIDGE_DAYS[d]!);
  }
  return days;
}

/** The weekdays croner itself runs a pattern on, over four weeks. */
function cronerDays(pattern: string): Set<string> {
  const runs = new Cron(pattern, { paused: true, timezone: 'UTC' }).nextRuns(
    200,
    new Date('2026-03-01T00:00:00Z'),
  );
  return new Set(runs.map((run) => EVENTBRIDGE_DAYS[run.getUTCDay()]!));
}

describe('toEventBridgeCron', () => {
  it.each([
    ['0 3 * * *', 'cron(0 3 * * ? *)'],
    ['*/15 * * * *', 'cron(0/15 * * * ? *)'],
    ['0 */6 * * *', 'cron(0 0/6 * * ? *)'],
    ['0 6 * * 1-5', 'cron(0 6 ? * MON-FRI *)'],
    ['0 6 * * 0', 'cron(0 6 ? * SUN *)'],
    ['0 6 * * 7', 'cron(0 6 ? * SUN *)'],
    ['0 18 * * 5-7', 'cron(0 18 ? * SUN,FRI,SAT *)'],
    ['0 18 * * 6,0', 'cron(0 18 ? * SUN,SAT *)'],
    ['0 8 * * mon,wed,fri', 'cron(0 8 ? * MON,WED,FRI *)'],
    ['0 8 * * 0-7', 'cron(0 8 ? * * *)'],
    ['0 0 1 * *', 'cron(0 0 1 * ? *)'],
    ['0 0 L * *', 'cron(0 0 L * ? *)'],
    ['0 0 1 jan *', 'cron(0 0 1 1 ? *)'],
    ['0 0 1 1-3 *', 'cron(0 0 1 1-3 ? *)'],
    ['0 9 * * 1#1', 'cron(0 9 ? * 2#1 *)'],
    ['0 9 * * 5L', 'cron(0 9 ? * 6L *)'],
    ['0-30/10 7 * * *', 'cron(0,10,20,30 7 * * ? *)'],
    ['@daily', 'cron(0 0 * * ? *)'],
    ['@weekly', 'cron(0 0 ? * SUN *)'],
    ['@hourly', 'cron(0 * * * ? *)'],
  ])('%s → %s', (pattern, expected) => {
    // Act
    const converted = toEventBridgeCron(pattern);

    // Assess
    expect(converted).toBe(expected);
  });

  it.each([
    '0 6 * * 1-5',
    '0 6 * * 0',
    '0 6 * * 7',
    '0 18 * * 5-7',
    '0 8 * * mon,wed,fri',
    '0 8 * * */2',
    '0 8 * * 1,3-4',
  ])('runs %s on the same weekdays as croner', (pattern) => {
    // Prepare
    const expected = cronerDays(pattern);

    // Act
    const dow = /^cron\(\S+ \S+ \? \S+ (\S+) \*\)$/.exec(toEventBridgeCron(pattern))?.[1];

    // Assess
    expect(dow).toBeDefined();
    expect([...eventBridgeDays(dow!)].sort()).toEqual([...expected].sort());
  });

  it.each([
    ['0 0 1 * 1', /both day of month and day of week/],
    ['0 0 * *', /expected 5 fields/],
    ['0 0 0 * * *', /expected 5 fields/],
    ['61 * * * *', /minute 61 is outside 0–59/],
    ['0 24 * * *', /hour 24 is outside 0–23/],
    ['0 0 * * 8', /day of week "8"/],
    ['0 0 * 13 *', /month 13 is outside 1–12/],
    ['0 5-1 * * *', /runs backwards/],
  ])('rejects %s', (pattern, message) => {
    // Act + Assess
    expect(() => toEventBridgeCron(pattern)).toThrow(CronConversionError);
    expect(() => toEventBridgeCron(pattern)).toThrow(message);
  });
});
