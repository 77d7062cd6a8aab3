import { addDays, daysBetween } from '../../contracts/calendar.ts';
import type {
  CheckOutput,
  EnrolmentOutput,
  EnrolmentSummary,
  LinkedFlightOutput,
} from '../../contracts/schemas/training.ts';
import { STUCK_AFTER_DAYS, type TrainingStatus } from '../../contracts/schemas/training-enums.ts';
import { type ClubLine, clubLine, clubLinesSince } from '../flights/public.ts';
import type { NotifyInput } from '../identity/public.ts';
import { memberNames } from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { domainError, missingPermissions, notFound } from '../platform/http/errors.ts';
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
import { type ProgressLine, progressOf } from './progress.ts';

/**
 * One student's training as the services read it (issue 16 §2–§5): the record loaded once per request,
 * its progress, summary and output, the trainer's and status rules, and the signed checks' chain links.
 * The services (enrolment-service.ts, task-work-service.ts, own-training-service.ts) build on it.
 */

export interface EnrolmentDeps extends Clock {
  store: EnrolmentStore;
  programmes: ProgrammeStore;
  notify: (userId: string, input: NotifyInput) => Promise<unknown>;
}

export const DEFAULT_PAGE = 50;
export const FINISHED: readonly TrainingStatus[] = ['successful', 'unsuccessful'];

/** Everything one training is made of, read once per request. */
export interface Training {
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

export const lineFacts = (line: ClubLine): ProgressLine => ({
  entry_id: line.entry_id,
  kind: line.kind,
  is_tmg: line.is_tmg,
  date: line.date,
  takeoff_type_id: line.takeoff_type_id,
  role: line.role,
  flight_minutes: line.flight_minutes,
  launches: line.launches,
});

export async function load(
  deps: EnrolmentDeps,
  organizationId: string,
  enrolmentId: string,
): Promise<Training> {
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

export const statusOf = (record: Training, taskId: string): TrainingStatus =>
  record.records.get(taskId)?.status ?? 'open';

export const taskMinimums = (t: StoredTask) => ({
  min_flights: t.min_flights,
  min_dual_minutes: t.min_dual_minutes,
  min_solo_minutes: t.min_solo_minutes,
  min_dual_launches: t.min_dual_launches,
  min_solo_launches: t.min_solo_launches,
});

export const programmeMinimums = (p: StoredProgramme) => ({
  min_total_minutes: p.min_total_minutes,
  min_dual_minutes: p.min_dual_minutes,
  min_solo_minutes: p.min_solo_minutes,
  min_launches: p.min_launches,
});

/** The lines linked to a task (or to any task), as they are in the logbook now. */
export const linkedLines = (record: Training, taskId?: string) =>
  record.links
    .filter((l) => taskId === undefined || l.task_id === taskId)
    .map((l) => record.lines.get(l.entry_id))
    .filter((line): line is ClubLine => Boolean(line))
    .map(lineFacts);

export const taskProgress = (record: Training, task: StoredTask) =>
  progressOf(linkedLines(record, task.task_id), taskMinimums(task));

/** The board's summary: which task is next, how many are done, how long nothing happened. */
export function summaryOf(record: Training, names: Map<string, string>, today: string): EnrolmentSummary {
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

export function summaryFields(
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
export const isTrainer = (actor: Actor, record: Pick<Training, 'enrolment' | 'programme'>) =>
  actor.permissions.has('training-edit-admin') ||
  record.enrolment.instructor_ids.includes(actor.userId) ||
  record.programme.head_of_training_id === actor.userId;

export function requireTrainer(actor: Actor, record: Training) {
  if (!isTrainer(actor, record)) throw missingPermissions();
}

/** Completed and discontinued trainings are read-only (issue 16 §6). */
export function requireOpen(record: Training) {
  if (record.enrolment.status !== 'open') throw domainError('not_editable');
}

export function requireTaskOpen(record: Training, taskId: string) {
  if (statusOf(record, taskId) !== 'open') throw domainError('not_editable');
}

export function taskOf(record: Training, taskId: string) {
  const task = record.tasks.find((t) => t.task_id === taskId);
  if (!task) throw notFound();
  return task;
}

export const checkOutputOf = (c: StoredCheck): CheckOutput => ({
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

export async function outputOf(
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

export const lastActivity = (current: string | undefined, day: string) =>
  current && current > day ? current : day;

/** The enrolment after a change: its version moves on, its summary follows the records. */
export function nextEnrolment(
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

export async function getEnrolment(deps: EnrolmentDeps, actor: Actor, enrolmentId: string) {
  const { organizationId } = organizationOf(actor);
  return outputOf(actor, await load(deps, organizationId, enrolmentId), todayOf(actor, deps), 'trainer');
}

export async function loadFor(deps: EnrolmentDeps, actor: Actor, enrolmentId: string) {
  const { organizationId } = organizationOf(actor);
  return load(deps, organizationId, enrolmentId);
}

export const signedFlightsOf = (record: Training, taskId?: string): SignedFlight[] =>
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
export function checkOf(
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

export function recordItem(
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
