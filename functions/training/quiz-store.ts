import type { EntityItem } from 'electrodb';
import { type ActionRecord, auditedWrite } from '../platform/audit/actions.ts';
import { db } from '../platform/db/service.ts';
import { lostRace, transactWrite } from '../platform/db/writes.ts';
import type { AuditActor } from './common.ts';
import type { question, questionCategories, quiz, userQuiz, userQuizAnswer } from './entities.ts';

export type StoredQuestion = EntityItem<typeof question>;
export type StoredCategories = EntityItem<typeof questionCategories>;
export type StoredQuiz = EntityItem<typeof quiz>;
export type StoredUserQuiz = EntityItem<typeof userQuiz>;
export type StoredAnswer = EntityItem<typeof userQuizAnswer>;

/** One transaction's worth of assignments (TransactWrite holds 100 items; a quiz counter and a log). */
const ASSIGN_BATCH = 90;

/** Question bank, quizzes and members' quizzes; the services hold the rules. */
export const quizStore = {
  async question(organizationId: string, questionId: string) {
    const { data } = await db()
      .entities.question.get({ organization_id: organizationId, question_id: questionId })
      .go();
    return data;
  },

  async questions(organizationId: string, options: { cursor?: string; limit: number; category?: string }) {
    const query = options.category
      ? db().entities.question.query.byCategory({
          organization_id: organizationId,
          category: options.category,
        })
      : db().entities.question.query.byOrganization({ organization_id: organizationId });
    const { data, cursor } = await query.go({ cursor: options.cursor, limit: options.limit });
    return { items: data, cursor: cursor ?? null };
  },

  /** Every question of a category, or of the bank (a quiz's draw; a bank holds hundreds, not millions). */
  async allQuestions(organizationId: string, category?: string) {
    const query = category
      ? db().entities.question.query.byCategory({ organization_id: organizationId, category })
      : db().entities.question.query.byOrganization({ organization_id: organizationId });
    const { data } = await query.go({ pages: 'all' });
    return data;
  },

  async questionsById(organizationId: string, ids: string[]) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const { data } = await db()
      .entities.question.get(unique.map((question_id) => ({ organization_id: organizationId, question_id })))
      .go();
    return data;
  },

  async categories(organizationId: string) {
    const { data } = await db().entities.questionCategories.get({ organization_id: organizationId }).go();
    return data;
  },

  async quiz(organizationId: string, quizId: string) {
    const { data } = await db().entities.quiz.get({ organization_id: organizationId, quiz_id: quizId }).go();
    return data;
  },

  async quizzes(organizationId: string, options: { cursor?: string; limit: number }) {
    const { data, cursor } = await db()
      .entities.quiz.query.byOrganization({ organization_id: organizationId })
      .go({ cursor: options.cursor, limit: options.limit, order: 'desc' });
    return { items: data, cursor: cursor ?? null };
  },

  async userQuiz(organizationId: string, userQuizId: string) {
    const { data } = await db()
      .entities.userQuiz.get({ organization_id: organizationId, user_quiz_id: userQuizId })
      .go();
    return data;
  },

  async userQuizzesOf(organizationId: string, userId: string, options: { cursor?: string; limit: number }) {
    const { data, cursor } = await db()
      .entities.userQuiz.query.byMember({ organization_id: organizationId, user_id: userId })
      .go({ cursor: options.cursor, limit: options.limit, order: 'desc' });
    return { items: data, cursor: cursor ?? null };
  },

  /** Every quiz of a member (the exam clocks and the practice read all of them). */
  async allUserQuizzesOf(organizationId: string, userId: string) {
    const { data } = await db()
      .entities.userQuiz.query.byMember({ organization_id: organizationId, user_id: userId })
      .go({ pages: 'all' });
    return data;
  },

  async assignments(organizationId: string, quizId: string, options: { cursor?: string; limit: number }) {
    const { data, cursor } = await db()
      .entities.userQuiz.query.byQuiz({ organization_id: organizationId, quiz_id: quizId })
      .go({ cursor: options.cursor, limit: options.limit, order: 'desc' });
    return { items: data, cursor: cursor ?? null };
  },

  async answers(organizationId: string, userQuizId: string) {
    const { data } = await db()
      .entities.userQuizAnswer.query.byAttempt({ organization_id: organizationId, user_quiz_id: userQuizId })
      .go({ pages: 'all' });
    return data;
  },

  /** A bank item, categories, a quiz: created (readVersion null) or replaced at the version read. */
  async saveQuestion(
    actor: AuditActor,
    item: StoredQuestion,
    readVersion: number | null,
    audit: ActionRecord,
  ) {
    await auditedWrite(actor, audit, (e) => [
      readVersion === null
        ? e.question.create(item).commit()
        : e.question
            .put(item)
            .where(({ version }, { eq }) => eq(version, readVersion))
            .commit(),
    ]);
  },

  async deleteQuestion(actor: AuditActor, item: StoredQuestion, audit: ActionRecord) {
    await auditedWrite(actor, audit, (e) => [
      e.question
        .delete(item)
        .where(({ version }, { eq }) => eq(version, item.version))
        .commit(),
    ]);
  },

  async saveCategories(actor: AuditActor, item: StoredCategories, readVersion: number, audit: ActionRecord) {
    await auditedWrite(actor, audit, (e) => [
      readVersion === 0
        ? e.questionCategories.create(item).commit()
        : e.questionCategories
            .put(item)
            .where(({ version }, { eq }) => eq(version, readVersion))
            .commit(),
    ]);
  },

  async saveQuiz(actor: AuditActor, item: StoredQuiz, readVersion: number | null, audit: ActionRecord) {
    await auditedWrite(actor, audit, (e) => [
      readVersion === null
        ? e.quiz.create(item).commit()
        : e.quiz
            .put(item)
            .where(({ version }, { eq }) => eq(version, readVersion))
            .commit(),
    ]);
  },

  /** A quiz nobody was assigned: gone (refused if an assignment came in meanwhile). */
  async deleteQuiz(actor: AuditActor, item: StoredQuiz, audit: ActionRecord) {
    await auditedWrite(actor, audit, (e) => [
      e.quiz
        .delete(item)
        .where(({ version, assigned }, { eq }) => `${eq(version, item.version)} AND ${eq(assigned, 0)}`)
        .commit(),
    ]);
  },

  /** Assignments in batches, each with the quiz's count and its log entry. */
  async assign(actor: AuditActor, quiz: StoredQuiz, items: StoredUserQuiz[], audit: ActionRecord) {
    for (let start = 0; start < items.length; start += ASSIGN_BATCH) {
      const batch = items.slice(start, start + ASSIGN_BATCH);
      await auditedWrite(actor, { ...audit, details: { ...audit.details, members: batch.length } }, (e) => [
        ...batch.map((item) => e.userQuiz.create(item).commit()),
        e.quiz
          .patch({ organization_id: quiz.organization_id, quiz_id: quiz.quiz_id })
          .add({ assigned: batch.length })
          .commit(),
      ]);
    }
  },

  /** A member's own practice round (no quiz to count on). */
  async createUserQuiz(actor: AuditActor, item: StoredUserQuiz, audit: ActionRecord) {
    await auditedWrite(actor, audit, (e) => [e.userQuiz.create(item).commit()]);
  },

  async withdraw(actor: AuditActor, item: StoredUserQuiz, audit: ActionRecord) {
    await auditedWrite(actor, audit, (e) => [
      e.userQuiz
        .delete(item)
        .where(({ state, version }, { eq }) => `${eq(state, 'assigned')} AND ${eq(version, item.version)}`)
        .commit(),
      e.quiz
        .patch({ organization_id: item.organization_id, quiz_id: item.quiz_id })
        .add({ assigned: -1 })
        .commit(),
    ]);
  },

  /** The attempt replaced at the version read (the start, the hand-in), with its log entry. */
  async saveAttempt(actor: AuditActor, item: StoredUserQuiz, readVersion: number, audit: ActionRecord) {
    try {
      await auditedWrite(actor, audit, (e) => [
        e.userQuiz
          .put(item)
          .where(({ version }, { eq }) => eq(version, readVersion))
          .commit(),
      ]);
      return true;
    } catch (error) {
      if (lostRace(error)) return false;
      throw error;
    }
  },

  /**
   * One answer and the attempt's version together, only while the attempt is in progress and before
   * its deadline (`now`): false when refused.
   */
  async answer(item: StoredAnswer, now: string) {
    try {
      await transactWrite((e) => [
        e.userQuiz
          .patch({ organization_id: item.organization_id, user_quiz_id: item.user_quiz_id })
          .add({ version: 1 })
          .where(
            ({ state, deadline_at }, { eq, notExists, gt }) =>
              `${eq(state, 'in_progress')} AND (${notExists(deadline_at)} OR ${gt(deadline_at, now)})`,
          )
          .commit(),
        e.userQuizAnswer.put(item).commit(),
      ]);
      return true;
    } catch (error) {
      if (lostRace(error)) return false;
      throw error;
    }
  },
};

export type QuizStore = typeof quizStore;
