import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totalsOf } from '../../contracts/logbook-totals.ts';
import type { LogbookEntryOutput } from '../../contracts/schemas/logbook.ts';
import { clubEntryId } from '../../functions/flights/completion.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * What the flight and logbook screens rely on, against the embedded DynamoDB: the several-flights
 * screen's one call per row (a bad row fails alone, with its field named), the flight list's kind
 * and lock marks, the logbook's pages adding up to the book's totals (the screen's grand total and
 * the exports), and the member logbook only for the training administration of the member's club.
 */
const ADMIN = subOf('admin@demo.windsock.aero');
const STUDENT = subOf('student@demo.windsock.aero');
const INSTRUCTOR = subOf('instructor@demo.windsock.aero');
const PILOT = subOf('pilot@demo.windsock.aero');

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

describe('several flights of one powered aircraft', () => {
  it('saves the good rows, names the field of the bad one, and counts only what was saved', async () => {
    const plane = async () =>
      (await platform.invoke('getPlane', { sub: ADMIN, params: { id: 'plane-ha-1265' } })).body;
    const before = await plane();
    const row = (takeoff: string, landing: string, extra: Record<string, unknown> = {}) =>
      platform.invoke('createFlight', {
        sub: ADMIN,
        body: {
          plane_id: 'plane-ha-1265',
          takeoff_type_id: 6,
          date: takeoff.slice(0, 10),
          takeoff_time: takeoff,
          landing_time: landing,
          takeoff_airport: 'LHDK',
          landing_airport: 'LHDK',
          pic_id: 'user-pilot',
          ...extra,
        },
      });
    const results = [
      await row('2026-10-10T08:00:00Z', '2026-10-10T08:40:00Z', { touch_and_go: 3 }),
      await row('2026-10-10T09:00:00Z', '2026-10-10T08:50:00Z'),
      await row('2026-10-10T10:00:00Z', 'not a time'),
      await row('2026-10-10T11:00:00Z', '2026-10-10T11:30:00Z'),
    ];
    expect(results.map((r) => r.status)).toEqual([200, 422, 422, 200]);
    expect(results[1]?.body.errors).toEqual({ landing_time: ['landing_before_takeoff'] });
    // An unreadable instant is a field error, never a server error.
    expect(results[2]?.body.errors).toEqual({ landing_time: ['datetime_format'] });

    const after = await plane();
    expect(after.counter_flight - before.counter_flight).toBe(70);
    expect(after.counter_takeoff - before.counter_takeoff).toBe(2);
    expect(after.counter_landing - before.counter_landing).toBe(5);
  });
});

describe('the flight lists', () => {
  it('list one kind between two days, with the lock of a signed line', async () => {
    const created = await platform.invoke('createFlight', {
      sub: ADMIN,
      body: {
        plane_id: 'plane-ha-4012',
        takeoff_type_id: 3,
        takeoff_time: '2026-10-11T09:00:00Z',
        landing_time: '2026-10-11T09:07:00Z',
        pic_id: 'user-student',
        instructor_id: 'user-instructor',
        training: true,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const signed = await platform.invoke('signEntry', {
      sub: INSTRUCTOR,
      params: { user_id: 'user-student', id: clubEntryId('org-demo', created.body.flight_id) },
      body: { version: 1 },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);

    const gliders = await platform.invoke('listFlights', {
      sub: PILOT,
      query: { kind: 'glider', from: '2026-10-10', to: '2026-10-11' },
    });
    expect(gliders.status).toBe(200);
    expect(gliders.body.items.every((f: { kind: string }) => f.kind === 'glider')).toBe(true);
    expect(
      gliders.body.items.find((f: { flight_id: string }) => f.flight_id === created.body.flight_id),
    ).toMatchObject({
      locked: true,
      reg_num: 'HA-4012',
    });
    // A powered page is filled past the glider flights that share its days.
    const full = await platform.invoke('listFlights', {
      sub: PILOT,
      query: { kind: 'general', from: '2026-10-10', to: '2026-10-11', limit: '2' },
    });
    expect(full.body.items.map((f: { kind: string }) => f.kind)).toEqual(['general', 'general']);
    const general = await platform.invoke('listFlights', {
      sub: PILOT,
      query: { kind: 'general', from: '2026-10-10', to: '2026-10-10', plane_id: 'plane-ha-1265' },
    });
    const ids = general.body.items.map((f: { kind: string; reg_num: string }) => `${f.kind} ${f.reg_num}`);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ids)).toEqual(new Set(['general HA-1265']));
  });
});

describe('the logbook screen', () => {
  it('pages newest first, and every page together adds up to the book the totals come from', async () => {
    const lines: LogbookEntryOutput[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await platform.invoke('listLogbook', {
        sub: STUDENT,
        params: { kind: 'glider' },
        // The helper would send an absent cursor as the text 'undefined'.
        query: cursor ? { cursor, limit: '7' } : { limit: '7' },
      });
      expect(page.status).toBe(200);
      lines.push(...page.body.items);
      cursor = page.body.cursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 200);
    expect(pages).toBeGreaterThan(1);
    const times = lines.map((e) => e.takeoff_time);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(lines.map((e) => e.entry_id)).size).toBe(lines.length);

    const book = await platform.invoke('getLogbookBook', { sub: STUDENT, params: { kind: 'glider' } });
    const { over_3h: _a, ...fromLines } = totalsOf(lines);
    const { over_3h: _b, ...fromBook } = book.body.logged;
    expect(fromLines).toEqual(fromBook);
  });

  it('shows a member’s glider logbook to the training administration of their club only', async () => {
    const own = await platform.invoke('listMemberLogbook', {
      sub: INSTRUCTOR,
      params: { user_id: 'user-student' },
      query: { limit: '5' },
    });
    expect(own.status).toBe(200);
    expect(own.body.items.every((e: { user_id: string }) => e.user_id === 'user-student')).toBe(true);
    const pilot = await platform.invoke('listMemberLogbook', {
      sub: PILOT,
      params: { user_id: 'user-student' },
    });
    expect(pilot.status).toBe(403);
    const stranger = await platform.invoke('listMemberLogbook', {
      sub: INSTRUCTOR,
      params: { user_id: 'user-alpine-admin' },
    });
    expect(stranger.status).toBe(404);
  });
});
