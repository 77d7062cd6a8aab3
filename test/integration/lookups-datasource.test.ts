import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../contracts/permissions.ts';
import { DATASOURCE_TYPES } from '../../contracts/schemas/lookups.ts';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

const pilot = subOf('pilot@demo.windsock.aero');
const instructor = subOf('instructor@demo.windsock.aero');
const alpineAdmin = subOf('admin@alpine.windsock.aero');

/** Some of the seeded members of each club (bin/local/seed.ts); the seed may add more. */
const SOME_DEMO_MEMBERS = ['user-admin', 'user-pilot', 'user-student', 'user-instructor', 'user-supervisor'];
const SOME_ALPINE_MEMBERS = ['user-alpine-admin', 'user-instructor', 'user-supervisor'];

/** The active members of a club, read straight from the table. */
const activeMembers = async (organization_id: string) => {
  const { data } = await db()
    .entities.membership.query.byOrganization({ organization_id })
    .go({ pages: 'all' });
  return data
    .filter((m) => m.status === 'active')
    .map((m) => m.user_id)
    .sort();
};

let platform: Platform;
const datasource = (sub: string, type: string) =>
  platform.invoke('getDatasource', { sub, params: { source_type: type } });

beforeAll(async () => {
  platform = await startPlatform();
  // Prepare: the second club is an operator; the demo club is not.
  await db().entities.organization.patch({ organization_id: 'org-alpine' }).set({ is_operator: true }).go();
});
afterAll(async () => {
  await platform?.close();
});

describe('GET /api/datasource/users', () => {
  it("lists the members of the caller's current club by name, in the caller's name order", async () => {
    const { status, body } = await datasource(pilot, 'users');

    expect(status).toBe(200);
    const ids = body.items.map((u: any) => u.user_id).sort();
    expect(ids).toEqual(await activeMembers('org-demo'));
    expect(ids).toEqual(expect.arrayContaining(SOME_DEMO_MEMBERS));
    expect(ids).not.toContain('user-alpine-admin');
    expect(body.items.find((u: any) => u.user_id === 'user-pilot')).toMatchObject({
      user_id: 'user-pilot',
      name: 'Molnár Anna',
    });
    const names = body.items.map((u: any) => u.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'hu')));
  });

  it("never lists another club's members", async () => {
    const { body } = await datasource(alpineAdmin, 'users');

    const ids = body.items.map((u: any) => u.user_id).sort();
    expect(ids).toEqual(await activeMembers('org-alpine'));
    expect(ids).toEqual(expect.arrayContaining(SOME_ALPINE_MEMBERS));
    expect(ids).not.toContain('user-pilot');
    expect(body.items.find((u: any) => u.user_id === 'user-alpine-admin').name).toBe('Lukas Huber');
  });
});

describe('GET /api/datasource/roles', () => {
  it("gives each club only its own role definitions, in the club's own words", async () => {
    const demo = await datasource(pilot, 'roles');
    const alpine = await datasource(alpineAdmin, 'roles');

    expect(demo.status).toBe(200);
    expect(demo.body.items.map((r: any) => r.role_name)).toContain('Pilóta');
    expect(demo.body.items.map((r: any) => r.role_name)).not.toContain('Fluglehrer');
    expect(alpine.body.items.map((r: any) => r.role_name)).toContain('Fluglehrer');
    expect(alpine.body.items.map((r: any) => r.role_name)).not.toContain('Pilóta');
    expect(demo.body.items.find((r: any) => r.role_id === 'admin')).toEqual({
      role_id: 'admin',
      role_name: 'Adminisztrátor',
      guard_role: 'admin',
      label: null,
    });
  });
});

describe('GET /api/datasource/operators', () => {
  it("lists operators among the caller's own organizations only", async () => {
    const pilotOnlyInDemo = await datasource(pilot, 'operators');
    const memberOfBoth = await datasource(instructor, 'operators');

    expect(pilotOnlyInDemo.status).toBe(200);
    expect(pilotOnlyInDemo.body.items).toEqual([]);
    expect(memberOfBoth.body.items).toEqual([
      {
        organization_id: 'org-alpine',
        organization_name: 'Alpine Soaring Club',
        short_name: 'ASC',
        base_airport: 'LOWZ',
      },
    ]);
  });
});

describe('GET /api/datasource/permissions', () => {
  it('lists the permission keys of spec §6', async () => {
    const { status, body } = await datasource(pilot, 'permissions');

    expect(status).toBe(200);
    expect(body.items).toEqual(PERMISSIONS.map((key) => ({ key })));
  });
});

describe('GET /api/datasource/airports', () => {
  it('lists the reference airports for every club alike', async () => {
    const demo = await datasource(pilot, 'airports');
    const alpine = await datasource(alpineAdmin, 'airports');

    expect(demo.status).toBe(200);
    expect(demo.body.items.length).toBeGreaterThanOrEqual(20);
    expect(alpine.body).toEqual(demo.body);
    const dunakeszi = demo.body.items.find((a: any) => a.icao === 'LHDK');
    expect(dunakeszi).toMatchObject({ name: 'Dunakeszi', country: 'HU', altitude: 126, iata_faa: null });
    expect(dunakeszi.latitude).toBeCloseTo(47.617, 2);
    expect(dunakeszi.longitude).toBeCloseTo(19.143, 2);
    expect(demo.body.items.find((a: any) => a.icao === 'LOWZ')).toMatchObject({
      runway_heading: 80,
      runway_length: 780,
    });
  });
});

describe('GET /api/datasource/{type list}', () => {
  it('answers the global type lists with every name and the active flag', async () => {
    // Prepare: a known document type list.
    await db()
      .entities.typeList.put({
        list_id: 'documentTypes',
        items: [
          { code: 'medical', names: { hu: 'Orvosi', en: 'Medical' }, active: true, sort_order: 2 },
          { code: 'insurance', names: { hu: 'Biztosítás', en: 'Insurance' }, active: false, sort_order: 1 },
        ],
      })
      .go();

    const { status, body } = await datasource(alpineAdmin, 'documentTypes');

    expect(status).toBe(200);
    expect(body.items).toEqual([
      { code: 'insurance', names: { hu: 'Biztosítás', en: 'Insurance' }, active: false },
      { code: 'medical', names: { hu: 'Orvosi', en: 'Medical' }, active: true },
    ]);
  });

  it.each(['planeTypes', 'airportCountries'])('answers %s in the same shape', async (type) => {
    const { status, body } = await datasource(pilot, type);

    expect(status).toBe(200);
    for (const item of body.items) expect(Object.keys(item).sort()).toEqual(['active', 'code', 'names']);
  });
});

describe('GET /api/datasource/planes', () => {
  it("lists the caller's organization's aircraft by registration, as pickers need them", async () => {
    const { status, body } = await datasource(pilot, 'planes');
    const alpine = await datasource(alpineAdmin, 'planes');

    expect(status).toBe(200);
    expect(body.items.map((p: { reg_num: string }) => p.reg_num)).toEqual([
      'HA-1265',
      'HA-4012',
      'HA-4370',
      'HA-4455',
      'HA-SBX',
    ]);
    expect(body.items[0]).toEqual({
      plane_id: 'plane-ha-1265',
      reg_num: 'HA-1265',
      callsign: 'HA-1265',
      plane_type: 'G109',
      plane_category: 'plc_01',
      is_tmg: true,
      functional: true,
      rentable: true,
    });
    expect(alpine.body.items.map((p: { plane_id: string }) => p.plane_id)).toEqual(['plane-oe-5678']);
  });
});

describe('a pilot registered alone', () => {
  it('gets empty club lists and the same reference lists as everyone', async () => {
    // Prepare: a person without any membership, as registration leaves them.
    await db()
      .entities.person.put({
        user_id: 'user-lonely',
        cognito_sub: 'sub-lonely',
        email: 'lonely@example.com',
        first_name: 'Egon',
        last_name: 'Egyedül',
      })
      .go();

    const users = await datasource('sub-lonely', 'users');
    const roles = await datasource('sub-lonely', 'roles');
    const operators = await datasource('sub-lonely', 'operators');
    const airports = await datasource('sub-lonely', 'airports');
    const everyone = await datasource(pilot, 'airports');

    expect([users.status, roles.status, operators.status]).toEqual([200, 200, 200]);
    expect(users.body.items).toEqual([]);
    expect(roles.body.items).toEqual([]);
    expect(operators.body.items).toEqual([]);
    expect(airports.body).toEqual(everyone.body);
  });
});

describe('datasource guard and tenancy', () => {
  it('refuses a type that does not exist on its path parameter', async () => {
    const { status, body } = await datasource(pilot, 'aircraft');

    expect(status).toBe(422);
    expect(body).toEqual({ code: 'validation_failed', errors: { source_type: ['invalid_value'] } });
  });

  it('answers 401 without sign-in', async () => {
    const { status } = await platform.invoke('getDatasource', { params: { source_type: 'users' } });

    expect(status).toBe(401);
  });

  it.each(DATASOURCE_TYPES)(
    "%s: a member of the second club sees nothing of the first club's own",
    async (type) => {
      const alpine = await activeMembers('org-alpine');
      const demoOnly = new Set([
        ...(await activeMembers('org-demo')).filter((id) => !alpine.includes(id)),
        'org-demo',
        'Szélzsák Repülő Egyesület',
      ]);
      const { status, body } = await datasource(alpineAdmin, type);

      expect(status).toBe(200);
      const seen = JSON.stringify(body);
      for (const value of demoOnly) expect(seen, `${type} shows ${value}`).not.toContain(value);
    },
  );
});
