import { notify } from '../identity/public.ts';
import * as training from './enrolment-service.ts';
import { enrolmentStore } from './enrolment-store.ts';
import type * as programmes from './programme-service.ts';
import { programmeStore } from './programme-store.ts';
import type * as quiz from './quiz-service.ts';
import { quizStore } from './quiz-store.ts';
import type { EnrolmentDeps } from './training-record.ts';

/**
 * What the training domain's services work with (docs/ARCHITECTURE.md "A service"): its stores, the
 * clock, and identity's notifications. Every service function takes one of these first; a test
 * passes its own.
 */
export const programmeDeps: programmes.ProgrammeDeps = {
  store: programmeStore,
  now: () => new Date(),
  taskInUse: (organizationId, programmeId, taskId) =>
    training.taskInUse(enrolmentStore, organizationId, programmeId, taskId),
};
export const trainingDeps: EnrolmentDeps = {
  store: enrolmentStore,
  programmes: programmeStore,
  now: () => new Date(),
  notify,
};
export const quizDeps: quiz.QuizDeps = { store: quizStore, now: () => new Date(), notify };
