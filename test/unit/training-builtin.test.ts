import { describe, expect, it } from 'vitest';
import { LANGS } from '../../contracts/langs.ts';
import { createTaskInput, PROGRAMME_FILE_FORMAT, programmeFile } from '../../contracts/schemas/training.ts';
import { BUILTIN_PROGRAMMES } from '../../contracts/schemas/training-enums.ts';
import { taskTitle } from '../../frontend/src/features/training/training-ui.tsx';
import { BUILTIN } from '../../functions/training/builtin/programmes.ts';
import { BUILTIN_TEXTS } from '../../functions/training/builtin/texts.ts';
import { builtinProgrammeIn } from '../../functions/training/programme-service.ts';

/**
 * The built-in programmes (issue 16 §1): every programme and task has its words in all eight
 * languages (translated, not copied), and the structure carries the regulation's minimums.
 */
describe('built-in programmes', () => {
  it('carry SFCL.130(a)’s SPL minimums and AMC2 SFCL.130’s 17 exercises in order', () => {
    const spl = BUILTIN.spl;
    expect(spl).toMatchObject({
      min_total_minutes: 900,
      min_dual_minutes: 600,
      min_solo_minutes: 120,
      min_launches: 45,
    });
    expect(spl.tasks.map((t) => t.key)).toEqual(Array.from({ length: 17 }, (_, i) => `ex${i + 1}`));
    expect(spl.tasks.find((t) => t.key === 'ex13')).toMatchObject({ flight_role: 'solo' });
  });

  it.each([
    ['launch_winch', 'winch', 10, 5],
    ['launch_car', 'car_lift', 10, 5],
    ['launch_aerotow', 'tow', 5, 5],
    ['launch_self', 'self_launch', 5, 5],
  ] as const)('%s: %s, %i dual and %i supervised solo launches (SFCL.155(a))', (key, method, dual, solo) => {
    const launches = BUILTIN[key].tasks.find((t) => t.grants_launch_privilege);
    expect(launches).toMatchObject({
      grants_launch_privilege: method,
      min_dual_launches: dual,
      min_solo_launches: solo,
    });
  });

  it('bungee: 3 launches, dual or solo (SFCL.155(a)(3))', () => {
    expect(BUILTIN.launch_bungee.tasks.find((t) => t.grants_launch_privilege)).toMatchObject({
      min_flights: 3,
      flight_role: 'any',
    });
  });

  it.each(LANGS)('%s has the words of every programme, task and exercise', (lang) => {
    for (const key of BUILTIN_PROGRAMMES) {
      const texts = BUILTIN_TEXTS[lang][key];
      expect(texts.training_name, `${lang} ${key}`).toBeTruthy();
      for (const task of BUILTIN[key].tasks) {
        const words = texts.tasks[task.key];
        expect(words, `${lang} ${key}.${task.key}`).toBeDefined();
        expect(Object.keys(words!.exercises).sort()).toEqual([...task.exercises].sort());
      }
      expect(Object.keys(texts.tasks).sort()).toEqual(BUILTIN[key].tasks.map((t) => t.key).sort());
    }
  });

  it.each(LANGS.filter((l) => l !== 'en'))('%s is translated, not copied from English', (lang) => {
    for (const key of BUILTIN_PROGRAMMES) {
      expect(BUILTIN_TEXTS[lang][key].training_name).not.toBe(BUILTIN_TEXTS.en[key].training_name);
      for (const task of BUILTIN[key].tasks)
        expect(BUILTIN_TEXTS[lang][key].tasks[task.key]!.description, `${lang} ${key}.${task.key}`).not.toBe(
          BUILTIN_TEXTS.en[key].tasks[task.key]!.description,
        );
    }
  });

  it.each(BUILTIN_PROGRAMMES)(
    '%s is a valid programme file in every language (what import accepts)',
    (key) => {
      for (const lang of LANGS) {
        const { programme, tasks } = builtinProgrammeIn(key, lang);
        for (const task of tasks) expect(createTaskInput.safeParse(task).success).toBe(true);
        const file = { format: PROGRAMME_FILE_FORMAT, format_version: 1, programme, tasks };
        const parsed = programmeFile.safeParse(file);
        expect(parsed.success, `${key} ${lang}: ${JSON.stringify(parsed.error?.issues?.slice(0, 2))}`).toBe(
          true,
        );
      }
    },
  );

  it('show their exercise number once in a task header, in every language', () => {
    for (const lang of LANGS) {
      const { tasks } = builtinProgrammeIn('spl', lang);
      tasks.forEach((task, index) => {
        const title = taskTitle({ position: index + 1, task_name: task.task_name });
        expect(title).toBe(task.task_name);
        expect(title).toContain(String(index + 1));
      });
    }
    expect(taskTitle({ position: 3, task_name: 'Szélcsatorna-eligazítás' })).toBe(
      '3. Szélcsatorna-eligazítás',
    );
  });
});
