import type { OwnNotesInput } from '../../contracts/schemas/training.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { conflict, domainError, notFound } from '../platform/http/errors.ts';
import { organizationOf, todayOf } from './common.ts';
import { summariesOf } from './enrolment-service.ts';
import {
  type EnrolmentDeps,
  loadFor,
  nextEnrolment,
  outputOf,
  recordItem,
  requireOpen,
  taskOf,
} from './training-record.ts';

/**
 * The student's own view (issue 16 §4, profile/training): their trainings, progress and signatures,
 * and with training_student_edit_on their notes and self-assessment per task.
 */

export async function listOwnTrainings(deps: EnrolmentDeps, actor: Actor) {
  const { organizationId } = organizationOf(actor);
  const own = await deps.store.ofStudent(organizationId, actor.userId);
  const items = await summariesOf(
    deps,
    actor,
    own.sort((a, b) => b.enrolment_id.localeCompare(a.enrolment_id)),
  );
  return { items };
}

async function ownRecord(deps: EnrolmentDeps, actor: Actor, enrolmentId: string) {
  const record = await loadFor(deps, actor, enrolmentId);
  if (record.enrolment.user_id !== actor.userId) throw notFound();
  return record;
}

export async function getOwnTraining(deps: EnrolmentDeps, actor: Actor, enrolmentId: string) {
  return outputOf(actor, await ownRecord(deps, actor, enrolmentId), todayOf(actor, deps), 'student');
}

/** With training_student_edit_on (spec §3): the student's notes and self-assessment of a task. */
export async function updateOwnTaskNotes(
  deps: EnrolmentDeps,
  actor: Actor,
  enrolmentId: string,
  taskId: string,
  input: OwnNotesInput,
) {
  const record = await ownRecord(deps, actor, enrolmentId);
  if (!record.programme.training_student_edit_on) throw domainError('not_editable');
  requireOpen(record);
  taskOf(record, taskId);
  if ((record.records.get(taskId)?.version ?? 0) !== input.version) throw conflict();
  const now = deps.now();
  const recordAfter = recordItem(record, taskId, now, {});
  if (input.student_notes === null) delete recordAfter.student_notes;
  else if (input.student_notes !== undefined) recordAfter.student_notes = input.student_notes;
  if (input.self_assessment === null) delete recordAfter.self_assessment;
  else if (input.self_assessment !== undefined) recordAfter.self_assessment = input.self_assessment;
  await deps.store.write(actor, {
    enrolment: { item: nextEnrolment(record, {}, now), readVersion: record.enrolment.version },
    records: [{ item: recordAfter, readVersion: input.version }],
    audit: {
      action: 'training_task.notes',
      target_type: 'enrolment',
      target_id: enrolmentId,
      details: { task: taskId },
    },
  });
  return getOwnTraining(deps, actor, enrolmentId);
}
