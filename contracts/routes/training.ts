import * as z from 'zod/mini';
import type { Guard, RouteDef } from '../route-types.ts';
import * as t from '../schemas/training.ts';
import { BUILTIN_PROGRAMMES } from '../schemas/training-enums.ts';
import { entityId } from '../validation.ts';

/**
 * Training domain: programmes (settings/trainings…), enrolment and planning (training/planning),
 * task work (training/edit/{user_id}/{id}, training/task-check) and the student's view
 * (profile/training). Spec §6 permissions: training-administration plans and keeps programmes,
 * training-edit-instructor works with students, training-edit-student is the student's own;
 * training-edit-admin may reopen a finished training and delete an enrolment.
 */
const administration: Guard = { auth: 'user', permission: 'training-administration', module: 'training' };
const instructor: Guard = { auth: 'user', permission: 'training-edit-instructor', module: 'training' };
const admin: Guard = { auth: 'user', permission: 'training-edit-admin', module: 'training' };
const student: Guard = { auth: 'user', permission: 'training-edit-student', module: 'training' };

const programme = { id: entityId };
const task = { id: entityId, task_id: entityId };
const enrolment = { id: entityId };

export const trainingRoutes = {
  /** settings/trainings: the organization's programmes, by name. */
  listProgrammes: {
    method: 'GET',
    path: '/api/trainings',
    domain: 'training',
    guard: administration,
    query: t.listProgrammesQuery,
    output: t.programmeListOutput,
  },
  createProgramme: {
    method: 'POST',
    path: '/api/trainings',
    domain: 'training',
    guard: administration,
    body: t.createProgrammeInput,
    output: t.programmeOutput,
  },
  getProgramme: {
    method: 'GET',
    path: '/api/trainings/{id}',
    params: programme,
    domain: 'training',
    guard: administration,
    output: t.programmeOutput,
  },
  updateProgramme: {
    method: 'PATCH',
    path: '/api/trainings/{id}',
    params: programme,
    domain: 'training',
    guard: administration,
    body: t.updateProgrammeInput,
    output: t.programmeOutput,
  },
  /** Only a programme nobody was ever enrolled in (409 training_in_use). */
  deleteProgramme: {
    method: 'DELETE',
    path: '/api/trainings/{id}',
    params: programme,
    domain: 'training',
    guard: administration,
    query: t.deleteQuery,
    output: z.object({ deleted: z.literal(true) }),
  },
  /** A club copies one of its programmes to adapt it. */
  copyProgramme: {
    method: 'POST',
    path: '/api/trainings/{id}/copy',
    params: programme,
    domain: 'training',
    guard: administration,
    body: t.copyProgrammeInput,
    output: t.programmeOutput,
  },
  /** The programme as a JSON file another club can import. */
  exportProgramme: {
    method: 'GET',
    path: '/api/trainings/{id}/export',
    params: programme,
    domain: 'training',
    guard: administration,
    output: t.programmeFile,
  },
  importProgramme: {
    method: 'POST',
    path: '/api/training-imports',
    domain: 'training',
    guard: administration,
    body: t.programmeFile,
    output: t.programmeOutput,
  },
  /** The built-in programmes (SPL per AMC2 SFCL.130, SFCL.155 launch methods) in the reader's language. */
  listBuiltinProgrammes: {
    method: 'GET',
    path: '/api/training-builtins',
    domain: 'training',
    guard: administration,
    output: t.builtinListOutput,
  },
  adoptBuiltinProgramme: {
    method: 'POST',
    path: '/api/training-builtins/{key}',
    params: { key: z.enum(BUILTIN_PROGRAMMES) },
    domain: 'training',
    guard: administration,
    output: t.programmeOutput,
  },
  createTask: {
    method: 'POST',
    path: '/api/trainings/{id}/tasks',
    params: programme,
    domain: 'training',
    guard: administration,
    body: t.createTaskInput,
    output: t.taskOutput,
  },
  getTask: {
    method: 'GET',
    path: '/api/trainings/{id}/tasks/{task_id}',
    params: task,
    domain: 'training',
    guard: administration,
    output: t.taskOutput,
  },
  updateTask: {
    method: 'PATCH',
    path: '/api/trainings/{id}/tasks/{task_id}',
    params: task,
    domain: 'training',
    guard: administration,
    body: t.updateTaskInput,
    output: t.taskOutput,
  },
  /** Only a task no flight and no check refers to (409 training_in_use). */
  deleteTask: {
    method: 'DELETE',
    path: '/api/trainings/{id}/tasks/{task_id}',
    params: task,
    domain: 'training',
    guard: administration,
    query: t.deleteQuery,
    output: z.object({ deleted: z.literal(true) }),
  },
  reorderTasks: {
    method: 'PUT',
    path: '/api/trainings/{id}/task-order',
    params: programme,
    domain: 'training',
    guard: administration,
    body: t.reorderTasksInput,
    output: t.programmeOutput,
  },

  /** training/planning: the board of enrolled students. */
  listEnrolments: {
    method: 'GET',
    path: '/api/training-enrolments',
    domain: 'training',
    guard: administration,
    query: t.listEnrolmentsQuery,
    output: t.enrolmentListOutput,
  },
  /** Records the programme's fee on the enrolment and announces `training.enrolled`. */
  createEnrolment: {
    method: 'POST',
    path: '/api/training-enrolments',
    domain: 'training',
    guard: administration,
    body: t.createEnrolmentInput,
    output: t.enrolmentOutput,
  },
  /** training/edit/{user_id}/{id}: one student's training with live progress and the checks' verification. */
  getEnrolment: {
    method: 'GET',
    path: '/api/training-enrolments/{id}',
    params: enrolment,
    domain: 'training',
    guard: instructor,
    output: t.enrolmentOutput,
  },
  updateEnrolment: {
    method: 'PATCH',
    path: '/api/training-enrolments/{id}',
    params: enrolment,
    domain: 'training',
    guard: administration,
    body: t.updateEnrolmentInput,
    output: t.enrolmentOutput,
  },
  /** Only an enrolment without linked flights or checks (a record kept is never deleted). */
  deleteEnrolment: {
    method: 'DELETE',
    path: '/api/training-enrolments/{id}',
    params: enrolment,
    domain: 'training',
    guard: admin,
    query: t.deleteQuery,
    output: z.object({ deleted: z.literal(true) }),
  },
  closeEnrolment: {
    method: 'POST',
    path: '/api/training-enrolments/{id}/close',
    params: enrolment,
    domain: 'training',
    guard: instructor,
    body: t.statusChangeInput,
    output: t.enrolmentOutput,
  },
  /** A closed training by its instructor; a finished one only with training-edit-admin, never under a DTO. */
  reopenEnrolment: {
    method: 'POST',
    path: '/api/training-enrolments/{id}/reopen',
    params: enrolment,
    domain: 'training',
    guard: instructor,
    body: t.statusChangeInput,
    output: t.enrolmentOutput,
  },
  /** Successful only with every task finished or closed and the programme's minimums met; signed. */
  finishEnrolment: {
    method: 'POST',
    path: '/api/training-enrolments/{id}/finish',
    params: enrolment,
    domain: 'training',
    guard: instructor,
    body: t.finishInput,
    output: t.enrolmentOutput,
  },
  /** The student's club logbook lines to pick from, with the tasks each fits. */
  listCandidateFlights: {
    method: 'GET',
    path: '/api/training-enrolments/{id}/candidates',
    params: enrolment,
    domain: 'training',
    guard: instructor,
    query: t.candidatesQuery,
    output: t.candidateOutput,
  },
  /** A flight that does not fit the task: 422 entry_id flight_not_in_task (spec §8). */
  linkFlight: {
    method: 'POST',
    path: '/api/training-enrolments/{id}/flights',
    params: enrolment,
    domain: 'training',
    guard: instructor,
    body: t.linkFlightInput,
    output: t.enrolmentOutput,
  },
  updateFlightLink: {
    method: 'PATCH',
    path: '/api/training-enrolments/{id}/flights/{entry_id}',
    params: { id: entityId, entry_id: entityId },
    domain: 'training',
    guard: instructor,
    body: t.updateLinkInput,
    output: t.enrolmentOutput,
  },
  unlinkFlight: {
    method: 'DELETE',
    path: '/api/training-enrolments/{id}/flights/{entry_id}',
    params: { id: entityId, entry_id: entityId },
    domain: 'training',
    guard: instructor,
    query: t.deleteQuery,
    output: t.enrolmentOutput,
  },
  /** The task check: the instructor finishes the task, signed into the training's hash chain. */
  signTaskCheck: {
    method: 'POST',
    path: '/api/training-enrolments/{id}/tasks/{task_id}/check',
    params: task,
    domain: 'training',
    guard: instructor,
    body: t.signCheckInput,
    output: t.enrolmentOutput,
  },
  closeTask: {
    method: 'POST',
    path: '/api/training-enrolments/{id}/tasks/{task_id}/close',
    params: task,
    domain: 'training',
    guard: instructor,
    body: t.taskStatusInput,
    output: t.enrolmentOutput,
  },
  /** Reopening a task that opened a launch method withdraws that privilege. */
  reopenTask: {
    method: 'POST',
    path: '/api/training-enrolments/{id}/tasks/{task_id}/reopen',
    params: task,
    domain: 'training',
    guard: instructor,
    body: t.taskStatusInput,
    output: t.enrolmentOutput,
  },
  /** training/task-check: a day's flights of the students the caller instructs, with their tasks. */
  getTaskCheckDay: {
    method: 'GET',
    path: '/api/training-task-check',
    domain: 'training',
    guard: instructor,
    query: t.taskCheckDayQuery,
    output: t.taskCheckDayOutput,
  },

  /** profile/training: the caller's own trainings in the current organization. */
  listOwnTrainings: {
    method: 'GET',
    path: '/api/profile/trainings',
    domain: 'training',
    guard: student,
    output: t.ownTrainingsOutput,
  },
  getOwnTraining: {
    method: 'GET',
    path: '/api/profile/trainings/{id}',
    params: enrolment,
    domain: 'training',
    guard: student,
    output: t.enrolmentOutput,
  },
  /** With training_student_edit_on: the student's notes and self-assessment of a task. */
  updateOwnTaskNotes: {
    method: 'PATCH',
    path: '/api/profile/trainings/{id}/tasks/{task_id}',
    params: task,
    domain: 'training',
    guard: student,
    body: t.ownNotesInput,
    output: t.enrolmentOutput,
  },
} as const satisfies Record<string, RouteDef>;
