import { CustomAttributeType, Entity } from 'electrodb';
import type { TakeoffType } from '../../contracts/schemas/flight-enums.ts';
import {
  ANSWER_LETTERS,
  BUILTIN_PROGRAMMES,
  DIFFICULTIES,
  EXAM_LICENCES,
  FINISH_RESULTS,
  FLIGHT_ROLE_REQUIREMENTS,
  GRADES,
  PRIVILEGE_METHODS,
  PROGRAMME_KINDS,
  QUESTION_SOURCES,
  QUIZ_OUTCOMES,
  SELF_ASSESSMENTS,
  TRAINING_STATUSES,
  USER_QUIZ_MODES,
  USER_QUIZ_STATES,
} from '../../contracts/schemas/training-enums.ts';
import { organizationPartition, versionedRecord } from '../platform/db/attributes.ts';

/**
 * The training domain (spec §3 Training, Quiz and question; issue 16): everything is the
 * organization's (`org#<id>` keys). Durations are integer minutes, money integer minor units.
 * A student's training (an enrolment) keeps its task records, linked flights and signed checks in
 * one partition of its own, so the training screen reads them with three Queries.
 */
const service = 'windsock';

const exercise = {
  type: 'map',
  properties: { exercise_id: { type: 'string', required: true }, title: { type: 'string', required: true } },
} as const;

/** A training programme (settings/trainings, settings/training/{id}). */
export const programme = new Entity({
  model: { entity: 'trainingProgramme', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    programme_id: { type: 'string', required: true },
    training_name: { type: 'string', required: true },
    kind: { type: PROGRAMME_KINDS, required: true },
    launch_method: { type: PRIVILEGE_METHODS },
    description: { type: 'string' },
    head_of_training_id: { type: 'string' },
    theoretical_time: { type: 'number', required: true, default: 0 },
    training_fee: { type: 'number', required: true, default: 0 },
    currency_id: { type: 'string', required: true },
    training_student_edit_on: { type: 'boolean', required: true, default: false },
    min_total_minutes: { type: 'number', required: true, default: 0 },
    min_dual_minutes: { type: 'number', required: true, default: 0 },
    min_solo_minutes: { type: 'number', required: true, default: 0 },
    min_launches: { type: 'number', required: true, default: 0 },
    /** The built-in programme this one was adopted from. */
    builtin_key: { type: BUILTIN_PROGRAMMES },
    /** The tasks in their order (task ids); the tasks are items of their own. */
    task_order: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    /** Ever enrolled in: the programme is kept (DTO records) and cannot be deleted. */
    enrolments: { type: 'number', required: true, default: 0 },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#training' },
      sk: { field: 'sk', composite: ['programme_id'], template: 'programme#${programme_id}' },
    },
  },
});

/** One task of a programme (settings/training/{training_id}/task/{id}). */
export const task = new Entity({
  model: { entity: 'trainingTask', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    programme_id: { type: 'string', required: true },
    task_id: { type: 'string', required: true },
    task_name: { type: 'string', required: true },
    description: { type: 'string' },
    acceptance_criteria: { type: 'string' },
    briefing_only: { type: 'boolean', required: true, default: false },
    launch_methods: {
      type: 'list',
      items: { type: CustomAttributeType<TakeoffType>('string') },
      required: true,
      default: () => [],
    },
    flight_role: { type: FLIGHT_ROLE_REQUIREMENTS, required: true, default: 'any' },
    min_flights: { type: 'number', required: true, default: 0 },
    min_dual_minutes: { type: 'number', required: true, default: 0 },
    min_solo_minutes: { type: 'number', required: true, default: 0 },
    min_dual_launches: { type: 'number', required: true, default: 0 },
    min_solo_launches: { type: 'number', required: true, default: 0 },
    exercises: { type: 'list', items: exercise, required: true, default: () => [] },
    grants_launch_privilege: { type: PRIVILEGE_METHODS },
    ...versionedRecord,
  },
  indexes: {
    byProgramme: {
      pk: {
        field: 'pk',
        composite: ['organization_id', 'programme_id'],
        template: 'org#${organization_id}#training#${programme_id}',
      },
      sk: { field: 'sk', composite: ['task_id'], template: 'task#${task_id}' },
    },
  },
});

/**
 * A student's training (training/edit/{user_id}/{id}): who, which programme, with whom, since when,
 * its status (spec §4), the fee recorded when enrolled, the head of its signature chain and a
 * summary the planning board reads without opening every record.
 */
export const enrolment = new Entity({
  model: { entity: 'trainingEnrolment', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    enrolment_id: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    programme_id: { type: 'string', required: true },
    instructor_ids: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    training_start_date: { type: 'string', required: true },
    status: { type: TRAINING_STATUSES, required: true, default: 'open' },
    training_fee: { type: 'number', required: true, default: 0 },
    currency_id: { type: 'string', required: true },
    finished_at: { type: 'string' },
    finished_by: { type: 'string' },
    finish_comment: { type: 'string' },
    /** The check chain: how many signed checks and the last one's hash ('' before the first). */
    chain_seq: { type: 'number', required: true, default: 0 },
    chain_head: { type: 'string', required: true, default: '' },
    /** The board's summary, written with every change of the record. */
    tasks_done: { type: 'number', required: true, default: 0 },
    last_activity_date: { type: 'string' },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#enrolments' },
      sk: { field: 'sk', composite: ['enrolment_id'], template: 'enrolment#${enrolment_id}' },
    },
    /** profile/training, ipp/students: one student's trainings. */
    byStudent: {
      index: 'gsi1',
      pk: {
        field: 'gsi1pk',
        composite: ['organization_id', 'user_id'],
        template: 'org#${organization_id}#student#${user_id}',
      },
      sk: { field: 'gsi1sk', composite: ['enrolment_id'], template: 'enrolment#${enrolment_id}' },
    },
    /** dto/trainings, a task's use: one programme's enrolments. */
    byProgramme: {
      index: 'gsi2',
      pk: {
        field: 'gsi2pk',
        composite: ['organization_id', 'programme_id'],
        template: 'org#${organization_id}#programme#${programme_id}#enrolments',
      },
      sk: { field: 'gsi2sk', composite: ['enrolment_id'], template: 'enrolment#${enrolment_id}' },
    },
  },
});

const enrolmentPartition = {
  field: 'pk',
  composite: ['organization_id', 'enrolment_id'],
  template: 'org#${organization_id}#enrolment#${enrolment_id}',
} as const;

/** A task's state in one student's training (absent: open, nothing written yet). */
export const taskRecord = new Entity({
  model: { entity: 'trainingTaskRecord', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    enrolment_id: { type: 'string', required: true },
    task_id: { type: 'string', required: true },
    status: { type: TRAINING_STATUSES, required: true, default: 'open' },
    comment: { type: 'string' },
    student_notes: { type: 'string' },
    self_assessment: { type: SELF_ASSESSMENTS },
    /** The launch method this task opened to the student when it was finished. */
    granted_privilege: { type: PRIVILEGE_METHODS },
    ...versionedRecord,
  },
  indexes: {
    byEnrolment: {
      pk: enrolmentPartition,
      sk: { field: 'sk', composite: ['task_id'], template: 'task#${task_id}' },
    },
  },
});

/** A flight of the student's logbook linked to a task, with the exercises graded on it. */
export const trainingFlight = new Entity({
  model: { entity: 'trainingFlight', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    enrolment_id: { type: 'string', required: true },
    /** The student's club logbook line (`<organization>-<flight>`). */
    entry_id: { type: 'string', required: true },
    task_id: { type: 'string', required: true },
    date: { type: 'string', required: true },
    /** The aircraft when linked (the DTO's aircraft list counts training flights by it). */
    plane_id: { type: 'string' },
    reg_num: { type: 'string' },
    grades: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: {
          exercise_id: { type: 'string', required: true },
          grade: { type: GRADES, required: true },
        },
      },
    },
    comment: { type: 'string' },
    linked_by: { type: 'string', required: true },
    ...versionedRecord,
  },
  indexes: {
    byEnrolment: {
      pk: enrolmentPartition,
      sk: { field: 'sk', composite: ['entry_id'], template: 'flight#${entry_id}' },
    },
  },
});

/**
 * A signed task check or training finish (issue 16 §3): what was signed — the task, the result,
 * the comment, and the linked flights as they were, with their grades — and the signature, chained
 * to the previous check of the same training like the logbook's (functions/flights/public.ts).
 * Written once, never changed.
 */
export const taskCheck = new Entity({
  model: { entity: 'trainingCheck', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    enrolment_id: { type: 'string', required: true },
    seq: { type: 'number', required: true },
    /** '' for the training's own finish. */
    task_id: { type: 'string', required: true },
    task_name: { type: 'string' },
    result: { type: FINISH_RESULTS, required: true },
    comment: { type: 'string' },
    /** The signed content as canonical JSON (task, minimums, flights with their facts and grades). */
    content: { type: 'string', required: true },
    signer_id: { type: 'string', required: true },
    signer_name: { type: 'string', required: true },
    signed_at: { type: 'string', required: true },
    prev_hash: { type: 'string', required: true },
    hash: { type: 'string', required: true },
    flight_count: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byEnrolment: {
      pk: enrolmentPartition,
      sk: { field: 'sk', composite: ['seq'], template: 'check#${seq}', padding: { length: 6, char: '0' } },
    },
  },
});

/** The organization's DTO declaration (dto/organizations). */
export const dtoDeclaration = new Entity({
  model: { entity: 'dtoDeclaration', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    dto_reference: { type: 'string' },
    competent_authority: { type: 'string' },
    declared_on: { type: 'string' },
    head_of_training_id: { type: 'string' },
    programme_ids: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: organizationPartition,
      sk: { field: 'sk', composite: [], template: '#dto' },
    },
  },
});

/** An IPP share from one organization to a partner (ipp/sharings), read by the partner by gsi1. */
export const ippShare = new Entity({
  model: { entity: 'ippShare', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    share_id: { type: 'string', required: true },
    partner_organization_id: { type: 'string', required: true },
    start_date: { type: 'string', required: true },
    end_date: { type: 'string', required: true },
    closed_at: { type: 'string' },
    instructor_ids: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    student_ids: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    plane_ids: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    programme_ids: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    note: { type: 'string' },
    created_by: { type: 'string', required: true },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#ipp' },
      sk: { field: 'sk', composite: ['share_id'], template: 'share#${share_id}' },
    },
    byPartner: {
      index: 'gsi1',
      pk: {
        field: 'gsi1pk',
        composite: ['partner_organization_id'],
        template: 'org#${partner_organization_id}#ipp-in',
      },
      sk: { field: 'gsi1sk', composite: ['share_id'], template: 'share#${share_id}' },
    },
  },
});

const questionTexts = {
  type: 'map',
  properties: {
    question: { type: 'string', required: true },
    a: { type: 'string', required: true },
    b: { type: 'string', required: true },
    c: { type: 'string' },
    d: { type: 'string' },
    e: { type: 'string' },
  },
} as const;

/** A question of the bank (questions, question/{edit_type}/{id?}); texts per language. */
export const question = new Entity({
  model: { entity: 'question', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    question_id: { type: 'string', required: true },
    /** lang → { question, a … e } */
    texts: {
      type: 'map',
      required: true,
      properties: {
        hu: questionTexts,
        en: questionTexts,
        de: questionTexts,
        sk: questionTexts,
        cs: questionTexts,
        pl: questionTexts,
        fr: questionTexts,
        it: questionTexts,
      },
    },
    correct_answer: { type: ANSWER_LETTERS, required: true },
    category: { type: 'string', required: true },
    difficulty: { type: DIFFICULTIES, required: true, default: 'medium' },
    source: { type: QUESTION_SOURCES, required: true, default: 'own' },
    created_by: { type: 'string' },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#questions' },
      sk: { field: 'sk', composite: ['question_id'], template: 'question#${question_id}' },
    },
    /** A quiz's draw per category. */
    byCategory: {
      index: 'gsi1',
      pk: {
        field: 'gsi1pk',
        composite: ['organization_id', 'category'],
        template: 'org#${organization_id}#questions#${category}',
      },
      sk: { field: 'gsi1sk', composite: ['question_id'], template: 'question#${question_id}' },
    },
  },
});

/** The organization's own question categories besides the nine SPL subjects. */
export const questionCategories = new Entity({
  model: { entity: 'questionCategories', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    own: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: {
          category_id: { type: 'string', required: true },
          name: { type: 'string', required: true },
        },
      },
    },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: organizationPartition,
      sk: { field: 'sk', composite: [], template: '#question-categories' },
    },
  },
});

/** A quiz (quizzes, quiz/{edit_type}/{id?}). */
export const quiz = new Entity({
  model: { entity: 'quiz', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    quiz_id: { type: 'string', required: true },
    quiz_name: { type: 'string', required: true },
    description: { type: 'string' },
    question_count: { type: 'number', required: true },
    pass_marks_percent: { type: 'number', required: true },
    category_draws: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: {
          category: { type: 'string', required: true },
          count: { type: 'number', required: true },
        },
      },
    },
    just_self_questions: { type: 'boolean', required: true, default: false },
    is_proficiency_exam: { type: 'boolean', required: true, default: false },
    exam_licence: { type: EXAM_LICENCES },
    time_limit_minutes: { type: 'number' },
    assigned: { type: 'number', required: true, default: 0 },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#quizzes' },
      sk: { field: 'sk', composite: ['quiz_id'], template: 'quiz#${quiz_id}' },
    },
  },
});

/**
 * A member's quiz (user-quizzes): the assignment, then the attempt — the questions drawn (with their
 * correct answers: this item never leaves the server as it is), the answers as given, the clock,
 * and the score once handed in.
 */
export const userQuiz = new Entity({
  model: { entity: 'userQuiz', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    user_quiz_id: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    /** 'practice' for a practice round (no quiz of its own). */
    quiz_id: { type: 'string', required: true },
    mode: { type: USER_QUIZ_MODES, required: true, default: 'assigned' },
    quiz_name: { type: 'string', required: true },
    question_count: { type: 'number', required: true },
    pass_marks_percent: { type: 'number', required: true },
    time_limit_minutes: { type: 'number' },
    is_proficiency_exam: { type: 'boolean', required: true, default: false },
    exam_licence: { type: EXAM_LICENCES },
    exam_subject: { type: 'string' },
    state: { type: USER_QUIZ_STATES, required: true, default: 'assigned' },
    due_date: { type: 'string' },
    assigned_by: { type: 'string', required: true },
    assigned_at: { type: 'string', required: true },
    started_at: { type: 'string' },
    deadline_at: { type: 'string' },
    submitted_at: { type: 'string' },
    timed_out: { type: 'boolean' },
    lang: { type: 'string' },
    questions: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          question_id: { type: 'string', required: true },
          category: { type: 'string', required: true },
          question: { type: 'string', required: true },
          options: {
            type: 'list',
            required: true,
            items: {
              type: 'map',
              properties: {
                letter: { type: ANSWER_LETTERS, required: true },
                text: { type: 'string', required: true },
              },
            },
          },
          correct: { type: ANSWER_LETTERS, required: true },
        },
      },
    },
    /** How many answers were saved (each answer moves the version too, see userQuizAnswer). */
    answered: { type: 'number', required: true, default: 0 },
    /** Set when handed in: what the practice mode repeats. */
    wrong_question_ids: { type: 'list', items: { type: 'string' } },
    right_question_ids: { type: 'list', items: { type: 'string' } },
    outcome: { type: QUIZ_OUTCOMES },
    achieved_points: { type: 'number' },
    max_points: { type: 'number' },
    percent: { type: 'number' },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#user-quizzes' },
      sk: { field: 'sk', composite: ['user_quiz_id'], template: 'uq#${user_quiz_id}' },
    },
    /** user-quizzes, profile/user-quizzes, the exam clocks: one member's quizzes. */
    byMember: {
      index: 'gsi1',
      pk: {
        field: 'gsi1pk',
        composite: ['organization_id', 'user_id'],
        template: 'org#${organization_id}#person#${user_id}#quizzes',
      },
      sk: { field: 'gsi1sk', composite: ['user_quiz_id'], template: 'uq#${user_quiz_id}' },
    },
    /** quiz/{edit_type}/{id}: who was assigned the quiz, and how they did. */
    byQuiz: {
      index: 'gsi2',
      pk: {
        field: 'gsi2pk',
        composite: ['organization_id', 'quiz_id'],
        template: 'org#${organization_id}#quiz#${quiz_id}#assignments',
      },
      sk: { field: 'gsi2sk', composite: ['user_quiz_id'], template: 'uq#${user_quiz_id}' },
    },
  },
});

/**
 * One answer of an attempt, saved as it is given (issue 16 §8: a lost connection or a reload
 * resumes). Written in one TransactWrite with the attempt's version, conditioned on the attempt
 * being in progress and within its time: an answer after the deadline or after hand-in is refused.
 */
export const userQuizAnswer = new Entity({
  model: { entity: 'userQuizAnswer', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    user_quiz_id: { type: 'string', required: true },
    index: { type: 'number', required: true },
    /** '' when the member cleared the answer. */
    answer: { type: ['', ...ANSWER_LETTERS] as const, required: true },
    answered_at: { type: 'string', required: true },
  },
  indexes: {
    byAttempt: {
      pk: {
        field: 'pk',
        composite: ['organization_id', 'user_quiz_id'],
        template: 'org#${organization_id}#user-quiz#${user_quiz_id}',
      },
      sk: {
        field: 'sk',
        composite: ['index'],
        template: 'answer#${index}',
        padding: { length: 3, char: '0' },
      },
    },
  },
});
