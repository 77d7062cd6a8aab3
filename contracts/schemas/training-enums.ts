import type { TakeoffType } from './flight-enums.ts';

/**
 * The training domain's closed vocabularies (spec §3 Training, Quiz and question; §4 training and
 * task statuses, quiz outcome). Keys are stored and name their i18n texts.
 */

/** Spec §4: a training (a student's enrolment) and each of its tasks. */
export const TRAINING_STATUSES = ['open', 'closed', 'successful', 'unsuccessful'] as const;
export type TrainingStatus = (typeof TRAINING_STATUSES)[number];

/** What finishing a training or signing a task check records (spec §4 "finish"). */
export const FINISH_RESULTS = ['successful', 'unsuccessful'] as const;
export type FinishResult = (typeof FINISH_RESULTS)[number];

/** A programme's kind: the SPL course (AMC2 SFCL.130), a launch-method extension (SFCL.155), any other. */
export const PROGRAMME_KINDS = ['spl', 'launch_method', 'other'] as const;
export type ProgrammeKind = (typeof PROGRAMME_KINDS)[number];

/** Which flights a task takes: any, dual instruction only, or (supervised) solo only. */
export const FLIGHT_ROLE_REQUIREMENTS = ['any', 'dual', 'solo'] as const;
export type FlightRoleRequirement = (typeof FLIGHT_ROLE_REQUIREMENTS)[number];

/** An exercise's grade on one flight, lowest first. */
export const GRADES = ['unsatisfactory', 'needs_practice', 'satisfactory', 'excellent'] as const;
export type Grade = (typeof GRADES)[number];

/** The student's own view of a task (with training_student_edit_on). */
export const SELF_ASSESSMENTS = ['not_confident', 'getting_there', 'confident'] as const;
export type SelfAssessment = (typeof SELF_ASSESSMENTS)[number];

/**
 * Built-in programmes every organization may adopt and adapt (issue 16 §1): the SPL course and the
 * launch-method extensions of SFCL.155, written in every language (functions/training/builtin/).
 */
export const BUILTIN_PROGRAMMES = [
  'spl',
  'launch_winch',
  'launch_car',
  'launch_aerotow',
  'launch_self',
  'launch_bungee',
] as const;
export type BuiltinProgramme = (typeof BUILTIN_PROGRAMMES)[number];

/** The launch methods a launch-method training can extend privileges to (SFCL.155(a)). */
export const PRIVILEGE_METHODS = [
  'winch',
  'car_lift',
  'tow',
  'self_launch',
  'rubber_rope',
] as const satisfies readonly TakeoffType[];
export type PrivilegeMethod = (typeof PRIVILEGE_METHODS)[number];

/** A training is stuck when nothing was flown or signed for this many days while it is open. */
export const STUCK_AFTER_DAYS = 30;

/**
 * The SPL's nine theoretical knowledge subjects (SFCL.135, the same list as FCL.215): the question
 * bank's built-in categories, and the subjects an exam clock counts.
 */
export const SPL_SUBJECTS = [
  'air_law',
  'human_performance',
  'meteorology',
  'communications',
  'principles_of_flight',
  'operational_procedures',
  'flight_performance',
  'aircraft_general',
  'navigation',
] as const;
export type SplSubject = (typeof SPL_SUBJECTS)[number];
export const isSplSubject = (value: string): value is SplSubject =>
  (SPL_SUBJECTS as readonly string[]).includes(value);

/** Answer options of a question (spec §3: options a to e, one correct). */
export const ANSWER_LETTERS = ['a', 'b', 'c', 'd', 'e'] as const;
export type AnswerLetter = (typeof ANSWER_LETTERS)[number];

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Where a question came from: the bank the project wrote (seeded), or the organization's own. */
export const QUESTION_SOURCES = ['builtin', 'own'] as const;
export type QuestionSource = (typeof QUESTION_SOURCES)[number];

/** Licences whose theoretical examination an exam quiz counts towards (FCL.025: one clock each). */
export const EXAM_LICENCES = ['SPL', 'LAPL', 'PPL'] as const;
export type ExamLicence = (typeof EXAM_LICENCES)[number];

/** A member's quiz: assigned, being taken, handed in (or its time ran out). */
export const USER_QUIZ_STATES = ['assigned', 'in_progress', 'submitted'] as const;
export type UserQuizState = (typeof USER_QUIZ_STATES)[number];

/** Spec §4 "Quiz outcome: successful or unsuccessful". */
export const QUIZ_OUTCOMES = ['successful', 'unsuccessful'] as const;
export type QuizOutcome = (typeof QUIZ_OUTCOMES)[number];

/** An assigned quiz, or the practice of questions the member got wrong before (issue 16 §9). */
export const USER_QUIZ_MODES = ['assigned', 'practice'] as const;
export type UserQuizMode = (typeof USER_QUIZ_MODES)[number];

/** The `{type}` of spec §8's "Congratulations, {type} successful" / "Sorry, the {type} was unsuccessful". */
export const RESULT_TYPES = ['quiz', 'exam', 'practice', 'training'] as const;
export type ResultType = (typeof RESULT_TYPES)[number];

/** FCL.025(b)(3): at most 4 attempts at one paper, and every paper passed within 6 sittings. */
export const EXAM_MAX_ATTEMPTS = 4;
export const EXAM_MAX_SITTINGS = 6;
/** FCL.025(b)(2): every paper within 18 months counted from the end of the first attempt's month. */
export const EXAM_WINDOW_MONTHS = 18;
/** FCL.025(c)(1)(i): a completed examination is valid 24 months for an LAPL, PPL, SPL. */
export const EXAM_VALIDITY_MONTHS = 24;
/** GM1 FCL.025(e): a sitting is a period of at most 10 consecutive days. */
export const SITTING_DAYS = 10;

/** IPP sharing (issue 16 §7): derived from the window and whether it was closed. */
export const SHARE_STATES = ['scheduled', 'active', 'ended', 'closed'] as const;
export type ShareState = (typeof SHARE_STATES)[number];

/** An exam clock's state per student and licence (FCL.025). */
export const EXAM_CLOCK_STATES = ['not_started', 'in_progress', 'complete', 'expired', 'void'] as const;
export type ExamClockState = (typeof EXAM_CLOCK_STATES)[number];
/** Why a set of examinations must be retaken whole (FCL.025(b)(3)). */
export const EXAM_VOID_REASONS = ['attempts', 'sittings', 'window'] as const;
export type ExamVoidReason = (typeof EXAM_VOID_REASONS)[number];
