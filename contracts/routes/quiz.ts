import * as z from 'zod/mini';
import type { Guard, RouteDef } from '../route-types.ts';
import * as q from '../schemas/quiz.ts';
import { deleteQuery } from '../schemas/training.ts';
import { entityId } from '../validation.ts';

/**
 * Training domain, quizzes and exams (spec §2 "Messages and quizzes"). quiz-list reads the bank
 * and the quizzes (without the correct answers), quiz-edit writes them and assigns quizzes; any
 * member takes what is assigned to them. All behind the `quiz` module.
 */
const lister: Guard = { auth: 'user', permission: 'quiz-list', module: 'quiz' };
const editor: Guard = { auth: 'user', permission: 'quiz-edit', module: 'quiz' };
const member: Guard = { auth: 'user', module: 'quiz' };
const administration: Guard = { auth: 'user', permission: 'training-administration', module: 'quiz' };

const id = { id: entityId };

export const quizRoutes = {
  listQuestions: {
    method: 'GET',
    path: '/api/questions',
    domain: 'training',
    guard: lister,
    query: q.listQuestionsQuery,
    output: q.questionListOutput,
  },
  createQuestion: {
    method: 'POST',
    path: '/api/questions',
    domain: 'training',
    guard: editor,
    body: q.createQuestionInput,
    output: q.questionOutput,
  },
  getQuestion: {
    method: 'GET',
    path: '/api/questions/{id}',
    params: id,
    domain: 'training',
    guard: editor,
    output: q.questionOutput,
  },
  updateQuestion: {
    method: 'PATCH',
    path: '/api/questions/{id}',
    params: id,
    domain: 'training',
    guard: editor,
    body: q.updateQuestionInput,
    output: q.questionOutput,
  },
  deleteQuestion: {
    method: 'DELETE',
    path: '/api/questions/{id}',
    params: id,
    domain: 'training',
    guard: editor,
    query: deleteQuery,
    output: z.object({ deleted: z.literal(true) }),
  },
  /** The nine SPL subjects and the organization's own categories, with their question counts. */
  getQuestionCategories: {
    method: 'GET',
    path: '/api/question-categories',
    domain: 'training',
    guard: lister,
    output: q.categoriesOutput,
  },
  saveQuestionCategories: {
    method: 'PUT',
    path: '/api/question-categories',
    domain: 'training',
    guard: editor,
    body: q.categoriesInput,
    output: q.categoriesOutput,
  },

  listQuizzes: {
    method: 'GET',
    path: '/api/quizzes',
    domain: 'training',
    guard: lister,
    query: q.listQuizzesQuery,
    output: q.quizListOutput,
  },
  createQuiz: {
    method: 'POST',
    path: '/api/quizzes',
    domain: 'training',
    guard: editor,
    body: q.createQuizInput,
    output: q.quizOutput,
  },
  getQuiz: {
    method: 'GET',
    path: '/api/quizzes/{id}',
    params: id,
    domain: 'training',
    guard: lister,
    output: q.quizOutput,
  },
  updateQuiz: {
    method: 'PATCH',
    path: '/api/quizzes/{id}',
    params: id,
    domain: 'training',
    guard: editor,
    body: q.updateQuizInput,
    output: q.quizOutput,
  },
  deleteQuiz: {
    method: 'DELETE',
    path: '/api/quizzes/{id}',
    params: id,
    domain: 'training',
    guard: editor,
    query: deleteQuery,
    output: z.object({ deleted: z.literal(true) }),
  },
  /** Assigns the quiz to members (user-quizzes); each is told. */
  assignQuiz: {
    method: 'POST',
    path: '/api/quizzes/{id}/assignments',
    params: id,
    domain: 'training',
    guard: editor,
    body: q.assignQuizInput,
    output: q.userQuizListOutput,
  },
  listQuizAssignments: {
    method: 'GET',
    path: '/api/quizzes/{id}/assignments',
    params: id,
    domain: 'training',
    guard: editor,
    query: q.listQuizzesQuery,
    output: q.userQuizListOutput,
  },
  /** An assignment not started yet. */
  withdrawUserQuiz: {
    method: 'DELETE',
    path: '/api/user-quizzes/{id}',
    params: id,
    domain: 'training',
    guard: editor,
    output: z.object({ deleted: z.literal(true) }),
  },

  /** user-quizzes, profile/user-quizzes: the caller's own quizzes, newest first. */
  listMyQuizzes: {
    method: 'GET',
    path: '/api/user-quizzes',
    domain: 'training',
    guard: member,
    query: q.userQuizListQuery,
    output: q.userQuizListOutput,
  },
  /** Draws the questions on the server (once: a second call resumes) and starts the clock. */
  startUserQuiz: {
    method: 'POST',
    path: '/api/user-quizzes/{id}/start',
    params: id,
    domain: 'training',
    guard: member,
    output: q.takeOutput,
  },
  /** user-quiz/take/{id} after a reload: the questions and the answers saved so far. */
  getUserQuizTake: {
    method: 'GET',
    path: '/api/user-quizzes/{id}/take',
    params: id,
    domain: 'training',
    guard: member,
    output: q.takeOutput,
  },
  /** One answer, saved as it is given; refused after the time limit (409 quiz_time_over). */
  answerUserQuiz: {
    method: 'PUT',
    path: '/api/user-quizzes/{id}/answers/{index}',
    params: { id: entityId, index: q.answerIndex },
    domain: 'training',
    guard: member,
    body: q.answerInput,
    output: q.answerOutput,
  },
  submitUserQuiz: {
    method: 'POST',
    path: '/api/user-quizzes/{id}/submit',
    params: id,
    domain: 'training',
    guard: member,
    output: q.resultOutput,
  },
  /** user-quiz/result/{id}: the score, per category, and now the correct answers. */
  getUserQuizResult: {
    method: 'GET',
    path: '/api/user-quizzes/{id}/result',
    params: id,
    domain: 'training',
    guard: member,
    output: q.resultOutput,
  },
  /** Practice of the questions the caller answered wrongly before (no clock, not an exam attempt). */
  startPractice: {
    method: 'POST',
    path: '/api/user-quizzes/practice',
    domain: 'training',
    guard: member,
    body: q.practiceInput,
    output: q.userQuizSummary,
  },
  /** The FCL.025 clocks per licence of the caller. */
  getOwnExamClocks: {
    method: 'GET',
    path: '/api/profile/exam-clocks',
    domain: 'training',
    guard: member,
    output: q.examClocksOutput,
  },
  getMemberExamClocks: {
    method: 'GET',
    path: '/api/exam-clocks/{user_id}',
    params: { user_id: entityId },
    domain: 'training',
    guard: administration,
    output: q.examClocksOutput,
  },
} as const satisfies Record<string, RouteDef>;
