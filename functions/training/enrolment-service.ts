import { todayIn } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import type {
  CreateEnrolmentInput,
  FinishInput,
  ListEnrolmentsQuery,
  StatusChangeInput,
  UpdateEnrolmentInput,
} from '../../contracts/schemas/training.ts';
import { activeMembersAmong, memberNames } from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { eventItem } from '../platform/events/outbox.ts';
import { conflict, domainError, validationFailed } from '../platform/http/errors.ts';
import { defined, organizationOf, todayOf } from './common.ts';
import type { EnrolmentStore, StoredEnrolment } from './enrolment-store.ts';
import { orderedTasks } from './programme-service.ts';
import type { StoredProgramme, StoredTask } from './programme-store.ts';
import { progressOf } from './progress.ts';
import {
  checkOf,
  DEFAULT_PAGE,
  type EnrolmentDeps,
  FINISHED,
  getEnrolment,
  lastActivity,
  linkedLines,
  loadFor,
  nextEnrolment,
  programmeMinimums,
  requireOpen,
  requireTrainer,
  signedFlightsOf,
  statusOf,
  summaryFields,
} from './training-record.ts';

/**
 * Enrolment and planning (issue 16 §2): students enrolled in a programme with their instructors, the
 * planning board's summaries, and the training's status — close, reopen and finish (spec §4); a
 * finished training is a signed link of the chain.
 */

// Planning ------------------------------------------------------------------------------------------

export async function listEnrolments(deps: EnrolmentDeps, actor: Actor, query: ListEnrolmentsQuery) {
  const { organizationId } = organizationOf(actor);
  const page = await deps.store.enrolments(organizationId, {
    cursor: query.cursor,
    limit: query.limit ?? DEFAULT_PAGE,
    status: query.status,
    programmeId: query.programme_id,
  });
  return { items: await summariesOf(deps, actor, page.items), cursor: page.cursor };
}

/** Summaries of several trainings: each programme's tasks read once, the next task from the records. */
export async function summariesOf(
  deps: EnrolmentDeps,
  actor: Actor,
  enrolments: StoredEnrolment[],
  organizationId = organizationOf(actor).organizationId,
) {
  const today = todayOf(actor, deps);
  const programmeIds = [...new Set(enrolments.map((e) => e.programme_id))];
  const programmes = new Map<string, { programme: StoredProgramme | null; tasks: StoredTask[] }>();
  await Promise.all(
    programmeIds.map(async (id) => {
      const [programme, tasks] = await Promise.all([
        deps.programmes.programme(organizationId, id),
        deps.programmes.tasks(organizationId, id),
      ]);
      programmes.set(id, { programme, tasks: programme ? orderedTasks(programme, tasks) : [] });
    }),
  );
  const records = await Promise.all(
    enrolments.map((e) => deps.store.records(organizationId, e.enrolment_id)),
  );
  const names = await memberNames(
    organizationId,
    enrolments.flatMap((e) => [e.user_id, ...e.instructor_ids]),
    actor.lang,
  );
  return enrolments.map((enrolment, index) => {
    const { programme, tasks } = programmes.get(enrolment.programme_id) ?? { programme: null, tasks: [] };
    const status = new Map(records[index]!.map((r) => [r.task_id, r.status]));
    const next = tasks.find((t) => (status.get(t.task_id) ?? 'open') === 'open') ?? null;
    return summaryFields(enrolment, names, today, {
      tasks_total: tasks.length,
      tasks_done: tasks.filter((t) => (status.get(t.task_id) ?? 'open') !== 'open').length,
      next,
      training_name: programme?.training_name ?? '—',
      kind: programme?.kind ?? 'other',
    });
  });
}

export async function createEnrolment(deps: EnrolmentDeps, actor: Actor, input: CreateEnrolmentInput) {
  const { organizationId } = organizationOf(actor);
  const programme = await deps.programmes.programme(organizationId, input.programme_id);
  if (!programme) throw validationFailed({ programme_id: ['invalid_value'] });
  const people = [input.user_id, ...input.instructor_ids];
  const members = await activeMembersAmong(organizationId, people);
  const errors: Record<string, string[]> = {};
  if (!members.has(input.user_id)) errors.user_id = ['invalid_value'];
  if (input.instructor_ids.some((id) => !members.has(id))) errors.instructor_ids = ['invalid_value'];
  if (input.instructor_ids.includes(input.user_id)) errors.instructor_ids = ['invalid_value'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const open = (await deps.store.ofStudent(organizationId, input.user_id)).find(
    (e) => e.programme_id === input.programme_id && e.status === 'open',
  );
  if (open) throw validationFailed({ programme_id: ['duplicate_value'] });
  const now = deps.now();
  const enrolment = {
    organization_id: organizationId,
    enrolment_id: timeOrderedId(now.getTime()),
    user_id: input.user_id,
    programme_id: programme.programme_id,
    instructor_ids: [...new Set(input.instructor_ids)],
    training_start_date: input.training_start_date,
    status: 'open',
    training_fee: programme.training_fee,
    currency_id: programme.currency_id,
    chain_seq: 0,
    chain_head: '',
    tasks_done: 0,
    version: 1,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  } as StoredEnrolment;
  await deps.store.write(actor, {
    enrolment: { item: enrolment, readVersion: null },
    programmeEnrolments: { programme_id: programme.programme_id, add: 1 },
    // issue 16 §2: the fee is recorded here and announced for the ledger (finance subscribes).
    event: eventItem(
      'training.enrolled',
      {
        organization_id: organizationId,
        enrolment_id: enrolment.enrolment_id,
        user_id: enrolment.user_id,
        programme_id: programme.programme_id,
        training_fee: programme.training_fee,
        currency_id: programme.currency_id,
        date: todayOf(actor, deps),
      },
      now,
    ),
    audit: {
      action: 'enrolment.create',
      target_type: 'enrolment',
      target_id: enrolment.enrolment_id,
      subject_user_id: enrolment.user_id,
      details: { training: programme.programme_id, fee: programme.training_fee },
    },
  });
  await deps.notify(enrolment.user_id, {
    kind: 'training',
    message_key: 'training_enrolled',
    params: { training: programme.training_name, organization: actor.organization?.organization_name ?? '' },
    link: '/profile/training/',
  });
  return getEnrolment(deps, actor, enrolment.enrolment_id);
}

export async function updateEnrolment(
  deps: EnrolmentDeps,
  actor: Actor,
  enrolmentId: string,
  input: UpdateEnrolmentInput,
) {
  const record = await loadFor(deps, actor, enrolmentId);
  requireOpen(record);
  if (record.enrolment.version !== input.version) throw conflict();
  if (input.instructor_ids) {
    const members = await activeMembersAmong(record.enrolment.organization_id, input.instructor_ids);
    if (input.instructor_ids.some((id) => !members.has(id) || id === record.enrolment.user_id))
      throw validationFailed({ instructor_ids: ['invalid_value'] });
  }
  // A later start may not leave linked flights before it.
  if (input.training_start_date && record.links.some((l) => l.date < input.training_start_date!))
    throw validationFailed({ training_start_date: ['invalid_value'] });
  const after = nextEnrolment(
    record,
    defined({
      instructor_ids: input.instructor_ids ? [...new Set(input.instructor_ids)] : undefined,
      training_start_date: input.training_start_date,
    }),
    deps.now(),
  );
  await deps.store.write(actor, {
    enrolment: { item: after, readVersion: record.enrolment.version },
    audit: { action: 'enrolment.update', target_type: 'enrolment', target_id: enrolmentId },
  });
  return getEnrolment(deps, actor, enrolmentId);
}

export async function deleteEnrolment(
  deps: EnrolmentDeps,
  actor: Actor,
  enrolmentId: string,
  version: number,
) {
  const record = await loadFor(deps, actor, enrolmentId);
  if (record.enrolment.version !== version) throw conflict();
  if (record.links.length > 0 || record.checks.length > 0) throw domainError('training_in_use');
  const { enrolment } = record;
  await deps.store.remove(
    actor,
    enrolment,
    [...record.records.values()],
    {
      action: 'enrolment.delete',
      target_type: 'enrolment',
      target_id: enrolmentId,
      subject_user_id: enrolment.user_id,
    },
    // The fee announced on enrolment is taken back (finance reverses its charge once).
    eventItem(
      'training.unenrolled',
      {
        organization_id: enrolment.organization_id,
        enrolment_id: enrolment.enrolment_id,
        user_id: enrolment.user_id,
        programme_id: enrolment.programme_id,
        training_fee: enrolment.training_fee ?? 0,
        currency_id: enrolment.currency_id,
        date: todayIn(actor.organization?.timezone ?? 'UTC', new Date(enrolment.created_at)),
      },
      deps.now(),
    ),
  );
}

// Status of the training (spec §4) -------------------------------------------------------------------

export async function closeEnrolment(
  deps: EnrolmentDeps,
  actor: Actor,
  enrolmentId: string,
  input: StatusChangeInput,
) {
  const record = await loadFor(deps, actor, enrolmentId);
  requireTrainer(actor, record);
  requireOpen(record);
  if (record.enrolment.version !== input.version) throw conflict();
  const now = deps.now();
  const after = nextEnrolment(
    record,
    {
      status: 'closed',
      finished_at: now.toISOString(),
      finished_by: actor.userId,
      finish_comment: input.comment ?? undefined,
    },
    now,
  );
  await deps.store.write(actor, {
    enrolment: { item: defined(after) as StoredEnrolment, readVersion: record.enrolment.version },
    audit: {
      action: 'enrolment.close',
      target_type: 'enrolment',
      target_id: enrolmentId,
      subject_user_id: record.enrolment.user_id,
    },
  });
  return getEnrolment(deps, actor, enrolmentId);
}

/**
 * A discontinued (closed) training comes back to its instructors; a finished one only with
 * training-edit-admin, and never in a DTO-declared programme (its completed records stay as they are).
 */
export async function reopenEnrolment(
  deps: EnrolmentDeps,
  actor: Actor,
  enrolmentId: string,
  input: StatusChangeInput,
) {
  const record = await loadFor(deps, actor, enrolmentId);
  requireTrainer(actor, record);
  const { status } = record.enrolment;
  if (status === 'open') throw domainError('not_editable');
  if (FINISHED.includes(status) && (!actor.permissions.has('training-edit-admin') || record.declared))
    throw domainError('not_editable');
  if (record.enrolment.version !== input.version) throw conflict();
  const { finished_at: _at, finished_by: _by, finish_comment: _comment, ...rest } = record.enrolment;
  const after = nextEnrolment(
    { ...record, enrolment: rest as StoredEnrolment },
    { status: 'open' },
    deps.now(),
  );
  await deps.store.write(actor, {
    enrolment: { item: after, readVersion: record.enrolment.version },
    audit: {
      action: 'enrolment.reopen',
      target_type: 'enrolment',
      target_id: enrolmentId,
      subject_user_id: record.enrolment.user_id,
      details: { was: status },
    },
  });
  return getEnrolment(deps, actor, enrolmentId);
}

export async function finishEnrolment(
  deps: EnrolmentDeps,
  actor: Actor,
  enrolmentId: string,
  input: FinishInput,
) {
  const record = await loadFor(deps, actor, enrolmentId);
  requireTrainer(actor, record);
  requireOpen(record);
  if (record.enrolment.version !== input.version) throw conflict();
  const totals = progressOf(linkedLines(record), programmeMinimums(record.programme));
  if (input.result === 'successful') {
    if (record.tasks.some((t) => !['successful', 'closed'].includes(statusOf(record, t.task_id))))
      throw domainError('tasks_not_finished');
    if (!totals.met) throw domainError('minimums_not_met');
  }
  const now = deps.now();
  const names = await memberNames(record.enrolment.organization_id, [actor.userId], actor.lang);
  const check = checkOf(
    actor,
    record,
    {
      enrolment_id: enrolmentId,
      user_id: record.enrolment.user_id,
      programme_id: record.programme.programme_id,
      task_id: null,
      task_name: null,
      result: input.result,
      comment: input.comment ?? null,
      minimums: { ...programmeMinimums(record.programme) },
      flights: signedFlightsOf(record),
    },
    now.toISOString(),
    names,
  );
  const after = nextEnrolment(
    record,
    defined({
      status: input.result,
      finished_at: now.toISOString(),
      finished_by: actor.userId,
      finish_comment: input.comment ?? undefined,
      chain_seq: check.seq,
      chain_head: check.hash,
      last_activity_date: lastActivity(record.enrolment.last_activity_date, todayOf(actor, deps)),
    }),
    now,
  );
  await deps.store.write(actor, {
    enrolment: { item: after, readVersion: record.enrolment.version },
    check,
    audit: {
      action: 'enrolment.finish',
      target_type: 'enrolment',
      target_id: enrolmentId,
      subject_user_id: record.enrolment.user_id,
      details: { result: input.result, seq: check.seq },
    },
  });
  // Spec §8: "Congratulations, {type} successful" / "Sorry, the {type} was unsuccessful".
  await deps.notify(record.enrolment.user_id, {
    kind: 'training',
    message_key: input.result === 'successful' ? 'training_successful' : 'training_unsuccessful',
    params: { training: record.programme.training_name },
    link: '/profile/training/',
  });
  return getEnrolment(deps, actor, enrolmentId);
}

// For the DTO, IPP and the programme rules ------------------------------------------------------------

/** Whether any flight or check of any student refers to a task (a task in use is not deleted). */
export async function taskInUse(
  store: EnrolmentStore,
  organizationId: string,
  programmeId: string,
  taskId: string,
) {
  for (const enrolment of await store.ofProgramme(organizationId, programmeId)) {
    const [links, checks] = await Promise.all([
      store.links(organizationId, enrolment.enrolment_id),
      store.checks(organizationId, enrolment.enrolment_id),
    ]);
    if (links.some((l) => l.task_id === taskId) || checks.some((c) => c.task_id === taskId)) return true;
  }
  return false;
}

export { getEnrolment } from './training-record.ts';
