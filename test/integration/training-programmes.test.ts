import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRAINING, seededTaskId } from '../../bin/local/seed-training.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Programmes (issue 16 §1) and the records a DTO keeps (§6): a club copies a programme and adapts
 * it, exports it as a file another club imports (checked on the way in), reorders and edits tasks;
 * a programme or task in use is kept; a finished training in a declared programme stays read-only.
 */
const ADMIN = subOf('admin@demo.windsock.aero');
const INSTRUCTOR = subOf('instructor@demo.windsock.aero');
const ALPINE = subOf('admin@alpine.windsock.aero');

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

describe('programmes', () => {
  it('lists the built-in programmes in the reader’s language', async () => {
    const hu = await platform.invoke('listBuiltinProgrammes', { sub: ADMIN });
    const de = await platform.invoke('listBuiltinProgrammes', { sub: ALPINE });
    expect(hu.body.items.map((p: any) => p.key)).toEqual([
      'spl',
      'launch_winch',
      'launch_car',
      'launch_aerotow',
      'launch_self',
      'launch_bungee',
    ]);
    expect(hu.body.items[0]).toMatchObject({ task_count: 17, min_total_minutes: 900, min_launches: 45 });
    expect(de.body.items[1].training_name).toBe('Windenstart (SFCL.155)');
  });

  it('copies a programme to adapt it, and the copy changes alone', async () => {
    const copy = await platform.invoke('copyProgramme', {
      sub: ADMIN,
      params: { id: DEMO_TRAINING.winch },
      body: { training_name: 'Csörlős indítás – téli tanfolyam' },
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(copy.body).toMatchObject({
      task_count: 2,
      builtin_key: 'launch_winch',
      kind: 'launch_method',
      launch_method: 'winch',
    });
    const task = copy.body.tasks[1];
    const edited = await platform.invoke('updateTask', {
      sub: ADMIN,
      params: { id: copy.body.programme_id, task_id: task.task_id },
      body: { min_dual_launches: 12, version: task.version },
    });
    expect(edited.body.min_dual_launches).toBe(12);
    const original = await platform.invoke('getProgramme', {
      sub: ADMIN,
      params: { id: DEMO_TRAINING.winch },
    });
    expect(original.body.tasks[1].min_dual_launches).toBe(10);

    const reordered = await platform.invoke('reorderTasks', {
      sub: ADMIN,
      params: { id: copy.body.programme_id },
      body: { task_ids: [task.task_id, copy.body.tasks[0].task_id], version: copy.body.version },
    });
    expect(reordered.body.tasks.map((t: any) => [t.task_id, t.position])).toEqual([
      [task.task_id, 1],
      [copy.body.tasks[0].task_id, 2],
    ]);
    const stale = await platform.invoke('reorderTasks', {
      sub: ADMIN,
      params: { id: copy.body.programme_id },
      body: { task_ids: [copy.body.tasks[0].task_id, task.task_id], version: copy.body.version },
    });
    expect(stale.status).toBe(409);
  });

  it('exports a programme as a file another club imports', async () => {
    const file = await platform.invoke('exportProgramme', { sub: ADMIN, params: { id: DEMO_TRAINING.spl } });
    expect(file.status).toBe(200);
    expect(file.body.programme.head_of_training_id).toBeUndefined();
    const imported = await platform.invoke('importProgramme', { sub: ALPINE, body: file.body });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({
      task_count: 17,
      min_total_minutes: 900,
      currency_id: 'EUR',
      head_of_training_id: null,
    });
    expect(imported.body.tasks.map((t: any) => t.task_name)).toEqual(
      file.body.tasks.map((t: any) => t.task_name),
    );
  });

  it('checks an imported file and keeps nothing of a bad one', async () => {
    const file = await platform.invoke('exportProgramme', {
      sub: ADMIN,
      params: { id: DEMO_TRAINING.winch },
    });
    const before = await platform.invoke('listProgrammes', { sub: ALPINE, query: {} });
    const bad = await platform.invoke('importProgramme', {
      sub: ALPINE,
      body: { ...file.body, tasks: [{ ...file.body.tasks[0], min_flights: -1 }] },
    });
    expect([bad.status, bad.body.errors]).toEqual([422, { 'tasks.0.min_flights': ['too_small'] }]);
    const wrongFormat = await platform.invoke('importProgramme', {
      sub: ALPINE,
      body: { ...file.body, format: 'other' },
    });
    expect(wrongFormat.status).toBe(422);
    const after = await platform.invoke('listProgrammes', { sub: ALPINE, query: {} });
    expect(after.body.items.length).toBe(before.body.items.length);
  });

  it('keeps a programme and a task that trainings refer to', async () => {
    const programme = await platform.invoke('getProgramme', {
      sub: ADMIN,
      params: { id: DEMO_TRAINING.spl },
    });
    const removed = await platform.invoke('deleteProgramme', {
      sub: ADMIN,
      params: { id: DEMO_TRAINING.spl },
      query: { version: String(programme.body.version) },
    });
    expect([removed.status, removed.body.code]).toEqual([409, 'training_in_use']);
    const task = programme.body.tasks.find((t: any) => t.task_id === seededTaskId(DEMO_TRAINING.spl, 'ex4'));
    const taskGone = await platform.invoke('deleteTask', {
      sub: ADMIN,
      params: { id: DEMO_TRAINING.spl, task_id: task.task_id },
      query: { version: String(task.version) },
    });
    expect([taskGone.status, taskGone.body.code]).toEqual([409, 'training_in_use']);
  });

  it('asks a launch-method programme for its method', async () => {
    const created = await platform.invoke('createProgramme', {
      sub: ADMIN,
      body: { training_name: 'Csörlős továbbképzés', kind: 'launch_method' },
    });
    expect([created.status, created.body.errors]).toEqual([422, { launch_method: ['field_required'] }]);
  });
});

describe('a finished training in a declared programme', () => {
  it('stays read-only: no links, no reopening, not even by an admin', async () => {
    const finished = await platform.invoke('finishEnrolment', {
      sub: INSTRUCTOR,
      params: { id: DEMO_TRAINING.balogh },
      body: { result: 'unsuccessful', comment: 'Abbahagyta, elköltözött.', version: 3 },
    });
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect(finished.body).toMatchObject({ status: 'unsuccessful', read_only: true, can_reopen: false });
    expect(finished.body.verification.ok).toBe(true);
    expect(finished.body.checks.at(-1)).toMatchObject({ task_id: null, result: 'unsuccessful' });

    const close = await platform.invoke('closeTask', {
      sub: INSTRUCTOR,
      params: { id: DEMO_TRAINING.balogh, task_id: seededTaskId(DEMO_TRAINING.spl, 'ex3') },
      body: { version: 0 },
    });
    expect([close.status, close.body.code]).toEqual([409, 'not_editable']);
    const reopen = await platform.invoke('reopenEnrolment', {
      sub: ADMIN,
      params: { id: DEMO_TRAINING.balogh },
      body: { version: finished.body.version },
    });
    expect([reopen.status, reopen.body.code]).toEqual([409, 'not_editable']);

    const students = await platform.invoke('listDtoStudents', {
      sub: ADMIN,
      query: { status: 'unsuccessful' },
    });
    expect(students.body.items).toEqual([
      expect.objectContaining({ student_name: 'Balogh Réka', read_only: true }),
    ]);
  });

  it('refuses a successful finish before every task is done', async () => {
    const training = await platform.invoke('getEnrolment', {
      sub: INSTRUCTOR,
      params: { id: DEMO_TRAINING.kiss },
    });
    const early = await platform.invoke('finishEnrolment', {
      sub: INSTRUCTOR,
      params: { id: DEMO_TRAINING.kiss },
      body: { result: 'successful', version: training.body.version },
    });
    expect([early.status, early.body.code]).toEqual([409, 'tasks_not_finished']);
  });
});
