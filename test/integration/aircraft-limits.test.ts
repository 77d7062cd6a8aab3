import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Spec §9 package limits on real (embedded) DynamoDB: creating an aircraft beyond plane_limit,
 * general_limit (general and TMG) or glider_limit is refused with plane_limit_reached — atomically,
 * even when several admins add aircraft at once — and the registration is unique in the club.
 */
const admin = subOf('admin@demo.windsock.aero');
const technical = subOf('technical@demo.windsock.aero');
const ORG = 'org-demo';

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const setLimits = (limits: { plane_limit?: number; general_limit?: number; glider_limit?: number }) =>
  db().entities.organization.patch({ organization_id: ORG }).set(limits).go({ response: 'none' });

const count = async () => {
  const { data } = await db().entities.planeCount.get({ organization_id: ORG }).go();
  return data;
};
const planes = async () => {
  const { data } = await db()
    .entities.plane.query.byOrganization({ organization_id: ORG })
    .go({ pages: 'all' });
  return data;
};

const glider = (reg: string) => ({ reg_num: reg, plane_category: 'plc_02', plane_type: 'LS8', seats: 1 });
const general = (reg: string, extra: Record<string, unknown> = {}) => ({
  reg_num: reg,
  plane_category: 'plc_01',
  plane_type: 'C152',
  ...extra,
});

describe('the package limit', () => {
  it('lets exactly one of five concurrent creates take the last slot', async () => {
    // Prepare: the demo fleet is 5 aircraft (2 general, 3 gliders); one slot left in total.
    const before = await count();
    expect(before).toMatchObject({ total: 5, general: 2, glider: 3 });
    await setLimits({ plane_limit: 6, general_limit: 4, glider_limit: 8 });

    // Act
    const results = await Promise.all(
      ['HA-5001', 'HA-5002', 'HA-5003', 'HA-5004', 'HA-5005'].map((reg) =>
        platform.invoke('createPlane', { sub: technical, body: glider(reg) }),
      ),
    );

    // Assess
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const refused of results.filter((r) => r.status === 409))
      expect(refused.body.code).toBe('plane_limit_reached');
    const after = await count();
    const fleet = await planes();
    expect(after).toMatchObject({ total: 6, general: 2, glider: 4 });
    expect(fleet).toHaveLength(6);
    expect([...(after?.reg_nums ?? [])].sort()).toEqual(fleet.map((p) => p.reg_num).sort());
  });

  it('counts TMGs against the general limit and gliders against the glider limit', async () => {
    await setLimits({ plane_limit: 20, general_limit: 2, glider_limit: 5 });

    const tmg = await platform.invoke('createPlane', {
      sub: technical,
      body: general('HA-1999', { is_tmg: true }),
    });
    const motorGlider = await platform.invoke('createPlane', {
      sub: technical,
      body: { ...glider('HA-1998'), is_tmg: true },
    });
    const aGlider = await platform.invoke('createPlane', { sub: technical, body: glider('HA-5010') });
    const oneTooMany = await platform.invoke('createPlane', { sub: technical, body: glider('HA-5011') });

    expect(tmg.status).toBe(409);
    expect(tmg.body.code).toBe('plane_limit_reached');
    expect(motorGlider.status).toBe(409);
    expect(aGlider.status).toBe(200);
    expect(aGlider.body).toMatchObject({ reg_num: 'HA-5010', functional: true, inoperable: false });
    expect(oneTooMany.status).toBe(409);
    expect(await count()).toMatchObject({ total: 7, general: 2, glider: 5 });
  });

  it('frees a slot when an aircraft is deleted', async () => {
    await setLimits({ plane_limit: 20, general_limit: 3, glider_limit: 5 });
    const first = await platform.invoke('createPlane', { sub: admin, body: general('HA-SEA') });
    const second = await platform.invoke('createPlane', { sub: admin, body: general('HA-SEB') });

    const deleted = await platform.invoke('deletePlane', { sub: admin, params: { id: first.body.plane_id } });
    const again = await platform.invoke('createPlane', { sub: admin, body: general('HA-SEB') });
    const gone = await platform.invoke('getPlane', { sub: admin, params: { id: first.body.plane_id } });

    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    expect(deleted.status).toBe(204);
    expect(gone.status).toBe(404);
    expect(again.status).toBe(200);
    expect(await count()).toMatchObject({ total: 8, general: 3, glider: 5 });
  });

  it('moves the bucket when the category changes, under the same limit', async () => {
    await setLimits({ plane_limit: 20, general_limit: 3, glider_limit: 5 });
    const list = await platform.invoke('listPlanes', { sub: technical, query: { filter: 'HA-SEB' } });
    const plane = await platform.invoke('getPlane', {
      sub: technical,
      params: { id: list.body.items[0].plane_id },
    });

    const refused = await platform.invoke('updatePlane', {
      sub: technical,
      params: { id: plane.body.plane_id },
      body: { reg_num: 'HA-SEB', plane_category: 'plc_02', version: plane.body.version },
    });
    await setLimits({ plane_limit: 20, general_limit: 3, glider_limit: 6 });
    const moved = await platform.invoke('updatePlane', {
      sub: technical,
      params: { id: plane.body.plane_id },
      body: { reg_num: 'HA-SEB', plane_category: 'plc_02', version: plane.body.version },
    });

    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('plane_limit_reached');
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ plane_category: 'plc_02', version: plane.body.version + 1 });
    expect(await count()).toMatchObject({ total: 8, general: 2, glider: 6 });
  });

  it('has no limit where the organization has none', async () => {
    await db()
      .entities.organization.patch({ organization_id: ORG })
      .remove(['plane_limit', 'general_limit', 'glider_limit'])
      .go({ response: 'none' });

    const created = await platform.invoke('createPlane', { sub: admin, body: general('HA-SEC') });

    expect(created.status).toBe(200);
  });
});

describe('the registration', () => {
  it('is upper-cased and unique in the organization, also under concurrent creates', async () => {
    const taken = await platform.invoke('createPlane', { sub: admin, body: glider(' ha-4012 ') });
    const both = await Promise.all([
      platform.invoke('createPlane', { sub: admin, body: glider('ha-7001') }),
      platform.invoke('createPlane', { sub: technical, body: glider('HA-7001') }),
    ]);

    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ reg_num: ['reg_num_taken'] });
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    expect((await planes()).filter((p) => p.reg_num === 'HA-7001')).toHaveLength(1);
  });

  it('is free again after a rename', async () => {
    const created = await platform.invoke('createPlane', { sub: admin, body: glider('HA-7002') });
    const renamed = await platform.invoke('updatePlane', {
      sub: admin,
      params: { id: created.body.plane_id },
      body: { reg_num: 'HA-7003', plane_category: 'plc_02', version: created.body.version },
    });
    const reused = await platform.invoke('createPlane', { sub: admin, body: glider('HA-7002') });
    const clash = await platform.invoke('updatePlane', {
      sub: admin,
      params: { id: created.body.plane_id },
      body: { reg_num: 'HA-4370', plane_category: 'plc_02', version: renamed.body.version },
    });

    expect(renamed.status).toBe(200);
    expect(reused.status).toBe(200);
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({ reg_num: ['reg_num_taken'] });
  });

  it('counts from the aircraft where an organization has no count item yet', async () => {
    await db().entities.planeCount.delete({ organization_id: 'org-alpine' }).go();

    const created = await platform.invoke('createPlane', {
      sub: subOf('admin@alpine.windsock.aero'),
      body: glider('OE-5679'),
    });
    const taken = await platform.invoke('createPlane', {
      sub: subOf('admin@alpine.windsock.aero'),
      body: glider('OE-5678'),
    });

    const { data } = await db().entities.planeCount.get({ organization_id: 'org-alpine' }).go();
    expect(created.status).toBe(200);
    expect(taken.status).toBe(422);
    expect(data).toMatchObject({ total: 2, general: 0, glider: 2 });
    expect([...(data?.reg_nums ?? [])].sort()).toEqual(['OE-5678', 'OE-5679']);
  });

  it('is seen in another organization as free: tenancy of the registrations', async () => {
    const alpine = await platform.invoke('createPlane', {
      sub: subOf('admin@alpine.windsock.aero'),
      body: glider('HA-4012'),
    });

    expect(alpine.status).toBe(200);
  });
});
