import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/** planes and plane/{id} (spec §2, §3 Plane), the share close (§4) and the profile's aircraft (§3). */
const technical = subOf('technical@demo.windsock.aero');
const pilot = subOf('pilot@demo.windsock.aero');
const instructor = subOf('instructor@demo.windsock.aero');
const alpineAdmin = subOf('admin@alpine.windsock.aero');

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const get = (id: string, sub = technical) => platform.invoke('getPlane', { sub, params: { id } });

describe('the fleet list', () => {
  it('lists the organization’s aircraft by registration with their status and counters', async () => {
    const { status, body } = await platform.invoke('listPlanes', { sub: pilot });

    expect(status).toBe(200);
    expect(body.items.map((p: { reg_num: string }) => p.reg_num)).toEqual([
      'HA-1265',
      'HA-4012',
      'HA-4370',
      'HA-4455',
      'HA-SBX',
    ]);
    const ask21 = body.items.find((p: { plane_id: string }) => p.plane_id === 'plane-ha-4012');
    expect(ask21).toMatchObject({ plane_category: 'plc_02', is_tmg: false, status: 'functional' });
    expect(ask21.current_counter_flight).toBeGreaterThan(4200 * 60);
    expect(body.cursor).toBeNull();
  });

  it('filters by category, TMG, status and text, and pages by key', async () => {
    const gliders = await platform.invoke('listPlanes', { sub: pilot, query: { category: 'plc_02' } });
    const tmg = await platform.invoke('listPlanes', { sub: pilot, query: { category: 'tmg' } });
    const byType = await platform.invoke('listPlanes', { sub: pilot, query: { filter: 'pa25' } });
    const inactive = await platform.invoke('listPlanes', { sub: pilot, query: { status: 'inactive' } });
    const first = await platform.invoke('listPlanes', { sub: pilot, query: { limit: '2' } });
    const second = await platform.invoke('listPlanes', {
      sub: pilot,
      query: { limit: '2', cursor: first.body.cursor },
    });

    expect(gliders.body.items.map((p: { reg_num: string }) => p.reg_num)).toEqual([
      'HA-4012',
      'HA-4370',
      'HA-4455',
    ]);
    expect(tmg.body.items.map((p: { reg_num: string }) => p.reg_num)).toEqual(['HA-1265']);
    expect(byType.body.items.map((p: { reg_num: string }) => p.reg_num)).toEqual(['HA-SBX']);
    expect(inactive.body.items).toEqual([]);
    expect(first.body.items).toHaveLength(2);
    expect(second.body.items[0].reg_num).toBe('HA-4370');
  });

  it('answers 404 for another organization’s aircraft and shows none of them', async () => {
    const other = await get('plane-ha-4012', alpineAdmin);
    const list = await platform.invoke('listPlanes', { sub: alpineAdmin });

    expect(other.status).toBe(404);
    expect(list.body.items.map((p: { reg_num: string }) => p.reg_num)).toEqual(['OE-5678']);
  });

  it('needs plane-create to add and plane-edit to open the record', async () => {
    const create = await platform.invoke('createPlane', {
      sub: pilot,
      body: { reg_num: 'HA-9999', plane_category: 'plc_02' },
    });
    const open = await get('plane-ha-4012', pilot);

    expect(create.status).toBe(403);
    expect(open.status).toBe(403);
  });
});

describe('plane/{id}', () => {
  it('creates an aircraft with every field group and derived flags', async () => {
    const { status, body } = await platform.invoke('createPlane', {
      sub: technical,
      body: {
        reg_num: 'ha-5555',
        plane_category: 'plc_02',
        plane_type: 'PUCH',
        manufacturer: 'SZD',
        model: 'SZD-50-3 Puchacz',
        seats: 2,
        year_of_manufacture: 1988,
        ogn_id: 'dd5555',
        status: 'under_maintenance',
        start_counter_flight: 150_000,
        start_counter_takeoff: 6000,
        can_be_shared: true,
        share_start_date: '2027-01-01',
        share_end_date: '2027-03-31',
        rentable: true,
        rent_type: 'per_hour',
        rent_price_flight: 500_000,
        rent_discount: 12.5,
      },
    });

    expect(status).toBe(200);
    expect(body).toMatchObject({
      reg_num: 'HA-5555',
      ogn_id: 'DD5555',
      functional: false,
      inoperable: true,
      start_counter_flight: 150_000,
      counter_flight: 0,
      current_counter_flight: 150_000,
      current_counter_takeoff: 6000,
      rent_discount: 12.5,
      version: 1,
    });
  });

  it('refuses bad values field by field', async () => {
    const { status, body } = await platform.invoke('createPlane', {
      sub: technical,
      body: {
        reg_num: '',
        plane_category: 'plc_03',
        ogn_id: 'XYZ',
        share_start_date: '2027-05-01',
        share_end_date: '2027-04-01',
        rent_price_flight: -1,
        rent_discount: 101,
        start_counter_flight: 1.5,
      },
    });

    expect(status).toBe(422);
    expect(body.errors).toMatchObject({
      reg_num: ['field_required'],
      plane_category: ['invalid_value'],
      ogn_id: ['invalid_value'],
      share_end_date: ['too_small'],
      rent_price_flight: ['too_small'],
      rent_discount: ['too_big'],
      start_counter_flight: ['invalid_value'],
    });
  });

  it('saves on the version read, clears with null, and answers 409 to a stale version', async () => {
    const before = (await get('plane-ha-4370')).body;

    const saved = await platform.invoke('updatePlane', {
      sub: technical,
      params: { id: 'plane-ha-4370' },
      body: {
        reg_num: 'HA-4370',
        plane_category: 'plc_02',
        tail_number: null,
        rent_discount: 15,
        start_counter_flight: before.start_counter_flight + 30,
        version: before.version,
      },
    });
    const stale = await platform.invoke('updatePlane', {
      sub: technical,
      params: { id: 'plane-ha-4370' },
      body: { reg_num: 'HA-4370', plane_category: 'plc_02', rent_discount: 99, version: before.version },
    });

    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      tail_number: null,
      rent_discount: 15,
      version: before.version + 1,
      current_counter_flight: before.current_counter_flight + 30,
      counter_flight: before.counter_flight,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('conflict');
    expect((await get('plane-ha-4370')).body.rent_discount).toBe(15);
  });

  it('closes a share: not shared from today on', async () => {
    const before = (await get('plane-ha-4455')).body;

    const closed = await platform.invoke('closePlaneShare', {
      sub: technical,
      params: { id: 'plane-ha-4455' },
      body: { version: before.version },
    });

    expect(before.can_be_shared).toBe(true);
    expect(closed.status).toBe(200);
    // The seeded window (2027) had not started: it is dropped whole.
    expect(closed.body).toMatchObject({ can_be_shared: false, share_start_date: null, share_end_date: null });
  });

  it('refuses to delete an aircraft that another area has recorded things against', async () => {
    const created = await platform.invoke('createPlane', {
      sub: technical,
      body: { reg_num: 'HA-5556', plane_category: 'plc_02' },
    });
    const { db } = await import('../../functions/platform/db/service.ts');
    await db()
      .entities.component.put({
        organization_id: 'org-demo',
        component_id: 'cmp-walk',
        plane_id: created.body.plane_id,
        name: 'Variometer',
        component_type: 'instrument',
      })
      .go();

    const refused = await platform.invoke('deletePlane', {
      sub: technical,
      params: { id: created.body.plane_id },
    });

    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('plane_in_use');
  });
});

describe('the profile’s aircraft', () => {
  it('carries the organization’s aircraft, the active ones, the owned ones and rent permits', async () => {
    const before = (await get('plane-ha-sbx')).body;
    await platform.invoke('updatePlane', {
      sub: technical,
      params: { id: 'plane-ha-sbx' },
      body: { reg_num: 'HA-SBX', plane_category: 'plc_01', status: 'inactive', version: before.version },
    });

    const { body } = await platform.invoke('getProfile', { sub: pilot });
    const owner = await platform.invoke('getProfile', { sub: instructor });

    const regs = (planes: { reg_num: string }[]) => planes.map((p) => p.reg_num);
    expect(regs(body.organization.planes_all)).toContain('HA-SBX');
    expect(regs(body.organization.planes)).not.toContain('HA-SBX');
    expect(body.organization.planes.find((p: { reg_num: string }) => p.reg_num === 'HA-1265')).toEqual({
      plane_id: 'plane-ha-1265',
      reg_num: 'HA-1265',
      plane_category: 'plc_01',
      is_tmg: true,
      functional: true,
      rentable: true,
    });
    expect(body.planes).toEqual([]);
    expect(body.rent_permits).toEqual(['ASK 21', 'LS 4']);
    expect(regs(owner.body.planes)).toEqual(['HA-4455']);
  });
});
