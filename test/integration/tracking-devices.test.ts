import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceCounters } from '../../functions/aircraft/counters.ts';
import { dynamo, tableName } from '../../functions/platform/db/client.ts';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * The OGN ingest finds an organization's aircraft by device address through the plane's sparse
 * `byDevice` index (gsi2 `ogn#<ogn_id>`, keys lower-cased as ElectroDB writes them). Every kind of
 * write an aircraft gets (create, a PATCH that leaves ogn_id alone, a share close, the counters ADD
 * of a landed flight) must leave the index as the aircraft's ogn_id says: present with it, gone
 * without it.
 */
const ORG = 'org-demo';
const technical = subOf('technical@demo.windsock.aero');

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const byDevice = async (ognId: string) =>
  (await db().entities.plane.query.byDevice({ ogn_id: ognId }).go({ pages: 'all' })).data.map(
    (p) => `${p.organization_id}/${p.plane_id}`,
  );
const rawKeys = async (planeId: string) => {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: { pk: `org#${ORG}`, sk: `plane#${planeId}` } }),
  );
  return { gsi2pk: Item?.gsi2pk, gsi2sk: Item?.gsi2sk };
};
const plane = async (id: string) =>
  (await platform.invoke('getPlane', { sub: technical, params: { id } })).body;
const update = (id: string, body: Record<string, unknown>) =>
  platform.invoke('updatePlane', { sub: technical, params: { id }, body });

describe('the byDevice index across an aircraft’s writes', () => {
  it('holds a seeded aircraft and a created one under their ogn_id', async () => {
    const created = await platform.invoke('createPlane', {
      sub: technical,
      body: { reg_num: 'HA-7001', plane_category: 'plc_02', ogn_id: 'dd7001' },
    });

    expect(created.status).toBe(200);
    expect(await byDevice('DD4012')).toEqual([`${ORG}/plane-ha-4012`]);
    expect(await byDevice('DD7001')).toEqual([`${ORG}/${created.body.plane_id}`]);
    expect(await rawKeys(created.body.plane_id)).toEqual({ gsi2pk: 'ogn#dd7001', gsi2sk: 'plane#dd7001' });
  });

  it('survives a PATCH that leaves ogn_id alone, a share close and the counters of a landed flight', async () => {
    const before = await plane('plane-ha-4012');

    const patched = await update('plane-ha-4012', {
      reg_num: 'HA-4012',
      plane_category: 'plc_02',
      rent_discount: 10,
      version: before.version,
    });
    const closed = await platform.invoke('closePlaneShare', {
      sub: technical,
      params: { id: 'plane-ha-4012' },
      body: { version: patched.body.version },
    });
    await advanceCounters(
      ORG,
      'plane-ha-4012',
      { flight_minutes: 12, engine_minutes: 0, takeoffs: 1, landings: 1 },
      '2030-06-01',
    );

    expect(patched.status).toBe(200);
    expect(closed.status).toBe(200);
    expect(await byDevice('DD4012')).toEqual([`${ORG}/plane-ha-4012`]);
    expect(await rawKeys('plane-ha-4012')).toEqual({ gsi2pk: 'ogn#dd4012', gsi2sk: 'plane#dd4012' });
  });

  it('follows ogn_id: moved to a new device, dropped when cleared, back when set again', async () => {
    const v1 = (await plane('plane-ha-4370')).version;

    const moved = await update('plane-ha-4370', {
      reg_num: 'HA-4370',
      plane_category: 'plc_02',
      ogn_id: 'DD4371',
      version: v1,
    });
    const afterMove = [await byDevice('DD4370'), await byDevice('DD4371')];
    const cleared = await update('plane-ha-4370', {
      reg_num: 'HA-4370',
      plane_category: 'plc_02',
      ogn_id: null,
      version: moved.body.version,
    });
    const afterClear = [await byDevice('DD4371'), await rawKeys('plane-ha-4370')];
    // A landed flight's counters on an aircraft without a device must not bring keys back.
    await advanceCounters(
      ORG,
      'plane-ha-4370',
      { flight_minutes: 5, engine_minutes: 0, takeoffs: 1, landings: 1 },
      '2030-06-02',
    );
    const afterCounters = await rawKeys('plane-ha-4370');
    const restored = await update('plane-ha-4370', {
      reg_num: 'HA-4370',
      plane_category: 'plc_02',
      ogn_id: 'DD4370',
      version: cleared.body.version,
    });

    expect([moved.status, cleared.status, restored.status]).toEqual([200, 200, 200]);
    expect(afterMove).toEqual([[], [`${ORG}/plane-ha-4370`]]);
    expect(afterClear).toEqual([[], { gsi2pk: undefined, gsi2sk: undefined }]);
    expect(afterCounters).toEqual({ gsi2pk: undefined, gsi2sk: undefined });
    expect(await byDevice('DD4370')).toEqual([`${ORG}/plane-ha-4370`]);
  });

  it('lists the aircraft of every organization that carries the device', async () => {
    const alpine = await platform.invoke('createPlane', {
      sub: subOf('admin@alpine.windsock.aero'),
      body: { reg_num: 'OE-4012', plane_category: 'plc_02', ogn_id: 'DD4012' },
    });

    expect(alpine.status).toBe(200);
    expect((await byDevice('DD4012')).sort()).toEqual([
      `org-alpine/${alpine.body.plane_id}`,
      `${ORG}/plane-ha-4012`,
    ]);
  });
});
