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
    expect(plain.body.day_crew).toEqual({ winch_operator_ids: [], tow_pilot_ids: [], instructor_ids: [] });
  });

  it("gives the sheet the day's signed-up winch operator and tow pilot; the unsaved winch log names the operator", async () => {
    const date = addDays(day, 4);
    expect((await signUp(technical, 'winch_operator', date)).status).toBe(200);
    expect((await signUp(pilot, 'tow_pilot', date)).status).toBe(200);
    const sheet = await platform.invoke('getDailySheet', { sub: operator, params: { date } });
    expect(sheet.status).toBe(200);
    expect(sheet.body.day_crew).toEqual({
      winch_operator_ids: ['user-technical'],
      tow_pilot_ids: ['user-pilot'],
      instructor_ids: [],
    });
    const winchDay = await platform.invoke('getWinchDay', { sub: admin, params: { date } });
    expect(winchDay.status).toBe(200);
    expect(winchDay.body.logs).toHaveLength(1);
    expect(winchDay.body.logs[0]).toMatchObject({ operator_id: 'user-technical', version: 0, launches: 0 });
    expect(winchDay.body.logs[0].operator_name).toBeTruthy();
  });
});

/**
 * Work management (issue 15 §7, §8), in this file to share its platform: who may approve and reject
 * hours (the work's leader, a checker, never one's own), a locked work takes no hours, the year's
 * close posts each member's settlement to the ledger once even when two administrators close at
 * once, and a tapped RFID badge signs its holder in for today's operating day.
 */
/** A year of its own, before the seed's season, so the close sees only this file's hours. */
const YEAR = Number(todayIn('Europe/Budapest').slice(0, 4)) - 3;

const newWork = async (extra: Record<string, unknown> = {}) => {
  const made = await platform.invoke('createWork', {
    sub: admin,
    body: {
      work_name: 'Hangártakarítás',
      work_type: 'hangar',
      work_category: 'social',
      date: `${YEAR}-04-12`,
      working_hours: 6,
      version: 0,
      ...extra,
    },
  });
  expect(made.status).toBe(200);
  return made.body;
};

describe('work management', () => {
  it('lets the leader approve and a plain member not; nobody approves their own hours', async () => {
    const work = await newWork();
    // A plain member does not add works.
    const refused = await platform.invoke('createWork', {
      sub: pilot,
      body: {
        ...work,
        work_name: 'x',
        date: `${YEAR}-04-13`,
        working_hours: 1,
        description: undefined,
        version: 0,
      },
    });
    expect(refused.status).toBeGreaterThanOrEqual(403);
    const led = await platform.invoke('setWorkLeader', {
      sub: admin,
      params: { id: work.work_id },
      body: { leader_id: 'user-instructor', version: work.version },
    });
    expect(led.status).toBe(200);
    expect(led.body.leader_name).toMatch(/\S/);

    const recorded = await platform.invoke('recordWorkHours', {
      sub: pilot,
      params: { id: work.work_id },
      body: { hours: 4, note: 'Padló', version: 0 },
    });
    expect(recorded.status).toBe(200);
    expect(recorded.body.mine).toMatchObject({ hours: 4, status: 'pending', can_decide: false });
    const own = await platform.invoke('recordWorkHours', {
      sub: instructor,
      params: { id: work.work_id },
      body: { hours: 5, version: 0 },
    });
    expect(own.status).toBe(200);

    const decide = (sub: string, userId: string, decision: string, version = 1) =>
      platform.invoke('decideWorkHours', {
        sub,
        params: { id: work.work_id, user_id: userId },
        body: { decision, version },
      });
    expect((await decide(student, 'user-pilot', 'approved')).status).toBe(403);
    expect((await decide(pilot, 'user-pilot', 'approved')).status).toBe(403);
    // The leader does not approve their own hours; the work-administrator (admin) may.
    expect((await decide(instructor, 'user-instructor', 'approved')).status).toBe(403);
    const approved = await decide(instructor, 'user-pilot', 'approved');
    expect(approved.status).toBe(200);
    expect(approved.body.workers.find((w: { user_id: string }) => w.user_id === 'user-pilot')).toMatchObject({
      status: 'approved',
      version: 2,
    });
    // A stale version loses; an approved entry is not changed by its member.
    expect((await decide(instructor, 'user-pilot', 'rejected', 1)).status).toBe(409);
    expect(
      (
        await platform.invoke('recordWorkHours', {
          sub: pilot,
          params: { id: work.work_id },
          body: { hours: 8, version: 2 },
        })
      ).status,
    ).toBe(409);
    const rejected = await decide(admin, 'user-instructor', 'rejected');
    expect(rejected.status).toBe(200);

    // Locked: no hours recorded.
    const locked = await platform.invoke('lockWork', {
      sub: admin,
      params: { id: work.work_id },
      body: { locked: true, version: rejected.body.version },
    });
    expect(locked.status).toBe(200);
    expect(locked.body).toMatchObject({ locked: true, can_record: false });
    const late = await platform.invoke('recordWorkHours', {
      sub: student,
      params: { id: work.work_id },
      body: { hours: 2, version: 0 },
    });
    expect(late.status).toBe(409);
  });

  it('lets a work-management-checker approve any work’s hours, but not their own', async () => {
    const role = await platform.invoke('createRole', {
      sub: admin,
      body: { role_name: 'Munkaellenőr', permissions: ['work-management-list', 'work-management-checker'] },
    });
    expect(role.status).toBe(200);
    const member = await platform.invoke('getMember', { sub: admin, params: { user_id: 'user-operator' } });
    const roles = await platform.invoke('setMemberRoles', {
      sub: admin,
      params: { user_id: 'user-operator' },
      body: {
        role_ids: [...member.body.membership.role_ids, role.body.role_id],
        version: member.body.membership.version,
      },
    });
    expect(roles.status).toBe(200);
    const work = await newWork({ work_name: 'Szerszámleltár', work_type: 'office', date: `${YEAR}-06-01` });
    for (const sub of [student, operator])
      expect(
        (
          await platform.invoke('recordWorkHours', {
            sub,
            params: { id: work.work_id },
            body: { hours: 1.5, version: 0 },
          })
        ).status,
      ).toBe(200);
    const decide = (userId: string) =>
      platform.invoke('decideWorkHours', {
        sub: operator,
        params: { id: work.work_id, user_id: userId },
        body: { decision: 'approved', version: 1 },
      });
    expect((await decide('user-student')).status).toBe(200);
    expect((await decide('user-operator')).status).toBe(403);
  });

  it('lets a member take and give up organizing a work without a leader', async () => {
    const work = await newWork({ work_name: 'Pályajelölés', work_type: 'airfield', date: `${YEAR}-05-02` });
    const taken = await platform.invoke('organizeWork', {
      sub: pilot,
      params: { id: work.work_id },
      body: { organize: true, version: work.version },
    });
    expect(taken.status).toBe(200);
    expect(taken.body.leader_id).toBe('user-pilot');
    const second = await platform.invoke('organizeWork', {
      sub: student,
      params: { id: work.work_id },
      body: { organize: true, version: taken.body.version },
    });
    expect(second.status).toBe(409);
    const given = await platform.invoke('organizeWork', {
      sub: pilot,
      params: { id: work.work_id },
      body: { organize: false, version: taken.body.version },
    });
    expect(given.status).toBe(200);
    expect(given.body.leader_id).toBeNull();
  });

  it('closes the year once: two closes at once post each settlement once, then the year is read-only', async () => {
    const settings = await platform.invoke('getWorkSettings', { sub: admin });
    expect(settings.status).toBe(200);
    const saved = await platform.invoke('updateWorkSettings', {
      sub: admin,
      body: { obligation_hours: 10, by_membership_type: {}, version: settings.body.version },
    });
    expect(saved.status).toBe(200);
    const prices = saved.body;

    const mine = await platform.invoke('myWorkHours', { sub: pilot, query: { year: String(YEAR) } });
    expect(mine.status).toBe(200);
    expect(mine.body.balance).toMatchObject({ obligation_hours: 10, social_hours: 4, missing_hours: 6 });
    expect(mine.body.balance.charge).toBe(-6 * prices.social_work_price);

    expect((await platform.invoke('closeWorkYear', { sub: pilot, body: { year: YEAR } })).status).toBe(403);
    const [one, two] = await Promise.all([
      platform.invoke('closeWorkYear', { sub: admin, body: { year: YEAR } }),
      platform.invoke('closeWorkYear', { sub: admin, body: { year: YEAR } }),
    ]);
    expect(one.status).toBe(200);
    expect(two.status).toBe(200);
    expect(one.body.ledger).toBe(true);
    // Every member with something to settle is posted by exactly one of the two.
    expect(one.body.posted + two.body.posted).toBe(one.body.members);

    const ledger = await platform.invoke('listTransactions', {
      sub: admin,
      query: { user_id: 'user-pilot', type: 'work_charge', from: `${YEAR}-12-31`, to: `${YEAR}-12-31` },
    });
    expect(ledger.status).toBe(200);
    expect(ledger.body.items.map((t: { amount: number }) => t.amount)).toEqual([
      -6 * prices.social_work_price,
    ]);

    const again = await platform.invoke('closeWorkYear', { sub: admin, body: { year: YEAR } });
    expect(again.body.posted).toBe(0);
    const closed = await platform.invoke('listWorks', { sub: admin, query: { year: String(YEAR) } });
    const work = await platform.invoke('getWork', {
      sub: admin,
      params: { id: closed.body.items[0].work_id },
    });
    expect(work.body).toMatchObject({ year_closed: true, can_edit: false, can_record: false });
  });

  it('links a badge and signs its holder in for today’s operating day', async () => {
    const today = todayIn('Europe/Budapest');
    const day = await platform.invoke('getOperatingDay', { sub: admin, params: { date: today } });
    if (day.status === 404)
      expect(
        (
          await platform.invoke('saveOperatingDay', {
            sub: admin,
            params: { date: today },
            body: { leader_id: null, operating_day_editor_id: null, students_per_instructor: 2, version: 0 },
          })
        ).status,
      ).toBe(200);
    const token = 'badge-04A1B2C3D4';
    const unknown = await platform.invoke('tapRfidBadge', { sub: admin, params: { token } });
    expect(unknown.body).toMatchObject({ outcome: 'unknown_badge', operating_day: true });
    const linked = await platform.invoke('linkRfidBadge', { sub: student, params: { token } });
    expect(linked.status).toBe(200);
    expect(linked.body.outcome).toBe('linked');
    // Someone else's badge is not linked again.
    expect((await platform.invoke('linkRfidBadge', { sub: pilot, params: { token } })).status).toBe(422);
    const tapped = await platform.invoke('tapRfidBadge', { sub: admin, params: { token } });
    expect(tapped.body).toMatchObject({ outcome: 'signed_in', operating_day: true, role: 'pilot' });
    expect(tapped.body.name).toMatch(/\S/);
    const signups = await platform.invoke('getOperatingDay', { sub: admin, params: { date: today } });
    expect(signups.body.signups.map((s: { user_id: string }) => s.user_id)).toContain('user-student');
    const twice = await platform.invoke('tapRfidBadge', { sub: admin, params: { token } });
    expect(twice.body.outcome).toBe('already_signed_in');
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
