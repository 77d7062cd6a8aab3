import { DEMO_TRAINING, seededTaskId } from '../../../bin/local/seed-training.ts';
import { PROGRAMME_FILE_FORMAT } from '../../../contracts/schemas/training.ts';
import { subOf } from '../../helpers/platform.ts';
import type { WalkArea } from './area.ts';

/** A share of A with B that ended years ago: nothing of it may be visible any more. */
const ended = { shareId: '' };

const programme = () => ({ id: DEMO_TRAINING.spl });
const task = () => ({ id: DEMO_TRAINING.spl, task_id: seededTaskId(DEMO_TRAINING.spl, 'ex1') });
const enrolment = () => ({ id: DEMO_TRAINING.kiss });
const enrolmentTask = () => ({ id: DEMO_TRAINING.kiss, task_id: seededTaskId(DEMO_TRAINING.spl, 'ex12') });
const link = () => ({ id: DEMO_TRAINING.kiss, entry_id: 'org-demo-walk' });
const question = () => ({ id: DEMO_TRAINING.question });
const quiz = () => ({ id: DEMO_TRAINING.quizShort });
const userQuiz = () => ({ id: DEMO_TRAINING.userQuizReview });
const share = () => ({ id: DEMO_TRAINING.share });
const shared =
  (extra: Record<string, string> = {}) =>
  () => ({ share_id: ended.shareId, ...extra });

/**
 * The tenant walk over the training domain (issue 16): programmes, trainings, the DTO, IPP sharing,
 * questions and quizzes of organization A are out of B's reach, and of what A shares with B only
 * an ACTIVE share shows (the seeded share of the ASK 21): the ended share's routes are 404.
 */
export const trainingWalk: WalkArea = {
  ids: {
    getProgramme: programme,
    updateProgramme: programme,
    deleteProgramme: programme,
    copyProgramme: programme,
    exportProgramme: programme,
    adoptBuiltinProgramme: () => ({ key: 'spl' }),
    createTask: programme,
    reorderTasks: programme,
    getTask: task,
    updateTask: task,
    deleteTask: task,
    getEnrolment: enrolment,
    updateEnrolment: enrolment,
    deleteEnrolment: enrolment,
    closeEnrolment: enrolment,
    reopenEnrolment: enrolment,
    finishEnrolment: enrolment,
    listCandidateFlights: enrolment,
    linkFlight: enrolment,
    updateFlightLink: link,
    unlinkFlight: link,
    signTaskCheck: enrolmentTask,
    closeTask: enrolmentTask,
    reopenTask: enrolmentTask,
    getOwnTraining: enrolment,
    updateOwnTaskNotes: enrolmentTask,
    getDtoAuditPack: enrolment,
    getIppSharing: share,
    updateIppSharing: share,
    closeIppSharing: share,
    getIppShare: shared(),
    getIppInstructor: shared({ user_id: 'user-instructor' }),
    getIppStudent: shared({ user_id: 'user-student' }),
    getIppPlane: shared({ plane_id: 'plane-ha-4012' }),
    getIppTraining: shared({ programme_id: DEMO_TRAINING.winch }),
    getQuestion: question,
    updateQuestion: question,
    deleteQuestion: question,
    getQuiz: quiz,
    updateQuiz: quiz,
    deleteQuiz: quiz,
    assignQuiz: quiz,
    listQuizAssignments: quiz,
    withdrawUserQuiz: userQuiz,
    startUserQuiz: userQuiz,
    getUserQuizTake: userQuiz,
    answerUserQuiz: () => ({ id: DEMO_TRAINING.userQuizReview, index: '0' }),
    submitUserQuiz: userQuiz,
    getUserQuizResult: userQuiz,
    getMemberExamClocks: () => ({ user_id: 'user-student' }),
  },
  bodies: {
    createProgramme: { training_name: 'Walk', kind: 'other' },
    updateProgramme: { training_name: 'Walk', version: 1 },
    copyProgramme: { training_name: 'Walk copy' },
    importProgramme: {
      format: PROGRAMME_FILE_FORMAT,
      format_version: 1,
      programme: { training_name: 'Walk', kind: 'other' },
      tasks: [{ task_name: 'Walk task' }],
    },
    createTask: { task_name: 'Walk' },
    updateTask: { task_name: 'Walk', version: 1 },
    reorderTasks: { task_ids: [seededTaskId(DEMO_TRAINING.spl, 'ex1')], version: 1 },
    createEnrolment: {
      user_id: 'user-student',
      programme_id: DEMO_TRAINING.spl,
      instructor_ids: [],
      training_start_date: '2026-01-01',
    },
    updateEnrolment: { version: 1 },
    closeEnrolment: { version: 1 },
    reopenEnrolment: { version: 1 },
    finishEnrolment: { result: 'successful', version: 1 },
    linkFlight: { entry_id: 'org-demo-walk', task_id: seededTaskId(DEMO_TRAINING.spl, 'ex12') },
    updateFlightLink: { version: 1 },
    signTaskCheck: { result: 'successful', version: 0 },
    closeTask: { version: 0 },
    reopenTask: { version: 0 },
    updateOwnTaskNotes: { student_notes: 'Walk', version: 0 },
    saveDtoDeclaration: { programme_ids: [DEMO_TRAINING.spl], version: 0 },
    createIppSharing: {
      partner_organization_id: 'org-demo',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      instructor_ids: ['user-instructor'],
      student_ids: [],
      plane_ids: ['plane-ha-4012'],
      programme_ids: [],
    },
    updateIppSharing: { version: 1 },
    closeIppSharing: { version: 1 },
    createQuestion: {
      texts: { de: { question: 'Walk?', a: 'Ja', b: 'Nein' } },
      correct_answer: 'a',
      category: 'air_law',
      difficulty: 'easy',
    },
    updateQuestion: { version: 1 },
    saveQuestionCategories: { own: [], version: 0 },
    createQuiz: {
      quiz_name: 'Walk',
      question_count: 1,
      pass_marks_percent: 75,
      category_draws: [],
      just_self_questions: false,
      is_proficiency_exam: false,
    },
    updateQuiz: {
      quiz_name: 'Walk',
      question_count: 1,
      pass_marks_percent: 75,
      category_draws: [],
      just_self_questions: false,
      is_proficiency_exam: false,
      version: 1,
    },
    assignQuiz: { user_ids: ['user-student'] },
    answerUserQuiz: { answer: 'a' },
    startPractice: {},
  },
  queries: {
    deleteProgramme: { version: '1' },
    deleteTask: { version: '1' },
    deleteEnrolment: { version: '1' },
    unlinkFlight: { version: '1' },
    deleteQuestion: { version: '1' },
    deleteQuiz: { version: '1' },
  },
  expected: {
    // B adopts the built-in programme into its own organization.
    adoptBuiltinProgramme: [200],
    // A's student and programme named in B's body: not B's, so not valid (and nothing said of A).
    createEnrolment: [422],
    saveDtoDeclaration: [422],
    // B's admin has answered nothing wrong: there is nothing to practise.
    startPractice: [409],
  },
  refusesAInBody: ['createIppSharing'],
  mayShow: {
    // The seeded ACTIVE share of A with B: its organization and what it names, on purpose.
    listIppOrganizations: ['org-demo', 'Szélzsák', 'SZRE'],
    listIppInstructors: ['Szélzsák'],
    listIppStudents: ['Szélzsák'],
    listIppPlanes: ['Szélzsák'],
    listIppTrainings: ['Szélzsák'],
  },
  async setup(platform) {
    const created = await platform.invoke('createIppSharing', {
      sub: subOf('admin@demo.windsock.aero'),
      body: {
        partner_organization_id: 'org-alpine',
        start_date: '2020-01-01',
        end_date: '2020-12-31',
        instructor_ids: ['user-instructor'],
        student_ids: ['user-student'],
        plane_ids: ['plane-ha-4012'],
        programme_ids: [DEMO_TRAINING.winch],
      },
    });
    if (created.status !== 200)
      throw new Error(`ended share: ${created.status} ${JSON.stringify(created.body)}`);
    ended.shareId = created.body.share_id;
  },
};
