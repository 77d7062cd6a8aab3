import type { TrainingStatus } from '../../contracts/schemas/training-enums.ts';
import { enrolmentStore } from './enrolment-store.ts';
import { programmeStore } from './programme-store.ts';
import { quizStore } from './quiz-store.ts';

/**
 * What other domains may ask of the training domain (docs/ARCHITECTURE.md "Domains own their
 * data"): the dates a calendar shows (issue 17 §6) — when trainings start and when assigned quizzes
 * are due.
 */

export interface TrainingDate {
  kind: 'training_start' | 'quiz_due';
  id: string;
  date: string;
  user_id: string;
  /** The programme's or the quiz's name. */
  name: string;
}

/**
 * Training dates within from..to (yyyy-mm-dd): the member's own trainings' starts and their
 * assigned quizzes' due dates; with `everyone` (training administration) every open training's start.
 */
export async function trainingDates(
  organizationId: string,
  userId: string,
  range: { from: string; to: string },
  everyone: boolean,
): Promise<TrainingDate[]> {
  const inRange = (date: string | undefined | null): date is string =>
    Boolean(date) && (date as string) >= range.from && (date as string) <= range.to;
  const [own, open, quizzes] = await Promise.all([
    enrolmentStore.ofStudent(organizationId, userId),
    everyone ? enrolmentStore.openEnrolments(organizationId) : Promise.resolve([]),
    quizStore.allUserQuizzesOf(organizationId, userId),
  ]);
  const enrolments = [...new Map([...own, ...open].map((e) => [e.enrolment_id, e])).values()].filter((e) =>
    inRange(e.training_start_date),
  );
  const programmeIds = [...new Set(enrolments.map((e) => e.programme_id))];
  const programmes = new Map(
    (await Promise.all(programmeIds.map((id) => programmeStore.programme(organizationId, id))))
      .filter((p) => p !== null && p !== undefined)
      .map((p) => [p!.programme_id, p!.training_name]),
  );
  return [
    ...enrolments.map((e) => ({
      kind: 'training_start' as const,
      id: e.enrolment_id,
      date: e.training_start_date,
      user_id: e.user_id,
      name: programmes.get(e.programme_id) ?? '',
    })),
    ...quizzes
      .filter((q) => q.state === 'assigned' && inRange(q.due_date))
      .map((q) => ({
        kind: 'quiz_due' as const,
        id: q.user_quiz_id,
        date: q.due_date as string,
        user_id: q.user_id,
        name: q.quiz_name,
      })),
  ];
}

/**
 * What other domains may read of the training domain (domain ownership: they never touch its
 * entities). The reports domain's "training" source (issue 17 §4): the organization's trainings
 * with their progress and the task checks signed in a period — ids and counts, never the signed
 * content.
 */

export interface TrainingLine {
  enrolment_id: string;
  user_id: string;
  programme_id: string;
  training_name: string;
  status: TrainingStatus;
  training_start_date: string;
  /** Tasks finished of the programme's tasks. */
  tasks_done: number;
  tasks_total: number;
  /** Task checks (and a finish) signed within the period. */
  checks_in_period: number;
  last_activity_date: string | null;
}

/**
 * The organization's trainings that were open at some time in `from`–`to` (started by `to`):
 * one Query of the enrolments, one of each programme's tasks and one of each training's checks.
 */
export async function trainingLines(
  organizationId: string,
  range: { from: string; to: string },
): Promise<TrainingLine[]> {
  const [enrolments, programmes] = await Promise.all([
    enrolmentStore.enrolments(organizationId, { limit: 1000 }).then((page) => page.items),
    programmeStore.allProgrammes(organizationId),
  ]);
  const started = enrolments.filter(
    (e) =>
      e.training_start_date <= range.to &&
      (e.status === 'open' || !e.finished_at || e.finished_at.slice(0, 10) >= range.from),
  );
  const names = new Map(programmes.map((p) => [p.programme_id, p.training_name]));
  const used = [...new Set(started.map((e) => e.programme_id))];
  const taskCounts = new Map(
    await Promise.all(
      used.map(async (id) => [id, (await programmeStore.tasks(organizationId, id)).length] as const),
    ),
  );
  return Promise.all(
    started.map(async (e): Promise<TrainingLine> => {
      const checks = await enrolmentStore.checks(organizationId, e.enrolment_id);
      return {
        enrolment_id: e.enrolment_id,
        user_id: e.user_id,
        programme_id: e.programme_id,
        training_name: names.get(e.programme_id) ?? e.programme_id,
        status: e.status,
        training_start_date: e.training_start_date,
        tasks_done: e.tasks_done,
        tasks_total: taskCounts.get(e.programme_id) ?? 0,
        checks_in_period: checks.filter((c) => {
          const day = c.signed_at.slice(0, 10);
          return day >= range.from && day <= range.to;
        }).length,
        last_activity_date: e.last_activity_date ?? null,
      };
    }),
  );
}
