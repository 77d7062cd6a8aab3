import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, daysBetween, instantIn, todayIn } from '../../contracts/calendar.ts';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Reservations (issue 15 §5) on the embedded DynamoDB: one booking per aircraft and time even when
 * members book at once, the club's check levels (block, warn with confirmation, an administrator's
 * override), cancellation with a reason, and the calendar of a week in the club's time zone.
 */
const pilot = subOf('pilot@demo.windsock.aero');
const student = subOf('student@demo.windsock.aero');
const operator = subOf('operator@demo.windsock.aero');
const admin = subOf('admin@demo.windsock.aero');
const ORG = 'org-demo';
const LS4 = 'plane-ha-4370';
const TZ = 'Europe/Budapest';

let platform: Platform;
let day: string;
beforeAll(async () => {
  platform = await startPlatform();
  day = addDays(todayIn(TZ), 3);
});
afterAll(async () => {
  await platform?.close();
});

const booking = (extra: Record<string, unknown> = {}) => ({
  plane_id: LS4,
  start_date: day,
  start_time: '10:00',
  end_date: day,
  end_time: '12:00',
  confirm_warnings: true,
  ...extra,
});

const stored = async () => {
  const { data } = await db()
    .entities.reservation.query.byPlane({ organization_id: ORG, plane_id: LS4 })
    .go({ pages: 'all' });
  // The test day's active bookings (the seed books other days).
  const from = instantIn(day, '00:00', TZ);
  const to = instantIn(addDays(day, 1), '00:00', TZ);
  return data.filter((r) => r.status === 'active' && r.reservation_start >= from && r.reservation_start < to);
};

describe('booking an aircraft', () => {
  it('keeps exactly one of two members booking one aircraft for the same time at once', async () => {
    // Act: two members, overlapping hours, the same instant.
    const results = await Promise.all([
      platform.invoke('createReservation', { sub: pilot, body: booking() }),
      platform.invoke('createReservation', {
        sub: operator,
        body: booking({ start_time: '11:00', end_time: '13:00' }),
      }),
    ]);

    // Assess: one booking, the other refused on the aircraft with the overlap message.
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    const refused = results.find((r) => r.status === 422)!;
    expect(refused.body.errors.plane_id).toEqual(['reservation_overlap']);
    expect(await stored()).toHaveLength(1);
  });

  it('books adjacent slots of one aircraft at once, both of them', async () => {
    const results = await Promise.all([
      platform.invoke('createReservation', {
        sub: pilot,
        body: booking({ start_time: '14:00', end_time: '15:00' }),
      }),
      platform.invoke('createReservation', {
        sub: operator,
        body: booking({ start_time: '15:00', end_time: '16:00' }),
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(await stored()).toHaveLength(3);
  });

  it('shows the booking in the club time of the calendar week, with the aircraft and the pilot', async () => {
    const week = await platform.invoke('listReservations', {
      sub: student,
      query: { from: day, to: addDays(day, 6) },
    });
    expect(week.status).toBe(200);
    // The winner of the race above: 10:00–12:00 or 11:00–13:00, first of the week by start.
    const first = week.body.items.find((r: { reg_num: string }) => r.reg_num === 'HA-4370');
    expect([`${day}T10:00`, `${day}T11:00`]).toContain(first.local_start);
    expect(first).toMatchObject({ reg_num: 'HA-4370', status: 'active' });
    expect(week.body.items.map((r: { local_start: string }) => r.local_start)).toEqual(
      [...week.body.items.map((r: { local_start: string }) => r.local_start)].sort(),
    );
    // Another member sees it, but may not cancel it.
    expect(first.can_cancel).toBe(false);
    expect(first.user_name).toMatch(/\S+ \S+/);
  });

  it('asks the member to confirm warnings before booking, and records what they confirmed', async () => {
    // The student holds no rent permit for the LS4: a warning by default.
    const body = booking({ start_date: addDays(day, 1), end_date: addDays(day, 1), confirm_warnings: false });
    const first = await platform.invoke('createReservation', { sub: student, body });
    expect(first.status).toBe(409);
    expect(first.body).toMatchObject({ code: 'reservation_warnings' });
    expect(first.body.errors.user_id).toContain('reservation_no_rent_permit');

    const confirmed = await platform.invoke('createReservation', {
      sub: student,
      body: { ...body, confirm_warnings: true },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.warnings).toContain('reservation_no_rent_permit');
  });

  it('refuses a check the club blocks, and lets a reservation administrator override it', async () => {
    const settings = await platform.invoke('getReservationSettings', { sub: admin });
    const saved = await platform.invoke('updateReservationSettings', {
      sub: admin,
      body: { checks: { ...settings.body.checks, rent_permit: 'block' }, version: settings.body.version },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.checks.rent_permit).toBe('block');
    // A stale editor loses.
    const stale = await platform.invoke('updateReservationSettings', {
      sub: admin,
      body: { checks: settings.body.checks, version: settings.body.version },
    });
    expect(stale.status).toBe(409);

    const body = booking({ start_date: addDays(day, 2), end_date: addDays(day, 2) });
    const blocked = await platform.invoke('createReservation', { sub: student, body });
    expect(blocked.status).toBe(422);
    expect(blocked.body.errors.user_id).toContain('reservation_no_rent_permit');
    // The student cannot override; the administrator books for them with an override.
    const notAllowed = await platform.invoke('createReservation', {
      sub: student,
      body: { ...body, override: true },
    });
    expect(notAllowed.status).toBe(422);
    const studentId = (await platform.invoke('reservationOptions', { sub: admin })).body.members.find(
      (m: { name: string }) => m.name === 'Kiss Bence',
    )?.user_id;
    expect(studentId).toBeTypeOf('string');
    const overridden = await platform.invoke('createReservation', {
      sub: admin,
      body: { ...body, user_id: studentId, override: true },
    });
    expect(overridden.status).toBe(200);
    expect(overridden.body).toMatchObject({ user_id: studentId, overridden: ['reservation_no_rent_permit'] });
    // Booking for someone else is the administrators' only.
    const forOther = await platform.invoke('createReservation', {
      sub: pilot,
      body: booking({ start_date: addDays(day, 5), end_date: addDays(day, 5), user_id: studentId }),
    });
    expect(forOther.status).toBe(403);
  });

  it('refuses times the aircraft does not allow and an end before the start', async () => {
    const night = await platform.invoke('createReservation', {
      sub: pilot,
      body: booking({ plane_id: 'plane-ha-1265', start_time: '05:00' }),
    });
    expect(night.status).toBe(422);
    expect(night.body.errors.start_time).toEqual(['reservation_night_not_allowed']);

    const backwards = await platform.invoke('createReservation', {
      sub: pilot,
      body: booking({ start_time: '12:00', end_time: '11:00' }),
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.end_time).toEqual(['reservation_end_before_start']);

    const notRentable = await platform.invoke('createReservation', {
      sub: pilot,
      body: booking({ plane_id: 'plane-ha-4455' }),
    });
    expect(notRentable.status).toBe(422);
    expect(notRentable.body.errors.plane_id).toEqual(['reservation_not_rentable']);
  });

  it('cancels the own booking with a reason; another member cannot, and a stale version is a 409', async () => {
    const made = await platform.invoke('createReservation', {
      sub: pilot,
      body: booking({ start_date: addDays(day, 4), end_date: addDays(day, 4) }),
    });
    expect(made.body).toMatchObject({ status: 'active' });
    const id = made.body.reservation_id;
    expect(made.body.can_cancel).toBe(true);

    const foreign = await platform.invoke('cancelReservation', {
      sub: student,
      params: { id },
      body: { reason: 'Nem én foglaltam', version: 1 },
    });
    expect(foreign.status).toBe(403);

    const noReason = await platform.invoke('cancelReservation', {
      sub: pilot,
      params: { id },
      body: { reason: '', version: 1 },
    });
    expect(noReason.status).toBe(422);

    const cancelled = await platform.invoke('cancelReservation', {
      sub: pilot,
      params: { id },
      body: { reason: 'Rossz idő várható', version: 1 },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Rossz idő várható',
      can_cancel: false,
    });

    const again = await platform.invoke('cancelReservation', {
      sub: pilot,
      params: { id },
      body: { reason: 'Még egyszer', version: 1 },
    });
    expect(again.status).toBe(422);

    // The slot is free again.
    const rebooked = await platform.invoke('createReservation', {
      sub: pilot,
      body: booking({ start_date: addDays(day, 4), end_date: addDays(day, 4) }),
    });
    expect(rebooked.status).toBe(200);
  });

  it("refuses the seeded tow plane from its inspection's due day; its booking then was cancelled (issue 15 §10)", async () => {
    const list = await platform.invoke('listReservations', {
      sub: pilot,
      query: {
        from: todayIn(TZ),
        to: addDays(todayIn(TZ), 42),
        plane_id: 'plane-ha-sbx',
        include_cancelled: 'true',
      },
    });
    expect(list.body.items).toEqual([
      expect.objectContaining({ status: 'cancelled', cancel_reason: expect.stringContaining('100 órás') }),
    ]);
    const dueDay = list.body.items[0].local_start.slice(0, 10);
    // Within the next two weeks: the seeded annual inspection falls due in ten days.
    expect(daysBetween(todayIn(TZ), dueDay)).toBeGreaterThanOrEqual(1);
    expect(daysBetween(todayIn(TZ), dueDay)).toBeLessThanOrEqual(14);
    const towPlane = await platform.invoke('createReservation', {
      sub: pilot,
      body: booking({
        plane_id: 'plane-ha-sbx',
        start_date: dueDay,
        end_date: dueDay,
        confirm_warnings: true,
      }),
    });
    expect(towPlane.status).toBe(422);
    expect(towPlane.body.errors.plane_id).toEqual(['reservation_maintenance_due']);
  });

  it('offers the rentable functional aircraft and the instructors', async () => {
    const options = await platform.invoke('reservationOptions', { sub: pilot });
    expect(options.status).toBe(200);
    expect(options.body.time_zone).toBe(TZ);
    expect(options.body.aircraft.map((a: { reg_num: string }) => a.reg_num)).toEqual([
      'HA-1265',
      'HA-4370',
      'HA-SBX',
    ]);
    expect(options.body.instructors.length).toBeGreaterThan(0);
    expect(options.body.can_administer).toBe(false);
    expect(options.body.members).toEqual([]);
  });

  it("keeps another club's admin away from the club's bookings, even with the module on", async () => {
    const { data: alpine } = await db().entities.organization.get({ organization_id: 'org-alpine' }).go();
    await db()
      .entities.organization.patch({ organization_id: 'org-alpine' })
      .set({ modules: [...(alpine?.modules ?? []), 'reservation'] })
      .go({ response: 'none' });
    const other = subOf('admin@alpine.windsock.aero');
    const ours = (await stored())[0]!;

    const read = await platform.invoke('getReservation', { sub: other, params: { id: ours.reservation_id } });
    expect(read.status).toBe(404);
    const cancel = await platform.invoke('cancelReservation', {
      sub: other,
      params: { id: ours.reservation_id },
      body: { reason: 'Walk', version: ours.version },
    });
    expect(cancel.status).toBe(404);
    const week = await platform.invoke('listReservations', {
      sub: other,
      query: { from: day, to: addDays(day, 6) },
    });
    expect(week.status).toBe(200);
    expect(week.body.items).toEqual([]);
    const foreignPlane = await platform.invoke('createReservation', { sub: other, body: booking() });
    expect(foreignPlane.status).toBe(422);
    expect(foreignPlane.body.errors.plane_id).toEqual(['reservation_not_rentable']);
  });
});
