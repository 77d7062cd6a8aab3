import { addDays } from '../../contracts/calendar.ts';
import type {
  AuditPackOutput,
  DtoDeclarationInput,
  DtoDeclarationOutput,
  DtoStudentsQuery,
  InstructorValidity,
} from '../../contracts/schemas/dto.ts';
import { enrolmentSummary } from '../../contracts/schemas/training.ts';
import { TRAINING_STATUSES, type TrainingStatus } from '../../contracts/schemas/training-enums.ts';
import { shareablePlanesOf } from '../aircraft/public.ts';
import { memberNames, memberRating } from '../organizations/public.ts';
import { auditedWrite } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { db } from '../platform/db/service.ts';
import { conflict, notFound, validationFailed } from '../platform/http/errors.ts';
import { defined, organizationOf, todayOf } from './common.ts';
import { summariesOf } from './enrolment-service.ts';
import type { StoredEnrolment } from './enrolment-store.ts';
import { taskOutputOf } from './programme-service.ts';
import type { StoredDeclaration } from './programme-store.ts';
import { progressOf } from './progress.ts';
import {
  type EnrolmentDeps,
  linkedLines,
  load as loadTraining,
  statusOf,
  taskProgress,
  outputOf as trainingOutputOf,
  verificationOf,
} from './training-record.ts';

/**
 * The DTO area (issue 16 §6): a declared training organisation's programmes, instructors with their
 * FI(S) validity (pilot data, readable only for active members), students, aircraft and trainings,
 * and one student's audit pack. Completed and discontinued trainings are read-only everywhere
 * (training-record.ts refuses changes to a training that is not open).
 */

export type DtoDeps = EnrolmentDeps;

const EXPIRING_DAYS = 90;
const DEFAULT_PAGE = 50;

/** FI(S) validity from the pilot data: valid, expiring within 90 days, expired, or not recorded. */
export function validityOf(
  rating: { exam_date: string | null; valid_until: string | null } | null,
  today: string,
): InstructorValidity {
  if (!rating) return { valid_until: null, exam_date: null, state: 'unknown' };
  const { valid_until, exam_date } = rating;
  if (!valid_until) return { valid_until, exam_date, state: exam_date ? 'valid' : 'unknown' };
  const state =
    valid_until < today ? 'expired' : valid_until <= addDays(today, EXPIRING_DAYS) ? 'expiring' : 'valid';
  return { valid_until, exam_date, state };
}

async function declarationOf(deps: DtoDeps, organizationId: string) {
  return deps.programmes.declaration(organizationId);
}

async function declarationOutput(
  deps: DtoDeps,
  actor: Actor,
  declaration: StoredDeclaration | null,
): Promise<DtoDeclarationOutput> {
  const { organizationId } = organizationOf(actor);
  const [programmes, names] = await Promise.all([
    deps.programmes.allProgrammes(organizationId),
    memberNames(organizationId, [declaration?.head_of_training_id ?? ''], actor.lang),
  ]);
  const declared = new Set(declaration?.programme_ids ?? []);
  return {
    organization_name: actor.organization?.organization_name ?? '',
    dto_reference: declaration?.dto_reference ?? null,
    competent_authority: declaration?.competent_authority ?? null,
    declared_on: declaration?.declared_on ?? null,
    head_of_training_id: declaration?.head_of_training_id ?? null,
    head_of_training_name: names.get(declaration?.head_of_training_id ?? '') ?? null,
    programmes: programmes
      .filter((p) => declared.has(p.programme_id))
      .map((p) => ({ programme_id: p.programme_id, training_name: p.training_name })),
    version: declaration?.version ?? 0,
    can_edit: true,
  };
}

export async function getDeclaration(deps: DtoDeps, actor: Actor) {
  const { organizationId } = organizationOf(actor);
  return declarationOutput(deps, actor, await declarationOf(deps, organizationId));
}

export async function saveDeclaration(deps: DtoDeps, actor: Actor, input: DtoDeclarationInput) {
  const { organizationId } = organizationOf(actor);
  const before = await declarationOf(deps, organizationId);
  if ((before?.version ?? 0) !== input.version) throw conflict();
  const programmes = new Set(
    (await deps.programmes.allProgrammes(organizationId)).map((p) => p.programme_id),
  );
  const errors: Record<string, string[]> = {};
  if (input.programme_ids.some((id) => !programmes.has(id))) errors.programme_ids = ['invalid_value'];
  if (input.head_of_training_id) {
    const names = await memberNames(organizationId, [input.head_of_training_id], actor.lang);
    if (!names.has(input.head_of_training_id)) errors.head_of_training_id = ['invalid_value'];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const now = deps.now().toISOString();
  const item = defined({
    organization_id: organizationId,
    dto_reference: input.dto_reference,
    competent_authority: input.competent_authority,
    declared_on: input.declared_on,
    head_of_training_id: input.head_of_training_id,
    programme_ids: [...new Set(input.programme_ids)],
    version: input.version + 1,
    created_at: before?.created_at ?? now,
    updated_at: now,
  }) as StoredDeclaration;
  await auditedWrite(actor, { action: 'dto.update', target_type: 'dto', target_id: organizationId }, (e) => [
    input.version === 0
      ? e.dtoDeclaration.create(item).commit()
      : e.dtoDeclaration
          .put(item)
          .where(({ version }, { eq }) => eq(version, input.version))
          .commit(),
  ]);
  return declarationOutput(deps, actor, item);
}

/** The declared programmes' enrolments (every status). */
async function declaredEnrolments(deps: DtoDeps, organizationId: string) {
  const declaration = await declarationOf(deps, organizationId);
  const ids = declaration?.programme_ids ?? [];
  const lists = await Promise.all(ids.map((id) => deps.store.ofProgramme(organizationId, id)));
  return { declaration, programmeIds: ids, enrolments: lists.flat() };
}

export async function listInstructors(deps: DtoDeps, actor: Actor) {
  const { organizationId } = organizationOf(actor);
  const today = todayOf(actor, deps);
  const { declaration, programmeIds, enrolments } = await declaredEnrolments(deps, organizationId);
  const programmes = await deps.programmes.allProgrammes(organizationId);
  const heads = new Set(
    [
      declaration?.head_of_training_id,
      ...programmes.filter((p) => programmeIds.includes(p.programme_id)).map((p) => p.head_of_training_id),
    ].filter((id): id is string => Boolean(id)),
  );
  const ids = [...new Set([...heads, ...enrolments.flatMap((e) => e.instructor_ids)])];
  const names = await memberNames(organizationId, ids, actor.lang);
  const members = ids.filter((id) => names.has(id));
  const ratings = await Promise.all(members.map((id) => memberRating(organizationId, id, 'fis')));
  return {
    items: members
      .map((user_id, index) => ({
        user_id,
        name: names.get(user_id)!,
        head_of_training: heads.has(user_id),
        fis: validityOf(ratings[index] ?? null, today),
        students: enrolments.filter((e) => e.status === 'open' && e.instructor_ids.includes(user_id)).length,
      }))
      .sort((a, b) => a.name.localeCompare(b.name, actor.lang)),
  };
}

export async function listStudents(deps: DtoDeps, actor: Actor, query: DtoStudentsQuery) {
  const { organizationId } = organizationOf(actor);
  const declaration = await declarationOf(deps, organizationId);
  const ids = declaration?.programme_ids ?? [];
  if (ids.length === 0) return { items: [], cursor: null };
  const page = await enrolmentsIn(organizationId, ids, {
    cursor: query.cursor,
    limit: query.limit ?? DEFAULT_PAGE,
    status: query.status,
  });
  const summaries = await summariesOf(deps, actor, page.items);
  return {
    items: summaries.map((s) => ({ ...s, read_only: s.status !== 'open' })),
    cursor: page.cursor,
  };
}

/** A page of the organization's enrolments in some programmes (a Query with a filter, read on until full). */
async function enrolmentsIn(
  organizationId: string,
  programmeIds: string[],
  options: { cursor?: string; limit: number; status?: TrainingStatus },
) {
  const query = db()
    .entities.trainingEnrolment.query.byOrganization({ organization_id: organizationId })
    .where(({ programme_id, status }, { eq }) => {
      const ofProgrammes = `(${programmeIds.map((id) => eq(programme_id, id)).join(' OR ')})`;
      return options.status ? `${ofProgrammes} AND ${eq(status, options.status)}` : ofProgrammes;
    });
  const items: StoredEnrolment[] = [];
  let cursor: string | null = options.cursor ?? null;
  let rounds = 0;
  do {
    const page = await query.go({
      cursor: cursor ?? undefined,
      count: options.limit - items.length,
      order: 'desc',
    });
    items.push(...page.data);
    cursor = page.cursor ?? null;
    rounds += 1;
  } while (items.length < options.limit && cursor && rounds < 20);
  return { items, cursor };
}

export async function listPlanes(deps: DtoDeps, actor: Actor) {
  const { organizationId } = organizationOf(actor);
  const { enrolments } = await declaredEnrolments(deps, organizationId);
  const links = (
    await Promise.all(enrolments.map((e) => deps.store.links(organizationId, e.enrolment_id)))
  ).flat();
  const byPlane = new Map<string, { count: number; last: string | null }>();
  for (const link of links) {
    const key = link.plane_id ?? '';
    const known = byPlane.get(key) ?? { count: 0, last: null };
    byPlane.set(key, {
      count: known.count + 1,
      last: !known.last || link.date > known.last ? link.date : known.last,
    });
  }
  const planes = await shareablePlanesOf(organizationId);
  return {
    items: planes
      .filter((p) => p.plane_category === 'plc_02' || p.is_tmg)
      .map((p) => ({
        plane_id: p.plane_id,
        reg_num: p.reg_num,
        plane_type: p.plane_type,
        functional: p.functional,
        training_flights: byPlane.get(p.plane_id)?.count ?? 0,
        last_training_date: byPlane.get(p.plane_id)?.last ?? null,
      })),
  };
}

export async function listTrainings(deps: DtoDeps, actor: Actor) {
  const { organizationId } = organizationOf(actor);
  const { programmeIds, enrolments } = await declaredEnrolments(deps, organizationId);
  const programmes = (await deps.programmes.allProgrammes(organizationId)).filter((p) =>
    programmeIds.includes(p.programme_id),
  );
  return {
    items: programmes.map((p) => {
      const students = Object.fromEntries(TRAINING_STATUSES.map((s) => [s, 0])) as Record<
        TrainingStatus,
        number
      >;
      for (const e of enrolments) if (e.programme_id === p.programme_id) students[e.status] += 1;
      return {
        programme_id: p.programme_id,
        training_name: p.training_name,
        kind: p.kind,
        task_count: p.task_order.length,
        min_total_minutes: p.min_total_minutes,
        min_dual_minutes: p.min_dual_minutes,
        min_solo_minutes: p.min_solo_minutes,
        min_launches: p.min_launches,
        students,
      };
    }),
  };
}

/**
 * One student's record in a declared programme, everything an auditor asks for: the programme, the
 * flights linked to each task with their grades, the signed checks and whether the chain verifies
 * against the logbook now, and the instructors' FI(S) validity.
 */
export async function auditPack(deps: DtoDeps, actor: Actor, enrolmentId: string): Promise<AuditPackOutput> {
  const { organizationId } = organizationOf(actor);
  const today = todayOf(actor, deps);
  const record = await loadTraining(deps, organizationId, enrolmentId);
  if (!record.declared) throw notFound();
  const declaration = await declarationOf(deps, organizationId);
  const output = await trainingOutputOf(actor, record, today, 'trainer');
  const instructorIds = [
    ...new Set([
      ...record.enrolment.instructor_ids,
      ...record.checks.map((c) => c.signer_id),
      ...(declaration?.head_of_training_id ? [declaration.head_of_training_id] : []),
    ]),
  ];
  const names = await memberNames(organizationId, instructorIds, actor.lang);
  const ratings = await Promise.all(instructorIds.map((id) => memberRating(organizationId, id, 'fis')));
  const totals = progressOf(linkedLines(record), {
    min_total_minutes: record.programme.min_total_minutes,
    min_dual_minutes: record.programme.min_dual_minutes,
    min_solo_minutes: record.programme.min_solo_minutes,
    min_launches: record.programme.min_launches,
  });
  const finishCheck = [...record.checks].reverse().find((c) => c.task_id === '');
  return {
    generated_at: deps.now().toISOString(),
    organization: {
      organization_name: actor.organization?.organization_name ?? '',
      dto_reference: declaration?.dto_reference ?? null,
      competent_authority: declaration?.competent_authority ?? null,
      head_of_training_name: names.get(declaration?.head_of_training_id ?? '') ?? null,
    },
    enrolment: Object.fromEntries(
      Object.keys(enrolmentSummary.shape).map((key) => [key, output[key as keyof typeof output]]),
    ) as AuditPackOutput['enrolment'],
    programme: {
      training_name: record.programme.training_name,
      kind: record.programme.kind,
      theoretical_time: record.programme.theoretical_time,
      min_total_minutes: record.programme.min_total_minutes,
      min_dual_minutes: record.programme.min_dual_minutes,
      min_solo_minutes: record.programme.min_solo_minutes,
      min_launches: record.programme.min_launches,
    },
    totals: {
      total_minutes: totals.total_minutes,
      dual_minutes: totals.dual_minutes,
      solo_minutes: totals.solo_minutes,
      launches: totals.launches,
      met: totals.met,
    },
    tasks: record.tasks.map((task, index) => ({
      task: taskOutputOf(task, index + 1),
      status: statusOf(record, task.task_id),
      met: taskProgress(record, task).met,
      flights: (output.tasks[index]?.flights ?? []).map((f) => ({
        date: f.date,
        reg_num: f.reg_num,
        takeoff_type_id: f.takeoff_type_id,
        role: f.role,
        flight_minutes: f.flight_minutes,
        launches: f.launches,
        instructor_name: f.instructor_name,
        grades: f.grades,
        missing: f.missing,
      })),
    })),
    checks: output.checks,
    finish:
      finishCheck && record.enrolment.status !== 'open'
        ? { result: finishCheck.result, at: finishCheck.signed_at }
        : null,
    verification: verificationOf(record),
    instructors: instructorIds
      .filter((id) => names.has(id))
      .map((id) => ({
        user_id: id,
        name: names.get(id)!,
        fis: validityOf(ratings[instructorIds.indexOf(id)] ?? null, today),
      })),
    flight_count: record.links.length,
  };
}
