import { randomInt } from 'node:crypto';
import { todayIn } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import type { Lang } from '../../contracts/langs.ts';
import type {
  AnswerInput,
  ExamClocksOutput,
  PracticeInput,
  QuestionText,
  ResultOutput,
  TakeOutput,
  UserQuizListQuery,
} from '../../contracts/schemas/quiz.ts';
import {
  type AnswerLetter,
  EXAM_LICENCES,
  type ExamLicence,
  isSplSubject,
  type ResultType,
} from '../../contracts/schemas/training-enums.ts';
import { activeMembersAmong } from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { conflict, domainError, notFound, validationFailed } from '../platform/http/errors.ts';
import { defined, organizationOf } from './common.ts';
import { attemptRefusal, type ExamAttempt, examClock } from './exam-clock.ts';
import { optionsOf, type QuizDeps, textFor, userQuizSummaryOf } from './quiz-service.ts';
import type { StoredAnswer, StoredQuestion, StoredUserQuiz } from './quiz-store.ts';

/**
 * A member taking a quiz (issue 16 §8, §9; user-quizzes, user-quiz/take/{id}, user-quiz/result/{id},
 * profile/user-quizzes). The questions are drawn on the server when the quiz starts and kept with
 * the attempt, correct answers included — which no answer before the hand-in ever carries. Each
 * answer is saved as it is given, so a reload resumes; the time limit is the server's: an answer
 * after the deadline is refused, and a quiz whose time ran out counts as handed in with what was
 * saved. Exam papers count on the FCL.025 clocks (exam-clock.ts).
 */

const DEFAULT_PAGE = 50;
const PRACTICE_DEFAULT = 20;

type Drawn = NonNullable<StoredUserQuiz['questions']>[number];

/** Whether the attempt's time ran out (it counts as handed in with the answers saved by then). */
const timedOut = (uq: StoredUserQuiz, now: Date) =>
  uq.state === 'in_progress' && Boolean(uq.deadline_at) && Date.parse(uq.deadline_at!) <= now.getTime();

/** The state a reader sees: an attempt past its deadline is handed in. */
const effectiveState = (uq: StoredUserQuiz, now: Date) => (timedOut(uq, now) ? 'submitted' : uq.state);

async function ownAttempt(deps: QuizDeps, actor: Actor, userQuizId: string) {
  const { organizationId } = organizationOf(actor);
  const uq = await deps.store.userQuiz(organizationId, userQuizId);
  if (!uq || uq.user_id !== actor.userId) throw notFound();
  return uq;
}

export async function listMine(deps: QuizDeps, actor: Actor, query: UserQuizListQuery) {
  const { organizationId } = organizationOf(actor);
  const now = deps.now();
  const items: StoredUserQuiz[] = [];
  let cursor: string | null = query.cursor ?? null;
  const limit = query.limit ?? DEFAULT_PAGE;
  let rounds = 0;
  do {
    const page = await deps.store.userQuizzesOf(organizationId, actor.userId, {
      cursor: cursor ?? undefined,
      limit: limit - items.length,
    });
    items.push(
      ...page.items.filter((uq) => {
        if (!query.state) return true;
        const done = effectiveState(uq, now) === 'submitted';
        return query.state === 'done' ? done : !done;
      }),
    );
    cursor = page.cursor;
    rounds += 1;
  } while (items.length < limit && cursor && rounds < 20);
  const names = new Map([[actor.userId, actor.userName]]);
  return {
    items: items.map((uq) => {
      const summary = userQuizSummaryOf(uq, names, actor);
      return { ...summary, state: effectiveState(uq, now), can_withdraw: false };
    }),
    cursor,
  };
}

/** n of the questions, picked uniformly at random on the server. */
function pick<T>(items: readonly T[], n: number): T[] {
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}

/** A question as the attempt keeps it: in the taker's language, with its correct letter. */
const drawnOf = (q: StoredQuestion, lang: Lang): Drawn => {
  const { text } = textFor(q.texts as Partial<Record<Lang, QuestionText>>, lang);
  return {
    question_id: q.question_id,
    category: q.category,
    question: text.question,
    options: optionsOf(text),
    correct: q.correct_answer,
  };
};

async function draw(
  deps: QuizDeps,
  organizationId: string,
  uq: StoredUserQuiz,
  lang: Lang,
): Promise<Drawn[]> {
  const quiz = await deps.store.quiz(organizationId, uq.quiz_id);
  if (!quiz) throw notFound();
  const eligible = (q: StoredQuestion) => !quiz.just_self_questions || q.source === 'own';
  const drawn: StoredQuestion[] = [];
  if (quiz.category_draws.length === 0) {
    const pool = (await deps.store.allQuestions(organizationId)).filter(eligible);
    if (pool.length < quiz.question_count) throw domainError('not_enough_questions');
    drawn.push(...pick(pool, quiz.question_count));
  } else
    for (const d of quiz.category_draws) {
      const pool = (await deps.store.allQuestions(organizationId, d.category)).filter(eligible);
      if (pool.length < d.count) throw domainError('not_enough_questions');
      drawn.push(...pick(pool, d.count));
    }
  return drawn.map((q) => drawnOf(q, lang));
}

/** An exam attempt's day and result, for the clocks (a timed-out attempt with its saved answers). */
async function examAttempts(
  deps: QuizDeps,
  actor: Actor,
  userId: string,
  licence: ExamLicence,
): Promise<ExamAttempt[]> {
  const { organizationId, timezone } = organizationOf(actor);
  const now = deps.now();
  const attempts: ExamAttempt[] = [];
  for (const uq of await deps.store.allUserQuizzesOf(organizationId, userId)) {
    if (!uq.is_proficiency_exam || uq.exam_licence !== licence || !uq.started_at) continue;
    if (!uq.exam_subject || !isSplSubject(uq.exam_subject)) continue;
    let passed = uq.outcome === 'successful';
    let percent = uq.percent ?? null;
    if (timedOut(uq, now)) {
      const score = scoreOf(uq, await deps.store.answers(organizationId, uq.user_quiz_id));
      passed = score.outcome === 'successful';
      percent = score.percent;
    }
    attempts.push({
      id: uq.user_quiz_id,
      subject: uq.exam_subject,
      date: todayIn(timezone, uq.started_at),
      passed: uq.state === 'in_progress' && !timedOut(uq, now) ? false : passed,
      percent: uq.state === 'in_progress' && !timedOut(uq, now) ? null : percent,
    });
  }
  return attempts;
}

function takeOutputOf(uq: StoredUserQuiz, answers: StoredAnswer[], now: Date): TakeOutput {
  const given = new Map(answers.map((a) => [a.index, a.answer]));
  const questions = uq.questions ?? [];
  return {
    user_quiz_id: uq.user_quiz_id,
    quiz_name: uq.quiz_name,
    mode: uq.mode,
    state: effectiveState(uq, now),
    started_at: uq.started_at ?? now.toISOString(),
    deadline_at: uq.deadline_at ?? null,
    server_now: now.toISOString(),
    pass_marks_percent: uq.pass_marks_percent,
    // Never the correct answers: the question, its options and the category.
    questions: questions.map((q, index) => ({
      index,
      category: q.category,
      question: q.question,
      options: q.options.map((o) => ({ letter: o.letter, text: o.text })),
    })),
    answers: questions.map((_, index) => (given.get(index) || null) as AnswerLetter | null),
  };
}

/** Starts the quiz: the questions are drawn now, once; a second start resumes the same attempt. */
export async function startUserQuiz(deps: QuizDeps, actor: Actor, userQuizId: string): Promise<TakeOutput> {
  const { organizationId, timezone } = organizationOf(actor);
  const uq = await ownAttempt(deps, actor, userQuizId);
  const now = deps.now();
  if (uq.state !== 'assigned')
    return takeOutputOf(uq, await deps.store.answers(organizationId, userQuizId), now);
  if (uq.is_proficiency_exam && uq.exam_licence && uq.exam_subject && isSplSubject(uq.exam_subject)) {
    const attempts = await examAttempts(deps, actor, actor.userId, uq.exam_licence);
    if (attemptRefusal(attempts, uq.exam_subject, todayIn(timezone, now)))
      throw domainError('exam_attempt_not_allowed');
  }
  const questions = await draw(deps, organizationId, uq, actor.lang);
  const after = defined({
    ...uq,
    state: 'in_progress',
    started_at: now.toISOString(),
    deadline_at: uq.time_limit_minutes
      ? new Date(now.getTime() + uq.time_limit_minutes * 60_000).toISOString()
      : undefined,
    lang: actor.lang,
    questions,
    question_count: questions.length,
    version: uq.version + 1,
    updated_at: now.toISOString(),
  }) as StoredUserQuiz;
  const saved = await deps.store.saveAttempt(actor, after, uq.version, {
    action: 'user_quiz.start',
    target_type: 'user_quiz',
    target_id: userQuizId,
  });
  if (!saved) {
    // Started in another tab meanwhile: resume that attempt.
    const current = await ownAttempt(deps, actor, userQuizId);
    if (current.state === 'assigned') throw conflict();
    return takeOutputOf(current, await deps.store.answers(organizationId, userQuizId), now);
  }
  return takeOutputOf(after, [], now);
}

export async function getTake(deps: QuizDeps, actor: Actor, userQuizId: string) {
  const { organizationId } = organizationOf(actor);
  const uq = await ownAttempt(deps, actor, userQuizId);
  if (uq.state === 'assigned') throw domainError('quiz_not_submitted');
  return takeOutputOf(uq, await deps.store.answers(organizationId, userQuizId), deps.now());
}

/** One answer, saved at once; refused after hand-in or once the time ran out (409). */
export async function answer(
  deps: QuizDeps,
  actor: Actor,
  userQuizId: string,
  indexParam: string,
  input: AnswerInput,
) {
  const { organizationId } = organizationOf(actor);
  const uq = await ownAttempt(deps, actor, userQuizId);
  const index = Number(indexParam);
  const question = uq.questions?.[index];
  if (uq.state === 'assigned') throw domainError('quiz_not_submitted');
  if (uq.state === 'submitted') throw domainError('quiz_submitted');
  const now = deps.now();
  if (timedOut(uq, now)) throw domainError('quiz_time_over');
  if (!question) throw validationFailed({ index: ['invalid_value'] });
  if (input.answer && !question.options.some((o) => o.letter === input.answer))
    throw validationFailed({ answer: ['invalid_value'] });
  const saved = await deps.store.answer(
    {
      organization_id: organizationId,
      user_quiz_id: userQuizId,
      index,
      answer: input.answer ?? '',
      answered_at: now.toISOString(),
    },
    now.toISOString(),
  );
  if (!saved) {
    const current = await ownAttempt(deps, actor, userQuizId);
    if (current.state === 'submitted') throw domainError('quiz_submitted');
    if (timedOut(current, deps.now()) || timedOut(current, now)) throw domainError('quiz_time_over');
    throw conflict();
  }
  const answers = await deps.store.answers(organizationId, userQuizId);
  return { index, answer: input.answer, answered: answers.filter((a) => a.answer !== '').length };
}

/** The score of an attempt from its saved answers: a point per correct answer (spec §9). */
export function scoreOf(uq: StoredUserQuiz, answers: readonly Pick<StoredAnswer, 'index' | 'answer'>[]) {
  const given = new Map(answers.map((a) => [a.index, a.answer]));
  const questions = uq.questions ?? [];
  const right = questions.filter((q, index) => given.get(index) === q.correct);
  const max = questions.length;
  const achieved = right.length;
  const byCategory = new Map<string, { max_points: number; achieved_points: number }>();
  questions.forEach((q, index) => {
    const c = byCategory.get(q.category) ?? { max_points: 0, achieved_points: 0 };
    c.max_points += 1;
    if (given.get(index) === q.correct) c.achieved_points += 1;
    byCategory.set(q.category, c);
  });
  const percentOf = (a: number, m: number) => (m === 0 ? 0 : Math.floor((a * 100) / m));
  return {
    max_points: max,
    achieved_points: achieved,
    percent: percentOf(achieved, max),
    // Passed with at least the pass mark, compared exactly (74.9 % is not 75 %).
    outcome: (max > 0 && achieved * 100 >= uq.pass_marks_percent * max ? 'successful' : 'unsuccessful') as
      | 'successful'
      | 'unsuccessful',
    by_category: [...byCategory].map(([category, c]) => ({
      category,
      ...c,
      percent: percentOf(c.achieved_points, c.max_points),
    })),
    right_ids: right.map((q) => q.question_id),
    wrong_ids: questions.filter((q, index) => given.get(index) !== q.correct).map((q) => q.question_id),
  };
}

const resultType = (uq: StoredUserQuiz): ResultType =>
  uq.mode === 'practice' ? 'practice' : uq.is_proficiency_exam ? 'exam' : 'quiz';

function resultOutputOf(uq: StoredUserQuiz, answers: StoredAnswer[], now: Date): ResultOutput {
  const score = scoreOf(uq, answers);
  const given = new Map(answers.map((a) => [a.index, a.answer]));
  return {
    user_quiz_id: uq.user_quiz_id,
    quiz_name: uq.quiz_name,
    type: resultType(uq),
    outcome: score.outcome,
    max_points: score.max_points,
    achieved_points: score.achieved_points,
    percent: score.percent,
    pass_marks_percent: uq.pass_marks_percent,
    submitted_at: uq.submitted_at ?? uq.deadline_at ?? now.toISOString(),
    timed_out: uq.timed_out ?? timedOut(uq, now),
    by_category: score.by_category,
    questions: (uq.questions ?? []).map((q, index) => ({
      index,
      category: q.category,
      question: q.question,
      options: q.options.map((o) => ({ letter: o.letter, text: o.text })),
      given: (given.get(index) || null) as AnswerLetter | null,
      correct: q.correct,
    })),
  };
}

/** Hands the quiz in: the score is kept with it. A second hand-in answers the same result. */
export async function submit(deps: QuizDeps, actor: Actor, userQuizId: string): Promise<ResultOutput> {
  const { organizationId } = organizationOf(actor);
  for (let round = 0; round < 3; round++) {
    const uq = await ownAttempt(deps, actor, userQuizId);
    const answers = await deps.store.answers(organizationId, userQuizId);
    const now = deps.now();
    if (uq.state === 'assigned') throw domainError('quiz_not_submitted');
    if (uq.state === 'submitted') return resultOutputOf(uq, answers, now);
    const score = scoreOf(uq, answers);
    const late = timedOut(uq, now);
    const after = {
      ...uq,
      state: 'submitted',
      submitted_at: late ? uq.deadline_at! : now.toISOString(),
      timed_out: late,
      outcome: score.outcome,
      achieved_points: score.achieved_points,
      max_points: score.max_points,
      percent: score.percent,
      right_question_ids: score.right_ids,
      wrong_question_ids: score.wrong_ids,
      answered: answers.filter((a) => a.answer !== '').length,
      version: uq.version + 1,
      updated_at: now.toISOString(),
    } as StoredUserQuiz;
    const saved = await deps.store.saveAttempt(actor, after, uq.version, {
      action: 'user_quiz.submit',
      target_type: 'user_quiz',
      target_id: userQuizId,
      details: { outcome: score.outcome, percent: score.percent },
    });
    if (saved) return resultOutputOf(after, answers, now);
    // An answer landed meanwhile (it moved the version): count it too.
  }
  throw conflict();
}

/** The result (spec §9: maximum, achieved, percent; per category), with the correct answers. */
export async function getResult(deps: QuizDeps, actor: Actor, userQuizId: string) {
  const { organizationId } = organizationOf(actor);
  const uq = await ownAttempt(deps, actor, userQuizId);
  const now = deps.now();
  if (effectiveState(uq, now) !== 'submitted') throw domainError('quiz_not_submitted');
  return resultOutputOf(uq, await deps.store.answers(organizationId, userQuizId), now);
}

/**
 * Practice (issue 16 §9): the questions the member got wrong and has not answered right since,
 * from every quiz handed in, as a round of its own with no clock and no exam count.
 */
export async function startPractice(deps: QuizDeps, actor: Actor, input: PracticeInput) {
  const { organizationId } = organizationOf(actor);
  const now = deps.now();
  const attempts = (await deps.store.allUserQuizzesOf(organizationId, actor.userId))
    .filter((uq) => uq.state === 'submitted')
    .sort((a, b) => (a.submitted_at ?? '').localeCompare(b.submitted_at ?? ''));
  const wrong = new Set<string>();
  for (const uq of attempts) {
    for (const id of uq.wrong_question_ids ?? []) wrong.add(id);
    for (const id of uq.right_question_ids ?? []) wrong.delete(id);
  }
  const questions = (await deps.store.questionsById(organizationId, [...wrong])).filter(
    (q) => !input.category || q.category === input.category,
  );
  if (questions.length === 0) throw domainError('nothing_to_practise');
  const chosen = pick(questions, input.question_count ?? PRACTICE_DEFAULT);
  const item = defined({
    organization_id: organizationId,
    user_quiz_id: timeOrderedId(now.getTime()),
    user_id: actor.userId,
    quiz_id: 'practice',
    mode: 'practice',
    quiz_name: 'practice',
    question_count: chosen.length,
    pass_marks_percent: 75,
    is_proficiency_exam: false,
    state: 'in_progress',
    assigned_by: actor.userId,
    assigned_at: now.toISOString(),
    started_at: now.toISOString(),
    lang: actor.lang,
    questions: chosen.map((q) => drawnOf(q, actor.lang)),
    answered: 0,
    version: 1,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  }) as StoredUserQuiz;
  await deps.store.createUserQuiz(actor, item, {
    action: 'user_quiz.practice',
    target_type: 'user_quiz',
    target_id: item.user_quiz_id,
    details: { questions: chosen.length },
  });
  return userQuizSummaryOf(item, new Map([[actor.userId, actor.userName]]), actor);
}

// Exam clocks (FCL.025) -------------------------------------------------------------------------------

async function clocksOf(deps: QuizDeps, actor: Actor, userId: string): Promise<ExamClocksOutput> {
  const { timezone } = organizationOf(actor);
  const today = todayIn(timezone, deps.now());
  const items = [];
  for (const licence of EXAM_LICENCES) {
    const attempts = await examAttempts(deps, actor, userId, licence);
    if (attempts.length > 0 || licence === 'SPL') items.push(examClock(licence, attempts, today));
  }
  return { user_id: userId, today, items };
}

export const ownExamClocks = (deps: QuizDeps, actor: Actor) => clocksOf(deps, actor, actor.userId);

/** A member's clocks, for the training administration: only an active member's. */
export async function memberExamClocks(deps: QuizDeps, actor: Actor, userId: string) {
  const { organizationId } = organizationOf(actor);
  if (!(await activeMembersAmong(organizationId, [userId])).has(userId)) throw notFound();
  return clocksOf(deps, actor, userId);
}
