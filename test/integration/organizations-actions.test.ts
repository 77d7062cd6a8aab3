import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/** organization/actions (spec §2): the organization's activity log, newest first. */
const admin = subOf('admin@demo.windsock.aero');
const operator = subOf('operator@demo.windsock.aero');
const pilot = subOf('pilot@demo.windsock.aero');
const alpineAdmin = subOf('admin@alpine.windsock.aero');

let platform: Platform;

/** Entries of the seed or of other tests are later than March 2026; the assertions look at March. */
const MARCH = { from: '2026-03-01', to: '2026-03-31' };

/** Log entries at known instants around the night Budapest moves to summer time (2026-03-29). */
const ENTRIES = [
  { action_id: 'a1', at: '2026-03-28T22:30:00.000Z', action: 'role.update', user_id: 'user-admin' },
  {
    action_id: 'a2',
    at: '2026-03-28T23:30:00.000Z',
    action: 'member.roles',
    user_id: 'user-admin',
    acting_supervisor_id: 'user-supervisor',
  },
  { action_id: 'a3', at: '2026-03-29T21:59:00.000Z', action: 'role.update', user_id: 'user-operator' },
  { action_id: 'a4', at: '2026-03-29T22:01:00.000Z', action: 'permit.grant', user_id: 'user-operator' },
];

beforeAll(async () => {
  platform = await startPlatform();
  for (const entry of ENTRIES)
    await db()
      .entities.action.put({
        organization_id: 'org-demo',
        target_type: 'role',
        target_id: 'instructor',
        details: { fields: ['permissions'] },
        ...entry,
      })
      .go();
  await db()
    .entities.action.put({
      action_id: 'b1',
      organization_id: 'org-alpine',
      at: '2026-03-29T10:00:00.000Z',
      action: 'role.update',
      user_id: 'user-alpine-admin',
      target_type: 'role',
      target_id: 'pilot',
    })
    .go();
});
afterAll(async () => {
  await platform?.close();
});

describe('GET /api/organization/actions', () => {
  it('lists the current organization’s entries newest first, with who, and who acted as them', async () => {
    const { status, body } = await platform.invoke('listOrganizationActions', { sub: admin, query: MARCH });

    expect(status).toBe(200);
    expect(body.timezone).toBe('Europe/Budapest');
    expect(body.items.map((a: any) => a.action_id)).toEqual(['a4', 'a3', 'a2', 'a1']);
    expect(body.items[2]).toMatchObject({
      action: 'member.roles',
      user_name: 'Kovács Péter',
      acting_supervisor_id: 'user-supervisor',
      acting_supervisor_name: 'Szabó Zsófia',
      target_type: 'role',
      details: { fields: ['permissions'] },
    });
    expect(body.items[0]).toMatchObject({ user_name: 'Tóth Katalin', acting_supervisor_name: null });
  });

  it('filters by calendar days of the organization’s time zone and by action kind', async () => {
    const day = await platform.invoke('listOrganizationActions', {
      sub: operator,
      query: { from: '2026-03-29', to: '2026-03-29' },
    });
    const kind = await platform.invoke('listOrganizationActions', {
      sub: operator,
      query: { action: 'role.update', ...MARCH },
    });
    const oneOfKind = await platform.invoke('listOrganizationActions', {
      sub: operator,
      query: { action: 'member.roles', limit: '1', ...MARCH },
    });
    const both = await platform.invoke('listOrganizationActions', {
      sub: operator,
      query: { action: 'role.update', from: '2026-03-29', to: '2026-03-31' },
    });

    // 23:30Z on the 28th is 00:30 in Budapest on the 29th; 21:59Z on the 29th is 23:59 summer time.
    expect(day.body.items.map((a: any) => a.action_id)).toEqual(['a3', 'a2']);
    expect(kind.body.items.map((a: any) => a.action_id)).toEqual(['a3', 'a1']);
    expect(both.body.items.map((a: any) => a.action_id)).toEqual(['a3']);
    // Two newer entries of other kinds come first in the key order: the page is filled past them.
    expect(oneOfKind.body.items.map((a: any) => a.action_id)).toEqual(['a2']);
  });

  it('pages with a cursor', async () => {
    const first = await platform.invoke('listOrganizationActions', {
      sub: admin,
      query: { limit: '3', ...MARCH },
    });
    const second = await platform.invoke('listOrganizationActions', {
      sub: admin,
      query: { limit: '3', cursor: first.body.cursor, ...MARCH },
    });

    expect(first.body.items.map((a: any) => a.action_id)).toEqual(['a4', 'a3', 'a2']);
    expect(second.body.items.map((a: any) => a.action_id)).toEqual(['a1']);
    expect(second.body.cursor).toBeNull();
  });

  it('shows each organization only its own log', async () => {
    const { body } = await platform.invoke('listOrganizationActions', { sub: alpineAdmin, query: MARCH });

    expect(body.items.map((a: any) => a.action_id)).toEqual(['b1']);
    expect(body.timezone).toBe('Europe/Vienna');
  });

  it('records the organization’s own changes, in the same write as the change', async () => {
    const loaded = await platform.invoke('getOwnOrganization', { sub: operator });
    await platform.invoke('updateOwnOrganization', {
      sub: operator,
      body: {
        organization_name: loaded.body.organization_name,
        short_name: loaded.body.short_name,
        timezone: loaded.body.timezone,
        flight_price: 16_500,
        version: loaded.body.version,
      },
    });
    const { body } = await platform.invoke('listOrganizationActions', { sub: admin, query: { limit: '1' } });

    expect(body.items[0]).toMatchObject({
      action: 'organization.update',
      user_id: 'user-operator',
      target_id: 'org-demo',
      details: { fields: ['flight_price'] },
    });
  });

  it('is refused to a member without the admin or organization_operator role', async () => {
    const { status, body } = await platform.invoke('listOrganizationActions', { sub: pilot });

    expect(status).toBe(403);
    expect(body).toEqual({ code: 'missing_permissions' });
  });

  it('names invalid filters', async () => {
    const { status, body } = await platform.invoke('listOrganizationActions', {
      sub: admin,
      query: { from: '2026.03.29', action: 'DROP TABLE' },
    });
    const reversed = await platform.invoke('listOrganizationActions', {
      sub: admin,
      query: { from: '2026-03-29', to: '2026-03-28' },
    });
    const cursor = await platform.invoke('listOrganizationActions', {
      sub: admin,
      query: { cursor: 'garbage' },
    });

    expect(status).toBe(422);
    expect(body.errors).toEqual({ action: ['invalid_value'], from: ['date_format'] });
    expect(reversed.body.errors).toEqual({ to: ['too_small'] });
    expect(cursor.status).toBe(422);
    expect(cursor.body.errors).toEqual({ cursor: ['invalid_value'] });
  });
});

/** The organization's own log names its targets on the docsmsg branch (issue 17 §6); here the person's. */
describe('history that reads (issue 13 §7)', () => {
  const line = (action_id: string, target_type: string, target_id: string, organization_id = 'org-demo') =>
    db()
      .entities.action.put({
        action_id,
        organization_id,
        at: `2026-04-0${action_id.slice(-1)}T10:00:00.000Z`,
        action: 'role.update',
        user_id: 'user-admin',
        target_type,
        target_id,
      })
      .go();

  beforeAll(async () => {
    await line('n1', 'person', 'user-pilot');
    await line('n2', 'plane', 'plane-ha-4012');
    await line('n3', 'role', 'instructor');
    await line('n4', 'fault', 'fault-x');
    await line('n5', 'plane', 'plane-of-nobody');
    // Another club's role of the same id: its name is not the demo club's.
    await line('n6', 'role', 'pilot', 'org-alpine');
  });

  it("names them in the person's own log too, each in its own club", async () => {
    const { status, body } = await platform.invoke('listMyActions', { sub: admin, query: { limit: '100' } });
    const byId = Object.fromEntries(body.items.map((a: any) => [a.action_id, a]));
    const { data: alpineRole } = await db()
      .entities.role.get({ organization_id: 'org-alpine', role_id: 'pilot' })
      .go();

    expect(status).toBe(200);
    expect(byId.n1?.target_name).toBe('Molnár Anna');
    expect(byId.n2?.target_name).toBe('HA-4012');
    expect(byId.n6?.target_name).toBe(alpineRole?.role_name);
  });
});
