import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRAINING, demoQuestions } from '../../bin/local/seed-training.ts';
import { LANGS } from '../../contracts/langs.ts';
import { SPL_SUBJECTS } from '../../contracts/schemas/training-enums.ts';
import { auditPackPdf } from '../../frontend/src/features/dto/audit-pack-pdf.ts';
import common from '../../frontend/src/locales/hu/common.json' with { type: 'json' };
import nav from '../../frontend/src/locales/hu/nav.json' with { type: 'json' };
import training from '../../frontend/src/locales/hu/training.json' with { type: 'json' };
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * The demo's training data as the screens read it (issue 16 §10): two students at different
 * stages on the planning board, the signed chain of the first one verifying against his logbook,
 * the DTO's lists, the IPP share seen from the second club, the question bank, the quiz waiting
 * for the student and his exam clock.
 */
const ADMIN = subOf('admin@demo.windsock.aero');
const INSTRUCTOR = subOf('instructor@demo.windsock.aero');
const STUDENT = subOf('student@demo.windsock.aero');
const ALPINE = subOf('admin@alpine.windsock.aero');

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

describe('the training demo', () => {
  it('shows two students at different stages, one of them stuck', async () => {
    const board = await platform.invoke('listEnrolments', { sub: ADMIN, query: { status: 'open' } });
    expect(board.status).toBe(200);
    const kiss = board.body.items.find((i: any) => i.enrolment_id === DEMO_TRAINING.kiss);
    const balogh = board.body.items.find((i: any) => i.enrolment_id === DEMO_TRAINING.balogh);
    expect(kiss).toMatchObject({ student_name: 'Kiss Bence', tasks_total: 17, tasks_done: 11, stuck: false });
    expect(kiss.next_task_name).toContain('12.');
    expect(balogh).toMatchObject({ student_name: 'Balogh Réka', tasks_done: 2, stuck: true });
  });

  it('links the season’s flights, with a signed chain that verifies against the logbook', async () => {
    const training = await platform.invoke('getEnrolment', {
      sub: INSTRUCTOR,
      params: { id: DEMO_TRAINING.kiss },
    });
    expect(training.status).toBe(200);
    expect(training.body.verification).toMatchObject({ ok: true, checks: 11, problems: [] });
    const ex12 = training.body.tasks.find((t: any) => t.task.task_name.startsWith('12.'));
    expect(ex12.progress).toMatchObject({ flights: 9, met: false, missing: { flights: 1 } });
    expect(training.body.totals.launches).toBe(34);
    expect(training.body.can_sign).toBe(true);
  });

  it('declares the SPL and the winch training to the DTO, with the instructor’s FI(S)', async () => {
    const declaration = await platform.invoke('getDtoDeclaration', { sub: ADMIN });
    expect(declaration.body.programmes.map((p: any) => p.programme_id).sort()).toEqual(
      [DEMO_TRAINING.spl, DEMO_TRAINING.winch].sort(),
    );
    const instructors = await platform.invoke('listDtoInstructors', { sub: ADMIN });
    expect(instructors.body.items).toContainEqual(
      expect.objectContaining({
        name: 'Nagy László',
        head_of_training: true,
        fis: expect.objectContaining({ state: 'valid' }),
      }),
    );
    const students = await platform.invoke('listDtoStudents', { sub: ADMIN, query: {} });
    expect(students.body.items.map((s: any) => s.student_name).sort()).toEqual(['Balogh Réka', 'Kiss Bence']);
    const pack = await platform.invoke('getDtoAuditPack', { sub: ADMIN, params: { id: DEMO_TRAINING.kiss } });
    expect(pack.status).toBe(200);
    expect(pack.body).toMatchObject({ flight_count: 34, verification: { ok: true } });
    expect(pack.body.organization.dto_reference).toBe('HU.DTO.0017');
  });

  it('exports the audit pack as a PDF a reader finds the student, programme, flights and signatures in', async () => {
    const pack = await platform.invoke('getDtoAuditPack', { sub: ADMIN, params: { id: DEMO_TRAINING.kiss } });
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'hu',
      ns: ['training', 'nav', 'common'],
      defaultNS: 'training',
      resources: { hu: { training, nav, common } },
      interpolation: { escapeValue: false },
    });
    const font = (name: string) =>
      readFileSync(new URL(`../../node_modules/dejavu-fonts-ttf/ttf/${name}.ttf`, import.meta.url));
    const bytes = await auditPackPdf(
      { regular: font('DejaVuSansCondensed'), bold: font('DejaVuSansCondensed-Bold') },
      {
        pack: pack.body,
        t: (key, options) => String(i18n.t(key as never, options as never)),
        lang: 'hu',
        timeZone: 'Europe/Budapest',
        created: new Date(),
      },
    );
    const dir = mkdtempSync(join(tmpdir(), 'windsock-audit-pack-'));
    try {
      writeFileSync(join(dir, 'pack.pdf'), bytes);
      const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', join(dir, 'pack.pdf'), '-'], {
        encoding: 'utf8',
      });
      const flat = text.replace(/\s+/g, ' ');
      // The organization and the student, the programme and its minimums against what was flown.
      expect(flat).toContain('HU.DTO.0017');
      expect(flat).toContain('Kiss Bence képzési nyilvántartása');
      expect(flat).toContain(pack.body.programme.training_name);
      expect(flat).toContain(training.audit.minimums);
      // Every linked flight: the count in the heading, each line's date and registration.
      expect(flat).toContain(`Kapcsolt repülések (${pack.body.flight_count})`);
      const flights = pack.body.tasks.flatMap((x: any) => x.flights);
      expect(flights).toHaveLength(34);
      for (const f of flights.slice(0, 5)) expect(flat).toContain(f.date.replaceAll('-', '.'));
      expect(flat).toContain(flights[0].reg_num);
      // The signed checks, who signed them, and that the chain verifies.
      expect(flat).toContain('Nagy László');
      expect(flat).toContain(pack.body.checks[0].hash.slice(0, 16));
      expect(flat).toContain('Az aláírási lánc ellenőrizve: 11 aláírt ellenőrzés, változatlan.');
      // The instructors' FI(S) validity with its date.
      const fis = pack.body.instructors.find((i: any) => i.name === 'Nagy László').fis;
      expect(flat).toContain(training.validity[fis.state as keyof typeof training.validity]);
      expect(flat).toContain(fis.valid_until.replaceAll('-', '.'));
      // Hungarian letters intact, no key left untranslated.
      expect(flat).toContain('Növendék');
      expect(flat).not.toMatch(/\b(audit|field|view|status|measure|dto|validity)\.[a-z_]+/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shares the two-seater, the instructor and the winch training with the second club', async () => {
    const organizations = await platform.invoke('listIppOrganizations', { sub: ALPINE, query: {} });
    expect(organizations.body.items).toEqual([
      expect.objectContaining({
        share_id: DEMO_TRAINING.share,
        organization_name: 'Szélzsák Repülő Egyesület',
        planes: 1,
      }),
    ]);
    const planes = await platform.invoke('listIppPlanes', { sub: ALPINE, query: {} });
    expect(planes.body.items.map((p: any) => p.reg_num)).toEqual(['HA-4012']);
    const students = await platform.invoke('listIppStudents', { sub: ALPINE, query: {} });
    expect(students.body.items).toEqual([]);
  });

  it('has a question bank of the nine subjects in all eight languages', async () => {
    const bank = demoQuestions();
    expect(bank.length).toBeGreaterThanOrEqual(60);
    for (const subject of SPL_SUBJECTS)
      expect(bank.filter((q) => q.category === subject).length).toBeGreaterThanOrEqual(6);
    for (const q of bank) expect(Object.keys(q.texts).sort()).toEqual([...LANGS].sort());
    const categories = await platform.invoke('getQuestionCategories', { sub: ADMIN });
    expect(categories.body.subject_questions).toMatchObject({ air_law: 7, navigation: 7 });
  });

  it('has a quiz waiting for the student, and his exam clock running', async () => {
    const mine = await platform.invoke('listMyQuizzes', { sub: STUDENT, query: { state: 'open' } });
    expect(mine.body.items.map((i: any) => i.user_quiz_id)).toContain(DEMO_TRAINING.userQuizReview);
    const clocks = await platform.invoke('getOwnExamClocks', { sub: STUDENT });
    const spl = clocks.body.items.find((c: any) => c.licence === 'SPL');
    expect(spl).toMatchObject({ state: 'in_progress', sittings_used: 1 });
    expect(spl.subjects.find((s: any) => s.subject === 'air_law').passed_on).not.toBeNull();
  });
});
