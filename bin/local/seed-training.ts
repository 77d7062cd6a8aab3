import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays } from '../../contracts/calendar.ts';
import type { Grade } from '../../contracts/schemas/training-enums.ts';
import { db } from '../../functions/platform/db/service.ts';
import { BUILTIN } from '../../functions/training/builtin/programmes.ts';
import { type CheckContent, type SignedFlight, signCheck } from '../../functions/training/checks.ts';
import { builtinProgrammeIn } from '../../functions/training/programme-service.ts';

/**
 * The training area's demo data (issue 16 §10), written after the flights' season so it links the
 * student's real logbook lines:
 * - the SPL programme (AMC2 SFCL.130) and the winch and aerotow launch trainings, adopted in
 *   Hungarian, the instructor their head of training;
 * - Kiss Bence half-way through the SPL: his season's dual winch circuits linked to exercises 4–12
 *   and graded, exercises 1–11 signed by Nagy László in one hash chain (exercise 12 waits for its
 *   tenth circuit — today's, in the e2e test); Balogh Réka stuck after the two first briefings;
 * - the demo club's DTO declaration (SPL and winch) with the instructor's FI(S) from pilot data;
 * - an IPP share of the ASK 21 (HA-4012), the instructor and the winch training with the Alpine
 *   Soaring Club, active from a month ago;
 * - the question bank of bin/local/seed-data/questions.json (63 questions, seven per SPL subject,
 *   all eight languages) and two of the club's own; quizzes, one assigned to the student, and his
 *   earlier exam papers for the FCL.025 clocks.
 */
const ORG = 'org-demo';
const DAY = 24 * 3600 * 1000;

export const DEMO_TRAINING = {
  spl: 'training-spl',
  winch: 'training-winch',
  aerotow: 'training-aerotow',
  kiss: 'enrolment-kiss-spl',
  balogh: 'enrolment-balogh-spl',
  share: 'ipp-share-alpine',
  quizShort: 'quiz-spl-review',
  quizMixed: 'quiz-spl-mixed',
  examMet: 'quiz-exam-meteorology',
  userQuizReview: 'uq-kiss-review',
  userQuizExam: 'uq-kiss-meteorology',
  question: 'q-air-law-1',
} as const;

/** The task id of a built-in task in a seeded programme: `training-spl-ex4`. */
export const seededTaskId = (programmeId: string, taskKey: string) => `${programmeId}-${taskKey}`;

interface BankQuestion {
  question_id: string;
  category: string;
  difficulty: 'easy' | 'medium' | 'hard';
  correct_answer: 'a' | 'b' | 'c' | 'd' | 'e';
  texts: Record<string, { question: string; a: string; b: string; c?: string; d?: string; e?: string }>;
}

/** The demo question bank (all eight languages), as the e2e test reads it too. */
export const demoQuestions = (): BankQuestion[] =>
  (
    JSON.parse(readFileSync(join(import.meta.dirname, 'seed-data', 'questions.json'), 'utf8')) as {
      questions: BankQuestion[];
    }
  ).questions;

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

async function seedProgrammes(now: number) {
  const { entities } = db();
  const fees = { spl: 45_000_000, launch_winch: 6_000_000, launch_aerotow: 8_000_000 } as const;
  const ids = {
    spl: DEMO_TRAINING.spl,
    launch_winch: DEMO_TRAINING.winch,
    launch_aerotow: DEMO_TRAINING.aerotow,
  };
  for (const key of ['spl', 'launch_winch', 'launch_aerotow'] as const) {
    const { programme, tasks } = builtinProgrammeIn(key, 'hu');
    const programmeId = ids[key];
    const taskIds = BUILTIN[key].tasks.map((t) => seededTaskId(programmeId, t.key));
    await entities.trainingProgramme
      .put({
        organization_id: ORG,
        programme_id: programmeId,
        training_name: programme.training_name,
        kind: programme.kind,
        ...(programme.launch_method ? { launch_method: programme.launch_method } : {}),
        description: programme.description ?? undefined,
        head_of_training_id: 'user-instructor',
        theoretical_time: key === 'spl' ? 1800 : (programme.theoretical_time ?? 0),
        training_fee: fees[key],
        currency_id: 'HUF',
        training_student_edit_on: key === 'spl',
        min_total_minutes: programme.min_total_minutes ?? 0,
        min_dual_minutes: programme.min_dual_minutes ?? 0,
        min_solo_minutes: programme.min_solo_minutes ?? 0,
        min_launches: programme.min_launches ?? 0,
        builtin_key: key,
        task_order: taskIds,
        enrolments: key === 'spl' ? 2 : 0,
        version: 1,
        created_at: new Date(now - 400 * DAY).toISOString(),
      })
      .go();
    await entities.trainingTask
      .put(
        tasks.map((t, index) => ({
          organization_id: ORG,
          programme_id: programmeId,
          task_id: taskIds[index]!,
          task_name: t.task_name,
          description: t.description ?? undefined,
          acceptance_criteria: t.acceptance_criteria ?? undefined,
          briefing_only: t.briefing_only ?? false,
          launch_methods: t.launch_methods ?? [],
          flight_role: t.flight_role ?? 'any',
          min_flights: t.min_flights ?? 0,
          min_dual_minutes: t.min_dual_minutes ?? 0,
          min_solo_minutes: t.min_solo_minutes ?? 0,
          min_dual_launches: t.min_dual_launches ?? 0,
          min_solo_launches: t.min_solo_launches ?? 0,
          exercises: t.exercises ?? [],
          ...(t.grants_launch_privilege ? { grants_launch_privilege: t.grants_launch_privilege } : {}),
          version: 1,
        })),
      )
      .go({ concurrency: 4 });
  }
}

/** How many of the student's season circuits each exercise gets (exercise 12 one short of its 10). */
const KISS_PLAN: [string, number][] = [
  ['ex4', 1],
  ['ex5', 2],
  ['ex6', 2],
  ['ex7', 2],
  ['ex8', 3],
  ['ex9', 3],
  ['ex10', 2],
  ['ex11', 10],
  ['ex12', 9],
];

type Line = Awaited<ReturnType<typeof studentLines>>[number];

async function studentLines() {
  const { data } = await db()
    .entities.logbookEntry.query.byKind({ user_id: 'user-student', kind: 'glider' })
    .go({ pages: 'all' });
  return data
    .filter(
      (e) => e.source === 'club' && e.organization_id === ORG && e.role === 'dual' && e.takeoff_type_id === 3,
    )
    .sort((a, b) => a.takeoff_time.localeCompare(b.takeoff_time));
}

const gradeFor = (index: number, of: number): Grade =>
  index === 0 && of > 1 ? 'needs_practice' : index === of - 1 && of > 2 ? 'excellent' : 'satisfactory';

/** A training's signed checks, one chain, as signTaskCheck builds them. */
function checksOf(
  enrolmentId: string,
  userId: string,
  items: { taskKey: string; at: string; flights: SignedFlight[] }[],
) {
  const programme = BUILTIN.spl;
  const words = builtinProgrammeIn('spl', 'hu').tasks;
  let chain = { seq: 0, head: '' };
  return items.map(({ taskKey, at, flights }) => {
    const index = programme.tasks.findIndex((t) => t.key === taskKey);
    const task = programme.tasks[index]!;
    const content: CheckContent = {
      enrolment_id: enrolmentId,
      user_id: userId,
      programme_id: DEMO_TRAINING.spl,
      task_id: seededTaskId(DEMO_TRAINING.spl, taskKey),
      task_name: words[index]!.task_name,
      result: 'successful',
      comment: null,
      minimums: {
        min_flights: task.min_flights ?? 0,
        min_dual_minutes: task.min_dual_minutes ?? 0,
        min_solo_minutes: task.min_solo_minutes ?? 0,
        min_dual_launches: task.min_dual_launches ?? 0,
        min_solo_launches: task.min_solo_launches ?? 0,
      },
      flights,
    };
    const { text, signature } = signCheck(
      content,
      chain,
      { signer_id: 'user-instructor', signer_name: 'Nagy László' },
      at,
    );
    chain = { seq: signature.seq, head: signature.hash };
    return {
      organization_id: ORG,
      enrolment_id: enrolmentId,
      seq: signature.seq,
      task_id: content.task_id ?? '',
      task_name: content.task_name ?? undefined,
      result: 'successful' as const,
      content: text,
      signer_id: signature.signer_id,
      signer_name: signature.signer_name,
      signed_at: signature.signed_at,
      prev_hash: signature.prev_hash,
      hash: signature.hash,
      flight_count: flights.length,
    };
  });
}

async function seedEnrolments(now: number) {
  const { entities } = db();
  // His latest circuits of the season, oldest first: the training is on the go, not stuck.
  const linked = KISS_PLAN.reduce((sum, [, count]) => sum + count, 0);
  const lines = (await studentLines()).slice(-linked);
  const start = lines[0] ? addDays(lines[0].date, -7) : isoDay(now - 200 * DAY);
  const exercises = new Map(
    builtinProgrammeIn('spl', 'hu').tasks.map((t, i) => [BUILTIN.spl.tasks[i]!.key, t.exercises ?? []]),
  );

  // Kiss Bence: the season's circuits, in order, to exercises 4–12.
  const links: {
    entry_id: string;
    task_id: string;
    date: string;
    plane_id?: string;
    reg_num: string;
    grades: { exercise_id: string; grade: Grade }[];
  }[] = [];
  const signedFlights = new Map<string, SignedFlight[]>();
  const lastDate = new Map<string, Line>();
  let cursor = 0;
  for (const [taskKey, count] of KISS_PLAN) {
    const taken = lines.slice(cursor, cursor + count);
    cursor += count;
    const taskExercises = exercises.get(taskKey) ?? [];
    const signed: SignedFlight[] = [];
    taken.forEach((line, index) => {
      const grades = taskExercises.map((x) => ({
        exercise_id: x.exercise_id,
        grade: gradeFor(index, count),
      }));
      links.push({
        entry_id: line.entry_id,
        task_id: seededTaskId(DEMO_TRAINING.spl, taskKey),
        date: line.date,
        ...(line.plane_id ? { plane_id: line.plane_id } : {}),
        reg_num: line.reg_num,
        grades,
      });
      signed.push({
        entry_id: line.entry_id,
        date: line.date,
        reg_num: line.reg_num,
        takeoff_type_id: line.takeoff_type_id,
        role: line.role,
        flight_minutes: line.flight_minutes,
        launches: line.launches,
        grades,
      });
    });
    signedFlights.set(taskKey, signed);
    if (taken.length > 0) lastDate.set(taskKey, taken.at(-1)!);
  }
  const afterLanding = (line: Line | undefined, fallback: string) =>
    line
      ? new Date(Date.parse(line.landing_time ?? line.takeoff_time) + 30 * 60_000).toISOString()
      : fallback;
  const briefingAt = (days: number) => `${addDays(start, days)}T16:00:00.000Z`;
  const kissChecks = checksOf(DEMO_TRAINING.kiss, 'user-student', [
    { taskKey: 'ex1', at: briefingAt(0), flights: [] },
    { taskKey: 'ex2', at: briefingAt(1), flights: [] },
    { taskKey: 'ex3', at: briefingAt(2), flights: [] },
    ...['ex4', 'ex5', 'ex6', 'ex7', 'ex8', 'ex9', 'ex10', 'ex11'].map((taskKey) => ({
      taskKey,
      at: afterLanding(lastDate.get(taskKey), briefingAt(3)),
      flights: signedFlights.get(taskKey) ?? [],
    })),
  ]);
  const kissLast = kissChecks.at(-1)!;
  const lastLinked =
    links
      .map((l) => l.date)
      .sort()
      .at(-1) ?? start;

  // Balogh Réka: the first two briefings, two months ago, nothing since.
  const baloghStart = isoDay(now - 70 * DAY);
  const baloghChecks = checksOf(DEMO_TRAINING.balogh, 'user-balogh', [
    { taskKey: 'ex1', at: `${addDays(baloghStart, 2)}T15:00:00.000Z`, flights: [] },
    { taskKey: 'ex2', at: `${addDays(baloghStart, 3)}T15:00:00.000Z`, flights: [] },
  ]);
  const baloghLast = baloghChecks.at(-1)!;

  const enrolment = (fields: {
    enrolment_id: string;
    user_id: string;
    start: string;
    seq: number;
    head: string;
    done: number;
    last: string;
  }) => ({
    organization_id: ORG,
    enrolment_id: fields.enrolment_id,
    user_id: fields.user_id,
    programme_id: DEMO_TRAINING.spl,
    instructor_ids: ['user-instructor'],
    training_start_date: fields.start,
    status: 'open' as const,
    training_fee: 45_000_000,
    currency_id: 'HUF',
    chain_seq: fields.seq,
    chain_head: fields.head,
    tasks_done: fields.done,
    last_activity_date: fields.last,
    version: fields.seq + 1,
    created_at: `${fields.start}T08:00:00.000Z`,
  });
  await entities.trainingEnrolment
    .put([
      enrolment({
        enrolment_id: DEMO_TRAINING.kiss,
        user_id: 'user-student',
        start,
        seq: kissLast.seq,
        head: kissLast.hash,
        done: kissChecks.length,
        last: lastLinked > kissLast.signed_at.slice(0, 10) ? lastLinked : kissLast.signed_at.slice(0, 10),
      }),
      enrolment({
        enrolment_id: DEMO_TRAINING.balogh,
        user_id: 'user-balogh',
        start: baloghStart,
        seq: baloghLast.seq,
        head: baloghLast.hash,
        done: baloghChecks.length,
        last: baloghLast.signed_at.slice(0, 10),
      }),
    ])
    .go();
  const batch = { concurrency: 4 };
  await entities.trainingCheck.put([...kissChecks, ...baloghChecks]).go(batch);
  await entities.trainingFlight
    .put(
      links.map((l) => ({
        organization_id: ORG,
        enrolment_id: DEMO_TRAINING.kiss,
        ...l,
        linked_by: 'user-instructor',
        version: 1,
      })),
    )
    .go(batch);
  const record = (enrolmentId: string, check: { task_id: string; signed_at: string }) => ({
    organization_id: ORG,
    enrolment_id: enrolmentId,
    task_id: check.task_id,
    status: 'successful' as const,
    version: 1,
    created_at: check.signed_at,
  });
  await entities.trainingTaskRecord
    .put([
      ...kissChecks.map((c) => record(DEMO_TRAINING.kiss, c)),
      ...baloghChecks.map((c) => record(DEMO_TRAINING.balogh, c)),
      {
        ...record(DEMO_TRAINING.kiss, {
          task_id: seededTaskId(DEMO_TRAINING.spl, 'ex12'),
          signed_at: new Date(now).toISOString(),
        }),
        status: 'open' as const,
        student_notes: 'Az oldalszeles leszállásnál még korán húzom a féklapot.',
        self_assessment: 'getting_there' as const,
      },
    ])
    .go(batch);
}

async function seedDtoAndIpp(now: number) {
  const { entities } = db();
  await entities.dtoDeclaration
    .put({
      organization_id: ORG,
      dto_reference: 'HU.DTO.0017',
      competent_authority: 'Légügyi Hatóság (HU CAA)',
      declared_on: '2024-03-01',
      head_of_training_id: 'user-instructor',
      programme_ids: [DEMO_TRAINING.spl, DEMO_TRAINING.winch],
      version: 1,
    })
    .go();
  await entities.ippShare
    .put({
      organization_id: ORG,
      share_id: DEMO_TRAINING.share,
      partner_organization_id: 'org-alpine',
      start_date: isoDay(now - 30 * DAY),
      end_date: isoDay(now + 150 * DAY),
      instructor_ids: ['user-instructor'],
      student_ids: [],
      plane_ids: ['plane-ha-4012'],
      programme_ids: [DEMO_TRAINING.winch],
      note: 'Közös csörlős oktatás az ASK 21-gyel a nyári táborban.',
      created_by: 'user-admin',
      version: 1,
    })
    .go();
}

const OWN_CATEGORY = 'cat-lhdk';

async function seedQuestionsAndQuizzes(now: number) {
  const { entities } = db();
  const batch = { concurrency: 4 };
  const bank = demoQuestions();
  await entities.question
    .put(
      bank.map((q) => ({
        organization_id: ORG,
        question_id: q.question_id,
        texts: q.texts,
        correct_answer: q.correct_answer,
        category: q.category,
        difficulty: q.difficulty,
        source: 'builtin' as const,
        version: 1,
      })),
    )
    .go(batch);
  await entities.questionCategories
    .put({
      organization_id: ORG,
      own: [{ category_id: OWN_CATEGORY, name: 'LHDK helyi szabályok' }],
      version: 1,
    })
    .go();
  await entities.question
    .put([
      {
        organization_id: ORG,
        question_id: 'q-lhdk-1',
        texts: {
          hu: {
            question: 'Merre fordul az iskolakör Dunakeszin a 12-es pályairánynál?',
            a: 'Balra',
            b: 'Jobbra',
            c: 'A toronytól kapott utasítás szerint',
          },
          en: {
            question: 'Which way is the circuit at Dunakeszi for runway 12?',
            a: 'Left-hand',
            b: 'Right-hand',
            c: 'As the tower instructs',
          },
        },
        correct_answer: 'a',
        category: OWN_CATEGORY,
        difficulty: 'easy',
        source: 'own',
        created_by: 'user-instructor',
        version: 1,
      },
      {
        organization_id: ORG,
        question_id: 'q-lhdk-2',
        texts: {
          hu: {
            question: 'Kinek kell jelentenie csörlős indítás előtt, hogy a kötél a gépen van?',
            a: 'A csörlősnek',
            b: 'A startvezetőnek, aki jelez a csörlőnek',
            c: 'A toronynak',
          },
          en: {
            question: 'Who must be told before a winch launch that the cable is attached?',
            a: 'The winch driver',
            b: 'The launch marshal, who signals to the winch',
            c: 'The tower',
          },
        },
        correct_answer: 'b',
        category: OWN_CATEGORY,
        difficulty: 'easy',
        source: 'own',
        created_by: 'user-instructor',
        version: 1,
      },
    ])
    .go();

  const quiz = (fields: {
    quiz_id: string;
    quiz_name: string;
    question_count: number;
    draws: { category: string; count: number }[];
    exam?: boolean;
    minutes: number;
    assigned: number;
  }) => ({
    organization_id: ORG,
    quiz_id: fields.quiz_id,
    quiz_name: fields.quiz_name,
    question_count: fields.question_count,
    pass_marks_percent: 75,
    category_draws: fields.draws,
    just_self_questions: false,
    is_proficiency_exam: fields.exam ?? false,
    ...(fields.exam ? { exam_licence: 'SPL' as const } : {}),
    time_limit_minutes: fields.minutes,
    assigned: fields.assigned,
    version: 1,
  });
  const subjects = [...new Set(bank.map((q) => q.category))];
  await entities.quiz
    .put([
      quiz({
        quiz_id: DEMO_TRAINING.quizShort,
        quiz_name: 'SPL ismétlő teszt',
        question_count: subjects.length,
        draws: subjects.map((category) => ({ category, count: 1 })),
        minutes: 15,
        assigned: 1,
      }),
      quiz({
        quiz_id: DEMO_TRAINING.quizMixed,
        quiz_name: 'SPL elméleti gyakorló teszt',
        question_count: 18,
        draws: subjects.map((category) => ({ category, count: 2 })),
        minutes: 30,
        assigned: 0,
      }),
      quiz({
        quiz_id: DEMO_TRAINING.examMet,
        quiz_name: 'Meteorológia – vizsga (SPL)',
        question_count: 7,
        draws: [{ category: 'meteorology', count: 7 }],
        exam: true,
        minutes: 20,
        assigned: 1,
      }),
      quiz({
        quiz_id: 'quiz-exam-air-law',
        quiz_name: 'Légijog – vizsga (SPL)',
        question_count: 7,
        draws: [{ category: 'air_law', count: 7 }],
        exam: true,
        minutes: 20,
        assigned: 1,
      }),
    ])
    .go();

  const assignedAt = new Date(now - 3 * DAY).toISOString();
  const userQuiz = (fields: {
    user_quiz_id: string;
    quiz_id: string;
    quiz_name: string;
    question_count: number;
    minutes: number;
    exam_subject?: string;
  }) => ({
    organization_id: ORG,
    user_quiz_id: fields.user_quiz_id,
    user_id: 'user-student',
    quiz_id: fields.quiz_id,
    mode: 'assigned' as const,
    quiz_name: fields.quiz_name,
    question_count: fields.question_count,
    pass_marks_percent: 75,
    time_limit_minutes: fields.minutes,
    is_proficiency_exam: Boolean(fields.exam_subject),
    ...(fields.exam_subject ? { exam_licence: 'SPL' as const, exam_subject: fields.exam_subject } : {}),
    state: 'assigned' as const,
    due_date: isoDay(now + 14 * DAY),
    assigned_by: 'user-instructor',
    assigned_at: assignedAt,
    answered: 0,
    version: 1,
  });

  // His air law paper six weeks ago: 6 of 7, passed — the first sitting of his SPL clock.
  const paperAt = now - 42 * DAY;
  const airLaw = bank.filter((q) => q.category === 'air_law');
  const wrongOne = airLaw[2]!;
  const wrongLetter = (['a', 'b', 'c', 'd'] as const).find((l) => l !== wrongOne.correct_answer)!;
  await entities.userQuiz
    .put([
      userQuiz({
        user_quiz_id: DEMO_TRAINING.userQuizReview,
        quiz_id: DEMO_TRAINING.quizShort,
        quiz_name: 'SPL ismétlő teszt',
        question_count: subjects.length,
        minutes: 15,
      }),
      userQuiz({
        user_quiz_id: DEMO_TRAINING.userQuizExam,
        quiz_id: DEMO_TRAINING.examMet,
        quiz_name: 'Meteorológia – vizsga (SPL)',
        question_count: 7,
        minutes: 20,
        exam_subject: 'meteorology',
      }),
      {
        ...userQuiz({
          user_quiz_id: 'uq-kiss-air-law',
          quiz_id: 'quiz-exam-air-law',
          quiz_name: 'Légijog – vizsga (SPL)',
          question_count: 7,
          minutes: 20,
          exam_subject: 'air_law',
        }),
        assigned_at: new Date(paperAt - 7 * DAY).toISOString(),
        state: 'submitted' as const,
        started_at: new Date(paperAt).toISOString(),
        deadline_at: new Date(paperAt + 20 * 60_000).toISOString(),
        submitted_at: new Date(paperAt + 14 * 60_000).toISOString(),
        timed_out: false,
        lang: 'hu',
        questions: airLaw.map((q) => ({
          question_id: q.question_id,
          category: q.category,
          question: q.texts.hu!.question,
          options: (['a', 'b', 'c', 'd'] as const).map((letter) => ({ letter, text: q.texts.hu![letter]! })),
          correct: q.correct_answer,
        })),
        answered: 7,
        right_question_ids: airLaw.filter((q) => q !== wrongOne).map((q) => q.question_id),
        wrong_question_ids: [wrongOne.question_id],
        outcome: 'successful' as const,
        achieved_points: 6,
        max_points: 7,
        percent: 85,
        version: 9,
      },
    ])
    .go();
  await entities.userQuizAnswer
    .put(
      airLaw.map((q, index) => ({
        organization_id: ORG,
        user_quiz_id: 'uq-kiss-air-law',
        index,
        answer: q === wrongOne ? wrongLetter : q.correct_answer,
        answered_at: new Date(paperAt + (index + 1) * 90_000).toISOString(),
      })),
    )
    .go();
}

export async function seedTraining(now = Date.now()): Promise<void> {
  await seedProgrammes(now);
  await seedEnrolments(now);
  await seedDtoAndIpp(now);
  await seedQuestionsAndQuizzes(now);
}
