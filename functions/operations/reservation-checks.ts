import { addDays } from '../../contracts/calendar.ts';
import {
  type CheckLevel,
  DAY_WINDOW,
  RESERVATION_MAX_DAYS,
  type ReservationCheck,
} from '../../contracts/schemas/reservations.ts';

/**
 * The booking rules (issue 15 §5) as pure functions: what is wrong with a booking in itself (always
 * refused), and the findings of the club's checks, each at the club's level (off, warn, block).
 */

/** What a booking's aircraft allows (spec §3 Plane, rental). */
export interface RentalAircraft {
  plane_id: string;
  plane_type: string | null;
  rentable: boolean;
  status: string;
  rent_req_instructor: boolean;
  rent_multiple_days_allowed: boolean;
  night_reservation_on: boolean;
}

/** A booking in the club's wall-clock time (`2026-07-04`, `09:30`) and as instants. */
export interface BookingTimes {
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  start: string;
  end: string;
}

/**
 * Field errors of a booking whatever the club's levels: an aircraft that is not rentable and
 * functional, a start in the past, too long, several days or night hours the aircraft does not
 * allow, no instructor where it needs one.
 */
export function bookingErrors(
  plane: RentalAircraft | null,
  times: BookingTimes,
  instructorId: string | null,
  now: Date,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, key: string) => {
    errors[field] = [...(errors[field] ?? []), key];
  };
  if (!plane?.rentable || plane.status !== 'functional') {
    add('plane_id', 'reservation_not_rentable');
    return errors;
  }
  if (Date.parse(times.end) <= now.getTime()) add('end_time', 'reservation_in_past');
  if (times.end_date > addDays(times.start_date, RESERVATION_MAX_DAYS))
    add('end_date', 'reservation_too_long');
  if (!plane.rent_multiple_days_allowed && times.end_date !== times.start_date)
    add('end_date', 'reservation_multi_day_not_allowed');
  if (!plane.night_reservation_on) {
    if (times.start_time < DAY_WINDOW.start || times.start_time > DAY_WINDOW.end)
      add('start_time', 'reservation_night_not_allowed');
    if (times.end_time > DAY_WINDOW.end || times.end_time < DAY_WINDOW.start)
      add('end_time', 'reservation_night_not_allowed');
  }
  if (plane.rent_req_instructor && !instructorId) add('instructor_id', 'reservation_instructor_required');
  return errors;
}

/** Two half-open ranges of instants [start, end) share a moment. */
export const overlaps = (a: { start: string; end: string }, b: { start: string; end: string }) =>
  Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end);

/** Aircraft types as people write them: `LS 4`, `ls4` and `LS-4` are one type. */
export const sameType = (a: string, b: string) =>
  a.replace(/[\s-]/g, '').toUpperCase() === b.replace(/[\s-]/g, '').toUpperCase();

/** What the checks look at, read beforehand by the service. */
export interface CheckFacts {
  /** Other active bookings of the aircraft / the instructor (any that might overlap). */
  planeBookings: readonly { reservation_start: string; reservation_end: string }[];
  instructorBookings: readonly { reservation_start: string; reservation_end: string }[];
  /** The aircraft's soonest due thing; null when nothing is tracked. */
  maintenance: { overdue: boolean; due_date: string | null } | null;
  /** The pilot's rent permits valid on the booking's last day (aircraft types). */
  rentPermitTypes: readonly string[];
  /** The pilot's lapsed recency rules on the booking's last day, medical excluded. */
  recencyLapsed: boolean;
  /** Until when the pilot's medical is valid (yyyy-mm-dd), or null. */
  medicalValidUntil: string | null;
  /** An instructor flies with them: the pilot's own papers and recency do not decide. */
  withInstructor: boolean;
  /**
   * The pilot's ledger balance is below their minimum (the membership's, else the club's
   * balance_min; finance public.ts). False where the club keeps no ledger or sets no minimum.
   */
  belowBalanceMin: boolean;
}

export interface Finding {
  check: ReservationCheck;
  level: Exclude<CheckLevel, 'off'>;
}

/** The findings of every check the club has on, at its level. */
export function checkBooking(
  levels: Record<ReservationCheck, CheckLevel>,
  plane: RentalAircraft,
  times: BookingTimes,
  facts: CheckFacts,
): Finding[] {
  const range = { start: times.start, end: times.end };
  const booked = (b: { reservation_start: string; reservation_end: string }) =>
    overlaps(range, { start: b.reservation_start, end: b.reservation_end });
  const failed: Record<ReservationCheck, () => boolean> = {
    overlap: () => facts.planeBookings.some(booked),
    instructor_overlap: () => facts.instructorBookings.some(booked),
    maintenance: () =>
      Boolean(
        facts.maintenance &&
          (facts.maintenance.overdue ||
            (facts.maintenance.due_date !== null && facts.maintenance.due_date <= times.end_date)),
      ),
    rent_permit: () =>
      !facts.withInstructor &&
      (!plane.plane_type || !facts.rentPermitTypes.some((t) => sameType(t, plane.plane_type as string))),
    recency: () => !facts.withInstructor && facts.recencyLapsed,
    medical: () => !facts.medicalValidUntil || facts.medicalValidUntil < times.end_date,
    balance_min: () => facts.belowBalanceMin,
  };
  const findings: Finding[] = [];
  for (const check of Object.keys(failed) as ReservationCheck[]) {
    const level = levels[check];
    if (level !== 'off' && failed[check]()) findings.push({ check, level });
  }
  return findings;
}

/**
 * What happens to a booking with these findings: refused (blocking findings and no administrator's
 * override), waiting for the member to confirm the warnings, or booked — with the confirmed warnings
 * and the overridden blocks recorded on it.
 */
export function decide(
  findings: readonly Finding[],
  request: { confirmWarnings: boolean; override: boolean; mayOverride: boolean },
):
  | { outcome: 'blocked'; checks: ReservationCheck[] }
  | { outcome: 'confirm'; checks: ReservationCheck[] }
  | { outcome: 'book'; warnings: ReservationCheck[]; overridden: ReservationCheck[] } {
  const blocks = findings.filter((f) => f.level === 'block').map((f) => f.check);
  const warnings = findings.filter((f) => f.level === 'warn').map((f) => f.check);
  const overriding = request.override && request.mayOverride;
  if (blocks.length > 0 && !overriding) return { outcome: 'blocked', checks: blocks };
  if (warnings.length > 0 && !request.confirmWarnings) return { outcome: 'confirm', checks: warnings };
  return { outcome: 'book', warnings, overridden: overriding ? blocks : [] };
}
