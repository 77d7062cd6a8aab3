import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubEntryId } from '../../functions/flights/completion.ts';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * The heart of issue 5 §3 against the embedded DynamoDB: a landed flight moves its aircraft's
 * counters, its components and the usage day, and writes its pilots' logbook lines and statistics —
 * all in the flight's own transaction; two timer operators changing one flight get one 409.
 */
const ADMIN = subOf('admin@demo.windsock.aero');
const INSTRUCTOR = subOf('instructor@demo.windsock.aero');
const ORG = 'org-demo';

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const plane = async (planeId: string) =>
  (await db().entities.plane.get({ organization_id: ORG, plane_id: planeId }).go()).data!;
const CREW = ['user-pilot', 'user-student', 'user-instructor'];
/** The logbook lines of a flight: a club line's id is its club's and its flight's. */
const linesOf = async (flightId: string) =>
  (
    await Promise.all(
      CREW.map(
        async (user_id) =>
          (
            await db()
              .entities.logbookEntry.query.byEntry({ user_id, entry_id: clubEntryId(ORG, flightId) })
              .go()
          ).data,
      ),
    )
  ).flat();

describe('recording a club flight', () => {
  it('a landed winch launch adds to the aircraft, its components and the day, and writes the logbook line', async () => {
    const before = await plane('plane-ha-4370');
    const components = (
      await db().entities.component.query.byPlane({ organization_id: ORG, plane_id: 'plane-ha-4370' }).go()
    ).data;
    const usage = async () =>
      (
        await db()
          .entities.usageDay.get({ organization_id: ORG, plane_id: 'plane-ha-4370', date: '2026-09-12' })
          .go()
      ).data;
    const dayBefore = await usage();

    const res = await platform.invoke('createFlight', {
      sub: ADMIN,
      body: {
        plane_id: 'plane-ha-4370',
        takeoff_type_id: 3,
        takeoff_time: '2026-09-12T10:00:00Z',
        landing_time: '2026-09-12T10:42:00Z',
        pic_id: 'user-pilot',
      },
    });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'landed', kind: 'glider', flight_time: 42, date: '2026-09-12' });
    const after = await plane('plane-ha-4370');
    expect(after.current_counter_flight - before.current_counter_flight).toBe(42);
    expect(after.counter_takeoff - before.counter_takeoff).toBe(1);
    expect(after.current_counter_landing - before.current_counter_landing).toBe(1);
    expect(after.version).toBe(before.version);
    for (const c of components) {
      const now = (
        await db().entities.component.get({ organization_id: ORG, component_id: c.component_id }).go()
      ).data!;
      expect(now.counter_flight - c.counter_flight).toBe(42);
    }
    const day = await usage();
    expect((day?.flight_minutes ?? 0) - (dayBefore?.flight_minutes ?? 0)).toBe(42);
    expect((day?.takeoffs ?? 0) - (dayBefore?.takeoffs ?? 0)).toBe(1);
    const lines = await linesOf(res.body.flight_id);
    expect(lines.map((l) => [l.user_id, l.role, l.flight_minutes, l.status])).toEqual([
      ['user-pilot', 'pic', 42, 'final'],
    ]);
    const stat = (
      await db().entities.flightStat.get({ user_id: 'user-pilot', kind: 'glider', month: '2026-09' }).go()
    ).data;
    expect(stat?.minutes).toBeGreaterThanOrEqual(42);
  });

  it('a dual training flight: the trainee logs dual awaiting the instructor, the instructor logs instruction', async () => {
    const res = await platform.invoke('createFlight', {
      sub: ADMIN,
      body: {
        plane_id: 'plane-ha-4012',
        takeoff_type_id: 3,
        takeoff_time: '2026-09-12T11:00:00Z',
        landing_time: '2026-09-12T11:06:00Z',
        pic_id: 'user-student',
        instructor_id: 'user-instructor',
        training: true,
      },
    });

    expect(res.status).toBe(200);
    const lines = await linesOf(res.body.flight_id);
    expect(lines.map((l) => [l.user_id, l.role, l.status, l.signer_id]).sort()).toEqual([
      ['user-instructor', 'instructor', 'final', ''],
      ['user-student', 'dual', 'awaiting_signature', 'user-instructor'],
    ]);
  });

  it('correcting the landing moves the counters by the difference; deleting takes everything back', async () => {
    const start = await plane('plane-ha-4455');
    const created = await platform.invoke('createFlight', {
      sub: ADMIN,
      body: {
        plane_id: 'plane-ha-4455',
        takeoff_type_id: 5,
        takeoff_time: '2026-09-13T12:00:00Z',
        landing_time: '2026-09-13T13:00:00Z',
        pic_id: 'user-pilot',
      },
    });
    const corrected = await platform.invoke('updateFlight', {
      sub: ADMIN,
      params: { id: created.body.flight_id },
      body: { landing_time: '2026-09-13T13:30:00Z', version: 1 },
    });

    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect((await plane('plane-ha-4455')).current_counter_flight - start.current_counter_flight).toBe(90);
    expect((await linesOf(created.body.flight_id))[0]?.flight_minutes).toBe(90);

    const deleted = await platform.invoke('deleteFlight', {
      sub: ADMIN,
      params: { id: created.body.flight_id },
      query: { version: '2' },
    });
    expect(deleted.status).toBe(200);
    const end = await plane('plane-ha-4455');
    expect(end.current_counter_flight).toBe(start.current_counter_flight);
    expect(end.current_counter_takeoff).toBe(start.current_counter_takeoff);
    expect(await linesOf(created.body.flight_id)).toEqual([]);
  });

  it('bad input: 422 with field keys, and nothing written', async () => {
    const before = await plane('plane-ha-4012');
    const res = await platform.invoke('createFlight', {
      sub: ADMIN,
      body: {
        plane_id: 'plane-ha-4012',
        takeoff_type_id: 9,
        takeoff_time: '2026-09-12T11:00:00Z',
        landing_time: '2026-09-12T10:00:00Z',
        pic_id: 'nobody',
      },
    });

    expect(res.status).toBe(422);
    expect(res.body.errors.takeoff_type_id).toEqual(['too_big']);
    const crew = await platform.invoke('createFlight', {
      sub: ADMIN,
      body: { plane_id: 'plane-ha-4012', takeoff_type_id: 3, pic_id: 'nobody', training: true },
    });
    expect(crew.status).toBe(422);
    expect(crew.body.errors).toEqual({ instructor_id: ['field_required'] });
    const times = await platform.invoke('createFlight', {
      sub: ADMIN,
      body: {
        plane_id: 'plane-ha-4012',
        takeoff_type_id: 3,
        takeoff_time: '2026-09-12T11:00:00Z',
        landing_time: '2026-09-12T10:00:00Z',
      },
    });
    expect(times.body.errors).toEqual({ landing_time: ['landing_before_takeoff'] });
    expect((await plane('plane-ha-4012')).current_counter_flight).toBe(before.current_counter_flight);
  });

  it('a made-up list cursor is a 422 on the cursor, not a server error', async () => {
    const res = await platform.invoke('listFlights', { sub: ADMIN, query: { cursor: 'garbage' } });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ cursor: ['invalid_value'] });
  });

  it('a locked flight (signed logbook line) refuses edits and deletion', async () => {
    const created = await platform.invoke('createFlight', {
      sub: ADMIN,
      body: {
        plane_id: 'plane-ha-4012',
        takeoff_type_id: 3,
        takeoff_time: '2026-09-14T09:00:00Z',
        landing_time: '2026-09-14T09:05:00Z',
        pic_id: 'user-pilot',
      },
    });
    await db()
      .entities.flight.patch({ organization_id: ORG, date: '2026-09-14', flight_id: created.body.flight_id })
      .set({ locked: true })
      .go();
    expect(created.status).toBe(200);

    const edit = await platform.invoke('updateFlight', {
      sub: ADMIN,
      params: { id: created.body.flight_id },
      body: { remarks: 'x', version: 1 },
    });
    const remove = await platform.invoke('deleteFlight', {
      sub: ADMIN,
      params: { id: created.body.flight_id },
    });

    expect([edit.status, edit.body.code]).toEqual([409, 'not_editable']);
    expect([remove.status, remove.body.code]).toEqual([409, 'not_editable']);
  });
});

describe('the daily sheet', () => {
  const date = '2026-09-20';

  it('a winch launch put on the sheet, launched with one tap, landed with one tap', async () => {
    const planned = await platform.invoke('createSheetFlight', {
      sub: INSTRUCTOR,
      params: { date },
      body: { plane_id: 'plane-ha-4012', takeoff_type_id: 3, pic_id: 'user-pilot' },
    });
    expect(planned.status, JSON.stringify(planned.body)).toBe(200);
    expect(planned.body).toMatchObject({ status: 'planned', date, source: 'daily_sheet' });

    const up = await platform.invoke('takeOffSheetFlight', {
      sub: INSTRUCTOR,
      params: { date, id: planned.body.flight_id },
      body: { at: '2026-09-20T09:00:00Z', version: 1 },
    });
    const down = await platform.invoke('landSheetFlight', {
      sub: INSTRUCTOR,
      params: { date, id: planned.body.flight_id },
      body: { at: '2026-09-20T09:08:00Z', version: 2 },
    });

    expect(up.body.status).toBe('airborne');
    expect(down.body).toMatchObject({ status: 'landed', flight_time: 8, version: 3 });
    const sheet = await platform.invoke('getDailySheet', { sub: INSTRUCTOR, params: { date } });
    expect(sheet.body.flights.map((f: { flight_id: string }) => f.flight_id)).toContain(
      planned.body.flight_id,
    );
  });

  it('an aerotow puts the tow plane on the sheet and takes it off with the glider', async () => {
    const glider = await platform.invoke('createSheetFlight', {
      sub: INSTRUCTOR,
      params: { date },
      body: {
        plane_id: 'plane-ha-4455',
        takeoff_type_id: 5,
        pic_id: 'user-pilot',
        tow_plane_id: 'plane-ha-sbx',
        tow_pilot_id: 'user-instructor',
      },
    });
    expect(glider.status, JSON.stringify(glider.body)).toBe(200);
    const towId = glider.body.tow_flight_id;
    expect(towId).toBeTruthy();

    await platform.invoke('takeOffSheetFlight', {
      sub: INSTRUCTOR,
      params: { date, id: glider.body.flight_id },
      body: { at: '2026-09-20T10:00:00Z', version: 1 },
    });
    const tow = await platform.invoke('getFlight', { sub: INSTRUCTOR, params: { id: towId } });

    expect(tow.body).toMatchObject({
      status: 'airborne',
      takeoff_time: '2026-09-20T10:00:00.000Z',
      pic_id: 'user-instructor',
      kind: 'general',
    });
  });

  it('two timer operators landing the same flight: one succeeds, the other gets 409 and nothing doubles', async () => {
    const planned = await platform.invoke('createSheetFlight', {
      sub: INSTRUCTOR,
      params: { date },
      body: {
        plane_id: 'plane-ha-4370',
        takeoff_type_id: 3,
        pic_id: 'user-pilot',
        takeoff_time: '2026-09-20T11:00:00Z',
      },
    });
    const start = await plane('plane-ha-4370');

    const results = await Promise.all(
      ['2026-09-20T11:10:00Z', '2026-09-20T11:11:00Z'].map((at) =>
        platform.invoke('landSheetFlight', {
          sub: INSTRUCTOR,
          params: { date, id: planned.body.flight_id },
          body: { at, version: 1 },
        }),
      ),
    );

    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const end = await plane('plane-ha-4370');
    expect(end.current_counter_takeoff - start.current_counter_takeoff).toBe(1);
    expect(await linesOf(planned.body.flight_id)).toHaveLength(1);
  });

  it('a flight of another day is not on this sheet', async () => {
    const planned = await platform.invoke('createSheetFlight', {
      sub: INSTRUCTOR,
      params: { date },
      body: { plane_id: 'plane-ha-4370', takeoff_type_id: 3 },
    });
    const res = await platform.invoke('landSheetFlight', {
      sub: INSTRUCTOR,
      params: { date: '2026-09-21', id: planned.body.flight_id },
      body: { version: 1 },
    });

    expect(res.status).toBe(404);
  });
});
