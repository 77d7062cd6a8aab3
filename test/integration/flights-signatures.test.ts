import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedules } from '../../contracts/schedules.ts';
import { MAX_BULK_SIGN } from '../../contracts/schemas/logbook.ts';
import { clubEntryId } from '../../functions/flights/completion.ts';
import { isoWeekOf, remindPendingSignatures } from '../../functions/flights/jobs.ts';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Signing that respects an instructor's evening (issue 13 §8) against the embedded DynamoDB: many
 * pending lines signed after one confirmation — each chained on its own, all or none — and the
 * weekly reminder of lines waiting more than a week, told once however often the job runs.
 */
const ADMIN = subOf('admin@demo.windsock.aero');
const INSTRUCTOR = subOf('instructor@demo.windsock.aero');
const STUDENT = subOf('student@demo.windsock.aero');
const PILOT = subOf('pilot@demo.windsock.aero');

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

/** A landed training flight of `pic` with `instructor` on board: its pilot's line awaits their signature. */
async function trainingFlight(day: string, pic: string, instructor = 'user-instructor') {
  const created = await platform.invoke('createFlight', {
    sub: ADMIN,
    body: {
      plane_id: 'plane-ha-4012',
      takeoff_type_id: 3,
      takeoff_time: `${day}T09:00:00Z`,
      landing_time: `${day}T09:07:00Z`,
      pic_id: pic,
      instructor_id: instructor,
      training: true,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { user_id: pic, entry_id: clubEntryId('org-demo', created.body.flight_id), version: 1 };
}

const lineOf = async (userId: string, entryId: string) => {
  const { data } = await db()
    .entities.logbookEntry.query.byEntry({ user_id: userId, entry_id: entryId })
    .go({ limit: 1 });
  return data[0];
};

describe('bulk signing', () => {
  it('signs many lines of two pilots after one confirmation, each chained in logbook order', async () => {
    const student = await Promise.all(
      ['2029-05-04', '2029-05-01', '2029-05-03', '2029-05-02', '2029-05-06', '2029-05-05'].map((day) =>
        trainingFlight(day, 'user-student'),
      ),
    );
    const pilot = await Promise.all(
      ['2029-05-02', '2029-05-01'].map((day) => trainingFlight(day, 'user-pilot')),
    );
    const before = await platform.invoke('verifyLogbook', { sub: STUDENT, params: { kind: 'glider' } });
    const seqBefore = (await db().entities.logbookBook.get({ user_id: 'user-student', kind: 'glider' }).go())
      .data?.chain_seq;

    const signed = await platform.invoke('signEntries', {
      sub: INSTRUCTOR,
      body: { lines: [...pilot, ...student] },
    });

    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.items).toHaveLength(8);
    for (const item of signed.body.items)
      expect(item).toMatchObject({ status: 'signed', signature: { signer_id: 'user-instructor' } });
    // The student's six lines follow the chain one by one, oldest flight first.
    const byDate = signed.body.items
      .filter((e: { user_id: string }) => e.user_id === 'user-student')
      .sort((a: { date: string }, b: { date: string }) => a.date.localeCompare(b.date));
    expect(byDate.map((e: { signature: { seq: number } }) => e.signature.seq)).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => (seqBefore ?? 0) + n),
    );
    // Every line holds its own hash, and both pilots' chains verify.
    expect(
      new Set(signed.body.items.map((e: { signature: { hash: string } }) => e.signature.hash)).size,
    ).toBe(8);
    const student2 = await platform.invoke('verifyLogbook', { sub: STUDENT, params: { kind: 'glider' } });
    expect(before.body.chain_problems).toEqual([]);
    expect(student2.body.chain_problems).toEqual([]);
    const pilot2 = await platform.invoke('verifyLogbook', { sub: PILOT, params: { kind: 'glider' } });
    expect(pilot2.body.chain_problems).toEqual([]);
    // The lines left the instructor's list, their flights are locked, and the pilots see it in their actions.
    const toSign = await platform.invoke('listToSign', { sub: INSTRUCTOR });
    const waiting = toSign.body.items.map((e: { entry_id: string }) => e.entry_id);
    for (const line of [...pilot, ...student]) expect(waiting).not.toContain(line.entry_id);
    const line = await lineOf('user-student', student[0]?.entry_id ?? '');
    const { data: flight } = await db()
      .entities.flight.get({
        organization_id: 'org-demo',
        date: line?.date ?? '',
        flight_id: line?.flight_id ?? '',
      })
      .go();
    expect(flight?.locked).toBe(true);
  });

  it('signs all or none: a line changed or signed meanwhile leaves every line of the bulk waiting', async () => {
    const [first, second, third] = await Promise.all(
      ['2029-06-01', '2029-06-02', '2029-06-03'].map((day) => trainingFlight(day, 'user-student')),
    );
    if (!first || !second || !third) throw new Error('no lines');
    const single = await platform.invoke('signEntry', {
      sub: INSTRUCTOR,
      params: { user_id: 'user-student', id: third.entry_id },
      body: { version: 1 },
    });
    expect(single.status).toBe(200);

    const withSigned = await platform.invoke('signEntries', {
      sub: INSTRUCTOR,
      body: { lines: [first, second, third] },
    });
    const stale = await platform.invoke('signEntries', {
      sub: INSTRUCTOR,
      body: { lines: [first, { ...second, version: 7 }] },
    });

    // A signed line no longer waits for anyone (as a second single signature: 404).
    expect([withSigned.status, withSigned.body.code]).toEqual([404, 'not_found']);
    expect([stale.status, stale.body.code]).toEqual([409, 'conflict']);
    for (const line of [first, second])
      expect((await lineOf('user-student', line.entry_id))?.status).toBe('awaiting_signature');
    const chain = await platform.invoke('verifyLogbook', { sub: STUDENT, params: { kind: 'glider' } });
    expect(chain.body.chain_problems).toEqual([]);
  });

  it("refuses another instructor's lines, the same line twice and more than a bulk holds", async () => {
    const line = await trainingFlight('2029-07-01', 'user-student');

    const stranger = await platform.invoke('signEntries', { sub: ADMIN, body: { lines: [line] } });
    const twice = await platform.invoke('signEntries', { sub: INSTRUCTOR, body: { lines: [line, line] } });
    const tooMany = await platform.invoke('signEntries', {
      sub: INSTRUCTOR,
      body: {
        lines: Array.from({ length: MAX_BULK_SIGN + 1 }, (_, n) => ({
          ...line,
          entry_id: `${line.entry_id}${n}`,
        })),
      },
    });
    const none = await platform.invoke('signEntries', { sub: INSTRUCTOR, body: { lines: [] } });

    expect(stranger.status).toBe(404);
    expect([twice.status, twice.body.errors]).toEqual([422, { lines: ['invalid_value'] }]);
    expect(tooMany.status).toBe(422);
    expect(none.status).toBe(422);
    expect((await lineOf('user-student', line.entry_id))?.status).toBe('awaiting_signature');
  });

  it('signs a full bulk of the most lines it holds in one transaction', async () => {
    const lines = await Promise.all(
      Array.from({ length: MAX_BULK_SIGN }, (_, n) =>
        trainingFlight(`2029-08-${String(n + 1).padStart(2, '0')}`, n % 2 ? 'user-student' : 'user-pilot'),
      ),
    );

    const signed = await platform.invoke('signEntries', { sub: INSTRUCTOR, body: { lines } });

    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.items).toHaveLength(MAX_BULK_SIGN);
    for (const sub of [STUDENT, PILOT]) {
      const chain = await platform.invoke('verifyLogbook', { sub, params: { kind: 'glider' } });
      expect(chain.body.chain_problems).toEqual([]);
    }
  });
});

describe('the weekly reminder of waiting lines', () => {
  const reminders = async (userId: string) => {
    const { data } = await db()
      .entities.notification.query.byPerson({ user_id: userId })
      .go({ pages: 'all' });
    return data.filter((n) => n.message === 'signatures_waiting');
  };
  const mails = (to: string) => platform.mail().filter((m) => m.tag === 'signature-reminder' && m.to === to);
  const run = (day: string) =>
    remindPendingSignatures({
      scheduleId: 'logbook-signature-reminder',
      scheduledTime: `${day}T07:00:00.000Z`,
    });

  it('is in the schedule table, daily', () => {
    expect(schedules.find((s) => s.id === 'logbook-signature-reminder')).toMatchObject({
      domain: 'flights',
      handler: 'remindPendingSignatures',
      cron: '0 8 * * *',
    });
  });

  it('tells an instructor once a week of lines waiting more than a week, however often it runs', async () => {
    // The pilot instructs on 2029-12-30; the instructor has lines waiting since the demo season.
    await trainingFlight('2029-12-30', 'user-student', 'user-pilot');
    await trainingFlight('2029-09-01', 'user-student');

    // Wednesday of the first week of 2030: the pilot's line is three days old, the instructor's months.
    const first = await run('2030-01-02');
    const again = await run('2030-01-02');
    const laterThatWeek = await run('2030-01-05');

    expect(isoWeekOf('2030-01-02')).toBe('2030-W01');
    expect(first.reminded).toBeGreaterThanOrEqual(1);
    expect(again.reminded).toBe(0);
    expect(laterThatWeek.reminded).toBe(0);
    expect(await reminders('user-instructor')).toHaveLength(1);
    expect(await reminders('user-pilot')).toHaveLength(0);
    const [note] = await reminders('user-instructor');
    expect(note).toMatchObject({ kind: 'flight', link: '/signature/' });
    expect(Number(note?.params.count)).toBeGreaterThanOrEqual(1);
    const [mail] = mails('instructor@demo.windsock.aero');
    expect(mails('instructor@demo.windsock.aero')).toHaveLength(1);
    // In the instructor's language, with how many lines wait and since when.
    expect(mail?.subject).toContain('Aláírásra váró oktatórepülések');
    expect(mail?.text).toContain(String(note?.params.since));

    // The next week: both are told, once each.
    const nextWeek = await run('2030-01-08');
    await run('2030-01-09');

    expect(nextWeek.reminded).toBeGreaterThanOrEqual(2);
    expect(await reminders('user-instructor')).toHaveLength(2);
    expect(await reminders('user-pilot')).toHaveLength(1);
    expect(mails('pilot@demo.windsock.aero')).toHaveLength(1);
  });

  it('tells nobody whose lines are all signed', async () => {
    const toSign = await platform.invoke('listToSign', { sub: PILOT });
    const lines = toSign.body.items.map((e: { user_id: string; entry_id: string; version: number }) => ({
      user_id: e.user_id,
      entry_id: e.entry_id,
      version: e.version,
    }));
    const signed = await platform.invoke('signEntries', { sub: PILOT, body: { lines } });
    expect(signed.status).toBe(200);

    await run('2030-01-15');

    expect(await reminders('user-pilot')).toHaveLength(1);
  });
});
