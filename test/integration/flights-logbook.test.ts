import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubEntryId } from '../../functions/flights/completion.ts';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Logbooks against the embedded DynamoDB (issue 5 §4–§6): club lines arrive, the instructor signs,
 * a signed line and its flight are locked and a later change is detected; private lines, the
 * previous totals, statistics and recency.
 */
const ADMIN = subOf('admin@demo.windsock.aero');
const STUDENT = subOf('student@demo.windsock.aero');
const INSTRUCTOR = subOf('instructor@demo.windsock.aero');
const PILOT = subOf('pilot@demo.windsock.aero');
const ALPINE_ADMIN = subOf('admin@alpine.windsock.aero');

let platform: Platform;
let training: { flight_id: string; version: number };
/** The trainee's line of the training flight (a club line carries its club and flight). */
const lineId = () => clubEntryId('org-demo', training.flight_id);
beforeAll(async () => {
  platform = await startPlatform();
  const created = await platform.invoke('createFlight', {
    sub: ADMIN,
    body: {
      plane_id: 'plane-ha-4012',
      takeoff_type_id: 3,
      takeoff_time: '2026-10-03T09:00:00Z',
      landing_time: '2026-10-03T09:06:00Z',
      pic_id: 'user-student',
      instructor_id: 'user-instructor',
      training: true,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  training = created.body;
});
afterAll(async () => {
  await platform?.close();
});

describe('signatures', () => {
  it('the trainee sees the club line awaiting; the instructor has it to sign', async () => {
    const own = await platform.invoke('listLogbook', {
      sub: STUDENT,
      params: { kind: 'glider' },
      query: { from: '2026-10-03', to: '2026-10-03' },
    });
    const line = own.body.items.find((e: { entry_id: string }) => e.entry_id === lineId());

    expect(line).toMatchObject({
      status: 'awaiting_signature',
      role: 'dual',
      editable: false,
      source: 'club',
    });
    const toSign = await platform.invoke('listToSign', { sub: INSTRUCTOR });
    expect(toSign.body.items.map((e: { entry_id: string }) => e.entry_id)).toContain(lineId());
  });

  it('only the flight instructor may sign; signing locks the line and the flight', async () => {
    const stranger = await platform.invoke('signEntry', {
      sub: ADMIN,
      params: { user_id: 'user-student', id: lineId() },
      body: { version: 1 },
    });
    expect(stranger.status).toBe(404);

    const signed = await platform.invoke('signEntry', {
      sub: INSTRUCTOR,
      params: { user_id: 'user-student', id: lineId() },
      body: { version: 1 },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    // The demo season (seed-flights.ts) has signed the student's older lines: this one extends that chain.
    expect(signed.body).toMatchObject({ status: 'signed', signature: { signer_id: 'user-instructor' } });
    expect(signed.body.signature.seq).toBeGreaterThan(1);

    const again = await platform.invoke('signEntry', {
      sub: INSTRUCTOR,
      params: { user_id: 'user-student', id: lineId() },
      body: { version: 2 },
    });
    expect(again.status).toBe(404);
    const edit = await platform.invoke('updateFlight', {
      sub: ADMIN,
      params: { id: training.flight_id },
      body: { landing_time: '2026-10-03T09:30:00Z', version: training.version },
    });
    expect([edit.status, edit.body.code]).toEqual([409, 'not_editable']);
    const toSign = await platform.invoke('listToSign', { sub: INSTRUCTOR });
    expect(toSign.body.items.map((e: { entry_id: string }) => e.entry_id)).not.toContain(lineId());
  });

  it('a signed line changed behind the product is detected by the chain check', async () => {
    const intact = await platform.invoke('verifyLogbook', { sub: STUDENT, params: { kind: 'glider' } });
    expect(intact.body.chain_problems).toEqual([]);

    const { data } = await db()
      .entities.logbookEntry.query.byEntry({ user_id: 'user-student', entry_id: lineId() })
      .go();
    await db().entities.logbookEntry.patch(data[0]!).set({ flight_minutes: 60 }).go();

    const tampered = await platform.invoke('verifyLogbook', { sub: STUDENT, params: { kind: 'glider' } });
    expect(tampered.body.chain_problems).toEqual([{ entry_id: lineId(), problem: 'content_changed' }]);
  });
});

describe('private lines, totals and statistics', () => {
  it('a private flight is added, counted, edited and removed; club lines cannot be edited by the pilot', async () => {
    const before = await platform.invoke('getLogbookBook', { sub: PILOT, params: { kind: 'glider' } });
    const created = await platform.invoke('createPrivateEntry', {
      sub: PILOT,
      params: { kind: 'glider' },
      body: {
        takeoff_time: '2026-07-01T10:00:00Z',
        landing_time: '2026-07-01T14:10:00Z',
        reg_num: 'D-KXYZ',
        plane_type: 'Ventus 2cM',
        takeoff_type_id: 1,
        role: 'pic',
        takeoff_airport: 'LHSK',
        landing_airport: 'LHSK',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ flight_minutes: 250, editable: true, source: 'private' });

    const after = await platform.invoke('getLogbookBook', { sub: PILOT, params: { kind: 'glider' } });
    expect(after.body.logged.minutes - before.body.logged.minutes).toBe(250);
    expect(after.body.logged.over_3h - before.body.logged.over_3h).toBe(1);

    const edited = await platform.invoke('updatePrivateEntry', {
      sub: PILOT,
      params: { kind: 'glider', id: created.body.entry_id },
      body: {
        takeoff_time: '2026-07-01T10:00:00Z',
        landing_time: '2026-07-01T11:00:00Z',
        reg_num: 'D-KXYZ',
        takeoff_type_id: 1,
        role: 'pic',
        version: 1,
      },
    });
    expect(edited.body.flight_minutes).toBe(60);
    const stats = await platform.invoke('getStatistics', {
      sub: PILOT,
      params: { kind: 'glider' },
      query: { year: '2026' },
    });
    expect(stats.status).toBe(200);
    expect(stats.body.months).toHaveLength(12);

    const removed = await platform.invoke('deletePrivateEntry', {
      sub: PILOT,
      params: { kind: 'glider', id: created.body.entry_id },
    });
    expect(removed.status).toBe(200);
    const end = await platform.invoke('getLogbookBook', { sub: PILOT, params: { kind: 'glider' } });
    expect(end.body.logged.minutes).toBe(before.body.logged.minutes);

    const club = await platform.invoke('updatePrivateEntry', {
      sub: STUDENT,
      params: { kind: 'glider', id: lineId() },
      body: {
        takeoff_time: '2026-10-03T09:00:00Z',
        reg_num: 'HA-4012',
        takeoff_type_id: 3,
        role: 'dual',
        version: 2,
      },
    });
    expect([club.status, club.body.code]).toEqual([409, 'not_editable']);
  });

  it('the previous totals are saved with a version and start the sums', async () => {
    const saved = await platform.invoke('savePrevTotals', {
      sub: PILOT,
      params: { kind: 'general' },
      body: { prev_pic: 6000, prev_launches: 120, version: 0 },
    });
    const stale = await platform.invoke('savePrevTotals', {
      sub: PILOT,
      params: { kind: 'general' },
      body: { prev_pic: 1, version: 0 },
    });

    expect(saved.body).toMatchObject({ prev: { prev_pic: 6000, prev_launches: 120 }, version: 1 });
    expect(stale.status).toBe(409);
  });
});

describe('recency', () => {
  it('answers every rule for the pilot, and for a member only to the timer operators and training', async () => {
    const own = await platform.invoke('getOwnRecency', { sub: STUDENT });
    expect(own.status).toBe(200);
    expect(own.body.rules.map((r: { rule: string }) => r.rule)).toContain('sfcl_160a');

    const byInstructor = await platform.invoke('getMemberRecency', {
      sub: INSTRUCTOR,
      params: { user_id: 'user-student' },
    });
    expect(byInstructor.status).toBe(200);
    const byPilot = await platform.invoke('getMemberRecency', {
      sub: PILOT,
      params: { user_id: 'user-student' },
    });
    expect(byPilot.status).toBe(403);
    const byOtherClub = await platform.invoke('getMemberRecency', {
      sub: ALPINE_ADMIN,
      params: { user_id: 'user-student' },
    });
    expect(byOtherClub.status).toBe(404);
  });
});
