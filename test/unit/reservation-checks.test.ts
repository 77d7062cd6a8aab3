import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_LEVELS } from '../../contracts/schemas/reservations.ts';
import {
  type BookingTimes,
  bookingErrors,
  type CheckFacts,
  checkBooking,
  decide,
  type RentalAircraft,
} from '../../functions/operations/reservation-checks.ts';

/** The booking rules of issue 15 §5, one by one, without I/O. */
const plane: RentalAircraft = {
  plane_id: 'p1',
  plane_type: 'LS4',
  rentable: true,
  status: 'functional',
  rent_req_instructor: false,
  rent_multiple_days_allowed: false,
  night_reservation_on: false,
};
const times: BookingTimes = {
  start_date: '2026-07-04',
  start_time: '10:00',
  end_date: '2026-07-04',
  end_time: '12:00',
  start: '2026-07-04T08:00:00.000Z',
  end: '2026-07-04T10:00:00.000Z',
};
const now = new Date('2026-07-01T12:00:00Z');
const clean: CheckFacts = {
  planeBookings: [],
  instructorBookings: [],
  maintenance: null,
  rentPermitTypes: ['LS 4'],
  recencyLapsed: false,
  medicalValidUntil: '2027-01-01',
  withInstructor: false,
  belowBalanceMin: false,
};
const all = (level: 'warn' | 'block') =>
  Object.fromEntries(Object.keys(DEFAULT_CHECK_LEVELS).map((k) => [k, level])) as typeof DEFAULT_CHECK_LEVELS;
const checksFailing = (facts: Partial<CheckFacts>, t: BookingTimes = times) =>
  checkBooking(all('block'), plane, t, { ...clean, ...facts }).map((f) => f.check);

describe("a booking's own errors", () => {
  it('accepts a daytime one-day booking of a rentable functional aircraft', () => {
    expect(bookingErrors(plane, times, null, now)).toEqual({});
  });

  it('refuses an aircraft that is not rentable or not functional', () => {
    expect(bookingErrors({ ...plane, rentable: false }, times, null, now)).toEqual({
      plane_id: ['reservation_not_rentable'],
    });
    expect(bookingErrors({ ...plane, status: 'inoperable' }, times, null, now).plane_id).toEqual([
      'reservation_not_rentable',
    ]);
    expect(bookingErrors(null, times, null, now).plane_id).toEqual(['reservation_not_rentable']);
  });

  it('refuses a booking that has already ended', () => {
    expect(bookingErrors(plane, times, null, new Date('2026-07-04T10:00:00Z')).end_time).toEqual([
      'reservation_in_past',
    ]);
  });

  it('allows several days only where the aircraft does, and never more than 14', () => {
    const three = { ...times, end_date: '2026-07-06' };
    expect(bookingErrors(plane, three, null, now).end_date).toEqual(['reservation_multi_day_not_allowed']);
    expect(bookingErrors({ ...plane, rent_multiple_days_allowed: true }, three, null, now)).toEqual({});
    const long = { ...times, end_date: '2026-07-19' };
    expect(bookingErrors({ ...plane, rent_multiple_days_allowed: true }, long, null, now).end_date).toEqual([
      'reservation_too_long',
    ]);
  });

  it('keeps to 06:00–22:00 unless the aircraft may be booked at night', () => {
    const early = { ...times, start_time: '05:45' };
    const late = { ...times, end_time: '22:15' };
    expect(bookingErrors(plane, early, null, now).start_time).toEqual(['reservation_night_not_allowed']);
    expect(bookingErrors(plane, late, null, now).end_time).toEqual(['reservation_night_not_allowed']);
    expect(bookingErrors(plane, { ...times, start_time: '06:00', end_time: '22:00' }, null, now)).toEqual({});
    expect(bookingErrors({ ...plane, night_reservation_on: true }, early, null, now)).toEqual({});
  });

  it('needs an instructor where the aircraft says so', () => {
    const dual = { ...plane, rent_req_instructor: true };
    expect(bookingErrors(dual, times, null, now).instructor_id).toEqual(['reservation_instructor_required']);
    expect(bookingErrors(dual, times, 'u-instr', now)).toEqual({});
  });
});

describe('the club checks', () => {
  it('finds nothing on a clean booking', () => {
    expect(checksFailing({})).toEqual([]);
  });

  it('overlap: another booking of the aircraft sharing a moment, not one that only touches it', () => {
    const at = (start: string, end: string) => ({ reservation_start: start, reservation_end: end });
    expect(
      checksFailing({ planeBookings: [at('2026-07-04T09:00:00.000Z', '2026-07-04T11:00:00.000Z')] }),
    ).toEqual(['overlap']);
    expect(
      checksFailing({ planeBookings: [at('2026-07-04T10:00:00.000Z', '2026-07-04T11:00:00.000Z')] }),
    ).toEqual([]);
    expect(
      checksFailing({ planeBookings: [at('2026-07-01T06:00:00.000Z', '2026-07-05T18:00:00.000Z')] }),
    ).toEqual(['overlap']);
  });

  it('instructor overlap: the instructor booked elsewhere at the time', () => {
    const busy = [
      { reservation_start: '2026-07-04T07:00:00.000Z', reservation_end: '2026-07-04T08:30:00.000Z' },
    ];
    expect(checksFailing({ instructorBookings: busy, withInstructor: true })).toEqual(['instructor_overlap']);
  });

  it('maintenance: overdue, or falling due by the last day of the booking', () => {
    expect(checksFailing({ maintenance: { overdue: true, due_date: null } })).toEqual(['maintenance']);
    expect(checksFailing({ maintenance: { overdue: false, due_date: '2026-07-04' } })).toEqual([
      'maintenance',
    ]);
    expect(checksFailing({ maintenance: { overdue: false, due_date: '2026-07-05' } })).toEqual([]);
  });

  it('rent permit: for the type however it is written; not needed with an instructor', () => {
    expect(checksFailing({ rentPermitTypes: ['ASK 21'] })).toEqual(['rent_permit']);
    expect(checksFailing({ rentPermitTypes: ['ls-4'] })).toEqual([]);
    expect(checksFailing({ rentPermitTypes: [], withInstructor: true })).toEqual([]);
  });

  it('recency and medical on the day of the booking', () => {
    expect(checksFailing({ recencyLapsed: true })).toEqual(['recency']);
    expect(checksFailing({ recencyLapsed: true, withInstructor: true })).toEqual([]);
    expect(checksFailing({ medicalValidUntil: '2026-07-03' })).toEqual(['medical']);
    expect(checksFailing({ medicalValidUntil: '2026-07-04' })).toEqual([]);
    expect(checksFailing({ medicalValidUntil: null })).toEqual(['medical']);
  });

  it('balance_min: a pilot below their minimum balance, with or without an instructor (they pay)', () => {
    expect(checksFailing({ belowBalanceMin: true })).toEqual(['balance_min']);
    expect(checksFailing({ belowBalanceMin: true, withInstructor: true })).toEqual(['balance_min']);
    const levels = { ...DEFAULT_CHECK_LEVELS, balance_min: 'block' as const };
    const findings = checkBooking(levels, plane, times, { ...clean, belowBalanceMin: true });
    expect(findings).toEqual([{ check: 'balance_min', level: 'block' }]);
    expect(decide(findings, { confirmWarnings: true, override: false, mayOverride: false })).toEqual({
      outcome: 'blocked',
      checks: ['balance_min'],
    });
    expect(decide(findings, { confirmWarnings: false, override: true, mayOverride: true })).toEqual({
      outcome: 'book',
      warnings: [],
      overridden: ['balance_min'],
    });
    expect(
      checkBooking({ ...levels, balance_min: 'off' }, plane, times, { ...clean, belowBalanceMin: true }),
    ).toEqual([]);
  });

  it('skips a check the club switched off and reports the others at their level', () => {
    const levels = { ...DEFAULT_CHECK_LEVELS, rent_permit: 'off' as const, medical: 'warn' as const };
    const findings = checkBooking(levels, plane, times, {
      ...clean,
      rentPermitTypes: [],
      medicalValidUntil: null,
    });
    expect(findings).toEqual([{ check: 'medical', level: 'warn' }]);
  });
});

describe('what happens to the findings', () => {
  const block = { check: 'overlap', level: 'block' } as const;
  const warn = { check: 'medical', level: 'warn' } as const;
  const request = { confirmWarnings: false, override: false, mayOverride: false };

  it('refuses blocking findings, even confirmed, and an override by someone who may not', () => {
    expect(decide([block, warn], { ...request, confirmWarnings: true })).toEqual({
      outcome: 'blocked',
      checks: ['overlap'],
    });
    expect(decide([block], { ...request, override: true }).outcome).toBe('blocked');
  });

  it('asks to confirm warnings, then books with them recorded', () => {
    expect(decide([warn], request)).toEqual({ outcome: 'confirm', checks: ['medical'] });
    expect(decide([warn], { ...request, confirmWarnings: true })).toEqual({
      outcome: 'book',
      warnings: ['medical'],
      overridden: [],
    });
  });

  it("books over blocks on an administrator's override, recording what was overridden", () => {
    expect(decide([block], { ...request, override: true, mayOverride: true })).toEqual({
      outcome: 'book',
      warnings: [],
      overridden: ['overlap'],
    });
  });
});
