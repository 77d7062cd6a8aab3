import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * The daily sheet's offline outbox replays a create whose answer it never saw (issue 5 §2 "a brief
 * network loss loses nothing"): the browser's client_id becomes the flight's id, so the replay
 * answers the flight already recorded and nothing is counted twice.
 */
const INSTRUCTOR = subOf('instructor@demo.windsock.aero');
const ORG = 'org-demo';
const DATE = '2026-09-27';

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const clientId = (at: number, suffix: string) => `${at.toString(36).padStart(9, '0')}${suffix}`;

const dayFlights = async () =>
  (await db().entities.flight.query.byDate({ organization_id: ORG, date: DATE }).go({ pages: 'all' })).data;

describe('replaying a create from the outbox', () => {
  it('a launch sent twice with one client_id is recorded once, aerotow and tow included', async () => {
    // Prepare
    const id = clientId(Date.parse('2026-09-27T09:00:00Z'), '0123456789');
    const body = {
      client_id: id,
      plane_id: 'plane-ha-4455',
      takeoff_type_id: 5,
      pic_id: 'user-pilot',
      tow_plane_id: 'plane-ha-sbx',
      tow_pilot_id: 'user-instructor',
      takeoff_time: '2026-09-27T09:00:00Z',
    };
    const before = (await dayFlights()).length;

    // Act
    const first = await platform.invoke('createSheetFlight', {
      sub: INSTRUCTOR,
      params: { date: DATE },
      body,
    });
    const replay = await platform.invoke('createSheetFlight', {
      sub: INSTRUCTOR,
      params: { date: DATE },
      body,
    });

    // Assess
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ flight_id: id, status: 'airborne', version: 1 });
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ flight_id: id, tow_flight_id: first.body.tow_flight_id });
    expect((await dayFlights()).length - before).toBe(2);
  });

  it('a replay after the flight moved on answers its current state, not a new flight', async () => {
    // Prepare
    const id = clientId(Date.parse('2026-09-27T10:00:00Z'), 'abcdefabcd');
    const body = { client_id: id, plane_id: 'plane-ha-4370', takeoff_type_id: 3, pic_id: 'user-pilot' };
    await platform.invoke('createSheetFlight', { sub: INSTRUCTOR, params: { date: DATE }, body });
    await platform.invoke('takeOffSheetFlight', {
      sub: INSTRUCTOR,
      params: { date: DATE, id },
      body: { at: '2026-09-27T10:01:00Z', version: 1 },
    });

    // Act
    const replay = await platform.invoke('createSheetFlight', {
      sub: INSTRUCTOR,
      params: { date: DATE },
      body,
    });

    // Assess
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ flight_id: id, status: 'airborne', version: 2 });
  });

  it('refuses a client_id already taken by another flight, and one of the wrong shape', async () => {
    // Prepare
    const id = clientId(Date.parse('2026-09-27T11:00:00Z'), 'ffffffffff');
    await platform.invoke('createSheetFlight', {
      sub: INSTRUCTOR,
      params: { date: DATE },
      body: { client_id: id, plane_id: 'plane-ha-4370', takeoff_type_id: 3 },
    });

    // Act
    const otherPlane = await platform.invoke('createSheetFlight', {
      sub: INSTRUCTOR,
      params: { date: DATE },
      body: { client_id: id, plane_id: 'plane-ha-4012', takeoff_type_id: 3 },
    });
    const otherDay = await platform.invoke('createSheetFlight', {
      sub: INSTRUCTOR,
      params: { date: '2026-09-28' },
      body: { client_id: id, plane_id: 'plane-ha-4370', takeoff_type_id: 3 },
    });
    const badShape = await platform.invoke('createSheetFlight', {
      sub: INSTRUCTOR,
      params: { date: DATE },
      body: { client_id: 'ZZZ', plane_id: 'plane-ha-4370', takeoff_type_id: 3 },
    });

    // Assess
    expect([otherPlane.status, otherPlane.body.code]).toEqual([409, 'conflict']);
    expect([otherDay.status, otherDay.body.code]).toEqual([409, 'conflict']);
    expect(badShape.status).toBe(422);
    expect(badShape.body.errors.client_id).toEqual(['invalid_value']);
  });
});
