import * as z from 'zod/mini';
import { LANGS } from '../langs.ts';
import { cursor, entityId, isoDate, userText, version, whole } from '../validation.ts';
import {
  ANSWER_LETTERS,
  DIFFICULTIES,
  EXAM_CLOCK_STATES,
  EXAM_LICENCES,
  EXAM_VOID_REASONS,
  isSplSubject,
  QUESTION_SOURCES,
  QUIZ_OUTCOMES,
  RESULT_TYPES,
  SPL_SUBJECTS,
  USER_QUIZ_MODES,
  USER_QUIZ_STATES,
} from './training-enums.ts';

/**
 * Question bank, quizzes and exams (spec §2 quizzes, questions, quiz/…, question/…, user-quizzes,
 * user-quiz/take/{id}, user-quiz/result/{id}, profile/user-quizzes; §3 Quiz and question; §9 pass
 * mark and score text; issue 16 §8, §9). A question's texts may be in several languages; the taker
 * reads it in theirs. Correct answers never leave the server before a quiz is handed in.
 */

const limit = z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)));
const saved = version.check(z.minimum(1));

/** A category: one of the SPL's nine subjects, or an organization's own (`cat-…`). */
export const categoryId = entityId;

const option = z.optional(z.nullable(userText(400)));
export const questionText = z.strictObject({
  question: userText(1500, { min: 1, multiline: true }),
  a: userText(400, { min: 1 }),
  b: userText(400, { min: 1 }),
  c: option,
  d: option,
  e: option,
});
export type QuestionText = z.infer<typeof questionText>;

/** The letters a text offers: a and b always, c–e when written. */
export const lettersOf = (text: QuestionText) =>
  ANSWER_LETTERS.filter((letter) => typeof text[letter] === 'string' && text[letter] !== '');

const questionFields = {
  texts: z.partialRecord(z.enum(LANGS), questionText),
  correct_answer: z.enum(ANSWER_LETTERS),
  category: categoryId,
  difficulty: z.enum(DIFFICULTIES),
};

/** At least one language, and the correct letter is an option in every language written. */
const questionRules = <
  T extends { texts?: Partial<Record<string, QuestionText>>; correct_answer?: string },
>() =>
  z.superRefine<T>(
    (value, ctx) => {
      const texts = Object.values(value.texts ?? {}).filter((t): t is QuestionText => Boolean(t));
      if (value.texts && texts.length === 0)
        ctx.addIssue({ code: 'custom', message: 'field_required', path: ['texts'], input: value });
      if (value.correct_answer)
        for (const [lang, text] of Object.entries(value.texts ?? {}))
          if (text && !lettersOf(text).includes(value.correct_answer as 'a'))
            ctx.addIssue({
              code: 'custom',
              message: 'field_required',
              path: ['texts', lang, value.correct_answer],
              input: value,
            });
    },
    {
      when: (payload) =>
        !payload.issues.some((issue) => ['texts', 'correct_answer'].includes(String(issue.path?.[0]))),
    },
  );

export const createQuestionInput = z.strictObject(questionFields).check(questionRules());
export type CreateQuestionInput = z.infer<typeof createQuestionInput>;

export const updateQuestionInput = z
  .strictObject({
    texts: z.optional(questionFields.texts),
    correct_answer: z.optional(questionFields.correct_answer),
    category: z.optional(questionFields.category),
    difficulty: z.optional(questionFields.difficulty),
    version: saved,
  })
  .check(questionRules());
export type UpdateQuestionInput = z.infer<typeof updateQuestionInput>;

export const listQuestionsQuery = z.strictObject({
  cursor: z.optional(cursor),
  limit,
  category: z.optional(categoryId),
});
export type ListQuestionsQuery = z.infer<typeof listQuestionsQuery>;

const shownOption = z.object({ letter: z.enum(ANSWER_LETTERS), text: z.string() });

/** A question as a list shows it: in the reader's language; the correct answer only to editors. */
export const questionListItem = z.object({
  question_id: z.string(),
  question: z.string(),
  options: z.array(shownOption),
  lang: z.enum(LANGS),
  languages: z.array(z.enum(LANGS)),
  correct_answer: z.nullable(z.enum(ANSWER_LETTERS)),
  category: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  source: z.enum(QUESTION_SOURCES),
  version: z.number(),
  can_edit: z.boolean(),
});
export const questionListOutput = z.object({
  items: z.array(questionListItem),
  cursor: z.nullable(z.string()),
});
export type QuestionListOutput = z.infer<typeof questionListOutput>;

export const questionOutput = z.object({
  question_id: z.string(),
  texts: z.partialRecord(
    z.enum(LANGS),
    z.object({
      question: z.string(),
      a: z.string(),
      b: z.string(),
      c: z.nullable(z.string()),
      d: z.nullable(z.string()),
      e: z.nullable(z.string()),
    }),
  ),
  correct_answer: z.enum(ANSWER_LETTERS),
  category: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  source: z.enum(QUESTION_SOURCES),
  version: z.number(),
  can_edit: z.boolean(),
});
export type QuestionOutput = z.infer<typeof questionOutput>;

export const categoriesInput = z.strictObject({
  own: z
    .array(z.strictObject({ category_id: z.optional(categoryId), name: userText(80, { min: 1 }) }))
    .check(z.maxLength(50)),
  version,
});
export type CategoriesInput = z.infer<typeof categoriesInput>;

export const categoriesOutput = z.object({
  subjects: z.array(z.enum(SPL_SUBJECTS)),
  own: z.array(z.object({ category_id: z.string(), name: z.string(), questions: z.number() })),
  subject_questions: z.record(z.string(), z.number()),
  version: z.number(),
  can_edit: z.boolean(),
});
export type CategoriesOutput = z.infer<typeof categoriesOutput>;

// Quizzes ------------------------------------------------------------------------------------------

export const MAX_QUESTIONS = 100;

const draw = z.strictObject({
  category: categoryId,
  count: z.number().check(whole, z.minimum(1), z.maximum(MAX_QUESTIONS)),
});

const quizFields = {
  quiz_name: userText(120, { min: 1 }),
  description: z.optional(z.nullable(userText(2000, { multiline: true }))),
  question_count: z.number().check(whole, z.minimum(1), z.maximum(MAX_QUESTIONS)),
  pass_marks_percent: z.number().check(whole, z.minimum(1), z.maximum(100)),
  /** Per-category draws; none: drawn from the whole bank. Their counts add up to question_count. */
  category_draws: z.array(draw).check(z.maxLength(20)),
  /** Only the organization's own questions, not the built-in bank. */
  just_self_questions: z.boolean(),
  /** An exam paper of one subject: counts on the FCL.025 clocks of the licence. */
  is_proficiency_exam: z.boolean(),
  exam_licence: z.optional(z.nullable(z.enum(EXAM_LICENCES))),
  /** null: no time limit. */
  time_limit_minutes: z.optional(z.nullable(z.number().check(whole, z.minimum(1), z.maximum(600)))),
};

type QuizShape = {
  question_count?: number;
  category_draws?: { category: string; count: number }[];
  is_proficiency_exam?: boolean;
  exam_licence?: string | null;
};
/** Draws add up to the count; an exam paper is one SPL subject and names its licence. */
export const quizProblems = (value: QuizShape): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  const draws = value.category_draws ?? [];
  if (draws.length > 0 && draws.reduce((sum, d) => sum + d.count, 0) !== value.question_count)
    errors.category_draws = ['invalid_value'];
  if (new Set(draws.map((d) => d.category)).size !== draws.length)
    errors.category_draws = ['duplicate_value'];
  if (value.is_proficiency_exam) {
    if (draws.length !== 1 || !isSplSubject(draws[0]!.category)) errors.category_draws = ['exam_one_subject'];
    if (!value.exam_licence) errors.exam_licence = ['field_required'];
  }
  return errors;
};
const quizRules = <T extends QuizShape>() =>
  z.superRefine<T>(
    (value, ctx) => {
      for (const [field, keys] of Object.entries(quizProblems(value)))
        for (const key of keys) ctx.addIssue({ code: 'custom', message: key, path: [field], input: value });
    },
    { when: (payload) => payload.issues.length === 0 },
  );

export const createQuizInput = z.strictObject(quizFields).check(quizRules());
export type CreateQuizInput = z.infer<typeof createQuizInput>;
export const updateQuizInput = z.extend(z.strictObject(quizFields), { version: saved }).check(quizRules());
export type UpdateQuizInput = z.infer<typeof updateQuizInput>;

export const listQuizzesQuery = z.strictObject({ cursor: z.optional(cursor), limit });
export type ListQuizzesQuery = z.infer<typeof listQuizzesQuery>;

export const quizOutput = z.object({
  quiz_id: z.string(),
  quiz_name: z.string(),
  description: z.nullable(z.string()),
  question_count: z.number(),
  pass_marks_percent: z.number(),
  category_draws: z.array(z.object({ category: z.string(), count: z.number() })),
  just_self_questions: z.boolean(),
  is_proficiency_exam: z.boolean(),
  exam_licence: z.nullable(z.enum(EXAM_LICENCES)),
  time_limit_minutes: z.nullable(z.number()),
  assigned: z.number(),
  version: z.number(),
  can_edit: z.boolean(),
});
export type QuizOutput = z.infer<typeof quizOutput>;
export const quizListOutput = z.object({ items: z.array(quizOutput), cursor: z.nullable(z.string()) });

export const assignQuizInput = z.strictObject({
  user_ids: z.array(entityId).check(z.minLength(1), z.maxLength(200)),
  due_date: z.optional(z.nullable(isoDate)),
});
export type AssignQuizInput = z.infer<typeof assignQuizInput>;

// A member's quizzes -------------------------------------------------------------------------------

export const userQuizSummary = z.object({
  user_quiz_id: z.string(),
  quiz_id: z.nullable(z.string()),
  user_id: z.string(),
  user_name: z.string(),
  quiz_name: z.string(),
  mode: z.enum(USER_QUIZ_MODES),
  is_proficiency_exam: z.boolean(),
  exam_licence: z.nullable(z.enum(EXAM_LICENCES)),
  exam_subject: z.nullable(z.enum(SPL_SUBJECTS)),
  question_count: z.number(),
  pass_marks_percent: z.number(),
  time_limit_minutes: z.nullable(z.number()),
  state: z.enum(USER_QUIZ_STATES),
  due_date: z.nullable(z.string()),
  assigned_at: z.string(),
  started_at: z.nullable(z.string()),
  deadline_at: z.nullable(z.string()),
  submitted_at: z.nullable(z.string()),
  outcome: z.nullable(z.enum(QUIZ_OUTCOMES)),
  percent: z.nullable(z.number()),
  can_withdraw: z.boolean(),
});
export type UserQuizSummary = z.infer<typeof userQuizSummary>;

export const userQuizListQuery = z.strictObject({
  cursor: z.optional(cursor),
  limit,
  state: z.optional(z.enum(['open', 'done'])),
});
export type UserQuizListQuery = z.infer<typeof userQuizListQuery>;
export const userQuizListOutput = z.object({
  items: z.array(userQuizSummary),
  cursor: z.nullable(z.string()),
});

/** The questions as the taker sees them: never the correct answers. */
export const takeOutput = z.object({
  user_quiz_id: z.string(),
  quiz_name: z.string(),
  mode: z.enum(USER_QUIZ_MODES),
  state: z.enum(USER_QUIZ_STATES),
  started_at: z.string(),
  deadline_at: z.nullable(z.string()),
  server_now: z.string(),
  pass_marks_percent: z.number(),
  questions: z.array(
    z.object({
      index: z.number(),
      category: z.string(),
      question: z.string(),
      options: z.array(shownOption),
    }),
  ),
  answers: z.array(z.nullable(z.enum(ANSWER_LETTERS))),
});
export type TakeOutput = z.infer<typeof takeOutput>;

/** `{index}` of an answer: the question's place in the drawn list. */
export const answerIndex = z.string().check(z.regex(/^\d{1,3}$/, { error: 'invalid_value' }));

export const answerInput = z.strictObject({ answer: z.nullable(z.enum(ANSWER_LETTERS)) });
export type AnswerInput = z.infer<typeof answerInput>;
export const answerOutput = z.object({
  index: z.number(),
  answer: z.nullable(z.enum(ANSWER_LETTERS)),
  answered: z.number(),
});

export const resultOutput = z.object({
  user_quiz_id: z.string(),
  quiz_name: z.string(),
  /** spec §8's {type}: quiz, exam or practice. */
  type: z.enum(RESULT_TYPES),
  outcome: z.enum(QUIZ_OUTCOMES),
  max_points: z.number(),
  achieved_points: z.number(),
  percent: z.number(),
  pass_marks_percent: z.number(),
  submitted_at: z.string(),
  /** Handed in by the clock: the time limit ran out. */
  timed_out: z.boolean(),
  by_category: z.array(
    z.object({
      category: z.string(),
      max_points: z.number(),
      achieved_points: z.number(),
      percent: z.number(),
    }),
  ),
  questions: z.array(
    z.object({
      index: z.number(),
      category: z.string(),
      question: z.string(),
      options: z.array(shownOption),
      given: z.nullable(z.enum(ANSWER_LETTERS)),
      correct: z.enum(ANSWER_LETTERS),
    }),
  ),
});
export type ResultOutput = z.infer<typeof resultOutput>;

export const practiceInput = z.strictObject({
  category: z.optional(z.nullable(categoryId)),
  question_count: z.optional(z.number().check(whole, z.minimum(1), z.maximum(50))),
});
export type PracticeInput = z.infer<typeof practiceInput>;

// Exam clocks (FCL.025) -------------------------------------------------------------------------------

export const examClockOutput = z.object({
  licence: z.enum(EXAM_LICENCES),
  state: z.enum(EXAM_CLOCK_STATES),
  void_reason: z.nullable(z.enum(EXAM_VOID_REASONS)),
  first_attempt_date: z.nullable(z.string()),
  /** FCL.025(b)(2): the last day every paper must be passed by. */
  window_ends: z.nullable(z.string()),
  sittings_used: z.number(),
  sittings_max: z.number(),
  subjects: z.array(
    z.object({
      subject: z.enum(SPL_SUBJECTS),
      attempts_used: z.number(),
      attempts_max: z.number(),
      passed_on: z.nullable(z.string()),
      last_percent: z.nullable(z.number()),
    }),
  ),
  completed_on: z.nullable(z.string()),
  /** FCL.025(c): the completed examination counts for a licence application until this day. */
  valid_until: z.nullable(z.string()),
  earlier_cycles: z.number(),
});
export type ExamClockOutput = z.infer<typeof examClockOutput>;
export const examClocksOutput = z.object({
  user_id: z.string(),
  today: z.string(),
  items: z.array(examClockOutput),
});
export type ExamClocksOutput = z.infer<typeof examClocksOutput>;
