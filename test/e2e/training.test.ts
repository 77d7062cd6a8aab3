import { readFileSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubEntryId } from '../../functions/flights/completion.ts';
import { CHROMIUM, CHROMIUM_ARGS, chromiumAvailable } from '../helpers/browser.ts';
import { accessTokenOf } from '../helpers/cognito.ts';
import { type LocalProcess, startLocalProcess } from '../helpers/local-process.ts';
import { signInAs } from '../helpers/sign-in.ts';

/**
 * Issue 16's two main paths in Chromium, on one local stack: an instructor links today's flight of
 * a student to a task and signs the task check, and the student sees it in profile/training; a
 * student takes the quiz assigned to him and passes it (the test knows the answers from the seeded
 * bank — the browser is never told them before the hand-in).
 */
const DESKTOP = { width: 1366, height: 768 };
const json = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const hu = {
  messages: json('../../frontend/src/locales/hu/messages.json') as Record<string, string>,
  quiz: json('../../frontend/src/locales/hu/quiz.json') as { type: Record<string, string> },
  training: json('../../frontend/src/locales/hu/training.json') as { status: Record<string, string> },
};
interface BankQuestion {
  correct_answer: 'a' | 'b' | 'c' | 'd' | 'e';
  texts: Record<string, Record<string, string>>;
}
const bank = (json('../../bin/local/seed-data/questions.json') as { questions: BankQuestion[] }).questions;
const correctByQuestion = new Map(
  bank.map((q) => [q.texts.hu?.question ?? '', q.texts.hu?.[q.correct_answer] ?? '']),
);

describe.runIf(chromiumAvailable())('training and quizzes', () => {
  let stack: LocalProcess;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    stack = await startLocalProcess();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await stack?.stop();
  });

  const signIn = async (email: string): Promise<Page> => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'hu-HU' });
    contexts.push(context);
    return signInAs(await context.newPage(), stack.url, email);
  };

  it('an instructor links today’s flight to a task and signs the check; the student sees it', async () => {
    // Kiss Bence (user-student, in the seeded SPL training) flew a dual winch circuit an hour ago.
    const takeoff = new Date(Date.now() - 70 * 60_000);
    takeoff.setUTCSeconds(0, 0);
    const created = await fetch(`${stack.url}/api/flights`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await accessTokenOf(stack.url, 'admin@demo.windsock.aero')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        plane_id: 'plane-ha-4012',
        takeoff_type_id: 3,
        takeoff_time: takeoff.toISOString(),
        landing_time: new Date(takeoff.getTime() + 9 * 60_000).toISOString(),
        pic_id: 'user-student',
        instructor_id: 'user-instructor',
        training: true,
        remarks: 'Iskolakör',
      }),
    });
    expect(created.status).toBe(200);
    const flightId = ((await created.json()) as { flight_id: string }).flight_id;
    const lineId = clubEntryId('org-demo', flightId);

    // The instructor's day of task checks lists it; he links it to the task it fits.
    const instructor = await signIn('instructor@demo.windsock.aero');
    await instructor.goto(`${stack.url}/training/task-check/`);
    await instructor.locator(`[data-testid="check-link-${lineId}"]`).click();
    const modal = instructor.locator('[data-testid="check-link-modal"]');
    await modal.waitFor();
    const taskName = ((await modal.locator('[data-testid="check-link-task"]').textContent()) ?? '').trim();
    expect(taskName).not.toBe('');
    await instructor.locator('[data-testid="check-link-save"]').click();
    await instructor.locator('[data-testid="flash-flight_linked_ok"]').waitFor();

    // …and signs the task check (hash-chained after the seeded checks).
    await instructor.locator(`[data-testid="check-sign-${lineId}"]`).click();
    await instructor.locator('[data-testid="check-sign-modal"]').waitFor();
    await instructor.locator('[data-testid="check-sign-comment"] textarea').fill('Szép, egyenletes körök.');
    await instructor.locator('[data-testid="check-sign-confirm"]').click();
    await instructor.locator('[data-testid="flash-task_check_signed"]').waitFor();

    // The student sees the signed check, a chain that verifies, and the task done.
    const student = await signIn('student@demo.windsock.aero');
    await student.goto(`${stack.url}/profile/training/?id=enrolment-kiss-spl`);
    const checks = student.locator('[data-testid="training-checks"]');
    await checks.waitFor();
    await expect
      .poll(async () => (await checks.textContent()) ?? '', { timeout: 15_000 })
      .toContain(taskName);
    await student.locator('[data-testid="training-verification"]').waitFor();
    expect(await student.locator('[data-testid="training-verification-failed"]').count()).toBe(0);
    const section = student.locator('[data-testid^="task-section-"]', { hasText: taskName }).first();
    await section.waitFor();
    // The task the check was signed for is successful in the student's list of tasks.
    expect(await section.textContent()).toContain(hu.training.status.successful);
  });

  it('a student takes the assigned quiz, passes it, and sees the result', async () => {
    const student = await signIn('student@demo.windsock.aero');
    await student.goto(`${stack.url}/user-quizzes/`);
    await student.locator('[data-testid="user-quiz-take-uq-kiss-review"]').click();
    await student.locator('[data-testid="quiz-start-button"]').click();
    await student.locator('[data-testid="quiz-question-0"]').waitFor();

    const questions = student.locator('[data-testid^="quiz-question-"]');
    const count = await questions.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index++) {
      const question = student.locator(`[data-testid="quiz-question-${index}"]`);
      const text = ((await question.locator('p span').first().textContent()) ?? '').trim();
      const answer = correctByQuestion.get(text);
      expect(answer, text).toBeTruthy();
      await question.getByText(`) ${answer}`).first().click();
    }
    // Every answer is saved as it is given.
    await expect
      .poll(async () => (await student.locator('[data-testid="quiz-answered"]').textContent()) ?? '', {
        timeout: 15_000,
      })
      .toContain(`${count} / ${count}`);

    await student.locator('[data-testid="quiz-hand-in"]').click();
    await student.locator('[data-testid="quiz-hand-in-confirm-confirm"]').click();
    const outcome = student.locator('[data-testid="result-outcome"]');
    await outcome.waitFor();
    const congratulation = hu.messages.training_successful?.replace('{{type}}', hu.quiz.type.quiz ?? '');
    await expect
      .poll(async () => (await outcome.textContent()) ?? '', { timeout: 15_000 })
      .toContain(congratulation);
    expect(await student.locator('[data-testid="result-percent"]').textContent()).toContain('100');
  });
});
