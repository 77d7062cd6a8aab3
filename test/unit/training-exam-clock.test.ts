import { describe, expect, it } from 'vitest';
import type { SplSubject } from '../../contracts/schemas/training-enums.ts';
import { SPL_SUBJECTS } from '../../contracts/schemas/training-enums.ts';
import {
  attemptRefusal,
  type ExamAttempt,
  endOfMonthAfter,
  examClock,
} from '../../functions/training/exam-clock.ts';

/**
 * The FCL.025 clocks (issue 16 §9) as exam-clock.ts reads the rule: 18 months counted from the end
 * of the calendar month of the first attempt, at most 4 attempts per paper and 6 sittings (a sitting
 * at most 10 consecutive days, one attempt per paper), a completed examination valid 24 months.
 */
let seq = 0;
const attempt = (
  subject: SplSubject,
  date: string,
  passed = true,
  percent = passed ? 80 : 60,
): ExamAttempt => ({
  id: `a${String(++seq).padStart(4, '0')}`,
  subject,
  date,
  passed,
  percent,
});

describe('the 18-month window', () => {
  it('ends on the last day of the 18th month after the first attempt’s month', () => {
    expect(endOfMonthAfter('2026-03-10', 18)).toBe('2027-09-30');
    expect(endOfMonthAfter('2026-02-01', 18)).toBe('2027-08-31');
    expect(endOfMonthAfter('2026-08-31', 18)).toBe('2028-02-29');
  });

  it('shows when it lapses, and voids the set once it has', () => {
    const attempts = [attempt('air_law', '2026-03-10'), attempt('meteorology', '2026-03-11', false)];
    expect(examClock('SPL', attempts, '2027-09-30')).toMatchObject({
      state: 'in_progress',
      first_attempt_date: '2026-03-10',
      window_ends: '2027-09-30',
      sittings_used: 1,
    });
    expect(examClock('SPL', attempts, '2027-10-01')).toMatchObject({ state: 'void', void_reason: 'window' });
  });

  it('an attempt after the window starts a new set', () => {
    const clock = examClock(
      'SPL',
      [attempt('air_law', '2026-03-10'), attempt('meteorology', '2027-10-05', false)],
      '2027-10-06',
    );
    expect(clock).toMatchObject({
      state: 'in_progress',
      first_attempt_date: '2027-10-05',
      earlier_cycles: 1,
    });
    expect(clock.subjects.find((s) => s.subject === 'air_law')).toMatchObject({
      attempts_used: 0,
      passed_on: null,
    });
  });
});

describe('attempts per paper and sittings', () => {
  it('four failed attempts at one paper void the set', () => {
    const dates = ['2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01'];
    const three = examClock(
      'SPL',
      dates.slice(0, 3).map((d) => attempt('navigation', d, false)),
      '2026-06-02',
    );
    expect(three.state).toBe('in_progress');
    expect(three.subjects.find((s) => s.subject === 'navigation')).toMatchObject({
      attempts_used: 3,
      attempts_max: 4,
    });
    const four = examClock(
      'SPL',
      dates.map((d) => attempt('navigation', d, false)),
      '2026-06-02',
    );
    expect(four).toMatchObject({ state: 'void', void_reason: 'attempts' });
  });

  it('a pass on the fourth attempt counts', () => {
    const clock = examClock(
      'SPL',
      [
        attempt('navigation', '2026-03-01', false),
        attempt('navigation', '2026-04-01', false),
        attempt('navigation', '2026-05-01', false),
        attempt('navigation', '2026-06-01', true),
      ],
      '2026-06-02',
    );
    expect(clock.state).toBe('in_progress');
    expect(clock.subjects.find((s) => s.subject === 'navigation')).toMatchObject({
      attempts_used: 4,
      passed_on: '2026-06-01',
    });
  });

  it('counts attempts within ten consecutive days as one sitting', () => {
    const clock = examClock(
      'SPL',
      [
        attempt('air_law', '2026-03-01'),
        attempt('meteorology', '2026-03-10'),
        attempt('navigation', '2026-03-11'),
      ],
      '2026-03-12',
    );
    expect(clock.sittings_used).toBe(2);
  });

  it('six sittings used up without every paper voids the set; a seventh starts a new one', () => {
    const days = ['2026-01-05', '2026-02-05', '2026-03-05', '2026-04-05', '2026-05-05', '2026-06-05'];
    const attempts = days.map((d, i) => attempt(SPL_SUBJECTS[i]!, d));
    expect(examClock('SPL', attempts, '2026-06-10')).toMatchObject({
      state: 'in_progress',
      sittings_used: 6,
    });
    expect(examClock('SPL', attempts, '2026-06-15')).toMatchObject({
      state: 'void',
      void_reason: 'sittings',
    });
    const seventh = examClock('SPL', [...attempts, attempt('air_law', '2026-07-01')], '2026-07-02');
    expect(seventh).toMatchObject({ state: 'in_progress', sittings_used: 1, earlier_cycles: 1 });
  });

  it('refuses a second attempt at a paper in the same sitting, and any at a passed one', () => {
    const attempts = [attempt('air_law', '2026-03-01', false), attempt('meteorology', '2026-03-01', true)];
    expect(attemptRefusal(attempts, 'air_law', '2026-03-05')).toBe('same_sitting');
    expect(attemptRefusal(attempts, 'air_law', '2026-03-11')).toBeNull();
    expect(attemptRefusal(attempts, 'meteorology', '2026-04-01')).toBe('passed');
    expect(attemptRefusal(attempts, 'navigation', '2026-03-05')).toBeNull();
  });
});

describe('the validity of a completed examination', () => {
  const all = SPL_SUBJECTS.map((s, i) => attempt(s, `2026-03-${String(i + 1).padStart(2, '0')}`));

  it('is complete with the ninth paper, valid 24 months from it', () => {
    expect(examClock('SPL', all, '2026-03-20')).toMatchObject({
      state: 'complete',
      completed_on: '2026-03-09',
      valid_until: '2028-03-09',
      window_ends: null,
    });
    expect(examClock('SPL', all, '2028-03-10').state).toBe('expired');
  });

  it('has not started without attempts', () => {
    expect(examClock('LAPL', [], '2026-03-01')).toMatchObject({
      state: 'not_started',
      sittings_used: 0,
      valid_until: null,
    });
  });
});
