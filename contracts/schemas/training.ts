import * as z from 'zod/mini';
import { cursor, entityId, isoDate, userText, version, whole } from '../validation.ts';
import { TAKEOFF_TYPES } from './flight-enums.ts';
import {
  BUILTIN_PROGRAMMES,
  FINISH_RESULTS,
  FLIGHT_ROLE_REQUIREMENTS,
  GRADES,
  PRIVILEGE_METHODS,
  PROGRAMME_KINDS,
  SELF_ASSESSMENTS,
  TRAINING_STATUSES,
} from './training-enums.ts';

/**
 * Training (spec §3 Training; issue 16 §1–§5): programmes with ordered tasks (settings/trainings),
 * students enrolled in them (training/planning), flights of the student's logbook linked to tasks
 * and graded, task checks the instructor signs (training/edit/{user_id}/{id}, training/task-check),
 * and the student's own view (profile/training). Durations are integer minutes, money integer
 * minor units of the organization's currency.
 */

const text = (max: number) => z.optional(z.nullable(userText(max, { multiline: true })));
const minutes = z.number().check(whole, z.nonnegative(), z.maximum(600_000));
const count = z.number().check(whole, z.nonnegative(), z.maximum(10_000));
const money = z.number().check(whole, z.nonnegative(), z.maximum(1_000_000_000));
const saved = version.check(z.minimum(1));
const limit = z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)));

export const MAX_TASKS = 80;
export const MAX_EXERCISES = 30;

// Programmes ---------------------------------------------------------------------------------------

const programmeFields = {
  training_name: userText(120, { min: 1 }),
  kind: z.enum(PROGRAMME_KINDS),
  launch_method: z.optional(z.nullable(z.enum(PRIVILEGE_METHODS))),
  description: text(4000),
  head_of_training_id: z.optional(z.nullable(entityId)),
  /** Theoretical instruction, minutes. */
  theoretical_time: z.optional(minutes),
  training_fee: z.optional(money),
  training_student_edit_on: z.optional(z.boolean()),
  /** The programme's own minimums over all its flights (SFCL.130(a): 15 h, 10 h dual, 2 h solo, 45). */
  min_total_minutes: z.optional(minutes),
  min_dual_minutes: z.optional(minutes),
  min_solo_minutes: z.optional(minutes),
  min_launches: z.optional(count),
};

export const createProgrammeInput = z.strictObject(programmeFields);
export type CreateProgrammeInput = z.infer<typeof createProgrammeInput>;

export const updateProgrammeInput = z.extend(z.partial(createProgrammeInput), { version: saved });
export type UpdateProgrammeInput = z.infer<typeof updateProgrammeInput>;

export const copyProgrammeInput = z.strictObject({ training_name: userText(120, { min: 1 }) });
export type CopyProgrammeInput = z.infer<typeof copyProgrammeInput>;

export const listProgrammesQuery = z.strictObject({ cursor: z.optional(cursor), limit });
export type ListProgrammesQuery = z.infer<typeof listProgrammesQuery>;

export const exerciseInput = z.strictObject({
  exercise_id: entityId,
  title: userText(200, { min: 1 }),
});

const taskFields = {
  task_name: userText(160, { min: 1 }),
  description: text(4000),
  acceptance_criteria: text(2000),
  /** A ground briefing: no flight is part of it. */
  briefing_only: z.optional(z.boolean()),
  /** Launch methods a flight of this task is launched by; none listed: any. */
  launch_methods: z.optional(z.array(z.enum(TAKEOFF_TYPES)).check(z.maxLength(TAKEOFF_TYPES.length))),
  flight_role: z.optional(z.enum(FLIGHT_ROLE_REQUIREMENTS)),
  min_flights: z.optional(count),
  min_dual_minutes: z.optional(minutes),
  min_solo_minutes: z.optional(minutes),
  min_dual_launches: z.optional(count),
  min_solo_launches: z.optional(count),
  exercises: z.optional(z.array(exerciseInput).check(z.maxLength(MAX_EXERCISES))),
  /** Finishing this task successfully opens the launch method to the student (SFCL.155(a)). */
  grants_launch_privilege: z.optional(z.nullable(z.enum(PRIVILEGE_METHODS))),
};

export const createTaskInput = z.strictObject(taskFields);
export type CreateTaskInput = z.infer<typeof createTaskInput>;

export const updateTaskInput = z.extend(z.partial(createTaskInput), { version: saved });
export type UpdateTaskInput = z.infer<typeof updateTaskInput>;

export const reorderTasksInput = z.strictObject({
  task_ids: z.array(entityId).check(z.maxLength(MAX_TASKS)),
  version: saved,
});
export type ReorderTasksInput = z.infer<typeof reorderTasksInput>;

export const deleteQuery = z.strictObject({
  version: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000_000_000)),
});
export type DeleteQuery = z.infer<typeof deleteQuery>;

export const taskOutput = z.object({
  task_id: z.string(),
  programme_id: z.string(),
  position: z.number(),
  task_name: z.string(),
  description: z.nullable(z.string()),
  acceptance_criteria: z.nullable(z.string()),
  briefing_only: z.boolean(),
  launch_methods: z.array(z.enum(TAKEOFF_TYPES)),
  flight_role: z.enum(FLIGHT_ROLE_REQUIREMENTS),
  min_flights: z.number(),
  min_dual_minutes: z.number(),
  min_solo_minutes: z.number(),
  min_dual_launches: z.number(),
  min_solo_launches: z.number(),
  exercises: z.array(z.object({ exercise_id: z.string(), title: z.string() })),
  grants_launch_privilege: z.nullable(z.enum(PRIVILEGE_METHODS)),
  version: z.number(),
});
export type TaskOutput = z.infer<typeof taskOutput>;

export const programmeOutput = z.object({
  programme_id: z.string(),
  training_name: z.string(),
  kind: z.enum(PROGRAMME_KINDS),
  launch_method: z.nullable(z.enum(PRIVILEGE_METHODS)),
  description: z.nullable(z.string()),
  head_of_training_id: z.nullable(z.string()),
  head_of_training_name: z.nullable(z.string()),
  theoretical_time: z.number(),
  training_fee: z.number(),
  currency_id: z.string(),
  training_student_edit_on: z.boolean(),
  min_total_minutes: z.number(),
  min_dual_minutes: z.number(),
  min_solo_minutes: z.number(),
  min_launches: z.number(),
  builtin_key: z.nullable(z.enum(BUILTIN_PROGRAMMES)),
  /** Declared under the organization's DTO declaration (dto/organizations). */
  dto_declared: z.boolean(),
  task_count: z.number(),
  tasks: z.array(taskOutput),
  version: z.number(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});
export type ProgrammeOutput = z.infer<typeof programmeOutput>;

export const programmeListItem = z.object({
  programme_id: z.string(),
  training_name: z.string(),
  kind: z.enum(PROGRAMME_KINDS),
  launch_method: z.nullable(z.enum(PRIVILEGE_METHODS)),
  head_of_training_name: z.nullable(z.string()),
  task_count: z.number(),
  training_fee: z.number(),
  currency_id: z.string(),
  builtin_key: z.nullable(z.enum(BUILTIN_PROGRAMMES)),
  version: z.number(),
});
export const programmeListOutput = z.object({
  items: z.array(programmeListItem),
  cursor: z.nullable(z.string()),
});
export type ProgrammeListOutput = z.infer<typeof programmeListOutput>;

export const builtinListOutput = z.object({
  items: z.array(
    z.object({
      key: z.enum(BUILTIN_PROGRAMMES),
      training_name: z.string(),
      kind: z.enum(PROGRAMME_KINDS),
      launch_method: z.nullable(z.enum(PRIVILEGE_METHODS)),
      description: z.string(),
      task_count: z.number(),
      min_total_minutes: z.number(),
      min_dual_minutes: z.number(),
      min_solo_minutes: z.number(),
      min_launches: z.number(),
    }),
  ),
});
export type BuiltinListOutput = z.infer<typeof builtinListOutput>;

/**
 * A programme as a file (export, import): the same fields the forms edit, without ids of this
 * organization (the head of training is not carried over), so another club can import it.
 */
export const PROGRAMME_FILE_FORMAT = 'windsock.training-programme';
export const programmeFile = z.strictObject({
  format: z.literal(PROGRAMME_FILE_FORMAT),
  format_version: z.literal(1),
  programme: z.strictObject({
    ...programmeFields,
    head_of_training_id: z.optional(z.null()),
  }),
  tasks: z.array(createTaskInput).check(z.maxLength(MAX_TASKS)),
});
export type ProgrammeFile = z.infer<typeof programmeFile>;

// Enrolments ---------------------------------------------------------------------------------------

export const createEnrolmentInput = z.strictObject({
  user_id: entityId,
  programme_id: entityId,
  instructor_ids: z.array(entityId).check(z.maxLength(10)),
  training_start_date: isoDate,
});
export type CreateEnrolmentInput = z.infer<typeof createEnrolmentInput>;

export const updateEnrolmentInput = z.strictObject({
  instructor_ids: z.optional(z.array(entityId).check(z.maxLength(10))),
  training_start_date: z.optional(isoDate),
  version: saved,
});
export type UpdateEnrolmentInput = z.infer<typeof updateEnrolmentInput>;

export const finishInput = z.strictObject({
  result: z.enum(FINISH_RESULTS),
  comment: text(2000),
  version: saved,
});
export type FinishInput = z.infer<typeof finishInput>;

export const statusChangeInput = z.strictObject({ comment: text(2000), version: saved });
export type StatusChangeInput = z.infer<typeof statusChangeInput>;

/** A task's record starts at version 0 (nothing written for it yet). */
export const taskStatusInput = z.strictObject({ comment: text(2000), version });
export type TaskStatusInput = z.infer<typeof taskStatusInput>;

export const signCheckInput = z.strictObject({
  result: z.enum(FINISH_RESULTS),
  comment: text(2000),
  version,
});
export type SignCheckInput = z.infer<typeof signCheckInput>;

export const listEnrolmentsQuery = z.strictObject({
  cursor: z.optional(cursor),
  limit,
  status: z.optional(z.enum(TRAINING_STATUSES)),
  programme_id: z.optional(entityId),
});
export type ListEnrolmentsQuery = z.infer<typeof listEnrolmentsQuery>;

const gradeInput = z.strictObject({ exercise_id: entityId, grade: z.enum(GRADES) });

export const linkFlightInput = z.strictObject({
  entry_id: entityId,
  task_id: entityId,
  grades: z.optional(z.array(gradeInput).check(z.maxLength(MAX_EXERCISES))),
  comment: text(1000),
});
export type LinkFlightInput = z.infer<typeof linkFlightInput>;

export const updateLinkInput = z.strictObject({
  task_id: z.optional(entityId),
  grades: z.optional(z.array(gradeInput).check(z.maxLength(MAX_EXERCISES))),
  comment: text(1000),
  version: saved,
});
export type UpdateLinkInput = z.infer<typeof updateLinkInput>;

export const candidatesQuery = z.strictObject({
  cursor: z.optional(cursor),
  limit,
  kind: z.optional(z.enum(['glider', 'general'])),
});
export type CandidatesQuery = z.infer<typeof candidatesQuery>;

export const taskCheckDayQuery = z.strictObject({ date: z.optional(isoDate) });
export type TaskCheckDayQuery = z.infer<typeof taskCheckDayQuery>;

export const ownNotesInput = z.strictObject({
  student_notes: text(2000),
  self_assessment: z.optional(z.nullable(z.enum(SELF_ASSESSMENTS))),
  version,
});
export type OwnNotesInput = z.infer<typeof ownNotesInput>;

/** What the minimums are met by so far (issue 16 §3: live from the linked flights). */
export const progressOutput = z.object({
  flights: z.number(),
  dual_minutes: z.number(),
  solo_minutes: z.number(),
  total_minutes: z.number(),
  dual_launches: z.number(),
  solo_launches: z.number(),
  launches: z.number(),
  /** Per minimum that is set: how much is still missing (0 when met). */
  missing: z.record(z.string(), z.number()),
  met: z.boolean(),
});
export type ProgressOutput = z.infer<typeof progressOutput>;

export const linkedFlightOutput = z.object({
  entry_id: z.string(),
  task_id: z.string(),
  date: z.string(),
  takeoff_time: z.string(),
  reg_num: z.string(),
  takeoff_type_id: z.number(),
  role: z.string(),
  flight_minutes: z.number(),
  launches: z.number(),
  instructor_name: z.nullable(z.string()),
  grades: z.array(z.object({ exercise_id: z.string(), grade: z.enum(GRADES) })),
  comment: z.nullable(z.string()),
  /** The logbook line is gone (its flight was deleted): it counts no more. */
  missing: z.boolean(),
  version: z.number(),
});
export type LinkedFlightOutput = z.infer<typeof linkedFlightOutput>;

export const checkOutput = z.object({
  seq: z.number(),
  task_id: z.nullable(z.string()),
  task_name: z.nullable(z.string()),
  result: z.enum(FINISH_RESULTS),
  comment: z.nullable(z.string()),
  signer_id: z.string(),
  signer_name: z.string(),
  signed_at: z.string(),
  hash: z.string(),
  flight_count: z.number(),
});
export type CheckOutput = z.infer<typeof checkOutput>;

export const CHAIN_PROBLEMS = [
  'content_changed',
  'chain_broken',
  'missing_signature',
  'flight_changed',
  'flight_missing',
] as const;
export type TrainingChainProblem = (typeof CHAIN_PROBLEMS)[number];

export const verificationOutput = z.object({
  ok: z.boolean(),
  checks: z.number(),
  problems: z.array(
    z.object({
      seq: z.nullable(z.number()),
      entry_id: z.nullable(z.string()),
      problem: z.enum(CHAIN_PROBLEMS),
    }),
  ),
});
export type VerificationOutput = z.infer<typeof verificationOutput>;

export const taskProgressOutput = z.object({
  task: taskOutput,
  status: z.enum(TRAINING_STATUSES),
  record_version: z.number(),
  progress: progressOutput,
  flights: z.array(linkedFlightOutput),
  student_notes: z.nullable(z.string()),
  self_assessment: z.nullable(z.enum(SELF_ASSESSMENTS)),
  comment: z.nullable(z.string()),
});
export type TaskProgressOutput = z.infer<typeof taskProgressOutput>;

export const enrolmentSummary = z.object({
  enrolment_id: z.string(),
  user_id: z.string(),
  student_name: z.string(),
  programme_id: z.string(),
  training_name: z.string(),
  kind: z.enum(PROGRAMME_KINDS),
  instructor_ids: z.array(z.string()),
  instructor_names: z.array(z.string()),
  training_start_date: z.string(),
  status: z.enum(TRAINING_STATUSES),
  tasks_total: z.number(),
  tasks_done: z.number(),
  next_task_id: z.nullable(z.string()),
  next_task_name: z.nullable(z.string()),
  last_activity_date: z.nullable(z.string()),
  /** Open, and nothing flown or signed for STUCK_AFTER_DAYS days. */
  stuck: z.boolean(),
  days_idle: z.number(),
  finished_at: z.nullable(z.string()),
  version: z.number(),
});
export type EnrolmentSummary = z.infer<typeof enrolmentSummary>;

export const enrolmentListOutput = z.object({
  items: z.array(enrolmentSummary),
  cursor: z.nullable(z.string()),
});
export type EnrolmentListOutput = z.infer<typeof enrolmentListOutput>;

export const enrolmentOutput = z.object({
  ...enrolmentSummary.shape,
  programme: z.object({
    programme_id: z.string(),
    training_name: z.string(),
    kind: z.enum(PROGRAMME_KINDS),
    launch_method: z.nullable(z.enum(PRIVILEGE_METHODS)),
    theoretical_time: z.number(),
    training_fee: z.number(),
    currency_id: z.string(),
    training_student_edit_on: z.boolean(),
    dto_declared: z.boolean(),
    min_total_minutes: z.number(),
    min_dual_minutes: z.number(),
    min_solo_minutes: z.number(),
    min_launches: z.number(),
  }),
  tasks: z.array(taskProgressOutput),
  /** The programme's minimums against every linked flight. */
  totals: progressOutput,
  checks: z.array(checkOutput),
  verification: verificationOutput,
  /** The fee recorded at enrolment (announced as `training.enrolled` for the ledger). */
  training_fee: z.number(),
  currency_id: z.string(),
  finish_comment: z.nullable(z.string()),
  can_link: z.boolean(),
  can_sign: z.boolean(),
  can_finish: z.boolean(),
  can_close: z.boolean(),
  can_reopen: z.boolean(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_edit_notes: z.boolean(),
  read_only: z.boolean(),
});
export type EnrolmentOutput = z.infer<typeof enrolmentOutput>;

export const candidateOutput = z.object({
  items: z.array(
    z.object({
      entry_id: z.string(),
      date: z.string(),
      takeoff_time: z.string(),
      reg_num: z.string(),
      takeoff_type_id: z.number(),
      role: z.string(),
      flight_minutes: z.number(),
      launches: z.number(),
      instructor_name: z.nullable(z.string()),
      linked_task_id: z.nullable(z.string()),
      fitting_task_ids: z.array(z.string()),
    }),
  ),
  cursor: z.nullable(z.string()),
});
export type CandidateOutput = z.infer<typeof candidateOutput>;

export const taskCheckDayOutput = z.object({
  date: z.string(),
  items: z.array(
    z.object({
      enrolment_id: z.string(),
      user_id: z.string(),
      student_name: z.string(),
      training_name: z.string(),
      entry_id: z.string(),
      takeoff_time: z.string(),
      landing_time: z.nullable(z.string()),
      reg_num: z.string(),
      takeoff_type_id: z.number(),
      role: z.string(),
      flight_minutes: z.number(),
      launches: z.number(),
      instructor_name: z.nullable(z.string()),
      link: z.nullable(z.object({ task_id: z.string(), version: z.number() })),
      fitting_task_ids: z.array(z.string()),
      tasks: z.array(
        z.object({
          task_id: z.string(),
          task_name: z.string(),
          status: z.enum(TRAINING_STATUSES),
          record_version: z.number(),
          met: z.boolean(),
          exercises: z.array(z.object({ exercise_id: z.string(), title: z.string() })),
        }),
      ),
    }),
  ),
});
export type TaskCheckDayOutput = z.infer<typeof taskCheckDayOutput>;

export const ownTrainingsOutput = z.object({ items: z.array(enrolmentSummary) });
export type OwnTrainingsOutput = z.infer<typeof ownTrainingsOutput>;
