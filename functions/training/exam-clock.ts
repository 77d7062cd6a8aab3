import { addDays, addMonths } from '../../contracts/calendar.ts';
import type { ExamClockOutput } from '../../contracts/schemas/quiz.ts';
import {
  EXAM_MAX_ATTEMPTS,
  EXAM_MAX_SITTINGS,
  EXAM_VALIDITY_MONTHS,
  EXAM_WINDOW_MONTHS,
  type ExamLicence,
  type ExamVoidReason,
  SITTING_DAYS,
  SPL_SUBJECTS,
  type SplSubject,
} from '../../contracts/schemas/training-enums.ts';

/**
 * The theoretical knowledge examination clocks of one student and licence (issue 16 §9), as
 * FCL.025 (and Part-SFCL's SFCL.025, which repeats it for the SPL) says them:
 *
 * - (b)(1) a paper is passed with at least 75 % of its marks — here: the exam quiz's own pass mark;
 * - (b)(2) every paper must be passed "within a period of 18 months counted from the end of the
 *   calendar month when the applicant first attempted an examination": the window ends on the LAST
 *   DAY of the 18th calendar month after the month of the first attempt (first attempt 2026-03-10 →
 *   window ends 2027-09-30);
 * - (b)(3) failing one paper in 4 attempts, or not passing every paper within 6 sittings or within
 *   the window, voids the set: the complete set is taken again (the next attempt starts a new clock);
 * - GM1 FCL.025: a sitting is a period of at most 10 consecutive days with one attempt per paper —
 *   here a sitting starts with an attempt outside the previous sitting's 10 days;
 * - (c)(1) the completed examination stays valid for the licence application 24 months from the
 *   day the last paper was passed (valid through that day + 24 months).
 *
 * Pure: the attempts and today in, the current clock out.
 */

export interface ExamAttempt {
  id: string;
  subject: SplSubject;
  /** yyyy-mm-dd: the day the attempt was started. */
  date: string;
  passed: boolean;
  percent: number | null;
}

interface Cycle {
  first: string;
  windowEnds: string;
  sittings: string[];
  subjects: Map<SplSubject, { attempts: number; passedOn: string | null; lastPercent: number | null }>;
  completedOn: string | null;
  voidReason: ExamVoidReason | null;
}

/** The last day of the calendar month `months` after `date`'s month. */
export const endOfMonthAfter = (date: string, months: number) => {
  const firstOfMonth = `${date.slice(0, 7)}-01`;
  return addDays(addMonths(firstOfMonth, months + 1), -1);
};

const sittingEnd = (start: string) => addDays(start, SITTING_DAYS - 1);

const newCycle = (first: string): Cycle => ({
  first,
  windowEnds: endOfMonthAfter(first, EXAM_WINDOW_MONTHS),
  sittings: [],
  subjects: new Map(),
  completedOn: null,
  voidReason: null,
});

const validUntil = (cycle: Cycle) =>
  cycle.completedOn ? addMonths(cycle.completedOn, EXAM_VALIDITY_MONTHS) : null;

/** Whether an attempt on `date` starts a new set: the current one is void, or completed and lapsed. */
const needsNewCycle = (cycle: Cycle, date: string) => {
  if (cycle.voidReason) return true;
  if (cycle.completedOn) return date > (validUntil(cycle) ?? date);
  return date > cycle.windowEnds;
};

/** The clock's cycles, oldest first (each a full set of papers). */
export function examCycles(attempts: readonly ExamAttempt[]): Cycle[] {
  const ordered = [...attempts].sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
  const cycles: Cycle[] = [];
  for (const attempt of ordered) {
    let cycle = cycles.at(-1);
    if (cycle && !cycle.voidReason && !cycle.completedOn && attempt.date > cycle.windowEnds)
      cycle.voidReason = 'window';
    if (!cycle || needsNewCycle(cycle, attempt.date)) {
      cycle = newCycle(attempt.date);
      cycles.push(cycle);
    }
    if (cycle.completedOn) continue; // a completed, still valid set: nothing more to count
    const lastSitting = cycle.sittings.at(-1);
    if (!lastSitting || attempt.date > sittingEnd(lastSitting)) {
      if (cycle.sittings.length === EXAM_MAX_SITTINGS) {
        // A seventh sitting: the six are used up without every paper passed; this attempt opens a new set.
        cycle.voidReason = 'sittings';
        cycle = newCycle(attempt.date);
        cycles.push(cycle);
      }
      cycle.sittings.push(attempt.date);
    }
    const subject = cycle.subjects.get(attempt.subject) ?? { attempts: 0, passedOn: null, lastPercent: null };
    cycle.subjects.set(attempt.subject, subject);
    if (subject.passedOn) continue;
    subject.attempts += 1;
    subject.lastPercent = attempt.percent;
    if (attempt.passed) subject.passedOn = attempt.date;
    else if (subject.attempts >= EXAM_MAX_ATTEMPTS) cycle.voidReason = 'attempts';
    if (SPL_SUBJECTS.every((s) => cycle.subjects.get(s)?.passedOn)) cycle.completedOn = attempt.date;
  }
  return cycles;
}

/** The current clock of a licence, as it stands today. */
export function examClock(
  licence: ExamLicence,
  attempts: readonly ExamAttempt[],
  today: string,
): ExamClockOutput {
  const cycles = examCycles(attempts);
  const cycle = cycles.at(-1);
  const subjects = SPL_SUBJECTS.map((subject) => {
    const s = cycle?.subjects.get(subject);
    return {
      subject,
      attempts_used: s?.attempts ?? 0,
      attempts_max: EXAM_MAX_ATTEMPTS,
      passed_on: s?.passedOn ?? null,
      last_percent: s?.lastPercent ?? null,
    };
  });
  const base = {
    licence,
    sittings_max: EXAM_MAX_SITTINGS,
    subjects,
    earlier_cycles: Math.max(0, cycles.length - 1),
  };
  if (!cycle)
    return {
      ...base,
      state: 'not_started',
      void_reason: null,
      first_attempt_date: null,
      window_ends: null,
      sittings_used: 0,
      completed_on: null,
      valid_until: null,
    };
  let voidReason = cycle.voidReason;
  if (!voidReason && !cycle.completedOn) {
    if (today > cycle.windowEnds) voidReason = 'window';
    else if (cycle.sittings.length >= EXAM_MAX_SITTINGS && today > sittingEnd(cycle.sittings.at(-1)!))
      voidReason = 'sittings';
  }
  const until = validUntil(cycle);
  return {
    ...base,
    state: voidReason
      ? 'void'
      : cycle.completedOn
        ? until && today > until
          ? 'expired'
          : 'complete'
        : 'in_progress',
    void_reason: voidReason,
    first_attempt_date: cycle.first,
    window_ends: cycle.completedOn ? null : cycle.windowEnds,
    sittings_used: cycle.sittings.length,
    completed_on: cycle.completedOn,
    valid_until: until,
  };
}

/**
 * Whether a paper may be sat on `today` (the start of an exam quiz): not when it is passed in the
 * current set, nor when it was attempted in the sitting still running (GM1 FCL.025: one attempt per
 * paper per sitting). A void or lapsed set does not stop anyone: the next attempt starts a new one.
 */
export function attemptRefusal(
  attempts: readonly ExamAttempt[],
  subject: SplSubject,
  today: string,
): 'passed' | 'same_sitting' | null {
  const cycles = examCycles(attempts);
  const cycle = cycles.at(-1);
  if (!cycle || needsNewCycle(cycle, today)) return null;
  if (cycle.completedOn) return 'passed';
  const s = cycle.subjects.get(subject);
  if (s?.passedOn) return 'passed';
  const lastSitting = cycle.sittings.at(-1);
  if (lastSitting && today <= sittingEnd(lastSitting)) {
    const inSitting = attempts.some((a) => a.subject === subject && a.date >= lastSitting && a.date <= today);
    if (inSitting) return 'same_sitting';
  }
  return null;
}
