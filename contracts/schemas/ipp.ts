import * as z from 'zod/mini';
import { cursor, entityId, isoDate, userText, version } from '../validation.ts';
import { instructorValidity } from './dto.ts';
import { taskOutput } from './training.ts';
import { PRIVILEGE_METHODS, PROGRAMME_KINDS, SHARE_STATES, TRAINING_STATUSES } from './training-enums.ts';

/**
 * IPP sharing between organizations (issue 16 §7): an organization with the `ipp` module shares
 * named instructors, students, aircraft and training programmes with a partner that has the
 * `ipp_client` module, from a start to an end date. The partner sees exactly that, while the share
 * is active; closing it ends the access at once.
 */

const ids = (max: number) => z.array(entityId).check(z.maxLength(max));
const saved = version.check(z.minimum(1));

const endNotBeforeStart = <T extends { start_date?: string; end_date?: string }>() =>
  z.superRefine<T>(
    (value, ctx) => {
      if (value.start_date && value.end_date && value.end_date < value.start_date)
        ctx.addIssue({ code: 'custom', message: 'too_small', path: ['end_date'], input: value });
    },
    {
      when: (payload) =>
        !payload.issues.some((issue) => ['start_date', 'end_date'].includes(String(issue.path?.[0]))),
    },
  );

const sharedItems = {
  instructor_ids: ids(50),
  student_ids: ids(200),
  plane_ids: ids(50),
  programme_ids: ids(50),
  note: z.optional(z.nullable(userText(1000, { multiline: true }))),
};

export const createSharingInput = z
  .strictObject({
    partner_organization_id: entityId,
    start_date: isoDate,
    end_date: isoDate,
    ...sharedItems,
  })
  .check(endNotBeforeStart());
export type CreateSharingInput = z.infer<typeof createSharingInput>;

export const updateSharingInput = z
  .strictObject({
    start_date: z.optional(isoDate),
    end_date: z.optional(isoDate),
    instructor_ids: z.optional(sharedItems.instructor_ids),
    student_ids: z.optional(sharedItems.student_ids),
    plane_ids: z.optional(sharedItems.plane_ids),
    programme_ids: z.optional(sharedItems.programme_ids),
    note: sharedItems.note,
    version: saved,
  })
  .check(endNotBeforeStart());
export type UpdateSharingInput = z.infer<typeof updateSharingInput>;

export const closeSharingInput = z.strictObject({ version: saved });

export const listSharingsQuery = z.strictObject({
  cursor: z.optional(cursor),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
});
export type ListSharingsQuery = z.infer<typeof listSharingsQuery>;

const named = z.object({ id: z.string(), name: z.string() });

export const sharingOutput = z.object({
  share_id: z.string(),
  organization_id: z.string(),
  organization_name: z.string(),
  partner_organization_id: z.string(),
  partner_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  state: z.enum(SHARE_STATES),
  closed_at: z.nullable(z.string()),
  instructors: z.array(named),
  students: z.array(named),
  planes: z.array(named),
  programmes: z.array(named),
  note: z.nullable(z.string()),
  version: z.number(),
  can_edit: z.boolean(),
  can_close: z.boolean(),
});
export type SharingOutput = z.infer<typeof sharingOutput>;

export const sharingListOutput = z.object({ items: z.array(sharingOutput), cursor: z.nullable(z.string()) });

export const partnersOutput = z.object({
  items: z.array(
    z.object({ organization_id: z.string(), organization_name: z.string(), short_name: z.string() }),
  ),
});

/** What the sharing organization may name in a share. */
export const shareablesOutput = z.object({
  instructors: z.array(named),
  students: z.array(named),
  planes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      can_be_shared: z.boolean(),
      share_start_date: z.nullable(z.string()),
      share_end_date: z.nullable(z.string()),
    }),
  ),
  programmes: z.array(named),
});

// The receiving side (ipp_client) -----------------------------------------------------------------

export const ippOrganizationsOutput = z.object({
  items: z.array(
    z.object({
      share_id: z.string(),
      organization_id: z.string(),
      organization_name: z.string(),
      short_name: z.string(),
      start_date: z.string(),
      end_date: z.string(),
      instructors: z.number(),
      students: z.number(),
      planes: z.number(),
      programmes: z.number(),
    }),
  ),
  cursor: z.nullable(z.string()),
});

const fromShare = { share_id: z.string(), organization_name: z.string() };

export const ippInstructorsOutput = z.object({
  items: z.array(z.object({ ...fromShare, user_id: z.string(), name: z.string(), fis: instructorValidity })),
});

const sharedTraining = z.object({
  enrolment_id: z.string(),
  training_name: z.string(),
  status: z.enum(TRAINING_STATUSES),
  training_start_date: z.string(),
  tasks_total: z.number(),
  tasks_done: z.number(),
});

export const ippStudentsOutput = z.object({
  items: z.array(
    z.object({ ...fromShare, user_id: z.string(), name: z.string(), trainings: z.array(sharedTraining) }),
  ),
});

const sharedPlane = z.object({
  ...fromShare,
  plane_id: z.string(),
  reg_num: z.string(),
  plane_type: z.nullable(z.string()),
  model: z.nullable(z.string()),
  seats: z.nullable(z.number()),
  functional: z.boolean(),
  share_start_date: z.nullable(z.string()),
  share_end_date: z.nullable(z.string()),
});
export const ippPlanesOutput = z.object({ items: z.array(sharedPlane) });

const sharedProgramme = z.object({
  ...fromShare,
  programme_id: z.string(),
  training_name: z.string(),
  kind: z.enum(PROGRAMME_KINDS),
  launch_method: z.nullable(z.enum(PRIVILEGE_METHODS)),
  task_count: z.number(),
  min_total_minutes: z.number(),
  min_dual_minutes: z.number(),
  min_solo_minutes: z.number(),
  min_launches: z.number(),
});
export const ippTrainingsOutput = z.object({ items: z.array(sharedProgramme) });

export const ippFilterQuery = z.strictObject({ share_id: z.optional(entityId) });
export type IppFilterQuery = z.infer<typeof ippFilterQuery>;

export const ippShareOutput = z.object({
  share_id: z.string(),
  organization_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  instructors: z.array(named),
  students: z.array(named),
  planes: z.array(named),
  programmes: z.array(named),
  note: z.nullable(z.string()),
});
export const ippPlaneOutput = sharedPlane;
export const ippStudentOutput = z.object({
  ...fromShare,
  user_id: z.string(),
  name: z.string(),
  trainings: z.array(sharedTraining),
});
export const ippTrainingOutput = z.object({ ...sharedProgramme.shape, tasks: z.array(taskOutput) });
export const ippInstructorOutput = z.object({
  ...fromShare,
  user_id: z.string(),
  name: z.string(),
  fis: instructorValidity,
});
