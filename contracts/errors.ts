/**
 * Error codes the API answers with (docs/ARCHITECTURE.md "Errors") and the message keys of the spec's error catalogue
 * (§5, §8). Codes and keys are i18n keys: the browser shows `t(code)`.
 */
export const ERROR_STATUS = {
  validation_failed: 422,
  unauthorized: 401,
  invalid_credentials: 403,
  missing_permissions: 403,
  module_disabled: 403,
  not_found: 404,
  conflict: 409,
  plane_limit_reached: 409,
  /** An aircraft with components, maintenance items or fault reports is set inactive, not deleted. */
  plane_in_use: 409,
  /** Spec §8 "Not editable.": a flight or logbook line an instructor has signed is locked. */
  not_editable: 409,
  /** Spec §8 "Continuity lapsed.": the organization blocks pilots who are not current. */
  continuity_lapsed: 409,
  /** A role still held by members cannot be deleted. */
  role_in_use: 409,
  /** The person is already a member of the organization. */
  member_exists: 409,
  /** Suspending or removing one's own membership would lock the caller out. */
  own_membership: 409,
  /** The e-mail has an invitation of the organization that is still waiting for an answer. */
  already_invited: 409,
  /** The person declined the organization's invitation lately: no new one for a while. */
  invitation_declined: 409,
  /** A booking's findings the club only warns about: the member confirms them (issue 15 §5). */
  reservation_warnings: 409,
  /** A programme with enrolments, a task with linked flights or checks, an enrolment with records. */
  training_in_use: 409,
  /** Finishing a task or training successfully before its minimums are met. */
  minimums_not_met: 409,
  /** Finishing a training successfully while a task is neither finished nor closed. */
  tasks_not_finished: 409,
  /** An answer after the quiz's time limit ran out. */
  quiz_time_over: 409,
  /** A quiz already handed in takes no more answers. */
  quiz_submitted: 409,
  /** The result of a quiz not handed in yet. */
  quiz_not_submitted: 409,
  /** FCL.025: this paper cannot be sat now (passed already, or attempted in this sitting). */
  exam_attempt_not_allowed: 409,
  /** Practice needs questions the member answered wrongly before. */
  nothing_to_practise: 409,
  /** The bank has fewer questions than the quiz draws (per category). */
  not_enough_questions: 409,
  /** Issue 14 §9: the payer is below the minimum balance and the organization blocks such launches. */
  balance_below_minimum: 409,
  /** Card payment needs the provider's keys (Secrets Manager in the cloud); none are configured. */
  payments_not_configured: 409,
  /** A transaction is taken back once: it has been rolled back already, or is itself a rollback. */
  already_rolled_back: 409,
  /** A flight's charge follows the flight: change its payer or recalculate it instead of a rollback. */
  charge_follows_flight: 409,
  /** A scheduled transaction's period that has not run cannot be recalculated. */
  period_not_run: 409,
  /** A webhook whose signature does not verify against the raw body (Stripe answers are retried). */
  invalid_signature: 400,
  server_error: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The body of every error response. `errors` only with 422: field path → message keys. */
export interface ErrorBody {
  code: ErrorCode;
  errors?: Record<string, string[]>;
}

/** Field-level message keys (spec §5 format messages); zod schemas use these as messages. */
export const FIELD_MESSAGES = [
  'field_required',
  'email_invalid',
  'date_format',
  'datetime_format',
  'time_format',
  'read_only',
  'document_missing',
  /** Spec §8 "Document not uploaded.": a document without a file cannot be in force. */
  'document_not_uploaded',
  'invalid_value',
  /** A permission or guard role the caller does not hold themselves (roles, member roles). */
  'not_grantable',
  'duplicate_value',
  /** Another aircraft of the organization already has this registration. */
  'reg_num_taken',
  /** A landing time earlier than the takeoff. */
  'landing_before_takeoff',
  'too_short',
  'too_long',
  'too_small',
  'too_big',
  'unknown_field',
  'invalid_body',
  /** Issue 11 §6: control characters, lone surrogates or bidi controls in a text (contracts/validation.ts). */
  'invalid_characters',
  /** Reservations (issue 15 §5): a booking's own errors and the findings of the club's checks. */
  'reservation_end_before_start',
  'reservation_not_rentable',
  'reservation_in_past',
  'reservation_too_long',
  'reservation_multi_day_not_allowed',
  'reservation_night_not_allowed',
  'reservation_instructor_required',
  'reservation_overlap',
  'reservation_instructor_overlap',
  'reservation_maintenance_due',
  'reservation_no_rent_permit',
  'reservation_recency_lapsed',
  'reservation_medical_invalid',
  /** Spec §8 "The flight is not part of the task.": the flight does not fit the task it is linked to. */
  'flight_not_in_task',
  /** The flight is linked to a task of this training already. */
  'flight_linked',
  /** An exam paper draws from exactly one of the SPL's nine subjects. */
  'exam_one_subject',
  /** An aircraft whose sharing is not switched on (can_be_shared) for the share's window. */
  'not_shareable',
  /** Spec §5 and §8: an upload submitted without a file, an upload the server refused. */
  'please_select_a_file',
  'could_not_upload_the_file',
] as const;

export type FieldMessage = (typeof FIELD_MESSAGES)[number];
