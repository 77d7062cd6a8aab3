import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRAINING, demoQuestions } from '../../bin/local/seed-training.ts';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Taking a quiz (issue 16 §8, §9): the questions are drawn on the server and no answer before the
 * hand-in carries a correct answer (every response body is inspected), answers are saved as given
 * and a reload resumes, the time limit is the server's, the result says spec §9's score, the
 * FCL.025 sitting rule holds, and practice repeats what was answered wrong.
 */
const ADMIN = subOf('admin@demo.windsock.aero');
const INSTRUCTOR = subOf('instructor@demo.windsock.aero');
const STUDENT = subOf('student@demo.windsock.aero');
const PILOT = subOf('pilot@demo.windsock.aero');
const ORG = 'org-demo';

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const bank = demoQuestions();
/** The right letter of a drawn question, found by its Hungarian text in the seed's bank. */
const correctFor = (question: string) => bank.find((q) => q.texts.hu?.question === question)?.correct_answer;

/** Every response of the taker before the hand-in, to look for correct answers in. */
const seen: unknown[] = [];
const asStudent = async (
  operation: Parameters<Platform['invoke']>[0],
  input: Parameters<Platform['invoke']>[1],
) => {
  const answer = await platform.invoke(operation, { sub: STUDENT, ...input });
  seen.push(answer.body);
  return answer;
};

describe('the question bank', () => {
  it('shows members the questions in their language, the correct answer only to editors', async () => {
    const pilot = await platform.invoke('listQuestions', { sub: PILOT, query: { category: 'air_law' } });
    expect(pilot.status).toBe(200);
    expect(pilot.body.items).toHaveLength(7);
    expect(pilot.body.items.every((q: any) => q.correct_answer === null && q.lang === 'hu')).toBe(true);
    const instructor = await platform.invoke('listQuestions', {
      sub: INSTRUCTOR,
      query: { category: 'air_law' },
    });
    expect(instructor.body.items.every((q: any) => /^[a-d]$/.test(q.correct_answer))).toBe(true);
    const edit = await platform.invoke('getQuestion', { sub: PILOT, params: { id: DEMO_TRAINING.question } });
    expect(edit.status).toBe(403);
  });

  it('refuses a correct answer that is not an option, and an unknown category', async () => {
    const bad = await platform.invoke('createQuestion', {
      sub: INSTRUCTOR,
      body: {
        texts: { hu: { question: 'Mi?', a: 'Ez', b: 'Az' } },
        correct_answer: 'c',
        category: 'air_law',
        difficulty: 'easy',
      },
    });
    expect([bad.status, bad.body.errors]).toEqual([422, { 'texts.hu.c': ['field_required'] }]);
    const unknown = await platform.invoke('createQuestion', {
      sub: INSTRUCTOR,
      body: {
        texts: { hu: { question: 'Mi?', a: 'Ez', b: 'Az' } },
        correct_answer: 'a',
        category: 'cat-nope',
        difficulty: 'easy',
      },
    });
    expect([unknown.status, unknown.body.errors]).toEqual([422, { category: ['invalid_value'] }]);
  });
});

describe('taking the assigned review quiz', () => {
  const id = DEMO_TRAINING.userQuizReview;
  let take: any;

  it('draws the questions on the server when it starts, without their answers', async () => {
    const start = await asStudent('startUserQuiz', { params: { id } });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    take = start.body;
    expect(take.questions).toHaveLength(9);
    expect(new Set(take.questions.map((q: any) => q.category)).size).toBe(9);
    expect(take.state).toBe('in_progress');
    expect(Date.parse(take.deadline_at) - Date.parse(take.started_at)).toBe(15 * 60_000);
    const again = await asStudent('startUserQuiz', { params: { id } });
    expect(again.body.questions.map((q: any) => q.question)).toEqual(
      take.questions.map((q: any) => q.question),
    );
  });

  it('saves each answer as it is given, and a reload resumes', async () => {
    for (const [index, question] of take.questions.entries()) {
      if (index === 8) continue;
      const saved = await asStudent('answerUserQuiz', {
        params: { id, index: String(index) },
        body: { answer: correctFor(question.question) },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const wrong = take.questions[8].options.find(
      (o: any) => o.letter !== correctFor(take.questions[8].question),
    ).letter;
    await asStudent('answerUserQuiz', { params: { id, index: '8' }, body: { answer: wrong } });
    const reload = await asStudent('getUserQuizTake', { params: { id } });
    expect(reload.body.answers.filter(Boolean)).toHaveLength(9);
    expect(reload.body.answers[8]).toBe(wrong);
    const notAnOption = await asStudent('answerUserQuiz', {
      params: { id, index: '99' },
      body: { answer: 'a' },
    });
    expect(notAnOption.status).toBe(422);
    const early = await asStudent('getUserQuizResult', { params: { id } });
    expect([early.status, early.body.code]).toEqual([409, 'quiz_not_submitted']);
  });

  it('never sent a correct answer before the hand-in', () => {
    const text = JSON.stringify(seen);
    expect(text).not.toMatch(/"correct(_answer)?"/);
    expect(seen.length).toBeGreaterThan(10);
  });

  it('scores the hand-in: maximum, achieved, percent, per category, and the outcome', async () => {
    const result = await platform.invoke('submitUserQuiz', { sub: STUDENT, params: { id } });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({
      type: 'quiz',
      outcome: 'successful',
      max_points: 9,
      achieved_points: 8,
      percent: 88,
      pass_marks_percent: 75,
      timed_out: false,
    });
    expect(result.body.by_category).toHaveLength(9);
    expect(result.body.questions[8].given).not.toBe(result.body.questions[8].correct);
    const late = await platform.invoke('answerUserQuiz', {
      sub: STUDENT,
      params: { id, index: '0' },
      body: { answer: 'a' },
    });
    expect([late.status, late.body.code]).toEqual([409, 'quiz_submitted']);
    const twice = await platform.invoke('submitUserQuiz', { sub: STUDENT, params: { id } });
    expect(twice.body.achieved_points).toBe(8);
  });

  it('is nobody else’s to read', async () => {
    const other = await platform.invoke('getUserQuizResult', { sub: PILOT, params: { id } });
    expect(other.status).toBe(404);
  });

  it('repeats the wrongly answered question in practice', async () => {
    const practice = await platform.invoke('startPractice', { sub: STUDENT, body: {} });
    expect(practice.status, JSON.stringify(practice.body)).toBe(200);
    expect(practice.body).toMatchObject({ mode: 'practice', state: 'in_progress', time_limit_minutes: null });
    const round = await platform.invoke('getUserQuizTake', {
      sub: STUDENT,
      params: { id: practice.body.user_quiz_id },
    });
    const questions = round.body.questions.map((q: any) => q.question);
    expect(questions).toContain(take.questions[8].question);
    // The seeded air-law paper's one wrong answer is still to practise too.
    expect(questions.length).toBe(2);
  });
});

describe('the time limit and the exam clock', () => {
  it('refuses answers after the deadline and counts what was saved', async () => {
    const id = DEMO_TRAINING.userQuizExam;
    const start = await platform.invoke('startUserQuiz', { sub: STUDENT, params: { id } });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    await platform.invoke('answerUserQuiz', {
      sub: STUDENT,
      params: { id, index: '0' },
      body: { answer: correctFor(start.body.questions[0].question) },
    });
    // Twenty minutes pass.
    await db()
      .entities.userQuiz.patch({ organization_id: ORG, user_quiz_id: id })
      .set({ deadline_at: new Date(Date.now() - 1000).toISOString() })
      .go();
    const late = await platform.invoke('answerUserQuiz', {
      sub: STUDENT,
      params: { id, index: '1' },
      body: { answer: 'a' },
    });
    expect([late.status, late.body.code]).toEqual([409, 'quiz_time_over']);
    const result = await platform.invoke('getUserQuizResult', { sub: STUDENT, params: { id } });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      type: 'exam',
      timed_out: true,
      achieved_points: 1,
      max_points: 7,
      outcome: 'unsuccessful',
    });
  });

  it('shows the clock: the sitting, the failed meteorology paper, the window end', async () => {
    const clocks = await platform.invoke('getOwnExamClocks', { sub: STUDENT });
    const spl = clocks.body.items.find((c: any) => c.licence === 'SPL');
    expect(spl.state).toBe('in_progress');
    expect(spl.sittings_used).toBe(2);
    expect(spl.subjects.find((s: any) => s.subject === 'meteorology')).toMatchObject({
      attempts_used: 1,
      passed_on: null,
    });
    expect(spl.window_ends).toMatch(/^\d{4}-\d{2}-(28|29|30|31)$/);
    const member = await platform.invoke('getMemberExamClocks', {
      sub: INSTRUCTOR,
      params: { user_id: 'user-student' },
    });
    expect(member.body.items).toEqual(clocks.body.items);
  });

  it('refuses a second attempt at the same paper in the same sitting (FCL.025)', async () => {
    const again = await platform.invoke('assignQuiz', {
      sub: INSTRUCTOR,
      params: { id: DEMO_TRAINING.examMet },
      body: { user_ids: ['user-student'] },
    });
    expect(again.status).toBe(200);
    const retry = await platform.invoke('startUserQuiz', {
      sub: STUDENT,
      params: { id: again.body.items[0].user_quiz_id },
    });
    expect([retry.status, retry.body.code]).toEqual([409, 'exam_attempt_not_allowed']);
  });

  it('lets an editor build an exam paper only from one SPL subject', async () => {
    const bad = await platform.invoke('createQuiz', {
      sub: ADMIN,
      body: {
        quiz_name: 'Vegyes vizsga',
        question_count: 2,
        pass_marks_percent: 75,
        category_draws: [
          { category: 'air_law', count: 1 },
          { category: 'navigation', count: 1 },
        ],
        just_self_questions: false,
        is_proficiency_exam: true,
        exam_licence: 'SPL',
      },
    });
    expect([bad.status, bad.body.errors]).toEqual([422, { category_draws: ['exam_one_subject'] }]);
  });
});
