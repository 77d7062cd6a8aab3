import { timeOrderedId } from '../../contracts/ids.ts';
import type { Lang } from '../../contracts/langs.ts';
import {
  type BuiltinListOutput,
  type CopyProgrammeInput,
  type CreateProgrammeInput,
  type CreateTaskInput,
  type ListProgrammesQuery,
  MAX_TASKS,
  PROGRAMME_FILE_FORMAT,
  type ProgrammeFile,
  type ProgrammeOutput,
  type ReorderTasksInput,
  type TaskOutput,
  type UpdateProgrammeInput,
  type UpdateTaskInput,
} from '../../contracts/schemas/training.ts';
import { BUILTIN_PROGRAMMES, type BuiltinProgramme } from '../../contracts/schemas/training-enums.ts';
import { memberNames } from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { conflict, domainError, notFound, validationFailed } from '../platform/http/errors.ts';
import { BUILTIN, type BuiltinTexts } from './builtin/programmes.ts';
import { builtinTexts } from './builtin/texts.ts';
import { type Clock, defined, organizationOf } from './common.ts';
import type { ProgrammeStore, StoredProgramme, StoredTask } from './programme-store.ts';

/**
 * Training programmes (issue 16 §1; settings/trainings, settings/training/{id}, …/tasks, …/task/{id}):
 * a programme with its minimums and ordered tasks, each naming what it needs. Clubs adopt a
 * built-in programme, copy and adapt their own, and move programmes between clubs as JSON files.
 */

export interface ProgrammeDeps extends Clock {
  store: ProgrammeStore;
  /** Whether any flight or check of any student refers to the task (enrolment-store.ts). */
  taskInUse: (organizationId: string, programmeId: string, taskId: string) => Promise<boolean>;
}

const DEFAULT_PAGE = 50;

export function taskOutputOf(t: StoredTask, position: number): TaskOutput {
  return {
    task_id: t.task_id,
    programme_id: t.programme_id,
    position,
    task_name: t.task_name,
    description: t.description ?? null,
    acceptance_criteria: t.acceptance_criteria ?? null,
    briefing_only: t.briefing_only,
    launch_methods: [...t.launch_methods],
    flight_role: t.flight_role,
    min_flights: t.min_flights,
    min_dual_minutes: t.min_dual_minutes,
    min_solo_minutes: t.min_solo_minutes,
    min_dual_launches: t.min_dual_launches,
    min_solo_launches: t.min_solo_launches,
    exercises: t.exercises.map((x) => ({ exercise_id: x.exercise_id, title: x.title })),
    grants_launch_privilege: t.grants_launch_privilege ?? null,
    version: t.version,
  };
}

/** The tasks in the programme's order (a task missing from the order goes last). */
export function orderedTasks(programme: Pick<StoredProgramme, 'task_order'>, tasks: readonly StoredTask[]) {
  const rank = new Map(programme.task_order.map((id, index) => [id, index]));
  return [...tasks].sort(
    (a, b) =>
      (rank.get(a.task_id) ?? MAX_TASKS) - (rank.get(b.task_id) ?? MAX_TASKS) ||
      a.task_id.localeCompare(b.task_id),
  );
}

export async function programmeOutputOf(
  deps: ProgrammeDeps,
  actor: Actor,
  programme: StoredProgramme,
  tasks?: StoredTask[],
): Promise<ProgrammeOutput> {
  const [all, declaration, names] = await Promise.all([
    tasks ?? deps.store.tasks(programme.organization_id, programme.programme_id),
    deps.store.declaration(programme.organization_id),
    memberNames(programme.organization_id, [programme.head_of_training_id ?? ''], actor.lang),
  ]);
  const ordered = orderedTasks(programme, all);
  return {
    programme_id: programme.programme_id,
    training_name: programme.training_name,
    kind: programme.kind,
    launch_method: programme.launch_method ?? null,
    description: programme.description ?? null,
    head_of_training_id: programme.head_of_training_id ?? null,
    head_of_training_name: names.get(programme.head_of_training_id ?? '') ?? null,
    theoretical_time: programme.theoretical_time,
    training_fee: programme.training_fee,
    currency_id: programme.currency_id,
    training_student_edit_on: programme.training_student_edit_on,
    min_total_minutes: programme.min_total_minutes,
    min_dual_minutes: programme.min_dual_minutes,
    min_solo_minutes: programme.min_solo_minutes,
    min_launches: programme.min_launches,
    builtin_key: programme.builtin_key ?? null,
    dto_declared: declaration?.programme_ids.includes(programme.programme_id) ?? false,
    task_count: ordered.length,
    tasks: ordered.map((t, index) => taskOutputOf(t, index + 1)),
    version: programme.version,
    can_edit: true,
    can_delete: programme.enrolments === 0,
  };
}

async function found(deps: ProgrammeDeps, actor: Actor, programmeId: string) {
  const { organizationId } = organizationOf(actor);
  const programme = await deps.store.programme(organizationId, programmeId);
  if (!programme) throw notFound();
  return programme;
}

/** The head of training must be an active member of the organization. */
async function checkHead(organizationId: string, headId: string | null | undefined, lang: Lang) {
  if (!headId) return;
  const names = await memberNames(organizationId, [headId], lang);
  if (!names.has(headId)) throw validationFailed({ head_of_training_id: ['invalid_value'] });
}

/** A launch-method programme names its method; others name none. */
function checkKind(fields: { kind: string; launch_method?: string | null }) {
  if (fields.kind === 'launch_method' && !fields.launch_method)
    throw validationFailed({ launch_method: ['field_required'] });
}

const programmeItem = (
  organizationId: string,
  currency: string,
  programmeId: string,
  input: CreateProgrammeInput,
  extra: Partial<StoredProgramme> = {},
): StoredProgramme =>
  defined({
    organization_id: organizationId,
    programme_id: programmeId,
    training_name: input.training_name,
    kind: input.kind,
    launch_method: input.kind === 'launch_method' ? input.launch_method : undefined,
    description: input.description,
    head_of_training_id: input.head_of_training_id,
    theoretical_time: input.theoretical_time ?? 0,
    training_fee: input.training_fee ?? 0,
    currency_id: currency,
    training_student_edit_on: input.training_student_edit_on ?? false,
    min_total_minutes: input.min_total_minutes ?? 0,
    min_dual_minutes: input.min_dual_minutes ?? 0,
    min_solo_minutes: input.min_solo_minutes ?? 0,
    min_launches: input.min_launches ?? 0,
    task_order: [],
    enrolments: 0,
    version: 1,
    ...extra,
  }) as StoredProgramme;

const taskItem = (
  organizationId: string,
  programmeId: string,
  taskId: string,
  input: CreateTaskInput,
  version = 1,
): StoredTask =>
  defined({
    organization_id: organizationId,
    programme_id: programmeId,
    task_id: taskId,
    task_name: input.task_name,
    description: input.description,
    acceptance_criteria: input.acceptance_criteria,
    briefing_only: input.briefing_only ?? false,
    launch_methods: [...new Set(input.launch_methods ?? [])],
    flight_role: input.flight_role ?? 'any',
    min_flights: input.min_flights ?? 0,
    min_dual_minutes: input.min_dual_minutes ?? 0,
    min_solo_minutes: input.min_solo_minutes ?? 0,
    min_dual_launches: input.min_dual_launches ?? 0,
    min_solo_launches: input.min_solo_launches ?? 0,
    exercises: input.exercises ?? [],
    grants_launch_privilege: input.grants_launch_privilege,
    version,
  }) as StoredTask;

/** Exercise ids are unique within a task (grades refer to them). */
function checkExercises(input: Pick<CreateTaskInput, 'exercises'>, field = 'exercises') {
  const ids = (input.exercises ?? []).map((x) => x.exercise_id);
  if (new Set(ids).size !== ids.length) throw validationFailed({ [field]: ['duplicate_value'] });
}

/** A new programme and its tasks (from a file, a copy or a built-in one), written at once. */
async function createWithTasks(
  deps: ProgrammeDeps,
  actor: Actor,
  input: CreateProgrammeInput,
  tasks: CreateTaskInput[],
  extra: Partial<StoredProgramme>,
  audit: { details: Record<string, string | number> },
) {
  const { organizationId, currency } = organizationOf(actor);
  checkKind(input);
  await checkHead(organizationId, input.head_of_training_id, actor.lang);
  if (tasks.length > MAX_TASKS) throw validationFailed({ tasks: ['too_big'] });
  tasks.forEach((t, index) => {
    checkExercises(t, `tasks.${index}.exercises`);
  });
  const at = deps.now().getTime();
  const programmeId = timeOrderedId(at);
  const taskItems = tasks.map((t, index) =>
    taskItem(organizationId, programmeId, timeOrderedId(at + index + 1), t),
  );
  const item = programmeItem(organizationId, currency, programmeId, input, {
    ...extra,
    task_order: taskItems.map((t) => t.task_id),
  });
  await deps.store.create(actor, item, taskItems, {
    action: 'training.create',
    target_type: 'training',
    target_id: programmeId,
    details: audit.details,
  });
  return programmeOutputOf(deps, actor, item, taskItems);
}

export async function listProgrammes(deps: ProgrammeDeps, actor: Actor, query: ListProgrammesQuery) {
  const { organizationId } = organizationOf(actor);
  const page = await deps.store.programmes(organizationId, {
    cursor: query.cursor,
    limit: query.limit ?? DEFAULT_PAGE,
  });
  const names = await memberNames(
    organizationId,
    page.items.map((p) => p.head_of_training_id ?? ''),
    actor.lang,
  );
  return {
    items: page.items
      .map((p) => ({
        programme_id: p.programme_id,
        training_name: p.training_name,
        kind: p.kind,
        launch_method: p.launch_method ?? null,
        head_of_training_name: names.get(p.head_of_training_id ?? '') ?? null,
        task_count: p.task_order.length,
        training_fee: p.training_fee,
        currency_id: p.currency_id,
        builtin_key: p.builtin_key ?? null,
        version: p.version,
      }))
      .sort((a, b) => a.training_name.localeCompare(b.training_name, actor.lang)),
    cursor: page.cursor,
  };
}

export async function getProgramme(deps: ProgrammeDeps, actor: Actor, programmeId: string) {
  return programmeOutputOf(deps, actor, await found(deps, actor, programmeId));
}

export const createProgramme = (deps: ProgrammeDeps, actor: Actor, input: CreateProgrammeInput) =>
  createWithTasks(deps, actor, input, [], {}, { details: { tasks: 0 } });

export async function updateProgramme(
  deps: ProgrammeDeps,
  actor: Actor,
  programmeId: string,
  input: UpdateProgrammeInput,
) {
  const before = await found(deps, actor, programmeId);
  if (before.version !== input.version) throw conflict();
  const { version: _read, ...changes } = input;
  const merged: Record<string, unknown> = { ...before };
  for (const [field, value] of Object.entries(changes)) {
    if (value === null) delete merged[field];
    else if (value !== undefined) merged[field] = value;
  }
  checkKind(merged as { kind: string; launch_method?: string });
  if (merged.kind !== 'launch_method') delete merged.launch_method;
  if (input.head_of_training_id)
    await checkHead(before.organization_id, input.head_of_training_id, actor.lang);
  const after = { ...merged, version: before.version + 1 } as StoredProgramme;
  await deps.store.save(actor, after, before.version, {
    action: 'training.update',
    target_type: 'training',
    target_id: programmeId,
  });
  return programmeOutputOf(deps, actor, after);
}

export async function deleteProgramme(
  deps: ProgrammeDeps,
  actor: Actor,
  programmeId: string,
  version: number,
) {
  const programme = await found(deps, actor, programmeId);
  if (programme.version !== version) throw conflict();
  if (programme.enrolments > 0) throw domainError('training_in_use');
  const tasks = await deps.store.tasks(programme.organization_id, programmeId);
  await deps.store.remove(actor, programme, tasks, {
    action: 'training.delete',
    target_type: 'training',
    target_id: programmeId,
  });
}

/** The fields of a programme as its file and a copy carry them (no ids of this organization). */
const fieldsOf = (p: StoredProgramme): CreateProgrammeInput => ({
  training_name: p.training_name,
  kind: p.kind,
  launch_method: p.launch_method ?? null,
  description: p.description ?? null,
  theoretical_time: p.theoretical_time,
  training_fee: p.training_fee,
  training_student_edit_on: p.training_student_edit_on,
  min_total_minutes: p.min_total_minutes,
  min_dual_minutes: p.min_dual_minutes,
  min_solo_minutes: p.min_solo_minutes,
  min_launches: p.min_launches,
});

const taskFieldsOf = (t: StoredTask): CreateTaskInput => ({
  task_name: t.task_name,
  description: t.description ?? null,
  acceptance_criteria: t.acceptance_criteria ?? null,
  briefing_only: t.briefing_only,
  launch_methods: [...t.launch_methods],
  flight_role: t.flight_role,
  min_flights: t.min_flights,
  min_dual_minutes: t.min_dual_minutes,
  min_solo_minutes: t.min_solo_minutes,
  min_dual_launches: t.min_dual_launches,
  min_solo_launches: t.min_solo_launches,
  exercises: t.exercises.map((x) => ({ exercise_id: x.exercise_id, title: x.title })),
  grants_launch_privilege: t.grants_launch_privilege ?? null,
});

export async function copyProgramme(
  deps: ProgrammeDeps,
  actor: Actor,
  programmeId: string,
  input: CopyProgrammeInput,
) {
  const source = await found(deps, actor, programmeId);
  const tasks = orderedTasks(source, await deps.store.tasks(source.organization_id, programmeId));
  return createWithTasks(
    deps,
    actor,
    {
      ...fieldsOf(source),
      training_name: input.training_name,
      head_of_training_id: source.head_of_training_id,
    },
    tasks.map(taskFieldsOf),
    source.builtin_key ? { builtin_key: source.builtin_key } : {},
    { details: { copy_of: programmeId, tasks: tasks.length } },
  );
}

export async function exportProgramme(
  deps: ProgrammeDeps,
  actor: Actor,
  programmeId: string,
): Promise<ProgrammeFile> {
  const programme = await found(deps, actor, programmeId);
  const tasks = orderedTasks(programme, await deps.store.tasks(programme.organization_id, programmeId));
  const { head_of_training_id: _head, ...fields } = fieldsOf(programme);
  return {
    format: PROGRAMME_FILE_FORMAT,
    format_version: 1,
    programme: fields,
    tasks: tasks.map(taskFieldsOf),
  };
}

/** A programme file (validated by its schema on the way in) becomes a new programme. */
export const importProgramme = (deps: ProgrammeDeps, actor: Actor, file: ProgrammeFile) =>
  createWithTasks(
    deps,
    actor,
    { ...file.programme, head_of_training_id: null },
    file.tasks,
    {},
    { details: { imported: 1, tasks: file.tasks.length } },
  );

/** The built-in programmes in the reader's language (contracts: BUILTIN_PROGRAMMES). */
export function listBuiltinProgrammes(actor: Actor): BuiltinListOutput {
  return {
    items: BUILTIN_PROGRAMMES.map((key) => {
      const def = BUILTIN[key];
      const texts = builtinTexts(actor.lang)[key];
      return {
        key,
        training_name: texts.training_name,
        kind: def.kind,
        launch_method: def.launch_method ?? null,
        description: texts.description,
        task_count: def.tasks.length,
        min_total_minutes: def.min_total_minutes,
        min_dual_minutes: def.min_dual_minutes,
        min_solo_minutes: def.min_solo_minutes,
        min_launches: def.min_launches,
      };
    }),
  };
}

/** A built-in programme's fields and tasks, in one language. */
export function builtinProgrammeIn(
  key: BuiltinProgramme,
  lang: Lang,
): { programme: CreateProgrammeInput; tasks: CreateTaskInput[] } {
  const def = BUILTIN[key];
  const texts: BuiltinTexts = builtinTexts(lang)[key];
  return {
    programme: {
      training_name: texts.training_name,
      kind: def.kind,
      launch_method: def.launch_method ?? null,
      description: texts.description,
      theoretical_time: def.theoretical_time,
      min_total_minutes: def.min_total_minutes,
      min_dual_minutes: def.min_dual_minutes,
      min_solo_minutes: def.min_solo_minutes,
      min_launches: def.min_launches,
    },
    tasks: def.tasks.map((t) => {
      const words = texts.tasks[t.key]!;
      return {
        task_name: words.task_name,
        description: words.description,
        acceptance_criteria: words.acceptance_criteria,
        briefing_only: t.briefing_only ?? false,
        launch_methods: t.launch_methods ?? [],
        flight_role: t.flight_role ?? 'any',
        min_flights: t.min_flights ?? 0,
        min_dual_minutes: t.min_dual_minutes ?? 0,
        min_solo_minutes: t.min_solo_minutes ?? 0,
        min_dual_launches: t.min_dual_launches ?? 0,
        min_solo_launches: t.min_solo_launches ?? 0,
        exercises: t.exercises.map((x) => ({
          exercise_id: `${t.key}-${x}`.replaceAll('_', '-'),
          title: words.exercises[x]!,
        })),
        grants_launch_privilege: t.grants_launch_privilege ?? null,
      };
    }),
  };
}

/** The built-in programme becomes the organization's own, in the adopter's language. */
export async function adoptBuiltinProgramme(deps: ProgrammeDeps, actor: Actor, key: BuiltinProgramme) {
  const { programme, tasks } = builtinProgrammeIn(key, actor.lang);
  return createWithTasks(deps, actor, programme, tasks, { builtin_key: key }, { details: { builtin: key } });
}

// Tasks ---------------------------------------------------------------------------------------------

async function foundTask(deps: ProgrammeDeps, actor: Actor, programmeId: string, taskId: string) {
  const programme = await found(deps, actor, programmeId);
  const tasks = await deps.store.tasks(programme.organization_id, programmeId);
  const task = tasks.find((t) => t.task_id === taskId);
  if (!task) throw notFound();
  return { programme, tasks, task };
}

export async function getTask(deps: ProgrammeDeps, actor: Actor, programmeId: string, taskId: string) {
  const { programme, tasks, task } = await foundTask(deps, actor, programmeId, taskId);
  return taskOutputOf(task, orderedTasks(programme, tasks).indexOf(task) + 1);
}

export async function createTask(
  deps: ProgrammeDeps,
  actor: Actor,
  programmeId: string,
  input: CreateTaskInput,
) {
  const programme = await found(deps, actor, programmeId);
  checkExercises(input);
  if (programme.task_order.length >= MAX_TASKS) throw validationFailed({ task_name: ['too_big'] });
  const task = taskItem(programme.organization_id, programmeId, timeOrderedId(deps.now().getTime()), input);
  const after = {
    ...programme,
    task_order: [...programme.task_order, task.task_id],
    version: programme.version + 1,
  };
  await deps.store.save(
    actor,
    after,
    programme.version,
    {
      action: 'training_task.create',
      target_type: 'training_task',
      target_id: task.task_id,
      details: { training: programmeId },
    },
    { put: { task, readVersion: null } },
  );
  return taskOutputOf(task, after.task_order.length);
}

export async function updateTask(
  deps: ProgrammeDeps,
  actor: Actor,
  programmeId: string,
  taskId: string,
  input: UpdateTaskInput,
) {
  const { programme, tasks, task } = await foundTask(deps, actor, programmeId, taskId);
  if (task.version !== input.version) throw conflict();
  checkExercises(input);
  const { version: _read, ...changes } = input;
  const merged: Record<string, unknown> = { ...task };
  for (const [field, value] of Object.entries(changes)) {
    if (value === null) delete merged[field];
    else if (value !== undefined) merged[field] = value;
  }
  const after = { ...merged, version: task.version + 1 } as StoredTask;
  await deps.store.saveTask(actor, after, task.version, {
    action: 'training_task.update',
    target_type: 'training_task',
    target_id: taskId,
    details: { training: programmeId },
  });
  return taskOutputOf(after, orderedTasks(programme, tasks).indexOf(task) + 1);
}

export async function deleteTask(
  deps: ProgrammeDeps,
  actor: Actor,
  programmeId: string,
  taskId: string,
  version: number,
) {
  const { programme, task } = await foundTask(deps, actor, programmeId, taskId);
  if (task.version !== version) throw conflict();
  if (await deps.taskInUse(programme.organization_id, programmeId, taskId))
    throw domainError('training_in_use');
  const after = {
    ...programme,
    task_order: programme.task_order.filter((id) => id !== taskId),
    version: programme.version + 1,
  };
  await deps.store.save(
    actor,
    after,
    programme.version,
    {
      action: 'training_task.delete',
      target_type: 'training_task',
      target_id: taskId,
      details: { training: programmeId },
    },
    { remove: task },
  );
}

export async function reorderTasks(
  deps: ProgrammeDeps,
  actor: Actor,
  programmeId: string,
  input: ReorderTasksInput,
) {
  const programme = await found(deps, actor, programmeId);
  if (programme.version !== input.version) throw conflict();
  const tasks = await deps.store.tasks(programme.organization_id, programmeId);
  const known = new Set(tasks.map((t) => t.task_id));
  const wanted = input.task_ids;
  if (
    wanted.length !== known.size ||
    new Set(wanted).size !== wanted.length ||
    wanted.some((id) => !known.has(id))
  )
    throw validationFailed({ task_ids: ['invalid_value'] });
  const after = { ...programme, task_order: [...wanted], version: programme.version + 1 };
  await deps.store.save(actor, after, programme.version, {
    action: 'training.update',
    target_type: 'training',
    target_id: programmeId,
    details: { reordered: 1 },
  });
  return programmeOutputOf(deps, actor, after, tasks);
}
