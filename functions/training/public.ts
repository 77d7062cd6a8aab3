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
