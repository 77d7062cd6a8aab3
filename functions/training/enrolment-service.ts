import { addDays, daysBetween, todayIn } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import type {
  CandidatesQuery,
  CheckOutput,
  CreateEnrolmentInput,
  EnrolmentOutput,
  EnrolmentSummary,
  FinishInput,
  LinkedFlightOutput,
  LinkFlightInput,
  ListEnrolmentsQuery,
  OwnNotesInput,
  SignCheckInput,
  StatusChangeInput,
  TaskCheckDayOutput,
  TaskStatusInput,
  UpdateEnrolmentInput,
  UpdateLinkInput,
} from '../../contracts/schemas/training.ts';
import { STUCK_AFTER_DAYS, type TrainingStatus } from '../../contracts/schemas/training-enums.ts';
import {
  type ClubLine,
  clubLine,
  clubLinesOn,
  clubLinesPage,
  clubLinesSince,
  launchPrivilegeRemoval,
  launchPrivilegeWrite,
} from '../flights/public.ts';
import type { NotifyInput } from '../identity/public.ts';
import { activeMembersAmong, memberNames } from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { eventItem } from '../platform/events/outbox.ts';
import {
  conflict,
  domainError,
  missingPermissions,
  notFound,
  validationFailed,
} from '../platform/http/errors.ts';
import { type CheckContent, type SignedFlight, signCheck, verifyChecks } from './checks.ts';
import { type Clock, defined, organizationOf, todayOf } from './common.ts';
import type {
  EnrolmentStore,
  StoredCheck,
  StoredEnrolment,
  StoredLink,
  StoredRecord,
} from './enrolment-store.ts';
import { orderedTasks, taskOutputOf } from './programme-service.ts';
import type { ProgrammeStore, StoredProgramme, StoredTask } from './programme-store.ts';
import { fitsTask, type ProgressLine, progressOf } from './progress.ts';

/**
 * Students' trainings (issue 16 §2–§5): enrolment in a programme (training/planning), flights of the
 * student's logbook linked to its tasks and graded, progress computed live from those lines, task
 * checks the instructor signs into a hash chain, close / reopen / finish per task and per training
 * (spec §4), the student's own view and notes (profile/training). A finished launch-method task
 * records the privilege the recency engine reads (flights' public module).
 */

export interface EnrolmentDeps extends Clock {
  store: EnrolmentStore;
  programmes: ProgrammeStore;
  notify: (userId: string, input: NotifyInput) => Promise<unknown>;
}

const DEFAULT_PAGE = 50;
const FINISHED: readonly TrainingStatus[] = ['successful', 'unsuccessful'];

/** Everything one training is made of, read once per request. */
interface Training {
  enrolment: StoredEnrolment;
  programme: StoredProgramme;
  tasks: StoredTask[];
  records: Map<string, StoredRecord>;
  links: StoredLink[];
  checks: StoredCheck[];
  /** The student's club lines since the training started (entry id → line). */
  lines: Map<string, ClubLine>;
  declared: boolean;
}

const lineFacts = (line: ClubLine): ProgressLine => ({
  entry_id: line.entry_id,
  kind: line.kind,
  is_tmg: line.is_tmg,
  date: line.date,
  takeoff_type_id: line.takeoff_type_id,
  role: line.role,
  flight_minutes: line.flight_minutes,
  launches: line.launches,
});

async function load(deps: EnrolmentDeps, organizationId: string, enrolmentId: string): Promise<Training> {
  const enrolment = await deps.store.enrolment(organizationId, enrolmentId);
  if (!enrolment) throw notFound();
  const [programme, tasks, records, links, checks, lines, declaration] = await Promise.all([
    deps.programmes.programme(organizationId, enrolment.programme_id),
    deps.programmes.tasks(organizationId, enrolment.programme_id),
    deps.store.records(organizationId, enrolmentId),
    deps.store.links(organizationId, enrolmentId),
    deps.store.checks(organizationId, enrolmentId),
    clubLinesSince(organizationId, enrolment.user_id, addDays(enrolment.training_start_date, -1)),
    deps.programmes.declaration(organizationId),
  ]);
  if (!programme) throw notFound();
  const byId = new Map(lines.map((l) => [l.entry_id, l]));
  // A linked or signed line whose date moved before the start is read on its own.
  const named = new Set([...links.map((l) => l.entry_id)]);
  for (const id of named)
    if (!byId.has(id)) {
      const line = await clubLine(organizationId, enrolment.user_id, id);
      if (line) byId.set(id, line);
    }
  return {
    enrolment,
    programme,
    tasks: orderedTasks(programme, tasks),
    records: new Map(records.map((r) => [r.task_id, r])),
    links,
    checks: checks.sort((a, b) => a.seq - b.seq),
    lines: byId,
    declared: declaration?.programme_ids.includes(programme.programme_id) ?? false,
  };
}

const statusOf = (record: Training, taskId: string): TrainingStatus =>
  record.records.get(taskId)?.status ?? 'open';

const taskMinimums = (t: StoredTask) => ({
  min_flights: t.min_flights,
  min_dual_minutes: t.min_dual_minutes,
  min_solo_minutes: t.min_solo_minutes,
  min_dual_launches: t.min_dual_launches,
  min_solo_launches: t.min_solo_launches,
});

const programmeMinimums = (p: StoredProgramme) => ({
  min_total_minutes: p.min_total_minutes,
  min_dual_minutes: p.min_dual_minutes,
  min_solo_minutes: p.min_solo_minutes,
  min_launches: p.min_launches,
});

/** The lines linked to a task (or to any task), as they are in the logbook now. */
const linkedLines = (record: Training, taskId?: string) =>
  record.links
    .filter((l) => taskId === undefined || l.task_id === taskId)
    .map((l) => record.lines.get(l.entry_id))
    .filter((line): line is ClubLine => Boolean(line))
    .map(lineFacts);

const taskProgress = (record: Training, task: StoredTask) =>
  progressOf(linkedLines(record, task.task_id), taskMinimums(task));

/** The board's summary: which task is next, how many are done, how long nothing happened. */
function summaryOf(record: Training, names: Map<string, string>, today: string): EnrolmentSummary {
  const { enrolment } = record;
  const done = record.tasks.filter((t) => statusOf(record, t.task_id) !== 'open');
  const next = record.tasks.find((t) => statusOf(record, t.task_id) === 'open') ?? null;
  return summaryFields(enrolment, names, today, {
    tasks_total: record.tasks.length,
    tasks_done: done.length,
    next,
    training_name: record.programme.training_name,
    kind: record.programme.kind,
  });
}

function summaryFields(
  enrolment: StoredEnrolment,
  names: Map<string, string>,
  today: string,
  facts: {
    tasks_total: number;
    tasks_done: number;
    next: Pick<StoredTask, 'task_id' | 'task_name'> | null;
    training_name: string;
    kind: StoredProgramme['kind'];
  },
): EnrolmentSummary {
  const since = enrolment.last_activity_date ?? enrolment.training_start_date;
  const idle = Math.max(0, daysBetween(since, today));
  return {
    enrolment_id: enrolment.enrolment_id,
    user_id: enrolment.user_id,
    student_name: names.get(enrolment.user_id) ?? '—',
    programme_id: enrolment.programme_id,
    training_name: facts.training_name,
    kind: facts.kind,
    instructor_ids: [...enrolment.instructor_ids],
    instructor_names: enrolment.instructor_ids.map((id) => names.get(id) ?? '—'),
    training_start_date: enrolment.training_start_date,
    status: enrolment.status,
    tasks_total: facts.tasks_total,
    tasks_done: facts.tasks_done,
    next_task_id: facts.next?.task_id ?? null,
    next_task_name: facts.next?.task_name ?? null,
    last_activity_date: enrolment.last_activity_date ?? null,
    stuck: enrolment.status === 'open' && idle >= STUCK_AFTER_DAYS,
    days_idle: enrolment.status === 'open' ? idle : 0,
    finished_at: enrolment.finished_at ?? null,
    version: enrolment.version,
  };
}

/** Who may work on this training: its instructors, the programme's head of training, an admin. */
const isTrainer = (actor: Actor, record: Pick<Training, 'enrolment' | 'programme'>) =>
  actor.permissions.has('training-edit-admin') ||
  record.enrolment.instructor_ids.includes(actor.userId) ||
  record.programme.head_of_training_id === actor.userId;

function requireTrainer(actor: Actor, record: Training) {
  if (!isTrainer(actor, record)) throw missingPermissions();
}

/** Completed and discontinued trainings are read-only (issue 16 §6). */
function requireOpen(record: Training) {
  if (record.enrolment.status !== 'open') throw domainError('not_editable');
}

function requireTaskOpen(record: Training, taskId: string) {
  if (statusOf(record, taskId) !== 'open') throw domainError('not_editable');
}

function taskOf(record: Training, taskId: string) {
  const task = record.tasks.find((t) => t.task_id === taskId);
  if (!task) throw notFound();
  return task;
}

const checkOutputOf = (c: StoredCheck): CheckOutput => ({
  seq: c.seq,
  task_id: c.task_id || null,
  task_name: c.task_name ?? null,
  result: c.result,
  comment: c.comment ?? null,
  signer_id: c.signer_id,
  signer_name: c.signer_name,
  signed_at: c.signed_at,
  hash: c.hash,
  flight_count: c.flight_count,
});

/** Every signed check against the chain head, and the flights it signed against the logbook now. */
export function verificationOf(record: Training) {
  const named = new Map<string, SignedFlight | null>();
  for (const [id, line] of record.lines) named.set(id, { ...line, grades: [] });
  return verifyChecks(
    record.checks,
    { seq: record.enrolment.chain_seq, hash: record.enrolment.chain_head },
    new Map([...named].map(([id, line]) => [id, line])),
  );
}

async function outputOf(
  actor: Actor,
  record: Training,
  today: string,
  view: 'trainer' | 'student',
): Promise<EnrolmentOutput> {
  const { enrolment, programme } = record;
  const instructorNames = [
    ...enrolment.instructor_ids,
    ...record.links.map((l) => record.lines.get(l.entry_id)?.instructor_id ?? ''),
  ];
  const names = await memberNames(
    enrolment.organization_id,
    [enrolment.user_id, ...instructorNames],
    actor.lang,
  );
  const linkOf = (l: StoredLink): LinkedFlightOutput => {
    const line = record.lines.get(l.entry_id);
    return {
      entry_id: l.entry_id,
      task_id: l.task_id,
      date: line?.date ?? l.date,
      takeoff_time: line?.takeoff_time ?? l.date,
      reg_num: line?.reg_num ?? '—',
      takeoff_type_id: line?.takeoff_type_id ?? 0,
      role: line?.role ?? 'pic',
      flight_minutes: line?.flight_minutes ?? 0,
      launches: line?.launches ?? 0,
      instructor_name: line?.instructor_id ? (names.get(line.instructor_id) ?? null) : null,
      grades: l.grades.map((g) => ({ exercise_id: g.exercise_id, grade: g.grade })),
      comment: l.comment ?? null,
      missing: !line,
      version: l.version,
    };
  };
  const open = enrolment.status === 'open';
  const trainer = view === 'trainer' && isTrainer(actor, record);
  const finished = FINISHED.includes(enrolment.status);
  return {
    ...summaryOf(record, names, today),
    programme: {
      programme_id: programme.programme_id,
      training_name: programme.training_name,
      kind: programme.kind,
      launch_method: programme.launch_method ?? null,
      theoretical_time: programme.theoretical_time,
      training_fee: programme.training_fee,
      currency_id: programme.currency_id,
      training_student_edit_on: programme.training_student_edit_on,
      dto_declared: record.declared,
      ...programmeMinimums(programme),
    },
    tasks: record.tasks.map((task, index) => {
      const rec = record.records.get(task.task_id);
      return {
        task: taskOutputOf(task, index + 1),
        status: rec?.status ?? 'open',
        record_version: rec?.version ?? 0,
        progress: taskProgress(record, task),
        flights: record.links
          .filter((l) => l.task_id === task.task_id)
          .map(linkOf)
          .sort((a, b) => a.takeoff_time.localeCompare(b.takeoff_time)),
        student_notes: rec?.student_notes ?? null,
        self_assessment: rec?.self_assessment ?? null,
        comment: rec?.comment ?? null,
      };
    }),
    totals: progressOf(linkedLines(record), programmeMinimums(programme)),
    checks: record.checks.map(checkOutputOf),
    verification: verificationOf(record),
    training_fee: enrolment.training_fee,
    currency_id: enrolment.currency_id,
    finish_comment: enrolment.finish_comment ?? null,
    can_link: trainer && open,
    can_sign: trainer && open,
    can_finish: trainer && open,
    can_close: trainer && open,
    can_reopen:
      trainer &&
      (enrolment.status === 'closed' ||
        (finished && actor.permissions.has('training-edit-admin') && !record.declared)),
    can_edit: view === 'trainer' && open && actor.permissions.has('training-administration'),
    can_delete:
      view === 'trainer' &&
      actor.permissions.has('training-edit-admin') &&
      record.links.length === 0 &&
      record.checks.length === 0,
    can_edit_notes: view === 'student' && open && programme.training_student_edit_on,
    read_only: !open,
  };
}

const lastActivity = (current: string | undefined, day: string) => (current && current > day ? current : day);

/** The enrolment after a change: its version moves on, its summary follows the records. */
function nextEnrolment(
  record: Training,
  change: Partial<StoredEnrolment> & { records?: Map<string, StoredRecord> },
  now: Date,
): StoredEnrolment {
  const { records: changedRecords, ...fields } = change;
  const records = changedRecords ?? record.records;
  const done = record.tasks.filter((t) => (records.get(t.task_id)?.status ?? 'open') !== 'open').length;
  return {
    ...record.enrolment,
    ...fields,
    tasks_done: done,
    version: record.enrolment.version + 1,
    updated_at: now.toISOString(),
  };
}

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

export async function getEnrolment(deps: EnrolmentDeps, actor: Actor, enrolmentId: string) {
  const { organizationId } = organizationOf(actor);
  return outputOf(actor, await load(deps, organizationId, enrolmentId), todayOf(actor, deps), 'trainer');
}

async function loadFor(deps: EnrolmentDeps, actor: Actor, enrolmentId: string) {
  const { organizationId } = organizationOf(actor);
  return load(deps, organizationId, enrolmentId);
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

const signedFlightsOf = (record: Training, taskId?: string): SignedFlight[] =>
  record.links
    .filter((l) => taskId === undefined || l.task_id === taskId)
    .map((l) => ({ link: l, line: record.lines.get(l.entry_id) }))
    .filter((x): x is { link: StoredLink; line: ClubLine } => Boolean(x.line))
    .map(({ link, line }) => ({
      entry_id: line.entry_id,
      date: line.date,
      reg_num: line.reg_num,
      takeoff_type_id: line.takeoff_type_id,
      role: line.role,
      flight_minutes: line.flight_minutes,
      launches: line.launches,
      grades: link.grades.map((g) => ({ exercise_id: g.exercise_id, grade: g.grade })),
    }));

/** A signed check: the next link of the training's chain. */
function checkOf(
  actor: Actor,
  record: Training,
  content: CheckContent,
  signedAt: string,
  names: Map<string, string>,
): StoredCheck {
  const { text, signature } = signCheck(
    content,
    { seq: record.enrolment.chain_seq, head: record.enrolment.chain_head },
    { signer_id: actor.userId, signer_name: names.get(actor.userId) ?? actor.userName },
    signedAt,
  );
  return defined({
    organization_id: record.enrolment.organization_id,
    enrolment_id: record.enrolment.enrolment_id,
    seq: signature.seq,
    task_id: content.task_id ?? '',
    task_name: content.task_name ?? undefined,
    result: content.result,
    comment: content.comment ?? undefined,
    content: text,
    signer_id: signature.signer_id,
    signer_name: signature.signer_name,
    signed_at: signature.signed_at,
    prev_hash: signature.prev_hash,
    hash: signature.hash,
    flight_count: content.flights.length,
  }) as StoredCheck;
}

/** Finishing the training (spec §4): successful needs every task finished or closed and the minimums. */
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

// Task work -------------------------------------------------------------------------------------------

function recordItem(
  record: Training,
  taskId: string,
  now: Date,
  fields: Partial<StoredRecord>,
): StoredRecord {
  const before = record.records.get(taskId);
  return {
    ...(before ?? {
      organization_id: record.enrolment.organization_id,
      enrolment_id: record.enrolment.enrolment_id,
      task_id: taskId,
      status: 'open',
      created_at: now.toISOString(),
    }),
    ...fields,
    version: (before?.version ?? 0) + 1,
    updated_at: now.toISOString(),
  } as StoredRecord;
}

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

// The student's own view -----------------------------------------------------------------------------

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

export type { Training };
export { linkedLines, load as loadTraining, outputOf as trainingOutputOf, statusOf, summaryOf, taskProgress };
