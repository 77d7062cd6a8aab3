import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../contracts/calendar.ts';
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
