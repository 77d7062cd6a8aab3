import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../../bin/local/gateway.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Issue 11 §4 and §5 as a user or a script meets them: each kind of bad input answers 4xx with the
 * contract's shape and changes nothing. The fuzz test (api-fuzz.test.ts) sends all of them to every
 * route; this file says what each one answers.
 */
const admin = subOf('admin@demo.windsock.aero');
const timer = subOf('instructor@demo.windsock.aero');
const alpineAdmin = subOf('admin@alpine.windsock.aero');
const validation = (errors: Record<string, string[]>) => ({ code: 'validation_failed', errors });

let platform: Platform;
let gateway: Server;
let base: string;

beforeAll(async () => {
  platform = await startPlatform();
  const handle = createGateway({
    verifyToken: async (token) => (token === 'admin' ? { sub: admin, token_use: 'access' } : null),
  });
  gateway = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => gateway?.close(resolve));
  await platform?.close();
});

describe('path parameters', () => {
  it('refuses a malformed percent-escape through the local gateway, not with a 500', async () => {
    const get = (path: string) => fetch(`${base}${path}`, { headers: { authorization: 'Bearer admin' } });

    const lone = await get('/api/planes/%');
    const cut = await get('/api/planes/%E0%A4%A');
    const fine = await get('/api/planes/no-such-plane');

    expect(lone.status).toBe(422);
    expect(await lone.json()).toEqual(validation({ id: ['invalid_value'] }));
    expect(cut.status).toBe(422);
    expect(fine.status).toBe(404);
  });

  it('refuses a day that does not exist and a sheet named #, and opens neither', async () => {
    const body = { version: 0 };

    const february = await platform.invoke('saveDailySheet', {
      sub: timer,
      params: { date: '2026-02-30' },
      body,
    });
    const hash = await platform.invoke('saveDailySheet', { sub: timer, params: { date: '#' }, body });
    const listed = await platform.invoke('listDailySheets', { sub: timer, query: { limit: '100' } });

    expect(february).toEqual({ status: 422, body: validation({ date: ['date_format'] }) });
    expect(hash).toEqual({ status: 422, body: validation({ date: ['date_format'] }) });
    const dates = listed.body.items.map((sheet: { date: string }) => sheet.date);
    expect(dates).not.toContain('2026-03-02');
    expect(dates).not.toContain('#');
  });

  it('refuses an id longer than a key should be, and a kind that is not one', async () => {
    const long = await platform.invoke('getPlane', { sub: admin, params: { id: 'a'.repeat(2000) } });
    const kind = await platform.invoke('listLogbook', { sub: admin, params: { kind: 'balloon' } });

    expect(long).toEqual({ status: 422, body: validation({ id: ['too_long'] }) });
    expect(kind).toEqual({ status: 422, body: validation({ kind: ['invalid_value'] }) });
  });
});

describe('bodies', () => {
  const plane = { reg_num: 'HA-4099', plane_category: 'plc_02' };
  const planeCount = async () =>
    (await platform.invoke('listPlanes', { sub: admin, query: { limit: '100' } })).body.items.length;

  it('refuses __proto__ and constructor keys at any depth, and saves nothing', async () => {
    const before = await planeCount();

    const top = await platform.invoke('createPlane', {
      sub: admin,
      rawBody: `{"__proto__":{"admin":true},${JSON.stringify(plane).slice(1)}`,
    });
    const deep = await platform.invoke('updateTypeList', {
      sub: subOf('supervisor@demo.windsock.aero'),
      params: { id: 'planeTypes' },
      rawBody:
        '{"items":[{"code":"X","names":{"hu":"X","en":"X","constructor":{"prototype":{}}},"active":true,"sort_order":1}],"version":1}',
    });

    expect(top.status).toBe(422);
    // Read back from JSON: an object literal's `__proto__:` would set a prototype, not a key.
    expect(Object.entries(top.body.errors)).toEqual([['__proto__', ['unknown_field']]]);
    expect(deep).toEqual({
      status: 422,
      body: validation({ 'items.0.names.constructor': ['unknown_field'] }),
    });
    expect(await planeCount()).toBe(before);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('refuses a null, an array or a scalar where an object is expected', async () => {
    for (const rawBody of ['null', '[]', `[${JSON.stringify(plane)}]`, '"HA-4099"', '7'])
      expect(await platform.invoke('createPlane', { sub: admin, rawBody }), rawBody).toEqual({
        status: 422,
        body: validation({ _: ['invalid_body'] }),
      });
  });

  it('refuses 10 000 nested arrays without overflowing the stack', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;

    const res = await platform.invoke('createPlane', { sub: admin, rawBody: `{"tail_number":${deep}}` });

    expect(res.status).toBe(422);
    expect(Object.values(res.body.errors)).toEqual([['invalid_body']]);
  });

  it('refuses a version beyond the integers JavaScript holds exactly', async () => {
    const flights = await platform.invoke('listFlights', { sub: admin, query: { limit: '1' } });
    const id = flights.body.items[0].flight_id;

    const res = await platform.invoke('acceptFlight', {
      sub: admin,
      params: { id },
      body: { version: 2 ** 53 + 2 },
    });

    expect(res).toEqual({ status: 422, body: validation({ version: ['invalid_value'] }) });
  });

  it('refuses 30 February instead of moving the take-off to March, and year 0000', async () => {
    const flight = { plane_id: 'x', takeoff_type_id: 3 };

    const february = await platform.invoke('createFlight', {
      sub: admin,
      body: { ...flight, takeoff_time: '2026-02-30T10:00:00Z' },
    });
    const zero = await platform.invoke('createFlight', {
      sub: admin,
      body: { ...flight, sim_date: '0000-01-01' },
    });

    expect(february.status).toBe(422);
    expect(february.body.errors.takeoff_time).toEqual(['datetime_format']);
    expect(zero.body.errors.sim_date).toEqual(['date_format']);
  });

  it('refuses control, bidi and unpaired characters in text, in the language of the form', async () => {
    const person = { first_name: 'Ad\u0000min', last_name: 'Ad\u202emin', version: 1 };
    const before = await platform.invoke('getProfile', { sub: admin });

    const res = await platform.invoke('updateMyPerson', { sub: admin, body: person });
    const after = await platform.invoke('getProfile', { sub: admin });

    expect(res).toEqual({
      status: 422,
      body: validation({ first_name: ['invalid_characters'], last_name: ['invalid_characters'] }),
    });
    expect(after.body.user_name).toBe(before.body.user_name);
  });
});

describe('list cursors', () => {
  it('pages with its own cursor, and refuses another club’s, another filter’s and an edited one', async () => {
    const first = await platform.invoke('listMembers', { sub: admin, query: { limit: '2' } });
    const alpine = await platform.invoke('listMembers', { sub: alpineAdmin, query: { limit: '1' } });

    const next = await platform.invoke('listMembers', {
      sub: admin,
      query: { limit: '3', cursor: first.body.cursor },
    });
    const foreign = await platform.invoke('listMembers', {
      sub: admin,
      query: { cursor: alpine.body.cursor },
    });
    const refiltered = await platform.invoke('listMembers', {
      sub: admin,
      query: { cursor: first.body.cursor, q: 'a' },
    });
    const [inner, mac] = (first.body.cursor as string).split('.');
    const otherStart = Buffer.from(JSON.stringify({ pk: 'x', sk: 'y' })).toString('base64url');
    const edited = await platform.invoke('listMembers', {
      sub: admin,
      query: { cursor: `${otherStart}.${mac}` },
    });

    expect(first.body.cursor).toEqual(expect.any(String));
    expect(inner).not.toBe('');
    expect(next.status).toBe(200);
    expect(next.body.items).toHaveLength(3);
    expect(next.body.items.map((m: { user_id: string }) => m.user_id)).not.toContain(
      first.body.items[0].user_id,
    );
    for (const refused of [foreign, refiltered, edited])
      expect(refused).toEqual({ status: 422, body: validation({ cursor: ['invalid_value'] }) });
  });
});
