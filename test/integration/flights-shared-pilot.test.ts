import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Issue 11 §2: a pilot who flies in two clubs (the demo instructor is a pilot in the Alpine club
 * too). A flight id is chosen by the browser (`client_id`, the daily sheet's outbox), so two clubs
 * can hold flights with the same id — the pilot's logbook lines derived from them must not.
 */
const DEMO_ADMIN = subOf('admin@demo.windsock.aero');
const ALPINE_ADMIN = subOf('admin@alpine.windsock.aero');
const INSTRUCTOR = subOf('instructor@demo.windsock.aero');
const CLIENT_ID = '0mf3k2a1b0123456789';
const TAKEOFF = '2026-07-04T09:00:00Z';

/** The instructor's glider lines of that day that came from flights with this id. */
const linesOf = async (day: string, flightId: string) => {
  const { body } = await platform.invoke('listLogbook', {
    sub: INSTRUCTOR,
    params: { kind: 'glider' },
    query: { from: day, to: day },
  });
  return (
    body.items as {
      entry_id: string;
      organization_id: string | null;
      flight_id: string | null;
      reg_num: string;
    }[]
  ).filter((line) => line.flight_id === flightId);
};
/** The instructor's July figures (flights, minutes), which the seed's season also adds to. */
const july = async () => {
  const { data } = await db()
    .entities.flightStat.get({ user_id: 'user-instructor', kind: 'glider', month: '2026-07' })
    .go();
  return { flights: data?.flights ?? 0, minutes: data?.minutes ?? 0 };
};

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

describe("a second club reusing a flight's client id", () => {
  it("neither overwrites nor deletes the first club's logbook line of the shared pilot", async () => {
    const before = await july();
    const demo = await platform.invoke('createFlight', {
      sub: DEMO_ADMIN,
      body: {
        client_id: CLIENT_ID,
        plane_id: 'plane-ha-4012',
        takeoff_type_id: 3,
        takeoff_time: TAKEOFF,
        landing_time: '2026-07-04T09:08:00Z',
        pic_id: 'user-instructor',
      },
    });
    expect(demo.status, JSON.stringify(demo.body)).toBe(200);
    expect(demo.body.flight_id).toBe(CLIENT_ID);

    const alpine = await platform.invoke('createFlight', {
      sub: ALPINE_ADMIN,
      body: {
        client_id: CLIENT_ID,
        plane_id: 'plane-oe-5678',
        takeoff_type_id: 3,
        takeoff_time: TAKEOFF,
        landing_time: '2026-07-04T09:20:00Z',
        pic_id: 'user-instructor',
      },
    });
    expect(alpine.status, JSON.stringify(alpine.body)).toBe(200);
    expect(alpine.body.flight_id).toBe(CLIENT_ID);

    const both = await linesOf('2026-07-04', CLIENT_ID);
    expect(both.map((line) => [line.organization_id, line.flight_id, line.reg_num]).sort()).toEqual([
      ['org-alpine', CLIENT_ID, 'OE-5678'],
      ['org-demo', CLIENT_ID, 'HA-4012'],
    ]);
    expect(new Set(both.map((line) => line.entry_id)).size).toBe(2);
    expect(await july()).toEqual({ flights: before.flights + 2, minutes: before.minutes + 8 + 20 });

    const removed = await platform.invoke('deleteFlight', {
      sub: ALPINE_ADMIN,
      params: { id: CLIENT_ID },
      query: { version: String(alpine.body.version) },
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);

    const left = await linesOf('2026-07-04', CLIENT_ID);
    expect(left.map((line) => [line.organization_id, line.reg_num])).toEqual([['org-demo', 'HA-4012']]);
    expect(await july()).toEqual({ flights: before.flights + 1, minutes: before.minutes + 8 });
  });

  it("opens each club's line by its own id, also when the take-off times differ", async () => {
    const id = '0mf3k2a1c0123456789';
    const flights = await Promise.all(
      [
        {
          sub: DEMO_ADMIN,
          plane_id: 'plane-ha-4012',
          at: '2026-07-05T09:00:00Z',
          landing: '2026-07-05T09:06:00Z',
        },
        {
          sub: ALPINE_ADMIN,
          plane_id: 'plane-oe-5678',
          at: '2026-07-05T13:00:00Z',
          landing: '2026-07-05T13:30:00Z',
        },
      ].map((f) =>
        platform.invoke('createFlight', {
          sub: f.sub,
          body: {
            client_id: id,
            plane_id: f.plane_id,
            takeoff_type_id: 3,
            takeoff_time: f.at,
            landing_time: f.landing,
            pic_id: 'user-instructor',
          },
        }),
      ),
    );
    for (const flight of flights) expect(flight.status, JSON.stringify(flight.body)).toBe(200);

    const lines = await linesOf('2026-07-05', id);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      const opened = await platform.invoke('getLogbookEntry', {
        sub: INSTRUCTOR,
        params: { kind: 'glider', id: line.entry_id },
      });
      expect(opened.status).toBe(200);
      expect(opened.body).toMatchObject({ organization_id: line.organization_id, reg_num: line.reg_num });
    }
  });
});
