import { randomBytes } from 'node:crypto';
import { timeOrderedId } from '../../contracts/ids.ts';
import { LANGS, type Lang } from '../../contracts/langs.ts';
import {
  type AssignQuizInput,
  type CategoriesInput,
  type CategoriesOutput,
  type CreateQuestionInput,
  type CreateQuizInput,
  type ListQuestionsQuery,
  type ListQuizzesQuery,
  lettersOf,
  type QuestionOutput,
  type QuestionText,
  type QuizOutput,
  type UpdateQuestionInput,
  type UpdateQuizInput,
  type UserQuizSummary,
} from '../../contracts/schemas/quiz.ts';
import { isSplSubject, SPL_SUBJECTS } from '../../contracts/schemas/training-enums.ts';
import type { NotifyInput } from '../identity/public.ts';
import { activeMembersAmong, memberNames } from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { conflict, domainError, notFound, validationFailed } from '../platform/http/errors.ts';
import { type Clock, defined, organizationOf } from './common.ts';
import type {
  QuizStore,
  StoredCategories,
  StoredQuestion,
  StoredQuiz,
  StoredUserQuiz,
} from './quiz-store.ts';

/**
 * The question bank and quizzes (issue 16 §8; spec §2 quizzes, questions, quiz/{edit_type}/{id?},
 * question/{edit_type}/{id?}): questions with options a–e and one correct answer, a category (an SPL
 * subject or the club's own) and a difficulty; quizzes drawing per category, assigned to members.
 * The correct answer is shown only to those who may edit the bank (quiz-edit).
 */

export interface QuizDeps extends Clock {
  store: QuizStore;
  notify: (userId: string, input: NotifyInput) => Promise<unknown>;
}

const DEFAULT_PAGE = 50;

/** The language a reader sees a question in: theirs, then Hungarian, English, any written. */
export function textFor(
  texts: Partial<Record<Lang, QuestionText>>,
  lang: Lang,
): { lang: Lang; text: QuestionText } {
  for (const candidate of [lang, 'hu', 'en', ...LANGS] as Lang[]) {
    const text = texts[candidate];
    if (text) return { lang: candidate, text };
  }
  throw new Error('question without text');
}

export const optionsOf = (text: QuestionText) =>
  lettersOf(text).map((letter) => ({ letter, text: text[letter] as string }));

const editor = (actor: Actor) => actor.permissions.has('quiz-edit');

const storedTexts = (texts: CreateQuestionInput['texts']) =>
  Object.fromEntries(
    Object.entries(texts)
      .filter(([, t]) => Boolean(t))
      .map(([lang, t]) => [lang, defined({ ...(t as QuestionText) })]),
  ) as StoredQuestion['texts'];

const textsOutput = (texts: StoredQuestion['texts']) =>
  Object.fromEntries(
    Object.entries(texts)
      .filter(([, t]) => Boolean(t))
      .map(([lang, t]) => [
        lang,
        { question: t!.question, a: t!.a, b: t!.b, c: t!.c ?? null, d: t!.d ?? null, e: t!.e ?? null },
      ]),
  );

export function questionOutputOf(q: StoredQuestion, actor: Actor): QuestionOutput {
  return {
    question_id: q.question_id,
    texts: textsOutput(q.texts),
    correct_answer: q.correct_answer,
    category: q.category,
    difficulty: q.difficulty,
    source: q.source,
    version: q.version,
    can_edit: editor(actor),
  };
}

function listItemOf(q: StoredQuestion, actor: Actor) {
  const { lang, text } = textFor(q.texts as Partial<Record<Lang, QuestionText>>, actor.lang);
  return {
    question_id: q.question_id,
    question: text.question,
    options: optionsOf(text),
    lang,
    languages: LANGS.filter((l) => Boolean(q.texts[l])),
    correct_answer: editor(actor) ? q.correct_answer : null,
    category: q.category,
    difficulty: q.difficulty,
    source: q.source,
    version: q.version,
    can_edit: editor(actor),
  };
}

/** A category a question or draw names: one of the nine subjects, or one of the club's own. */
async function checkCategory(deps: QuizDeps, organizationId: string, category: string, field: string) {
  if (isSplSubject(category)) return;
  const own = await deps.store.categories(organizationId);
  if (!own?.own.some((c) => c.category_id === category))
    throw validationFailed({ [field]: ['invalid_value'] });
}

export async function listQuestions(deps: QuizDeps, actor: Actor, query: ListQuestionsQuery) {
  const { organizationId } = organizationOf(actor);
  const page = await deps.store.questions(organizationId, {
    cursor: query.cursor,
    limit: query.limit ?? DEFAULT_PAGE,
    category: query.category,
  });
  return { items: page.items.map((q) => listItemOf(q, actor)), cursor: page.cursor };
}

async function foundQuestion(deps: QuizDeps, actor: Actor, questionId: string) {
  const { organizationId } = organizationOf(actor);
  const q = await deps.store.question(organizationId, questionId);
  if (!q) throw notFound();
  return q;
}

export async function getQuestion(deps: QuizDeps, actor: Actor, questionId: string) {
  return questionOutputOf(await foundQuestion(deps, actor, questionId), actor);
}

export async function createQuestion(deps: QuizDeps, actor: Actor, input: CreateQuestionInput) {
  const { organizationId } = organizationOf(actor);
  await checkCategory(deps, organizationId, input.category, 'category');
  const now = deps.now().toISOString();
  const item = {
    organization_id: organizationId,
    question_id: timeOrderedId(deps.now().getTime()),
    texts: storedTexts(input.texts),
    correct_answer: input.correct_answer,
    category: input.category,
    difficulty: input.difficulty,
    source: 'own',
    created_by: actor.userId,
    version: 1,
    created_at: now,
    updated_at: now,
  } as StoredQuestion;
  await deps.store.saveQuestion(actor, item, null, {
    action: 'question.create',
    target_type: 'question',
    target_id: item.question_id,
  });
  return questionOutputOf(item, actor);
}

export async function updateQuestion(
  deps: QuizDeps,
  actor: Actor,
  questionId: string,
  input: UpdateQuestionInput,
) {
  const before = await foundQuestion(deps, actor, questionId);
  if (before.version !== input.version) throw conflict();
  if (input.category) await checkCategory(deps, before.organization_id, input.category, 'category');
  const texts = input.texts ? storedTexts(input.texts) : before.texts;
  const correct = input.correct_answer ?? before.correct_answer;
  // The correct letter must be an option in every language, whichever of the two changed.
  for (const [lang, text] of Object.entries(texts))
    if (
      text &&
      !lettersOf({ ...text, c: text.c ?? null, d: text.d ?? null, e: text.e ?? null }).includes(correct)
    )
      throw validationFailed({ [`texts.${lang}.${correct}`]: ['field_required'] });
  const after = {
    ...before,
    texts,
    correct_answer: correct,
    category: input.category ?? before.category,
    difficulty: input.difficulty ?? before.difficulty,
    version: before.version + 1,
    updated_at: deps.now().toISOString(),
  } as StoredQuestion;
  await deps.store.saveQuestion(actor, after, before.version, {
    action: 'question.update',
    target_type: 'question',
    target_id: questionId,
  });
  return questionOutputOf(after, actor);
}

export async function deleteQuestion(deps: QuizDeps, actor: Actor, questionId: string, version: number) {
  const item = await foundQuestion(deps, actor, questionId);
  if (item.version !== version) throw conflict();
  await deps.store.deleteQuestion(actor, item, {
    action: 'question.delete',
    target_type: 'question',
    target_id: questionId,
  });
}

async function categoriesOutput(
  deps: QuizDeps,
  actor: Actor,
  organizationId: string,
  own: StoredCategories | null,
): Promise<CategoriesOutput> {
  const all = await deps.store.allQuestions(organizationId);
  const counts = new Map<string, number>();
  for (const q of all) counts.set(q.category, (counts.get(q.category) ?? 0) + 1);
  return {
    subjects: [...SPL_SUBJECTS],
    own: (own?.own ?? []).map((c) => ({ ...c, questions: counts.get(c.category_id) ?? 0 })),
    subject_questions: Object.fromEntries(SPL_SUBJECTS.map((s) => [s, counts.get(s) ?? 0])),
    version: own?.version ?? 0,
    can_edit: editor(actor),
  };
}

export async function getCategories(deps: QuizDeps, actor: Actor) {
  const { organizationId } = organizationOf(actor);
  return categoriesOutput(deps, actor, organizationId, await deps.store.categories(organizationId));
}

/** The club's own categories; one still holding questions cannot go. */
export async function saveCategories(deps: QuizDeps, actor: Actor, input: CategoriesInput) {
  const { organizationId } = organizationOf(actor);
  const before = await deps.store.categories(organizationId);
  if ((before?.version ?? 0) !== input.version) throw conflict();
  const known = new Set((before?.own ?? []).map((c) => c.category_id));
  const at = deps.now().getTime();
  const own = input.own.map((c, index) => {
    if (c.category_id && !known.has(c.category_id))
      throw validationFailed({ [`own.${index}.category_id`]: ['invalid_value'] });
    return {
      category_id: c.category_id ?? `cat-${timeOrderedId(at + index, randomBytes(2).toString('hex'))}`,
      name: c.name,
    };
  });
  const kept = new Set(own.map((c) => c.category_id));
  const all = await deps.store.allQuestions(organizationId);
  const removedInUse = [...known].filter((id) => !kept.has(id) && all.some((q) => q.category === id));
  if (removedInUse.length > 0) throw domainError('training_in_use');
  const now = deps.now().toISOString();
  const item = {
    organization_id: organizationId,
    own,
    version: input.version + 1,
    created_at: before?.created_at ?? now,
    updated_at: now,
  } as StoredCategories;
  await deps.store.saveCategories(actor, item, input.version, {
    action: 'question_categories.update',
    target_type: 'question_categories',
    target_id: organizationId,
  });
  return categoriesOutput(deps, actor, organizationId, item);
}

// Quizzes --------------------------------------------------------------------------------------------

const quizOutputOf = (q: StoredQuiz, actor: Actor): QuizOutput => ({
  quiz_id: q.quiz_id,
  quiz_name: q.quiz_name,
  description: q.description ?? null,
  question_count: q.question_count,
  pass_marks_percent: q.pass_marks_percent,
  category_draws: q.category_draws.map((d) => ({ category: d.category, count: d.count })),
  just_self_questions: q.just_self_questions,
  is_proficiency_exam: q.is_proficiency_exam,
  exam_licence: q.exam_licence ?? null,
  time_limit_minutes: q.time_limit_minutes ?? null,
  assigned: q.assigned,
  version: q.version,
  can_edit: editor(actor),
});

async function foundQuiz(deps: QuizDeps, actor: Actor, quizId: string) {
  const { organizationId } = organizationOf(actor);
  const q = await deps.store.quiz(organizationId, quizId);
  if (!q) throw notFound();
  return q;
}

export async function listQuizzes(deps: QuizDeps, actor: Actor, query: ListQuizzesQuery) {
  const { organizationId } = organizationOf(actor);
  const page = await deps.store.quizzes(organizationId, {
    cursor: query.cursor,
    limit: query.limit ?? DEFAULT_PAGE,
  });
  return { items: page.items.map((q) => quizOutputOf(q, actor)), cursor: page.cursor };
}

export async function getQuiz(deps: QuizDeps, actor: Actor, quizId: string) {
  return quizOutputOf(await foundQuiz(deps, actor, quizId), actor);
}

const quizFields = (input: CreateQuizInput) =>
  defined({
    quiz_name: input.quiz_name,
    description: input.description,
    question_count: input.question_count,
    pass_marks_percent: input.pass_marks_percent,
    category_draws: input.category_draws.map((d) => ({ category: d.category, count: d.count })),
    just_self_questions: input.just_self_questions,
    is_proficiency_exam: input.is_proficiency_exam,
    exam_licence: input.is_proficiency_exam ? input.exam_licence : undefined,
    time_limit_minutes: input.time_limit_minutes,
  });

async function checkDraws(deps: QuizDeps, organizationId: string, input: CreateQuizInput) {
  for (const [index, draw] of input.category_draws.entries())
    await checkCategory(deps, organizationId, draw.category, `category_draws.${index}.category`);
}

export async function createQuiz(deps: QuizDeps, actor: Actor, input: CreateQuizInput) {
  const { organizationId } = organizationOf(actor);
  await checkDraws(deps, organizationId, input);
  const now = deps.now().toISOString();
  const item = {
    organization_id: organizationId,
    quiz_id: timeOrderedId(deps.now().getTime()),
    ...quizFields(input),
    assigned: 0,
    version: 1,
    created_at: now,
    updated_at: now,
  } as StoredQuiz;
  await deps.store.saveQuiz(actor, item, null, {
    action: 'quiz.create',
    target_type: 'quiz',
    target_id: item.quiz_id,
  });
  return quizOutputOf(item, actor);
}

/** Changes reach the next attempts; attempts already started keep the questions they drew. */
export async function updateQuiz(deps: QuizDeps, actor: Actor, quizId: string, input: UpdateQuizInput) {
  const before = await foundQuiz(deps, actor, quizId);
  if (before.version !== input.version) throw conflict();
  await checkDraws(deps, before.organization_id, input);
  const { version: _read, ...fields } = input;
  const after = {
    organization_id: before.organization_id,
    quiz_id: quizId,
    ...quizFields(fields),
    assigned: before.assigned,
    version: before.version + 1,
    created_at: before.created_at,
    updated_at: deps.now().toISOString(),
  } as StoredQuiz;
  await deps.store.saveQuiz(actor, after, before.version, {
    action: 'quiz.update',
    target_type: 'quiz',
    target_id: quizId,
  });
  return quizOutputOf(after, actor);
}

export async function deleteQuiz(deps: QuizDeps, actor: Actor, quizId: string, version: number) {
  const item = await foundQuiz(deps, actor, quizId);
  if (item.version !== version) throw conflict();
  if (item.assigned > 0) throw domainError('training_in_use');
  await deps.store.deleteQuiz(actor, item, { action: 'quiz.delete', target_type: 'quiz', target_id: quizId });
}

export function userQuizSummaryOf(
  uq: StoredUserQuiz,
  names: Map<string, string>,
  actor: Actor,
): UserQuizSummary {
  return {
    user_quiz_id: uq.user_quiz_id,
    quiz_id: uq.mode === 'practice' ? null : uq.quiz_id,
    user_id: uq.user_id,
    user_name: names.get(uq.user_id) ?? '—',
    quiz_name: uq.quiz_name,
    mode: uq.mode,
    is_proficiency_exam: uq.is_proficiency_exam,
    exam_licence: uq.exam_licence ?? null,
    exam_subject: uq.exam_subject && isSplSubject(uq.exam_subject) ? uq.exam_subject : null,
    question_count: uq.question_count,
    pass_marks_percent: uq.pass_marks_percent,
    time_limit_minutes: uq.time_limit_minutes ?? null,
    state: uq.state,
    due_date: uq.due_date ?? null,
    assigned_at: uq.assigned_at,
    started_at: uq.started_at ?? null,
    deadline_at: uq.deadline_at ?? null,
    submitted_at: uq.submitted_at ?? null,
    outcome: uq.outcome ?? null,
    percent: uq.percent ?? null,
    can_withdraw: editor(actor) && uq.state === 'assigned' && uq.mode === 'assigned',
  };
}

/** Assigns the quiz to active members; each is told (spec §2 user-quizzes). */
export async function assignQuiz(deps: QuizDeps, actor: Actor, quizId: string, input: AssignQuizInput) {
  const quiz = await foundQuiz(deps, actor, quizId);
  const members = await activeMembersAmong(quiz.organization_id, input.user_ids);
  if (input.user_ids.some((id) => !members.has(id))) throw validationFailed({ user_ids: ['invalid_value'] });
  const now = deps.now();
  const userIds = [...new Set(input.user_ids)];
  const items = userIds.map(
    (user_id, index) =>
      defined({
        organization_id: quiz.organization_id,
        user_quiz_id: timeOrderedId(now.getTime() + index),
        user_id,
        quiz_id: quizId,
        mode: 'assigned',
        quiz_name: quiz.quiz_name,
        question_count: quiz.question_count,
        pass_marks_percent: quiz.pass_marks_percent,
        time_limit_minutes: quiz.time_limit_minutes,
        is_proficiency_exam: quiz.is_proficiency_exam,
        exam_licence: quiz.exam_licence,
        exam_subject: quiz.is_proficiency_exam ? quiz.category_draws[0]?.category : undefined,
        state: 'assigned',
        due_date: input.due_date,
        assigned_by: actor.userId,
        assigned_at: now.toISOString(),
        answered: 0,
        version: 1,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      }) as StoredUserQuiz,
  );
  await deps.store.assign(actor, quiz, items, {
    action: 'quiz.assign',
    target_type: 'quiz',
    target_id: quizId,
  });
  for (const item of items)
    await deps.notify(item.user_id, {
      kind: 'quiz',
      message_key: input.due_date ? 'quiz_assigned_due' : 'quiz_assigned',
      params: { quiz: quiz.quiz_name, ...(input.due_date ? { date: input.due_date } : {}) },
      link: `/user-quiz/take/${item.user_quiz_id}/`,
    });
  const names = await memberNames(quiz.organization_id, userIds, actor.lang);
  return { items: items.map((i) => userQuizSummaryOf(i, names, actor)), cursor: null };
}

export async function listAssignments(deps: QuizDeps, actor: Actor, quizId: string, query: ListQuizzesQuery) {
  const quiz = await foundQuiz(deps, actor, quizId);
  const page = await deps.store.assignments(quiz.organization_id, quizId, {
    cursor: query.cursor,
    limit: query.limit ?? DEFAULT_PAGE,
  });
  const names = await memberNames(
    quiz.organization_id,
    page.items.map((i) => i.user_id),
    actor.lang,
  );
  return { items: page.items.map((i) => userQuizSummaryOf(i, names, actor)), cursor: page.cursor };
}

export async function withdrawUserQuiz(deps: QuizDeps, actor: Actor, userQuizId: string) {
  const { organizationId } = organizationOf(actor);
  const item = await deps.store.userQuiz(organizationId, userQuizId);
  if (item?.mode !== 'assigned') throw notFound();
  if (item.state !== 'assigned') throw domainError('not_editable');
  await deps.store.withdraw(actor, item, {
    action: 'user_quiz.withdraw',
    target_type: 'user_quiz',
    target_id: userQuizId,
    subject_user_id: item.user_id,
  });
}
