import * as z from 'zod/mini';
import {
  entityId,
  isoDate,
  isoInstant,
  cursor as pageCursor,
  userText,
  version as versionNumber,
  whenFieldsValid,
} from '../validation.ts';

/**
 * Reservations (spec §2 reservations, §3 Reservation, issue 15 §5): a member books a rentable,
 * functional aircraft from a start to an end in the club's time zone. The checks below are each set
 * per club to off, warn (the member confirms) or block (only a reservation administrator overrides).
 */

/** The checks a booking passes, in the order the form shows their findings. */
export const RESERVATION_CHECKS = [
  'overlap',
  'instructor_overlap',
  'maintenance',
  'rent_permit',
  'recency',
  'medical',
  'balance_min',
] as const;
export type ReservationCheck = (typeof RESERVATION_CHECKS)[number];

export const CHECK_LEVELS = ['off', 'warn', 'block'] as const;
export type CheckLevel = (typeof CHECK_LEVELS)[number];

/** A new club's levels: a double booking is refused, the pilot's papers are warned about. */
export const DEFAULT_CHECK_LEVELS: Record<ReservationCheck, CheckLevel> = {
  overlap: 'block',
  instructor_overlap: 'block',
  maintenance: 'block',
  rent_permit: 'warn',
  recency: 'warn',
  medical: 'warn',
  balance_min: 'warn',
};

/** The message key (messages namespace) a finding of each check shows. */
export const CHECK_MESSAGES: Record<ReservationCheck, string> = {
  overlap: 'reservation_overlap',
  instructor_overlap: 'reservation_instructor_overlap',
  maintenance: 'reservation_maintenance_due',
  rent_permit: 'reservation_no_rent_permit',
  recency: 'reservation_recency_lapsed',
  medical: 'reservation_medical_invalid',
  balance_min: 'reservation_balance_below_min',
};

/** The form field a finding of each check is shown at. */
export const CHECK_FIELDS: Record<ReservationCheck, 'plane_id' | 'instructor_id' | 'user_id'> = {
  overlap: 'plane_id',
  instructor_overlap: 'instructor_id',
  maintenance: 'plane_id',
  rent_permit: 'user_id',
  recency: 'user_id',
  medical: 'user_id',
  balance_min: 'user_id',
};

/** Without night_reservation_on a booking starts and ends within these wall-clock hours. */
export const DAY_WINDOW = { start: '06:00', end: '22:00' } as const;
/** The longest booking (a week's expedition and a weekend either side). */
export const RESERVATION_MAX_DAYS = 14;
/** The longest range one calendar read covers (a month view with its edges). */
export const RESERVATION_RANGE_MAX_DAYS = 42;

const TIME = /^([01]\d|2[0-3]):(00|15|30|45)$/;
/** A wall-clock time in the club's zone, on the date-time picker's 15-minute steps (spec §5). */
export const quarterTime = z.string().check(z.regex(TIME, { error: 'time_format' }));

const localStart = (r: { start_date: string; start_time: string }) => `${r.start_date}T${r.start_time}`;
const localEnd = (r: { end_date: string; end_time: string }) => `${r.end_date}T${r.end_time}`;

export const createReservationInput = z
  .strictObject({
    plane_id: entityId,
    start_date: isoDate,
    start_time: quarterTime,
    end_date: isoDate,
    end_time: quarterTime,
    /** A reservation administrator books for another member; everyone else for themselves. */
    user_id: z.optional(entityId),
    instructor_id: z.optional(z.nullable(entityId)),
    comment: z.optional(userText(500, { multiline: true })),
    /** The member saw the warnings and books all the same. */
    confirm_warnings: z.optional(z.boolean()),
    /** A reservation administrator books despite blocking findings (recorded in the activity log). */
    override: z.optional(z.boolean()),
  })
  .check(
    z.refine((r) => localEnd(r) > localStart(r), {
      error: 'reservation_end_before_start',
      path: ['end_time'],
      when: whenFieldsValid(['start_date', 'start_time', 'end_date', 'end_time']),
    }),
  );
export type CreateReservationInput = z.infer<typeof createReservationInput>;

export const cancelReservationInput = z.strictObject({
  reason: userText(500, { min: 1, multiline: true }),
  version: versionNumber.check(z.minimum(1)),
});
export type CancelReservationInput = z.infer<typeof cancelReservationInput>;

export const listReservationsQuery = z
  .strictObject({
    /** Default: today in the club's time zone. */
    from: z.optional(isoDate),
    /** Default: a week (reservations) or four weeks (operating days) from `from`. */
    to: z.optional(isoDate),
    plane_id: z.optional(entityId),
    include_cancelled: z.optional(z.enum(['true', 'false'])),
    cursor: z.optional(pageCursor),
    limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200))),
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
        Date.parse(q.to) - Date.parse(q.from) <= RESERVATION_RANGE_MAX_DAYS * 24 * 3600 * 1000,
      {
        error: 'too_big',
        path: ['to'],
        when: whenFieldsValid(['from', 'to']),
      },
    ),
  );
export type ListReservationsQuery = z.infer<typeof listReservationsQuery>;

const levels = z.strictObject(
  Object.fromEntries(RESERVATION_CHECKS.map((check) => [check, z.enum(CHECK_LEVELS)])) as Record<
    ReservationCheck,
    z.ZodMiniEnum<{ off: 'off'; warn: 'warn'; block: 'block' }>
  >,
);

export const reservationSettingsInput = z.strictObject({
  checks: levels,
  /** 0 when the club never saved its levels (the defaults are shown). */
  version: versionNumber,
});
export type ReservationSettingsInput = z.infer<typeof reservationSettingsInput>;

export const reservationSettingsOutput = z.object({
  checks: levels,
  version: z.number(),
});

export const reservationOutput = z.object({
  reservation_id: z.string(),
  plane_id: z.string(),
  reg_num: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  instructor_id: z.nullable(z.string()),
  instructor_name: z.nullable(z.string()),
  /** Instants (UTC). */
  reservation_start: isoInstant,
  reservation_end: isoInstant,
  /** The same in the club's wall-clock time: `2026-07-04T09:30`. */
  local_start: z.string(),
  local_end: z.string(),
  comment: z.nullable(z.string()),
  status: z.enum(['active', 'cancelled']),
  cancel_reason: z.nullable(z.string()),
  /** Findings the member confirmed (warn) or an administrator overrode (block): message keys. */
  warnings: z.array(z.string()),
  overridden: z.array(z.string()),
  version: z.number(),
  can_cancel: z.boolean(),
});
export type ReservationOutput = z.infer<typeof reservationOutput>;

export const reservationListOutput = z.object({
  items: z.array(reservationOutput),
  cursor: z.nullable(z.string()),
});

export const reservationOptionsOutput = z.object({
  time_zone: z.string(),
  aircraft: z.array(
    z.object({
      plane_id: z.string(),
      reg_num: z.string(),
      plane_type: z.nullable(z.string()),
      callsign: z.nullable(z.string()),
      rent_req_instructor: z.boolean(),
      rent_multiple_days_allowed: z.boolean(),
      night_reservation_on: z.boolean(),
    }),
  ),
  instructors: z.array(z.object({ user_id: z.string(), name: z.string() })),
  /** Members a reservation administrator may book for (empty for everyone else). */
  members: z.array(z.object({ user_id: z.string(), name: z.string() })),
  checks: levels,
  can_administer: z.boolean(),
});
export type ReservationOptionsOutput = z.infer<typeof reservationOptionsOutput>;
