import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../contracts/calendar.ts';
import { eventsOf, parseIcal } from '../helpers/ical.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Operating days (issue 15 §6) on the embedded DynamoDB: the organizers add a day with its leader,
 * members sign up in a role, students beyond the instructors' capacity wait, a freed place goes to
 * the waiting student who flew least recently and they are told; two students racing for the last
 * place get one place and one waitlist spot.
 */
const admin = subOf('admin@demo.windsock.aero');
const instructor = subOf('instructor@demo.windsock.aero');
const pilot = subOf('pilot@demo.windsock.aero');
const student = subOf('student@demo.windsock.aero');
const operator = subOf('operator@demo.windsock.aero');
const technical = subOf('technical@demo.windsock.aero');

let platform: Platform;
let day: string;
beforeAll(async () => {
  platform = await startPlatform();
  day = addDays(todayIn('Europe/Budapest'), 20);
});
afterAll(async () => {
  await platform?.close();
});

const newDay = (date: string, extra: Record<string, unknown> = {}) =>
  platform.invoke('saveOperatingDay', {
    sub: admin,
    params: { date },
    body: {
      leader_id: 'user-instructor',
      operating_day_editor_id: null,
      students_per_instructor: 1,
      version: 0,
      ...extra,
    },
  });
const signUp = (sub: string, role: string, date = day) =>
  platform.invoke('signUpForOperatingDay', { sub, params: { date }, body: { role } });

describe('operating days', () => {
  it('lets the organizers add a day, and not a plain member', async () => {
    const refused = await platform.invoke('saveOperatingDay', {
      sub: pilot,
      params: { date: day },
      body: { leader_id: null, operating_day_editor_id: null, students_per_instructor: 2, version: 0 },
    });
    expect(refused.status).toBe(403);
    const made = await newDay(day);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ date: day, leader_id: 'user-instructor', capacity: 0, version: 1 });
    expect(made.body.leader_name).toMatch(/\S+ \S+/);
    // The leader may change the day; a stale version loses.
    const byLeader = await platform.invoke('saveOperatingDay', {
      sub: instructor,
      params: { date: day },
      body: {
        leader_id: 'user-instructor',
        operating_day_editor_id: 'user-technical',
        students_per_instructor: 1,
        version: 1,
      },
    });
    expect(byLeader.status).toBe(200);
    const stale = await newDay(day, { version: 1 });
    expect(stale.status).toBe(409);
  });

  it('waitlists students beyond the instructors, promotes fairly and tells the promoted', async () => {
    expect((await signUp(instructor, 'instructor')).body.capacity).toBe(1);
    expect((await signUp(pilot, 'student')).body.mine).toMatchObject({
      role: 'student',
      status: 'confirmed',
    });
    const waiting = await signUp(student, 'student');
    expect(waiting.body.mine).toMatchObject({ status: 'waitlisted', position: 1 });
    const second = await signUp(operator, 'student');
    expect(second.body.mine.status).toBe('waitlisted');
    expect(second.body.waitlisted).toBe(2);
    // A tow pilot always comes.
    expect((await signUp(technical, 'tow_pilot')).body.mine.status).toBe('confirmed');

    // The confirmed student leaves: the waiting one who flew least recently moves up.
    const order = (
      await platform.invoke('getOperatingDay', { sub: admin, params: { date: day } })
    ).body.signups
      .filter((s: { status: string }) => s.status === 'waitlisted')
      .sort((a: { position: number }, b: { position: number }) => a.position - b.position);
    const first = order[0].user_id;
    const left = await platform.invoke('unsubscribeFromOperatingDay', { sub: pilot, params: { date: day } });
    expect(left.status).toBe(200);
    expect(left.body.mine).toBeNull();
    const promoted = left.body.signups.find((s: { user_id: string }) => s.user_id === first);
    expect(promoted.status).toBe('confirmed');
    expect(left.body.waitlisted).toBe(1);

    const firstSub = first === 'user-student' ? student : operator;
    const notes = await platform.invoke('listNotifications', { sub: firstSub });
    expect(notes.body.items.some((n: { message: string }) => n.message === 'operating_day_promoted')).toBe(
      true,
    );

    // Leaving twice is a 404; signing up for a day that does not exist too.
    expect(
      (await platform.invoke('unsubscribeFromOperatingDay', { sub: pilot, params: { date: day } })).status,
    ).toBe(404);
    expect((await signUp(pilot, 'pilot', addDays(day, 1))).status).toBe(404);
  });

  it('gives the last place to one of two students signing up at once', async () => {
    const other = addDays(day, 2);
    expect((await newDay(other)).status).toBe(200);
    expect((await signUp(instructor, 'instructor', other)).status).toBe(200);
    const results = await Promise.all([
      signUp(student, 'student', other),
      signUp(operator, 'student', other),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const final = await platform.invoke('getOperatingDay', { sub: admin, params: { date: other } });
    const students = final.body.signups.filter((s: { role: string }) => s.role === 'student');
    expect(students.map((s: { status: string }) => s.status).sort()).toEqual(['confirmed', 'waitlisted']);
  });

  it('lists the days of a range with the counts and the caller’s own sign-up', async () => {
    const list = await platform.invoke('listOperatingDays', {
      sub: student,
      query: { from: day, to: addDays(day, 6) },
    });
    expect(list.status).toBe(200);
    expect(list.body.items.map((d: { date: string }) => d.date)).toEqual([day, addDays(day, 2)]);
    expect(list.body.items[0].counts).toMatchObject({ instructor: 1, tow_pilot: 1, student: 1 });
    expect(list.body.can_create).toBe(false);
  });

  it("pre-fills the day's unsaved daily sheet with the leader and the timer operators who signed up", async () => {
    const date = addDays(day, 4);
    expect((await newDay(date)).status).toBe(200);
    expect((await signUp(operator, 'timer_operator', date)).status).toBe(200);
    const sheet = await platform.invoke('getDailySheet', { sub: instructor, params: { date } });
    expect(sheet.status).toBe(200);
    expect(sheet.body.sheet).toMatchObject({
      version: 0,
      leader_id: 'user-instructor',
      timer_operator_ids: ['user-operator'],
    });
    // A day without an operating day keeps an empty sheet.
    const plain = await platform.invoke('getDailySheet', {
      sub: instructor,
      params: { date: addDays(day, 5) },
    });
    expect(plain.body.sheet).toMatchObject({ leader_id: null, timer_operator_ids: [] });
  });
});

describe('iCalendar feeds (issue 15 §9)', () => {
  const feed = (token: string) => platform.invoke('icalFeed', { params: { token } });
  const eventsIn = (text: string) => eventsOf(parseIcal(text));
  const bookingDay = () => addDays(todayIn('Europe/Budapest'), 13);

  it("publishes a member's bookings and sign-ups; changes raise SEQUENCE, cancellations stay CANCELLED", async () => {
    const made = await platform.invoke('createOwnCalendarFeed', { sub: pilot });
    expect(made.status).toBe(200);
    expect(made.body.path).toBe(`/api/ical/${made.body.token}`);
    expect((await platform.invoke('getOwnCalendarFeed', { sub: pilot })).body.active).toBe(true);

    const date = addDays(day, 8);
    expect((await newDay(date)).status).toBe(200);
    expect((await signUp(pilot, 'tow_pilot', date)).status).toBe(200);
    const booking = await platform.invoke('createReservation', {
      sub: pilot,
      body: {
        plane_id: 'plane-ha-4370',
        start_date: bookingDay(),
        start_time: '14:00',
        end_date: bookingDay(),
        end_time: '16:00',
        comment: 'Táv; Szeged, vissza',
        confirm_warnings: true,
      },
    });
    expect(booking.status).toBe(200);
    const id = booking.body.reservation_id;

    const first = await feed(made.body.token);
    expect(first.status).toBe(200);
    expect(first.contentType).toMatch(/^text\/calendar/);
    const events = eventsIn(first.body);
    const reservation = events.find((e) => e.UID === `reservation-${id}@windsock`);
    expect(reservation).toMatchObject({ SEQUENCE: '0', STATUS: 'CONFIRMED', SUMMARY: 'Foglalás: HA-4370' });
    expect(reservation!.DESCRIPTION).toContain('Táv; Szeged, vissza');
    const signupUid = `signup-org-demo-${date}@windsock`;
    expect(events.find((e) => e.UID === signupUid)).toMatchObject({
      SEQUENCE: '0',
      STATUS: 'CONFIRMED',
      DTSTART: date.replace(/-/g, ''),
    });
    // Read again unchanged: the same numbers.
    const again = eventsIn((await feed(made.body.token)).body);
    expect(again.find((e) => e.UID === `reservation-${id}@windsock`)!.SEQUENCE).toBe('0');

    const cancelled = await platform.invoke('cancelReservation', {
      sub: pilot,
      params: { id },
      body: { reason: 'Időjárás', version: booking.body.version },
    });
    expect(cancelled.status).toBe(200);
    expect(
      (await platform.invoke('unsubscribeFromOperatingDay', { sub: pilot, params: { date } })).status,
    ).toBe(200);
    const after = eventsIn((await feed(made.body.token)).body);
    expect(after.find((e) => e.UID === `reservation-${id}@windsock`)).toMatchObject({
      SEQUENCE: '1',
      STATUS: 'CANCELLED',
    });
    expect(after.find((e) => e.UID === signupUid)).toMatchObject({ SEQUENCE: '1', STATUS: 'CANCELLED' });
  });

  it('answers 404 for a revoked token; a new link works and the old one does not', async () => {
    const old = (await platform.invoke('createOwnCalendarFeed', { sub: student })).body.token;
    expect((await feed(old)).status).toBe(200);
    const renewed = (await platform.invoke('createOwnCalendarFeed', { sub: student })).body.token;
    expect((await feed(old)).status).toBe(404);
    expect((await feed(renewed)).status).toBe(200);
    const revoked = await platform.invoke('revokeOwnCalendarFeed', { sub: student });
    expect(revoked.body).toEqual({ active: false, created_at: null });
    expect((await feed(renewed)).status).toBe(404);
    expect((await feed('A'.repeat(43))).status).toBe(404);
  });

  it("gives the club's operating days to the organizers' feed, and nothing of one club to another's member", async () => {
    expect((await platform.invoke('createClubCalendarFeed', { sub: pilot })).status).toBe(403);
    const club = await platform.invoke('createClubCalendarFeed', { sub: admin });
    expect(club.status).toBe(200);
    const days = eventsIn((await feed(club.body.token)).body);
    expect(days.find((e) => e.UID === `operating-day-org-demo-${day}@windsock`)).toMatchObject({
      DTSTART: day.replace(/-/g, ''),
      STATUS: 'CONFIRMED',
    });
    expect(days.every((e) => e.UID && e.DTSTAMP && e.SEQUENCE)).toBe(true);

    const other = await platform.invoke('createOwnCalendarFeed', {
      sub: subOf('admin@alpine.windsock.aero'),
    });
    expect(other.status).toBe(200);
    const text = (await feed(other.body.token)).body as string;
    parseIcal(text);
    for (const marker of ['org-demo', 'HA-4370', 'SZRE', 'Szélzsák']) expect(text).not.toContain(marker);
  });
});

describe('the calendar (issue 17 §6)', () => {
  it('combines operating days and bookings of a range, marking the caller’s own', async () => {
    const date = addDays(todayIn('Europe/Budapest'), 16);
    const booked = await platform.invoke('createReservation', {
      sub: pilot,
      body: {
        plane_id: 'plane-ha-4370',
        start_date: date,
        start_time: '10:00',
        end_date: date,
        end_time: '12:00',
        confirm_warnings: true,
      },
    });
    expect(booked.status).toBe(200);
    const range = { from: date, to: addDays(day, 2) };
    const mine = await platform.invoke('getCalendar', { sub: pilot, query: range });
    expect(mine.status).toBe(200);
    expect(mine.body.items).toContainEqual(
      expect.objectContaining({
        kind: 'reservation',
        key: `reservation:${booked.body.reservation_id}`,
        label: 'HA-4370',
        local_start: `${date}T10:00`,
        mine: true,
      }),
    );
    expect(mine.body.items).toContainEqual(
      expect.objectContaining({ kind: 'operating_day', date: day, href: '/operating-days' }),
    );
    const other = await platform.invoke('getCalendar', { sub: technical, query: range });
    expect(
      other.body.items.find((i: { key: string }) => i.key === `reservation:${booked.body.reservation_id}`),
    ).toMatchObject({ mine: false });
    const tooLong = await platform.invoke('getCalendar', {
      sub: pilot,
      query: { from: date, to: addDays(date, 60) },
    });
    expect(tooLong.status).toBe(422);
  });
});
