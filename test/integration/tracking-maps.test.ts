import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../contracts/calendar.ts';
import { clubEntryId } from '../../functions/flights/completion.ts';
import { db } from '../../functions/platform/db/service.ts';
import { MAX_TRACK_POINTS } from '../../functions/tracking/track-shape.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * What the maps read (issue 6 §6) against the embedded DynamoDB: the live positions not yet
 * expired, a day's tracks grouped per device and thinned for the browser, and one flight's route
 * from the club's flight list and from the pilot's own logbook line. Another organization's items
 * are never in the answer. The items are written directly, as the ingest would.
 */
const ADMIN = subOf('admin@demo.windsock.aero');
const PILOT = subOf('pilot@demo.windsock.aero');
const STUDENT = subOf('student@demo.windsock.aero');
const ALPINE_ADMIN = subOf('admin@alpine.windsock.aero');
const DEMO = 'org-demo';
const ALPINE = 'org-alpine';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const alive = () => nowSeconds() + 24 * 3600;

const live = (
  organization_id: string,
  address: string,
  reg_num: string,
  plane_id: string,
  ttl = alive(),
) => ({
  organization_id,
  address,
  plane_id,
  reg_num,
  plane_category: 'plc_02' as const,
  timestamp: Date.now() - 20_000,
  latitude: 47.62,
  longitude: 19.14,
  altitude: 420,
  ground_speed: 92,
  climb_rate: 1.4,
  track: 135,
  phase: 'air',
  receiver: 'LHDK',
  ttl,
});

interface Fix {
  organization_id: string;
  date: string;
  address: string;
  timestamp: number;
  ttl?: number;
}
const fix = ({ ttl, ...f }: Fix) => ({
  ...f,
  latitude: 47.6 + (f.timestamp % 100_000) / 1e7,
  longitude: 19.1,
  altitude: 300,
  ground_speed: 80,
  climb_rate: 0,
  ttl: ttl ?? alive(),
});
const putFixes = async (fixes: Fix[]) => {
  for (let i = 0; i < fixes.length; i += 500)
    await db()
      .entities.trackPoint.put(fixes.slice(i, i + 500).map(fix))
      .go();
};
/** One fix every `stepMs` from `from` for `count` fixes. */
const series = (base: Omit<Fix, 'timestamp'>, from: number, count: number, stepMs: number): Fix[] =>
  Array.from({ length: count }, (_, i) => ({ ...base, timestamp: from + i * stepMs }));

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

describe('GET /api/tracking/live', () => {
  beforeAll(async () => {
    await db()
      .entities.livePosition.put([
        live(DEMO, 'DD4370', 'HA-4370', 'plane-ha-4370'),
        live(DEMO, 'DD4012', 'HA-4012', 'plane-ha-4012'),
        // Past its TTL, not yet deleted by DynamoDB.
        live(DEMO, 'DD4455', 'HA-4455', 'plane-ha-4455', nowSeconds() - 5),
        live(ALPINE, '440678', 'OE-5678', 'plane-oe-5678'),
      ])
      .go();
  });

  it('gives any member the organization’s aircraft heard lately, without the expired ones', async () => {
    // Act
    const res = await platform.invoke('getLivePositions', { sub: PILOT });

    // Assess
    expect(res.status).toBe(200);
    expect(res.body.items.map((p: { reg_num: string }) => p.reg_num)).toEqual(['HA-4012', 'HA-4370']);
    expect(res.body.items[0]).toEqual({
      address: 'DD4012',
      plane_id: 'plane-ha-4012',
      reg_num: 'HA-4012',
      plane_category: 'plc_02',
      timestamp: expect.any(Number),
      latitude: 47.62,
      longitude: 19.14,
      altitude: 420,
      ground_speed: 92,
      climb_rate: 1.4,
      track: 135,
      phase: 'air',
    });
  });

  it('never shows another organization’s aircraft', async () => {
    const res = await platform.invoke('getLivePositions', { sub: ALPINE_ADMIN });

    expect(res.status).toBe(200);
    expect(res.body.items.map((p: { address: string }) => p.address)).toEqual(['440678']);
  });

  it('refuses a caller who is not signed in', async () => {
    const res = await platform.invoke('getLivePositions');

    expect(res.status).toBe(401);
  });
});

describe('GET /api/tracking/tracks', () => {
  const DAY = '2026-07-18';
  const start = Date.parse('2026-07-18T10:00:00Z');
  const LONG = 10_000;

  beforeAll(async () => {
    await putFixes([
      // A long afternoon: more points than the browser gets, and more than one 1 MB page to read.
      ...series({ organization_id: DEMO, date: DAY, address: 'DD4012' }, start, LONG, 1000),
      ...series({ organization_id: DEMO, date: DAY, address: 'DD4370' }, start, 10, 4000),
      // A device no aircraft of the club carries (any more): its track is still shown, unnamed.
      ...series({ organization_id: DEMO, date: DAY, address: 'ABC123' }, start, 3, 4000),
      // Expired, another day, another club: none of these belong in the answer.
      { organization_id: DEMO, date: DAY, address: 'DD4455', timestamp: start, ttl: nowSeconds() - 5 },
      { organization_id: DEMO, date: '2026-07-19', address: 'DD4455', timestamp: start + 86_400_000 },
      ...series({ organization_id: ALPINE, date: DAY, address: '440678' }, start, 5, 4000),
    ]);
  });

  it('groups the day’s fixes per device, names the club’s aircraft and thins long tracks', async () => {
    // Arrange: the day is more than one DynamoDB page, so the read has to follow the pages.
    const firstPage = await db().entities.trackPoint.query.byDay({ organization_id: DEMO, date: DAY }).go();
    expect(firstPage.cursor).not.toBeNull();

    // Act
    const res = await platform.invoke('listTracks', { sub: PILOT, query: { date: DAY } });

    // Assess
    expect(res.status).toBe(200);
    const byAddress = Object.fromEntries(
      res.body.items.map((t: { address: string }) => [t.address, t]),
    ) as Record<string, { plane_id: string | null; reg_num: string | null; points: number[][] }>;
    expect(Object.keys(byAddress).sort()).toEqual(['ABC123', 'DD4012', 'DD4370']);
    expect(byAddress.DD4370).toMatchObject({ plane_id: 'plane-ha-4370', reg_num: 'HA-4370' });
    expect(byAddress.DD4370!.points).toHaveLength(10);
    expect(byAddress.ABC123).toMatchObject({ plane_id: null, reg_num: null });

    const long = byAddress.DD4012!.points;
    expect(long).toHaveLength(MAX_TRACK_POINTS);
    expect(long[0]![0]).toBe(start);
    expect(long.at(-1)![0]).toBe(start + (LONG - 1) * 1000);
    const times = long.map((p) => p[0]!);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(long[0]).toEqual([start, expect.any(Number), 19.1, 300, 80]);
  });

  it('reads one device when asked (address in either case)', async () => {
    const res = await platform.invoke('listTracks', {
      sub: PILOT,
      query: { date: DAY, address: 'dd4370' },
    });

    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ address: 'DD4370', reg_num: 'HA-4370' });
  });

  it('shows another organization only its own tracks', async () => {
    const res = await platform.invoke('listTracks', { sub: ALPINE_ADMIN, query: { date: DAY } });

    expect(res.status).toBe(200);
    expect(res.body.items.map((t: { address: string }) => t.address)).toEqual(['440678']);
    expect(res.body.items[0]).toMatchObject({ plane_id: 'plane-oe-5678', reg_num: 'OE-5678' });
  });

  it('answers an empty day with no tracks, and a bad date or device with 422', async () => {
    const empty = await platform.invoke('listTracks', { sub: PILOT, query: { date: '2026-01-02' } });
    const badDate = await platform.invoke('listTracks', { sub: PILOT, query: { date: '2026-13-40' } });
    const badDevice = await platform.invoke('listTracks', {
      sub: PILOT,
      query: { date: DAY, address: 'DD4012#9' },
    });

    expect(empty).toEqual({ status: 200, body: { items: [] } });
    expect(badDate.status).toBe(422);
    expect(badDate.body.errors.date).toBeDefined();
    expect(badDevice.status).toBe(422);
    expect(badDevice.body.errors).toEqual({ address: ['invalid_value'] });
  });
});

describe('the route of a flight', () => {
  const DAY = '2026-08-22';
  const takeoff = Date.parse('2026-08-22T09:00:00Z');
  const landing = Date.parse('2026-08-22T09:07:00Z');
  let flightId = '';

  beforeAll(async () => {
    const created = await platform.invoke('createFlight', {
      sub: ADMIN,
      body: {
        plane_id: 'plane-ha-4455',
        takeoff_type_id: 3,
        takeoff_time: new Date(takeoff).toISOString(),
        landing_time: new Date(landing).toISOString(),
        pic_id: 'user-pilot',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    flightId = created.body.flight_id;
    // The glider's whole morning: on the ground before, the flight, on the ground after.
    await putFixes(
      series(
        { organization_id: DEMO, date: DAY, address: 'DD4455' },
        takeoff - 10 * 60_000,
        (30 * 60_000) / 5000,
        5000,
      ),
    );
  });

  const expectFlightOnly = (points: number[][]) => {
    expect(points.length).toBeGreaterThan(80);
    expect(points[0]![0]).toBeGreaterThanOrEqual(takeoff - 60_000);
    expect(points[0]![0]).toBeLessThanOrEqual(takeoff);
    expect(points.at(-1)![0]).toBeGreaterThanOrEqual(landing);
    expect(points.at(-1)![0]).toBeLessThanOrEqual(landing + 60_000);
  };

  it('GET /api/flights/{id}/track: the aircraft’s fixes between take-off and landing, for any member', async () => {
    const res = await platform.invoke('getFlightTrack', { sub: STUDENT, params: { id: flightId } });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ address: 'DD4455', plane_id: 'plane-ha-4455', reg_num: 'HA-4455' });
    expectFlightOnly(res.body.points);
  });

  it('GET /api/logbook/{kind}/entries/{id}/track: the same route from the pilot’s own line', async () => {
    const res = await platform.invoke('getLogbookEntryTrack', {
      sub: PILOT,
      params: { kind: 'glider', id: clubEntryId('org-demo', flightId) },
    });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ address: 'DD4455', reg_num: 'HA-4455' });
    expectFlightOnly(res.body.points);
  });

  it('keeps the line to its pilot and its kind, and the flight to its organization', async () => {
    const otherPerson = await platform.invoke('getLogbookEntryTrack', {
      sub: STUDENT,
      params: { kind: 'glider', id: clubEntryId('org-demo', flightId) },
    });
    const otherKind = await platform.invoke('getLogbookEntryTrack', {
      sub: PILOT,
      params: { kind: 'general', id: clubEntryId('org-demo', flightId) },
    });
    const otherClub = await platform.invoke('getFlightTrack', {
      sub: ALPINE_ADMIN,
      params: { id: flightId },
    });

    expect(otherPerson.status).toBe(404);
    expect(otherKind.status).toBe(404);
    expect(otherClub.status).toBe(404);
  });

  it('answers no points for a flight not launched yet and for a private line', async () => {
    const planned = await platform.invoke('createFlight', {
      sub: ADMIN,
      body: { plane_id: 'plane-ha-4455', takeoff_type_id: 3, date: DAY, pic_id: 'user-pilot' },
    });
    expect(planned.status, JSON.stringify(planned.body)).toBe(200);
    const privateLine = await platform.invoke('createPrivateEntry', {
      sub: PILOT,
      params: { kind: 'glider' },
      body: {
        takeoff_time: new Date(takeoff).toISOString(),
        landing_time: new Date(landing).toISOString(),
        reg_num: 'D-1234',
        takeoff_type_id: 3,
        role: 'pic',
      },
    });
    expect(privateLine.status, JSON.stringify(privateLine.body)).toBe(200);

    const notLaunched = await platform.invoke('getFlightTrack', {
      sub: PILOT,
      params: { id: planned.body.flight_id },
    });
    const fromPrivate = await platform.invoke('getLogbookEntryTrack', {
      sub: PILOT,
      params: { kind: 'glider', id: privateLine.body.entry_id },
    });

    expect(notLaunched.status).toBe(200);
    expect(notLaunched.body).toMatchObject({ address: 'DD4455', points: [] });
    expect(fromPrivate.status).toBe(200);
    expect(fromPrivate.body).toEqual({ address: '', plane_id: null, reg_num: 'D-1234', points: [] });
  });

  it('reads both operating days of a flight over local midnight (Europe/Budapest)', async () => {
    // 23:50 to 00:20 local time in summer (UTC+2): the fixes lie in two day partitions.
    const lateTakeoff = Date.parse('2026-08-22T21:50:00Z');
    const lateLanding = Date.parse('2026-08-22T22:20:00Z');
    const created = await platform.invoke('createFlight', {
      sub: ADMIN,
      body: {
        plane_id: 'plane-ha-4370',
        takeoff_type_id: 1,
        takeoff_time: new Date(lateTakeoff).toISOString(),
        landing_time: new Date(lateLanding).toISOString(),
        pic_id: 'user-pilot',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const fixes = series({ organization_id: DEMO, date: '', address: 'DD4370' }, lateTakeoff, 31, 60_000).map(
      (f) => ({ ...f, date: todayIn('Europe/Budapest', new Date(f.timestamp)) }),
    );
    expect(new Set(fixes.map((f) => f.date))).toEqual(new Set(['2026-08-22', '2026-08-23']));
    await putFixes(fixes);

    const res = await platform.invoke('getFlightTrack', {
      sub: PILOT,
      params: { id: created.body.flight_id },
    });

    expect(res.status).toBe(200);
    expect(res.body.points.map((p: number[]) => p[0])).toEqual(fixes.map((f) => f.timestamp));
  });
});
