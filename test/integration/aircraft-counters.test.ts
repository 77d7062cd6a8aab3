import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceCounters, prepareCounterAdvance } from '../../functions/aircraft/counters.ts';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * The counters API for flights (issue 4 §6): one call adds flight time, engine time, takeoffs and
 * landings to an aircraft, its installed components and its use of the day — together or not at all.
 */
const ORG = 'org-demo';
const PLANE = 'plane-ha-1265';
const technical = subOf('technical@demo.windsock.aero');

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
  // Two components of the TMG of our own, so the test does not depend on another area's seed.
  for (const component_id of ['cnt-engine', 'cnt-prop'])
    await db()
      .entities.component.put({
        organization_id: ORG,
        component_id,
        plane_id: PLANE,
        name: component_id,
        component_type: component_id === 'cnt-engine' ? 'engine' : 'propeller',
        start_counter_flight: 1000,
        counter_flight: 0,
      })
      .go();
});
afterAll(async () => {
  await platform?.close();
});

const plane = async (planeId = PLANE) =>
  (await db().entities.plane.get({ organization_id: ORG, plane_id: planeId }).go()).data;
const components = async () =>
  (
    await db()
      .entities.component.query.byPlane({ organization_id: ORG, plane_id: PLANE })
      .go({ pages: 'all' })
  ).data;
const usage = async (date: string) =>
  (await db().entities.usageDay.get({ organization_id: ORG, plane_id: PLANE, date }).go()).data;

const flight = { flight_minutes: 55, engine_minutes: 63, takeoffs: 1, landings: 2 };

describe('advanceCounters', () => {
  it('advances the aircraft, its components and the usage day together, without a new version', async () => {
    const before = await plane();
    const componentsBefore = await components();

    await advanceCounters(ORG, PLANE, flight, '2030-06-01');

    const after = await plane();
    expect(after).toMatchObject({
      counter_flight: (before?.counter_flight ?? 0) + 55,
      counter_engine: (before?.counter_engine ?? 0) + 63,
      counter_takeoff: (before?.counter_takeoff ?? 0) + 1,
      counter_landing: (before?.counter_landing ?? 0) + 2,
      current_counter_flight: (before?.current_counter_flight ?? 0) + 55,
      current_counter_landing: (before?.current_counter_landing ?? 0) + 2,
      version: before?.version,
    });
    for (const component of await components()) {
      const was = componentsBefore.find((c) => c.component_id === component.component_id);
      expect(component.counter_flight).toBe((was?.counter_flight ?? 0) + 55);
      expect(component.counter_takeoff).toBe((was?.counter_takeoff ?? 0) + 1);
    }
    expect(await usage('2030-06-01')).toMatchObject({ flight_minutes: 55, takeoffs: 1, landings: 2 });
  });

  it('adds to a day that already has flights, and takes back with a negative delta', async () => {
    await advanceCounters(ORG, PLANE, flight, '2030-06-02');
    await advanceCounters(ORG, PLANE, { ...flight, flight_minutes: 40 }, '2030-06-02');
    await advanceCounters(
      ORG,
      PLANE,
      { flight_minutes: -40, engine_minutes: -63, takeoffs: -1, landings: -2 },
      '2030-06-02',
    );

    expect(await usage('2030-06-02')).toMatchObject({ flight_minutes: 55, engine_minutes: 63, takeoffs: 1 });
  });

  it('goes inside the caller’s own transaction', async () => {
    const before = await plane();
    const prepared = await prepareCounterAdvance(ORG, PLANE, flight, '2030-06-03');

    const result = await db()
      .transaction.write((entities) => [...prepared.commits(entities)])
      .go();

    expect(result.canceled).toBe(false);
    expect((await plane())?.counter_flight).toBe((before?.counter_flight ?? 0) + 55);
    expect(prepared.components.map((c) => c.component_id).sort()).toEqual(
      expect.arrayContaining(['cnt-engine', 'cnt-prop']),
    );
  });

  it('does not bump the version: an open edit form still saves after a landing', async () => {
    const opened = await platform.invoke('getPlane', { sub: technical, params: { id: PLANE } });
    await advanceCounters(ORG, PLANE, flight, '2030-06-04');

    const saved = await platform.invoke('updatePlane', {
      sub: technical,
      params: { id: PLANE },
      body: {
        reg_num: 'HA-1265',
        plane_category: 'plc_01',
        start_counter_flight: opened.body.start_counter_flight + 60,
        version: opened.body.version,
      },
    });

    expect(saved.status).toBe(200);
    expect(saved.body.current_counter_flight).toBe(opened.body.current_counter_flight + 55 + 60);
    expect(saved.body.current_counter_flight).toBe(
      saved.body.start_counter_flight + saved.body.counter_flight,
    );
  });

  it('writes nothing for an aircraft that is not the organization’s', async () => {
    await expect(advanceCounters(ORG, 'plane-nope', flight, '2030-06-05')).rejects.toMatchObject({
      status: 404,
    });
    await expect(advanceCounters('org-alpine', PLANE, flight, '2030-06-05')).rejects.toMatchObject({
      status: 404,
    });

    expect(await plane('plane-nope')).toBeNull();
    expect(
      (
        await db()
          .entities.usageDay.get({ organization_id: ORG, plane_id: 'plane-nope', date: '2030-06-05' })
          .go()
      ).data,
    ).toBeNull();
    expect(await usage('2030-06-05')).toBeNull();
  });
});
