import type { DomainOps } from '../platform/http/router.ts';
import { programmeDeps, quizDeps, trainingDeps } from './deps.ts';
import * as dto from './dto-service.ts';
import * as training from './enrolment-service.ts';
import * as ipp from './ipp-service.ts';
import * as own from './own-training-service.ts';
import * as programmes from './programme-service.ts';
import * as quiz from './quiz-service.ts';
import * as taskWork from './task-work-service.ts';
import * as taking from './user-quiz-service.ts';

const deleted = { deleted: true as const };

/** HTTP adaptor of the training domain: one line per operation, the rules live in the services. */
export const ops: DomainOps<'training'> = {
  listProgrammes: ({ actor, query }) => programmes.listProgrammes(programmeDeps, actor, query),
  createProgramme: ({ actor, body }) => programmes.createProgramme(programmeDeps, actor, body),
  getProgramme: ({ actor, params }) => programmes.getProgramme(programmeDeps, actor, params.id),
  updateProgramme: ({ actor, params, body }) =>
    programmes.updateProgramme(programmeDeps, actor, params.id, body),
  deleteProgramme: async ({ actor, params, query }) => {
    await programmes.deleteProgramme(programmeDeps, actor, params.id, query.version);
    return deleted;
  },
  copyProgramme: ({ actor, params, body }) => programmes.copyProgramme(programmeDeps, actor, params.id, body),
  exportProgramme: ({ actor, params }) => programmes.exportProgramme(programmeDeps, actor, params.id),
  importProgramme: ({ actor, body }) => programmes.importProgramme(programmeDeps, actor, body),
  listBuiltinProgrammes: ({ actor }) => programmes.listBuiltinProgrammes(actor),
  adoptBuiltinProgramme: ({ actor, params }) =>
    programmes.adoptBuiltinProgramme(programmeDeps, actor, params.key),
  createTask: ({ actor, params, body }) => programmes.createTask(programmeDeps, actor, params.id, body),
  getTask: ({ actor, params }) => programmes.getTask(programmeDeps, actor, params.id, params.task_id),
  updateTask: ({ actor, params, body }) =>
    programmes.updateTask(programmeDeps, actor, params.id, params.task_id, body),
  deleteTask: async ({ actor, params, query }) => {
    await programmes.deleteTask(programmeDeps, actor, params.id, params.task_id, query.version);
    return deleted;
  },
  reorderTasks: ({ actor, params, body }) => programmes.reorderTasks(programmeDeps, actor, params.id, body),

  listEnrolments: ({ actor, query }) => training.listEnrolments(trainingDeps, actor, query),
  createEnrolment: ({ actor, body }) => training.createEnrolment(trainingDeps, actor, body),
  getEnrolment: ({ actor, params }) => training.getEnrolment(trainingDeps, actor, params.id),
  updateEnrolment: ({ actor, params, body }) =>
    training.updateEnrolment(trainingDeps, actor, params.id, body),
  deleteEnrolment: async ({ actor, params, query }) => {
    await training.deleteEnrolment(trainingDeps, actor, params.id, query.version);
    return deleted;
  },
  closeEnrolment: ({ actor, params, body }) => training.closeEnrolment(trainingDeps, actor, params.id, body),
  reopenEnrolment: ({ actor, params, body }) =>
    training.reopenEnrolment(trainingDeps, actor, params.id, body),
  finishEnrolment: ({ actor, params, body }) =>
    training.finishEnrolment(trainingDeps, actor, params.id, body),
  listCandidateFlights: ({ actor, params, query }) =>
    taskWork.listCandidateFlights(trainingDeps, actor, params.id, query),
  linkFlight: ({ actor, params, body }) => taskWork.linkFlight(trainingDeps, actor, params.id, body),
  updateFlightLink: ({ actor, params, body }) =>
    taskWork.updateFlightLink(trainingDeps, actor, params.id, params.entry_id, body),
  unlinkFlight: ({ actor, params, query }) =>
    taskWork.unlinkFlight(trainingDeps, actor, params.id, params.entry_id, query.version),
  signTaskCheck: ({ actor, params, body }) =>
    taskWork.signTaskCheck(trainingDeps, actor, params.id, params.task_id, body),
  closeTask: ({ actor, params, body }) =>
    taskWork.closeTask(trainingDeps, actor, params.id, params.task_id, body),
  reopenTask: ({ actor, params, body }) =>
    taskWork.reopenTask(trainingDeps, actor, params.id, params.task_id, body),
  getTaskCheckDay: ({ actor, query }) => taskWork.getTaskCheckDay(trainingDeps, actor, query.date),
  listOwnTrainings: ({ actor }) => own.listOwnTrainings(trainingDeps, actor),
  getOwnTraining: ({ actor, params }) => own.getOwnTraining(trainingDeps, actor, params.id),
  updateOwnTaskNotes: ({ actor, params, body }) =>
    own.updateOwnTaskNotes(trainingDeps, actor, params.id, params.task_id, body),

  getDtoDeclaration: ({ actor }) => dto.getDeclaration(trainingDeps, actor),
  saveDtoDeclaration: ({ actor, body }) => dto.saveDeclaration(trainingDeps, actor, body),
  listDtoInstructors: ({ actor }) => dto.listInstructors(trainingDeps, actor),
  listDtoStudents: ({ actor, query }) => dto.listStudents(trainingDeps, actor, query),
  listDtoPlanes: ({ actor }) => dto.listPlanes(trainingDeps, actor),
  listDtoTrainings: ({ actor }) => dto.listTrainings(trainingDeps, actor),
  getDtoAuditPack: ({ actor, params }) => dto.auditPack(trainingDeps, actor, params.id),

  listIppSharings: ({ actor, query }) => ipp.listSharings(trainingDeps, actor, query),
  listIppPartners: ({ actor }) => ipp.listPartners(actor),
  listIppShareables: ({ actor }) => ipp.listShareables(trainingDeps, actor),
  createIppSharing: ({ actor, body }) => ipp.createSharing(trainingDeps, actor, body),
  getIppSharing: ({ actor, params }) => ipp.getSharing(trainingDeps, actor, params.id),
  updateIppSharing: ({ actor, params, body }) => ipp.updateSharing(trainingDeps, actor, params.id, body),
  closeIppSharing: ({ actor, params, body }) =>
    ipp.closeSharing(trainingDeps, actor, params.id, body.version),
  listIppOrganizations: ({ actor, query }) => ipp.listOrganizations(trainingDeps, actor, query),
  listIppInstructors: ({ actor, query }) => ipp.listInstructors(trainingDeps, actor, query),
  listIppStudents: ({ actor, query }) => ipp.listStudents(trainingDeps, actor, query),
  listIppPlanes: ({ actor, query }) => ipp.listPlanes(trainingDeps, actor, query),
  listIppTrainings: ({ actor, query }) => ipp.listTrainings(trainingDeps, actor, query),
  getIppShare: ({ actor, params }) => ipp.getShare(trainingDeps, actor, params.share_id),
  getIppInstructor: ({ actor, params }) =>
    ipp.getInstructor(trainingDeps, actor, params.share_id, params.user_id),
  getIppStudent: ({ actor, params }) => ipp.getStudent(trainingDeps, actor, params.share_id, params.user_id),
  getIppPlane: ({ actor, params }) => ipp.getPlane(trainingDeps, actor, params.share_id, params.plane_id),
  getIppTraining: ({ actor, params }) =>
    ipp.getTraining(trainingDeps, actor, params.share_id, params.programme_id),

  listQuestions: ({ actor, query }) => quiz.listQuestions(quizDeps, actor, query),
  createQuestion: ({ actor, body }) => quiz.createQuestion(quizDeps, actor, body),
  getQuestion: ({ actor, params }) => quiz.getQuestion(quizDeps, actor, params.id),
  updateQuestion: ({ actor, params, body }) => quiz.updateQuestion(quizDeps, actor, params.id, body),
  deleteQuestion: async ({ actor, params, query }) => {
    await quiz.deleteQuestion(quizDeps, actor, params.id, query.version);
    return deleted;
  },
  getQuestionCategories: ({ actor }) => quiz.getCategories(quizDeps, actor),
  saveQuestionCategories: ({ actor, body }) => quiz.saveCategories(quizDeps, actor, body),
  listQuizzes: ({ actor, query }) => quiz.listQuizzes(quizDeps, actor, query),
  createQuiz: ({ actor, body }) => quiz.createQuiz(quizDeps, actor, body),
  getQuiz: ({ actor, params }) => quiz.getQuiz(quizDeps, actor, params.id),
  updateQuiz: ({ actor, params, body }) => quiz.updateQuiz(quizDeps, actor, params.id, body),
  deleteQuiz: async ({ actor, params, query }) => {
    await quiz.deleteQuiz(quizDeps, actor, params.id, query.version);
    return deleted;
  },
  assignQuiz: ({ actor, params, body }) => quiz.assignQuiz(quizDeps, actor, params.id, body),
  listQuizAssignments: ({ actor, params, query }) => quiz.listAssignments(quizDeps, actor, params.id, query),
  withdrawUserQuiz: async ({ actor, params }) => {
    await quiz.withdrawUserQuiz(quizDeps, actor, params.id);
    return deleted;
  },
  listMyQuizzes: ({ actor, query }) => taking.listMine(quizDeps, actor, query),
  startUserQuiz: ({ actor, params }) => taking.startUserQuiz(quizDeps, actor, params.id),
  getUserQuizTake: ({ actor, params }) => taking.getTake(quizDeps, actor, params.id),
  answerUserQuiz: ({ actor, params, body }) => taking.answer(quizDeps, actor, params.id, params.index, body),
  submitUserQuiz: ({ actor, params }) => taking.submit(quizDeps, actor, params.id),
  getUserQuizResult: ({ actor, params }) => taking.getResult(quizDeps, actor, params.id),
  startPractice: ({ actor, body }) => taking.startPractice(quizDeps, actor, body),
  getOwnExamClocks: ({ actor }) => taking.ownExamClocks(quizDeps, actor),
  getMemberExamClocks: ({ actor, params }) => taking.memberExamClocks(quizDeps, actor, params.user_id),
};
