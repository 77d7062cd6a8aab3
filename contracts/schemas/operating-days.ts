import * as z from 'zod/mini';
import {
  entityId,
  isoDate,
  cursor as pageCursor,
  userText,
  version as versionNumber,
  whenFieldsValid,
} from '../validation.ts';

/**
 * Operating days (spec §3 Operating day: operating_day, leader, operating_day_editor; issue 15 §6):
 * the club's flying days; members sign up with the role they come for. Students fly with the
 * instructors who come: each instructor takes `students_per_instructor`; the rest wait, and the one
 * who flew least recently moves up first when a place opens.
 */
export const SIGNUP_ROLES = [
  'student',
  'pilot',
  'instructor',
  'tow_pilot',
  'winch_operator',
  'timer_operator',
] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];
export const SIGNUP_STATUSES = ['confirmed', 'waitlisted'] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];

/** The longest calendar read (a month with its edges). */
export const OPERATING_DAY_RANGE_MAX_DAYS = 42;

export const listOperatingDaysQuery = z
  .strictObject({
    /** Default: today in the club's time zone. */
    from: z.optional(isoDate),
    /** Default: a week (reservations) or four weeks (operating days) from `from`. */
    to: z.optional(isoDate),
    cursor: z.optional(pageCursor),
    limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  })
  .check(
    z.refine((q) => !q.from || !q.to || q.to >= q.from, {
      error: 'invalid_value',
      path: ['to'],
      when: whenFieldsValid(['from', 'to']),
    }),
    z.refine(
      (q) =>
        !q.from ||
        !q.to ||
        Date.parse(q.to) - Date.parse(q.from) <= OPERATING_DAY_RANGE_MAX_DAYS * 86_400_000,
      {
        error: 'too_big',
        path: ['to'],
        when: whenFieldsValid(['from', 'to']),
      },
    ),
  );

export const saveOperatingDayInput = z.strictObject({
  leader_id: z.nullable(entityId),
  operating_day_editor_id: z.nullable(entityId),
  students_per_instructor: z.number().check(z.int(), z.minimum(1), z.maximum(20)),
  note: z.optional(userText(500, { multiline: true })),
  /** 0: the day is new. */
  version: versionNumber,
});
export type SaveOperatingDayInput = z.infer<typeof saveOperatingDayInput>;

export const signUpInput = z.strictObject({ role: z.enum(SIGNUP_ROLES) });
export type SignUpInput = z.infer<typeof signUpInput>;

const signupOutput = z.object({
  user_id: z.string(),
  name: z.string(),
  role: z.enum(SIGNUP_ROLES),
  status: z.enum(SIGNUP_STATUSES),
  /** 1-based place on the waitlist, by the promotion order; null when confirmed. */
  position: z.nullable(z.number()),
  signed_at: z.string(),
});

export const operatingDayOutput = z.object({
  date: z.string(),
  leader_id: z.nullable(z.string()),
  leader_name: z.nullable(z.string()),
  operating_day_editor_id: z.nullable(z.string()),
  operating_day_editor_name: z.nullable(z.string()),
  students_per_instructor: z.number(),
  note: z.nullable(z.string()),
  version: z.number(),
  /** Students the day's instructors take. */
  capacity: z.number(),
  counts: z.record(z.enum(SIGNUP_ROLES), z.number()),
  waitlisted: z.number(),
  signups: z.array(signupOutput),
  mine: z.nullable(signupOutput),
  can_edit: z.boolean(),
});
export type OperatingDayOutput = z.infer<typeof operatingDayOutput>;

export const operatingDayListOutput = z.object({
  items: z.array(operatingDayOutput),
  cursor: z.nullable(z.string()),
  /** Whether the caller may add days. */
  can_create: z.boolean(),
});
