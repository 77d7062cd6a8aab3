import * as z from 'zod/mini';
import { cursor, entityId, isoDate, userText, version, whole } from '../validation.ts';
import { checkOutput, enrolmentSummary, taskOutput, verificationOutput } from './training.ts';
import { FINISH_RESULTS, GRADES, PROGRAMME_KINDS, TRAINING_STATUSES } from './training-enums.ts';

/**
 * The DTO area (issue 16 §6): an organization with the `dto` module declares training programmes
 * to its competent authority (Part-DTO) and keeps their records: instructors with their FI(S)
 * validity, students, aircraft, trainings, and an audit pack per student.
 */

export const dtoDeclarationInput = z.strictObject({
  dto_reference: z.optional(z.nullable(userText(60))),
  competent_authority: z.optional(z.nullable(userText(160))),
  declared_on: z.optional(z.nullable(isoDate)),
  head_of_training_id: z.optional(z.nullable(entityId)),
  programme_ids: z.array(entityId).check(z.maxLength(50)),
  version,
});
export type DtoDeclarationInput = z.infer<typeof dtoDeclarationInput>;

export const dtoDeclarationOutput = z.object({
  organization_name: z.string(),
  dto_reference: z.nullable(z.string()),
  competent_authority: z.nullable(z.string()),
  declared_on: z.nullable(z.string()),
  head_of_training_id: z.nullable(z.string()),
  head_of_training_name: z.nullable(z.string()),
  programmes: z.array(z.object({ programme_id: z.string(), training_name: z.string() })),
  version: z.number(),
  can_edit: z.boolean(),
});
export type DtoDeclarationOutput = z.infer<typeof dtoDeclarationOutput>;

/** FI(S) validity as the pilot data says (valid, expiring within 90 days, expired, or not recorded). */
export const VALIDITY_STATES = ['valid', 'expiring', 'expired', 'unknown'] as const;
export type ValidityState = (typeof VALIDITY_STATES)[number];

export const instructorValidity = z.object({
  valid_until: z.nullable(z.string()),
  exam_date: z.nullable(z.string()),
  state: z.enum(VALIDITY_STATES),
});
export type InstructorValidity = z.infer<typeof instructorValidity>;

export const dtoInstructorsOutput = z.object({
  items: z.array(
    z.object({
      user_id: z.string(),
      name: z.string(),
      head_of_training: z.boolean(),
      fis: instructorValidity,
      students: z.number(),
    }),
  ),
});
export type DtoInstructorsOutput = z.infer<typeof dtoInstructorsOutput>;

export const dtoStudentsQuery = z.strictObject({
  cursor: z.optional(cursor),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  status: z.optional(z.enum(TRAINING_STATUSES)),
});
export type DtoStudentsQuery = z.infer<typeof dtoStudentsQuery>;

export const dtoStudentsOutput = z.object({
  items: z.array(z.object({ ...enrolmentSummary.shape, read_only: z.boolean() })),
  cursor: z.nullable(z.string()),
});
export type DtoStudentsOutput = z.infer<typeof dtoStudentsOutput>;

export const dtoPlanesOutput = z.object({
  items: z.array(
    z.object({
      plane_id: z.string(),
      reg_num: z.string(),
      plane_type: z.nullable(z.string()),
      functional: z.boolean(),
      training_flights: z.number(),
      last_training_date: z.nullable(z.string()),
    }),
  ),
});
export type DtoPlanesOutput = z.infer<typeof dtoPlanesOutput>;

export const dtoTrainingsOutput = z.object({
  items: z.array(
    z.object({
      programme_id: z.string(),
      training_name: z.string(),
      kind: z.enum(PROGRAMME_KINDS),
      task_count: z.number(),
      min_total_minutes: z.number(),
      min_dual_minutes: z.number(),
      min_solo_minutes: z.number(),
      min_launches: z.number(),
      students: z.record(z.enum(TRAINING_STATUSES), z.number()),
    }),
  ),
});
export type DtoTrainingsOutput = z.infer<typeof dtoTrainingsOutput>;

/** Everything one student's record holds, for the PDF the browser prints (frontend/src/lib/pdf). */
export const auditPackOutput = z.object({
  generated_at: z.string(),
  organization: z.object({
    organization_name: z.string(),
    dto_reference: z.nullable(z.string()),
    competent_authority: z.nullable(z.string()),
    head_of_training_name: z.nullable(z.string()),
  }),
  enrolment: enrolmentSummary,
  programme: z.object({
    training_name: z.string(),
    kind: z.enum(PROGRAMME_KINDS),
    theoretical_time: z.number(),
    min_total_minutes: z.number(),
    min_dual_minutes: z.number(),
    min_solo_minutes: z.number(),
    min_launches: z.number(),
  }),
  totals: z.object({
    total_minutes: z.number(),
    dual_minutes: z.number(),
    solo_minutes: z.number(),
    launches: z.number(),
    met: z.boolean(),
  }),
  tasks: z.array(
    z.object({
      task: taskOutput,
      status: z.enum(TRAINING_STATUSES),
      met: z.boolean(),
      flights: z.array(
        z.object({
          date: z.string(),
          reg_num: z.string(),
          takeoff_type_id: z.number(),
          role: z.string(),
          flight_minutes: z.number(),
          launches: z.number(),
          instructor_name: z.nullable(z.string()),
          grades: z.array(z.object({ exercise_id: z.string(), grade: z.enum(GRADES) })),
          missing: z.boolean(),
        }),
      ),
    }),
  ),
  checks: z.array(checkOutput),
  finish: z.nullable(z.object({ result: z.enum(FINISH_RESULTS), at: z.string() })),
  verification: verificationOutput,
  instructors: z.array(z.object({ user_id: z.string(), name: z.string(), fis: instructorValidity })),
  flight_count: z.number().check(whole),
});
export type AuditPackOutput = z.infer<typeof auditPackOutput>;
