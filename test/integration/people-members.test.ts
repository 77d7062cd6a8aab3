import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalCognito, type OutboxMessage, startCognito } from '../../bin/local/cognito.ts';
import { resetEnvForTests } from '../../functions/platform/config/env.ts';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

const admin = subOf('admin@demo.windsock.aero');
const operator = subOf('operator@demo.windsock.aero');
const pilot = subOf('pilot@demo.windsock.aero');
const alpineAdmin = subOf('admin@alpine.windsock.aero');

let platform: Platform;
let server: Server;
let dir: string;
let cognito: LocalCognito;
const outbox: OutboxMessage[] = [];

beforeAll(async () => {
  platform = await startPlatform();
  // A new member gets a Cognito login: the embedded Cognito stands in for the user pool.
  dir = await mkdtemp(join(tmpdir(), 'windsock-people-'));
  server = createServer((req, res) => {
    req.url = (req.url ?? '/').slice('/cognito'.length) || '/';
    cognito.handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cognito = await startCognito({ dir, publicBaseUrl: baseUrl, onMessage: (m) => outbox.push(m) });
  process.env.USER_POOL_ID = cognito.userPoolId;
  process.env.COGNITO_ENDPOINT = `${baseUrl}/cognito`;
  process.env.COGNITO_LOCAL_SECRET = cognito.adminCredentials.secretAccessKey;
  resetEnvForTests();
});

afterAll(async () => {
  await platform?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await rm(dir, { recursive: true, force: true });
  delete process.env.COGNITO_ENDPOINT;
  delete process.env.COGNITO_LOCAL_SECRET;
});

const actionsOf = async (organizationId: string, action: string) => {
  const { data } = await db()
    .entities.action.query.byOrganization({ organization_id: organizationId })
    .go({ pages: 'all' });
  return data.filter((a) => a.action === action);
};

describe('GET /api/users', () => {
  it("pages through the organization's members in name order with a cursor", async () => {
    const first = await platform.invoke('listMembers', { sub: admin, query: { limit: '4' } });
    const second = await platform.invoke('listMembers', {
      sub: admin,
      query: { limit: '4', cursor: first.body.cursor },
    });

    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(4);
    expect(first.body.cursor).toEqual(expect.any(String));
    const names = [...first.body.items, ...second.body.items].map((i: any) => i.user_name);
    expect(names.slice(0, 4)).toEqual(['Balogh Réka', 'Farkas Tamás', 'Fekete Dániel', 'Horváth Éva']);
    expect(new Set(names).size).toBe(8);
    expect([...names].sort((a, b) => a.localeCompare(b, 'hu'))).toEqual(names);
  });

  it('sorts descending, and filters by name or e-mail words and by role', async () => {
    const desc = await platform.invoke('listMembers', { sub: admin, query: { order: 'desc', limit: '2' } });
    const byEmail = await platform.invoke('listMembers', { sub: admin, query: { q: 'technical@' } });
    const byName = await platform.invoke('listMembers', { sub: admin, query: { q: 'molnar ANNA' } });
    const students = await platform.invoke('listMembers', { sub: admin, query: { role: 'student' } });

    expect(desc.body.items.map((i: any) => i.user_name)).toEqual(['Varga Gábor', 'Tóth Katalin']);
    expect(byEmail.body.items.map((i: any) => i.user_id)).toEqual(['user-technical']);
    expect(byName.body.items).toEqual([
      expect.objectContaining({
        user_id: 'user-pilot',
        email: 'pilot@demo.windsock.aero',
        callsign: 'MA',
        roles: ['Pilóta'],
        status: 'active',
      }),
    ]);
    expect(students.body.items.map((i: any) => i.user_name)).toEqual([
      'Balogh Réka',
      'Kiss Bence',
      'Lakatos Júlia',
      'Mészáros Ákos',
    ]);
  });

  it("shows another organization's admin only their own members", async () => {
    const { body } = await platform.invoke('listMembers', { sub: alpineAdmin, query: { limit: '100' } });

    const ids = body.items.map((i: any) => i.user_id);
    expect(ids).toContain('user-alpine-admin');
    expect(ids).toContain('user-instructor');
    expect(ids).not.toContain('user-pilot');
  });

  it('is refused without user-list, and an unreadable cursor is a field error', async () => {
    const refused = await platform.invoke('listMembers', { sub: pilot });
    const badCursor = await platform.invoke('listMembers', { sub: admin, query: { cursor: 'not-ours' } });
    const badLimit = await platform.invoke('listMembers', { sub: admin, query: { limit: '1000' } });

    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'missing_permissions' });
    expect(badCursor.status).toBe(422);
    expect(badCursor.body.errors).toEqual({ cursor: ['invalid_value'] });
    expect(badLimit.body.errors).toEqual({ limit: ['too_big'] });
  });
});

describe('POST /api/users', () => {
  it('creates a person with a Cognito login and a temporary password sent by mail', async () => {
    const { status, body } = await platform.invoke('addMember', {
      sub: admin,
      body: { email: ' Uj.Tag@Example.HU ', first_name: 'Gábor', last_name: 'Új', role_ids: ['student'] },
    });
    const listed = await platform.invoke('listMembers', { sub: admin, query: { q: 'uj.tag' } });
    const audit = await actionsOf('org-demo', 'member.add');

    expect(status).toBe(200);
    expect(body.login_created).toBe(true);
    expect(body.member).toEqual(
      expect.objectContaining({ email: 'uj.tag@example.hu', user_name: 'Új Gábor', roles: ['Növendék'] }),
    );
    expect(listed.body.items.map((i: any) => i.user_id)).toEqual([body.member.user_id]);
    expect(outbox.find((m) => m.to === 'uj.tag@example.hu')?.code).toEqual(expect.any(String));
    expect(audit.map((a) => a.target_id)).toContain(body.member.user_id);
  });

  it('invites a person who already has an account instead of adding them (issue 11 §1)', async () => {
    const added = await platform.invoke('addMember', {
      sub: alpineAdmin,
      body: { email: 'pilot@demo.windsock.aero', first_name: 'X', last_name: 'Y', role_ids: ['pilot'] },
    });
    const again = await platform.invoke('addMember', {
      sub: alpineAdmin,
      body: { email: 'pilot@demo.windsock.aero', role_ids: [] },
    });
    const member = await platform.invoke('addMember', {
      sub: alpineAdmin,
      body: { email: 'instructor@demo.windsock.aero', role_ids: [] },
    });
    const organizations = await platform.invoke('listMyOrganizations', { sub: pilot });

    expect(added.status).toBe(200);
    expect(added.body).toEqual({
      member: expect.objectContaining({
        user_id: 'user-pilot',
        user_name: null,
        email: 'pilot@demo.windsock.aero',
        callsign: null,
        status: 'invited',
        roles: ['Pilot'],
      }),
      login_created: false,
      invited: true,
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'already_invited' });
    expect(member.body).toEqual({ code: 'member_exists' });
    // Not a member of the second club until the pilot accepts.
    expect(organizations.body.items.map((i: any) => i.organization.short_name)).toEqual(['SZRE']);
  });

  it('needs the names only when the e-mail has no account yet', async () => {
    const { status, body } = await platform.invoke('addMember', {
      sub: admin,
      body: { email: 'nobody.yet@example.hu', role_ids: [] },
    });
    const created = await platform.invoke('listMembers', { sub: admin, query: { q: 'nobody.yet' } });

    expect(status).toBe(422);
    expect(body.errors).toEqual({ last_name: ['field_required'], first_name: ['field_required'] });
    expect(created.body.items).toEqual([]);
  });

  it('names each invalid field, an unknown role and a role the caller may not hand out', async () => {
    const invalid = await platform.invoke('addMember', {
      sub: admin,
      body: { email: 'nope', first_name: ' ', role_ids: 'pilot', lang: 'xx', extra: 1 },
    });
    const unknownRole = await platform.invoke('addMember', {
      sub: admin,
      body: { email: 'a@b.hu', first_name: 'A', last_name: 'B', role_ids: ['no-such-role'] },
    });
    const tooMuch = await platform.invoke('addMember', {
      sub: operator,
      body: { email: 'c@d.hu', first_name: 'C', last_name: 'D', role_ids: ['admin'] },
    });

    expect(invalid.status).toBe(422);
    // The names are optional (an invitation needs none); a blank one is still refused.
    expect(invalid.body.errors).toEqual({
      email: ['email_invalid'],
      first_name: ['field_required'],
      lang: ['invalid_value'],
      role_ids: ['invalid_value'],
      extra: ['unknown_field'],
    });
    expect(unknownRole.body.errors).toEqual({ role_ids: ['invalid_value'] });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors).toEqual({ role_ids: ['not_grantable'] });
  });

  it('needs user-edit', async () => {
    const { status } = await platform.invoke('addMember', {
      sub: pilot,
      body: { email: 'e@f.hu', first_name: 'E', last_name: 'F', role_ids: [] },
    });

    expect(status).toBe(403);
  });
});

describe('user/{id}: the member, their person fields and roles', () => {
  it('gives the person, the membership and the roles to choose from', async () => {
    const { status, body } = await platform.invoke('getMember', {
      sub: admin,
      params: { user_id: 'user-student' },
    });

    expect(status).toBe(200);
    expect(body.person).toEqual(
      expect.objectContaining({
        user_id: 'user-student',
        first_name: 'Bence',
        last_name: 'Kiss',
        version: 1,
      }),
    );
    expect(body.membership).toEqual(
      expect.objectContaining({ role_ids: ['student'], status: 'active', version: 1 }),
    );
    expect(body.roles.map((r: any) => r.role_id)).toContain('admin');
  });

  it('answers 404 for a person of another organization, as for one that does not exist', async () => {
    const other = await platform.invoke('getMember', {
      sub: alpineAdmin,
      params: { user_id: 'user-student' },
    });
    const none = await platform.invoke('getMember', { sub: admin, params: { user_id: 'user-nobody' } });
    const write = await platform.invoke('updateMember', {
      sub: alpineAdmin,
      params: { user_id: 'user-student' },
      body: { first_name: 'Hacked', last_name: 'Kiss', version: 1 },
    });

    expect(other.status).toBe(404);
    expect(none.status).toBe(404);
    expect(write.status).toBe(404);
    expect(write.body).toEqual({ code: 'not_found' });
  });

  it('saves person fields, re-sorts the list by the new name, and a stale version writes nothing', async () => {
    const loaded = await platform.invoke('getMember', { sub: admin, params: { user_id: 'user-technical' } });
    const edit = {
      first_name: 'Gábor',
      last_name: 'Aba',
      phone: null,
      mobile: '+36 30 999 0000',
      callsign: 'AG',
      public_privatedata: false,
      version: loaded.body.person.version,
    };

    const saved = await platform.invoke('updateMember', {
      sub: admin,
      params: { user_id: 'user-technical' },
      body: edit,
    });
    const stale = await platform.invoke('updateMember', {
      sub: admin,
      params: { user_id: 'user-technical' },
      body: { ...edit, last_name: 'Lost' },
    });
    const after = await platform.invoke('getMember', { sub: admin, params: { user_id: 'user-technical' } });
    const list = await platform.invoke('listMembers', { sub: admin, query: { limit: '1' } });
    const audit = await actionsOf('org-demo', 'member.update');

    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(
      expect.objectContaining({ last_name: 'Aba', mobile: '+36 30 999 0000', phone: null, callsign: 'AG' }),
    );
    expect(saved.body.version).toBe(loaded.body.person.version + 1);
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ code: 'conflict' });
    expect(after.body.person.last_name).toBe('Aba');
    expect(after.body.person.version).toBe(saved.body.version);
    expect(list.body.items[0].user_id).toBe('user-technical');
    expect(audit.at(-1)?.details).toEqual({
      fields: expect.arrayContaining(['last_name', 'mobile', 'callsign']),
    });
  });

  it('reports each invalid person field by its key', async () => {
    const { status, body } = await platform.invoke('updateMember', {
      sub: admin,
      params: { user_id: 'user-pilot' },
      body: {
        first_name: '',
        last_name: 'M',
        phone: 'call me',
        birth_date: '1990-13-01',
        version: -1,
        is_supervisor: true,
      },
    });

    expect(status).toBe(422);
    expect(body.errors).toEqual({
      first_name: ['field_required'],
      phone: ['invalid_value'],
      birth_date: ['date_format'],
      version: ['too_small'],
      is_supervisor: ['unknown_field'],
    });
  });

  it("changes the member's roles, and the member's profile follows at once", async () => {
    const loaded = await platform.invoke('getMember', { sub: admin, params: { user_id: 'user-student' } });

    const saved = await platform.invoke('setMemberRoles', {
      sub: admin,
      params: { user_id: 'user-student' },
      body: { role_ids: ['student', 'timer_operator'], version: loaded.body.membership.version },
    });
    const stale = await platform.invoke('setMemberRoles', {
      sub: admin,
      params: { user_id: 'user-student' },
      body: { role_ids: [], version: loaded.body.membership.version },
    });
    const profile = await platform.invoke('getProfile', { sub: subOf('student@demo.windsock.aero') });
    const audit = await actionsOf('org-demo', 'member.roles');

    expect(saved.status).toBe(200);
    expect(saved.body.role_ids).toEqual(['student', 'timer_operator']);
    expect(stale.status).toBe(409);
    expect(profile.body.role_names.sort()).toEqual(['Időmérő', 'Növendék']);
    expect(profile.body.can['daily-flight-edit']).toBe(true);
    expect(audit.at(-1)).toEqual(
      expect.objectContaining({
        user_id: 'user-admin',
        target_id: 'user-student',
        details: { added: ['timer_operator'], removed: [] },
      }),
    );
  });

  it('refuses unknown roles, roles beyond the caller, bad input and members of other organizations', async () => {
    const unknown = await platform.invoke('setMemberRoles', {
      sub: admin,
      params: { user_id: 'user-pilot' },
      body: { role_ids: ['ghost'], version: 1 },
    });
    const beyond = await platform.invoke('setMemberRoles', {
      sub: operator,
      params: { user_id: 'user-pilot' },
      body: { role_ids: ['pilot', 'financial_operator'], version: 1 },
    });
    const invalid = await platform.invoke('setMemberRoles', {
      sub: admin,
      params: { user_id: 'user-pilot' },
      body: { role_ids: [''] },
    });
    const foreign = await platform.invoke('setMemberRoles', {
      sub: alpineAdmin,
      params: { user_id: 'user-student' },
      body: { role_ids: [], version: 1 },
    });

    expect(unknown.body.errors).toEqual({ role_ids: ['invalid_value'] });
    expect(beyond.body.errors).toEqual({ role_ids: ['not_grantable'] });
    expect(invalid.body.errors).toEqual({ 'role_ids.0': ['field_required'], version: ['field_required'] });
    expect(foreign.status).toBe(404);
  });

  it('suspends a member, who then has no organization to work in, and reactivates them', async () => {
    const loaded = await platform.invoke('getMember', { sub: admin, params: { user_id: 'user-fekete' } });
    const suspended = await platform.invoke('setMemberStatus', {
      sub: admin,
      params: { user_id: 'user-fekete' },
      body: { status: 'suspended', version: loaded.body.membership.version },
    });
    const whileSuspended = await platform.invoke('getProfile', { sub: subOf('fekete@demo.windsock.aero') });
    const personWhileSuspended = await platform.invoke('getMember', {
      sub: admin,
      params: { user_id: 'user-fekete' },
    });
    const pilotInfoWhileSuspended = await platform.invoke('getMemberPilotInfo', {
      sub: admin,
      params: { user_id: 'user-fekete' },
    });
    const listedWhileSuspended = await platform.invoke('listMembers', {
      sub: admin,
      query: { q: 'fekete@' },
    });
    const reactivated = await platform.invoke('setMemberStatus', {
      sub: admin,
      params: { user_id: 'user-fekete' },
      body: { status: 'active', version: suspended.body.version },
    });
    const invalid = await platform.invoke('setMemberStatus', {
      sub: admin,
      params: { user_id: 'user-fekete' },
      body: { status: 'removed', version: 'x' },
    });

    expect(suspended.status).toBe(200);
    expect(suspended.body.status).toBe('suspended');
    expect(whileSuspended.body.organization).toBeNull();
    // A suspended member's own data is out of the organization's reach (issue 11 §1).
    expect(personWhileSuspended.status).toBe(404);
    expect(pilotInfoWhileSuspended.status).toBe(404);
    expect(listedWhileSuspended.body.items[0]).toEqual(
      expect.objectContaining({
        user_id: 'user-fekete',
        status: 'suspended',
        version: suspended.body.version,
      }),
    );
    expect(reactivated.body.status).toBe('active');
    expect(invalid.body.errors).toEqual({ status: ['invalid_value'], version: ['invalid_value'] });
  });

  it('does not let an admin suspend or remove themselves', async () => {
    const suspend = await platform.invoke('setMemberStatus', {
      sub: admin,
      params: { user_id: 'user-admin' },
      body: { status: 'suspended', version: 1 },
    });
    const remove = await platform.invoke('removeMember', { sub: admin, params: { user_id: 'user-admin' } });

    expect(suspend.status).toBe(409);
    expect(suspend.body).toEqual({ code: 'own_membership' });
    expect(remove.body).toEqual({ code: 'own_membership' });
  });

  it('removes a member from this organization only; the person stays in the other', async () => {
    const removed = await platform.invoke('removeMember', {
      sub: alpineAdmin,
      params: { user_id: 'user-instructor' },
    });
    const again = await platform.invoke('removeMember', {
      sub: alpineAdmin,
      params: { user_id: 'user-instructor' },
    });
    const foreign = await platform.invoke('removeMember', {
      sub: alpineAdmin,
      params: { user_id: 'user-student' },
    });
    const stillInDemo = await platform.invoke('getMember', {
      sub: admin,
      params: { user_id: 'user-instructor' },
    });
    const audit = await actionsOf('org-alpine', 'member.remove');

    expect(removed.status).toBe(204);
    expect(again.status).toBe(404);
    expect(foreign.status).toBe(404);
    expect(stillInDemo.status).toBe(200);
    expect(audit.map((a) => a.target_id)).toEqual(['user-instructor']);
  });
});
