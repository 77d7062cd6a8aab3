import { describe, expect, it } from 'vitest';
import {
  capacityOf,
  promotions,
  type Signup,
  statusOnSignup,
  waitlistOrder,
} from '../../functions/operations/waitlist.ts';

/** The operating day's student places and the fair waitlist (issue 15 §6), without I/O. */
const s = (
  user_id: string,
  role: Signup['role'],
  status: Signup['status'],
  signed_at = '2026-07-01T10:00:00Z',
) => ({
  user_id,
  role,
  status,
  signed_at,
});

describe('student places', () => {
  it('are the instructors signed up times the students each takes', () => {
    expect(capacityOf([s('i1', 'instructor', 'confirmed'), s('i2', 'instructor', 'confirmed')], 3)).toBe(6);
    expect(capacityOf([s('p1', 'pilot', 'confirmed')], 3)).toBe(0);
  });

  it('take a student while there is room, then the waitlist; other roles always come', () => {
    const day = [s('i1', 'instructor', 'confirmed'), s('a', 'student', 'confirmed')];
    expect(statusOnSignup(day, 'student', 2)).toBe('confirmed');
    expect(statusOnSignup([...day, s('b', 'student', 'confirmed')], 'student', 2)).toBe('waitlisted');
    expect(statusOnSignup([], 'student', 2)).toBe('waitlisted');
    expect(statusOnSignup([], 'tow_pilot', 2)).toBe('confirmed');
  });
});

describe('the waitlist', () => {
  const waiting = [
    s('recent', 'student', 'waitlisted', '2026-07-01T08:00:00Z'),
    s('never', 'student', 'waitlisted', '2026-07-01T09:00:00Z'),
    s('old', 'student', 'waitlisted', '2026-07-01T07:00:00Z'),
    s('old-later', 'student', 'waitlisted', '2026-07-01T11:00:00Z'),
  ];
  const flown = new Map<string, string | null>([
    ['recent', '2026-06-28'],
    ['never', null],
    ['old', '2026-04-02'],
    ['old-later', '2026-04-02'],
  ]);

  it('puts who flew least recently first (never flown first of all), then who signed up first', () => {
    expect(waitlistOrder(waiting, flown).map((w) => w.user_id)).toEqual([
      'never',
      'old',
      'old-later',
      'recent',
    ]);
  });

  it('promotes into the places an instructor opens, in that order, and no more', () => {
    const day = [s('i1', 'instructor', 'confirmed'), s('a', 'student', 'confirmed'), ...waiting];
    expect(promotions(day, 3, flown)).toEqual(['never', 'old']);
  });

  it('promotes nobody while the places are full, and never takes a confirmed student off', () => {
    const full = [s('a', 'student', 'confirmed'), s('b', 'student', 'confirmed'), ...waiting];
    // The instructor left: no places, but a and b keep theirs.
    expect(promotions(full, 3, flown)).toEqual([]);
  });
});
