import type {
  CandidatesQuery,
  LinkFlightInput,
  SignCheckInput,
  TaskCheckDayOutput,
  TaskStatusInput,
  UpdateLinkInput,
} from '../../contracts/schemas/training.ts';
import {
  clubLine,
  clubLinesOn,
  clubLinesPage,
  launchPrivilegeRemoval,
  launchPrivilegeWrite,
} from '../flights/public.ts';
import { memberNames } from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { conflict, domainError, notFound, validationFailed } from '../platform/http/errors.ts';
import { defined, organizationOf, todayOf } from './common.ts';
import type { StoredLink, StoredRecord } from './enrolment-store.ts';
import type { StoredProgramme, StoredTask } from './programme-store.ts';
import { fitsTask } from './progress.ts';
import {
  checkOf,
  DEFAULT_PAGE,
  type EnrolmentDeps,
  getEnrolment,
  isTrainer,
  lastActivity,
  lineFacts,
  load,
  loadFor,
  nextEnrolment,
  recordItem,
  requireOpen,
  requireTaskOpen,
  requireTrainer,
  signedFlightsOf,
  statusOf,
  taskMinimums,
  taskOf,
  taskProgress,
} from './training-record.ts';

/**
 * Task work (issue 16 §3): flights of the student's logbook linked to tasks and graded, the instructor's
 * signed task check (hash-chained), close and reopen per task, the candidate flights and the
 * task-check day. A finished launch-method task records the privilege the recency engine reads.
 */

function checkGrades(task: StoredTask, grades: LinkFlightInput['grades']) {
  const known = new Set(task.exercises.map((x) => x.exercise_id));
  const ids = (grades ?? []).map((g) => g.exercise_id);
  if (ids.some((id) => !known.has(id)) || new Set(ids).size !== ids.length)
    throw validationFailed({ grades: ['invalid_value'] });
}

/** A flight of the student's logbook linked to a task (spec §8: one that does not fit is refused). */
export async function linkFlight(
  deps: EnrolmentDeps,
  actor: Actor,
  enrolmentId: string,
  input: LinkFlightInput,
) {
  const record = await loadFor(deps, actor, enrolmentId);
  requireTrainer(actor, record);
  requireOpen(record);
  const task = record.tasks.find((t) => t.task_id === input.task_id);
  if (!task) throw validationFailed({ task_id: ['invalid_value'] });
  requireTaskOpen(record, task.task_id);
  const line =
    record.lines.get(input.entry_id) ??
    (await clubLine(record.enrolment.organization_id, record.enrolment.user_id, input.entry_id));
  if (!line) throw validationFailed({ entry_id: ['invalid_value'] });
  if (record.links.some((l) => l.entry_id === input.entry_id))
    throw validationFailed({ entry_id: ['flight_linked'] });
  if (!fitsTask(lineFacts(line), task, record.enrolment.training_start_date))
    throw validationFailed({ entry_id: ['flight_not_in_task'] });
  checkGrades(task, input.grades);
  const now = deps.now();
  const link = defined({
    organization_id: record.enrolment.organization_id,
    enrolment_id: enrolmentId,
    entry_id: input.entry_id,
    task_id: task.task_id,
    date: line.date,
    plane_id: line.plane_id,
    reg_num: line.reg_num,
    grades: input.grades ?? [],
    comment: input.comment,
    linked_by: actor.userId,
    version: 1,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  }) as StoredLink;
  const after = nextEnrolment(
    record,
    { last_activity_date: lastActivity(record.enrolment.last_activity_date, line.date) },
    now,
  );
  await deps.store.write(actor, {
    enrolment: { item: after, readVersion: record.enrolment.version },
    links: [{ item: link, readVersion: null }],
    audit: {
      action: 'training_flight.link',
      target_type: 'enrolment',
      target_id: enrolmentId,
      subject_user_id: record.enrolment.user_id,
      details: { task: task.task_id, entry: input.entry_id },
    },
  });
  return getEnrolment(deps, actor, enrolmentId);
}

export async function updateFlightLink(
  deps: EnrolmentDeps,
  actor: Actor,
  enrolmentId: string,
  entryId: string,
  input: UpdateLinkInput,
) {
  const record = await loadFor(deps, actor, enrolmentId);
  requireTrainer(actor, record);
  requireOpen(record);
  const link = record.links.find((l) => l.entry_id === entryId);
  if (!link) throw notFound();
  if (link.version !== input.version) throw conflict();
  requireTaskOpen(record, link.task_id);
  const task = input.task_id
    ? record.tasks.find((t) => t.task_id === input.task_id)
    : taskOf(record, link.task_id);
  if (!task) throw validationFailed({ task_id: ['invalid_value'] });
  if (task.task_id !== link.task_id) {
    requireTaskOpen(record, task.task_id);
    const line = record.lines.get(entryId);
    if (!line || !fitsTask(lineFacts(line), task, record.enrolment.training_start_date))
      throw validationFailed({ task_id: ['flight_not_in_task'] });
  }
  // Grades belong to a task's exercises: moved to another task, they start again unless given.
  const grades = input.grades ?? (task.task_id === link.task_id ? link.grades : []);
  checkGrades(task, grades);
  const now = deps.now();
  const after = {
    ...link,
    task_id: task.task_id,
    grades,
    version: link.version + 1,
    updated_at: now.toISOString(),
  } as StoredLink;
  if (input.comment === null) delete after.comment;
  else if (input.comment !== undefined) after.comment = input.comment;
  await deps.store.write(actor, {
    enrolment: { item: nextEnrolment(record, {}, now), readVersion: record.enrolment.version },
    links: [{ item: after, readVersion: link.version }],
    audit: {
      action: 'training_flight.update',
      target_type: 'enrolment',
      target_id: enrolmentId,
      subject_user_id: record.enrolment.user_id,
      details: { task: task.task_id, entry: entryId },
    },
  });
  return getEnrolment(deps, actor, enrolmentId);
}

export async function unlinkFlight(
  deps: EnrolmentDeps,
  actor: Actor,
  enrolmentId: string,
  entryId: string,
  version: number,
) {
  const record = await loadFor(deps, actor, enrolmentId);
  requireTrainer(actor, record);
  requireOpen(record);
  const link = record.links.find((l) => l.entry_id === entryId);
  if (!link) throw notFound();
  if (link.version !== version) throw conflict();
  requireTaskOpen(record, link.task_id);
  await deps.store.write(actor, {
    enrolment: { item: nextEnrolment(record, {}, deps.now()), readVersion: record.enrolment.version },
    removeLinks: [link],
    audit: {
      action: 'training_flight.unlink',
      target_type: 'enrolment',
      target_id: enrolmentId,
      subject_user_id: record.enrolment.user_id,
      details: { task: link.task_id, entry: entryId },
    },
  });
  return getEnrolment(deps, actor, enrolmentId);
}

/**
 * The task check (issue 16 §3): the instructor finishes the task, and the task, its minimums, the
 * flights linked to it and their grades are signed into the training's chain. Successful needs the
 * minimums met; a launch-method task opens its method to the student in the same write.
 */
export async function signTaskCheck(
  deps: EnrolmentDeps,
  actor: Actor,
  enrolmentId: string,
  taskId: string,
  input: SignCheckInput,
) {
  const record = await loadFor(deps, actor, enrolmentId);
  requireTrainer(actor, record);
  requireOpen(record);
  const task = taskOf(record, taskId);
  requireTaskOpen(record, taskId);
  if ((record.records.get(taskId)?.version ?? 0) !== input.version) throw conflict();
  if (input.result === 'successful' && !taskProgress(record, task).met) throw domainError('minimums_not_met');
  const now = deps.now();
  const names = await memberNames(record.enrolment.organization_id, [actor.userId], actor.lang);
  const check = checkOf(
    actor,
    record,
    {
      enrolment_id: enrolmentId,
      user_id: record.enrolment.user_id,
      programme_id: record.programme.programme_id,
      task_id: taskId,
      task_name: task.task_name,
      result: input.result,
      comment: input.comment ?? null,
      minimums: taskMinimums(task),
      flights: signedFlightsOf(record, taskId),
    },
    now.toISOString(),
    names,
  );
  const method = input.result === 'successful' ? task.grants_launch_privilege : undefined;
  const recordAfter = recordItem(
    record,
    taskId,
    now,
    defined({ status: input.result, comment: input.comment ?? undefined, granted_privilege: method }),
  );
  const records = new Map(record.records).set(taskId, recordAfter);
  const today = todayOf(actor, deps);
  const after = nextEnrolment(
    record,
    {
      chain_seq: check.seq,
      chain_head: check.hash,
      last_activity_date: lastActivity(record.enrolment.last_activity_date, today),
      records,
    },
    now,
  );
  await deps.store.write(actor, {
    enrolment: { item: after, readVersion: record.enrolment.version },
    records: [{ item: recordAfter, readVersion: record.records.get(taskId)?.version ?? 0 }],
    check,
    others: method
      ? [
          launchPrivilegeWrite({
            user_id: record.enrolment.user_id,
            method,
            organization_id: record.enrolment.organization_id,
            granted_on: today,
            enrolment_id: enrolmentId,
            task_id: taskId,
            instructor_id: actor.userId,
          }),
        ]
      : [],
    audit: {
      action: 'task_check.sign',
      target_type: 'enrolment',
      target_id: enrolmentId,
      subject_user_id: record.enrolment.user_id,
      details: {
        task: taskId,
        result: input.result,
        seq: check.seq,
        ...(method ? { privilege: method } : {}),
      },
    },
  });
  await deps.notify(record.enrolment.user_id, {
    kind: 'training',
    message_key: input.result === 'successful' ? 'task_check_successful' : 'task_check_unsuccessful',
    params: { task: task.task_name, training: record.programme.training_name, instructor: check.signer_name },
    link: '/profile/training/',
  });
  if (method)
    await deps.notify(record.enrolment.user_id, {
      kind: 'training',
      message_key: 'launch_privilege_granted',
      params: { training: record.programme.training_name },
      link: '/',
    });
  return getEnrolment(deps, actor, enrolmentId);
}

export async function closeTask(
  deps: EnrolmentDeps,
  actor: Actor,
  enrolmentId: string,
  taskId: string,
  input: TaskStatusInput,
) {
  const record = await loadFor(deps, actor, enrolmentId);
  requireTrainer(actor, record);
  requireOpen(record);
  taskOf(record, taskId);
  requireTaskOpen(record, taskId);
  if ((record.records.get(taskId)?.version ?? 0) !== input.version) throw conflict();
  const now = deps.now();
  const recordAfter = recordItem(
    record,
    taskId,
    now,
    defined({ status: 'closed', comment: input.comment ?? undefined }),
  );
  await deps.store.write(actor, {
    enrolment: {
      item: nextEnrolment(record, { records: new Map(record.records).set(taskId, recordAfter) }, now),
      readVersion: record.enrolment.version,
    },
    records: [{ item: recordAfter, readVersion: input.version }],
    audit: {
      action: 'training_task.close',
      target_type: 'enrolment',
      target_id: enrolmentId,
      subject_user_id: record.enrolment.user_id,
      details: { task: taskId },
    },
  });
  return getEnrolment(deps, actor, enrolmentId);
}

/** A closed or finished task opens again; a launch privilege it recorded is withdrawn with it. */
export async function reopenTask(
  deps: EnrolmentDeps,
  actor: Actor,
  enrolmentId: string,
  taskId: string,
  input: TaskStatusInput,
) {
  const record = await loadFor(deps, actor, enrolmentId);
  requireTrainer(actor, record);
  requireOpen(record);
  taskOf(record, taskId);
  const before = record.records.get(taskId);
  if (!before || before.status === 'open') throw domainError('not_editable');
  if (before.version !== input.version) throw conflict();
  const now = deps.now();
  const { granted_privilege: granted, ...rest } = before;
  const recordAfter = {
    ...rest,
    status: 'open',
    ...(input.comment ? { comment: input.comment } : {}),
    version: before.version + 1,
    updated_at: now.toISOString(),
  } as StoredRecord;
  await deps.store.write(actor, {
    enrolment: {
      item: nextEnrolment(record, { records: new Map(record.records).set(taskId, recordAfter) }, now),
      readVersion: record.enrolment.version,
    },
    records: [{ item: recordAfter, readVersion: before.version }],
    others: granted
      ? [
          launchPrivilegeRemoval({
            user_id: record.enrolment.user_id,
            method: granted,
            organization_id: record.enrolment.organization_id,
          }),
        ]
      : [],
    audit: {
      action: 'training_task.reopen',
      target_type: 'enrolment',
      target_id: enrolmentId,
      subject_user_id: record.enrolment.user_id,
      details: { task: taskId, was: before.status, ...(granted ? { privilege_withdrawn: granted } : {}) },
    },
  });
  return getEnrolment(deps, actor, enrolmentId);
}

/** The student's club lines to link, newest first, with the open tasks each one fits. */
export async function listCandidateFlights(
  deps: EnrolmentDeps,
  actor: Actor,
  enrolmentId: string,
  query: CandidatesQuery,
) {
  const record = await loadFor(deps, actor, enrolmentId);
  const page = await clubLinesPage(
    record.enrolment.organization_id,
    record.enrolment.user_id,
    query.kind ?? 'glider',
    {
      from: record.enrolment.training_start_date,
      cursor: query.cursor,
      limit: query.limit ?? DEFAULT_PAGE,
    },
  );
  const linked = new Map(record.links.map((l) => [l.entry_id, l.task_id]));
  const names = await memberNames(
    record.enrolment.organization_id,
    page.items.map((l) => l.instructor_id ?? ''),
    actor.lang,
  );
  return {
    items: page.items.map((line) => ({
      entry_id: line.entry_id,
      date: line.date,
      takeoff_time: line.takeoff_time,
      reg_num: line.reg_num,
      takeoff_type_id: line.takeoff_type_id,
      role: line.role,
      flight_minutes: line.flight_minutes,
      launches: line.launches,
      instructor_name: line.instructor_id ? (names.get(line.instructor_id) ?? null) : null,
      linked_task_id: linked.get(line.entry_id) ?? null,
      fitting_task_ids: record.tasks
        .filter((t) => statusOf(record, t.task_id) === 'open')
        .filter((t) => fitsTask(lineFacts(line), t, record.enrolment.training_start_date))
        .map((t) => t.task_id),
    })),
    cursor: page.cursor,
  };
}

/**
 * training/task-check: a day's flights of the students in open trainings the caller instructs
 * (every open training for training-edit-admin), each with its link and the open tasks it fits.
 */
export async function getTaskCheckDay(
  deps: EnrolmentDeps,
  actor: Actor,
  date: string | undefined,
): Promise<TaskCheckDayOutput> {
  const { organizationId } = organizationOf(actor);
  const day = date ?? todayOf(actor, deps);
  const open = await deps.store.openEnrolments(organizationId);
  const programmes = new Map<string, StoredProgramme | null>();
  for (const id of new Set(open.map((e) => e.programme_id)))
    programmes.set(id, await deps.programmes.programme(organizationId, id));
  const mine = open.filter((enrolment) => {
    const programme = programmes.get(enrolment.programme_id);
    return programme && isTrainer(actor, { enrolment, programme });
  });
  const items: TaskCheckDayOutput['items'] = [];
  const names = await memberNames(
    organizationId,
    mine.map((e) => e.user_id),
    actor.lang,
  );
  for (const enrolment of mine) {
    const lines = await clubLinesOn(organizationId, enrolment.user_id, day);
    if (lines.length === 0) continue;
    const record = await load(deps, organizationId, enrolment.enrolment_id);
    const instructors = await memberNames(
      organizationId,
      lines.map((l) => l.instructor_id ?? ''),
      actor.lang,
    );
    for (const line of lines.sort((a, b) => a.takeoff_time.localeCompare(b.takeoff_time))) {
      const link = record.links.find((l) => l.entry_id === line.entry_id);
      items.push({
        enrolment_id: enrolment.enrolment_id,
        user_id: enrolment.user_id,
        student_name: names.get(enrolment.user_id) ?? '—',
        training_name: record.programme.training_name,
        entry_id: line.entry_id,
        takeoff_time: line.takeoff_time,
        landing_time: line.landing_time,
        reg_num: line.reg_num,
        takeoff_type_id: line.takeoff_type_id,
        role: line.role,
        flight_minutes: line.flight_minutes,
        launches: line.launches,
        instructor_name: line.instructor_id ? (instructors.get(line.instructor_id) ?? null) : null,
        link: link ? { task_id: link.task_id, version: link.version } : null,
        fitting_task_ids: record.tasks
          .filter((t) => statusOf(record, t.task_id) === 'open')
          .filter((t) => fitsTask(lineFacts(line), t, enrolment.training_start_date))
          .map((t) => t.task_id),
        tasks: record.tasks.map((t) => ({
          task_id: t.task_id,
          task_name: t.task_name,
          status: statusOf(record, t.task_id),
          record_version: record.records.get(t.task_id)?.version ?? 0,
          met: taskProgress(record, t).met,
          exercises: t.exercises.map((x) => ({ exercise_id: x.exercise_id, title: x.title })),
        })),
      });
    }
  }
  return { date: day, items };
}
