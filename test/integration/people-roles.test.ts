import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

const admin = subOf('admin@demo.windsock.aero');
const operator = subOf('operator@demo.windsock.aero');
const pilot = subOf('pilot@demo.windsock.aero');
const student = subOf('student@demo.windsock.aero');
const alpineAdmin = subOf('admin@alpine.windsock.aero');

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const roleBody = (over: object = {}) => ({
  role_name: 'Hangárfelelős',
  guard_role: null,
  label: 'maintenance_operator',
  permissions: ['plane-list', 'component-list'],
  ...over,
});

const rolesIn = async (organizationId: string) =>
  (await db().entities.role.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' }))
    .data;

describe('GET /api/roles', () => {
  it("lists the organization's roles with their permissions", async () => {
    const { status, body } = await platform.invoke('listRoles', { sub: operator });

    expect(status).toBe(200);
    const pilotRole = body.items.find((r: any) => r.role_id === 'pilot');
    expect(pilotRole).toEqual(
      expect.objectContaining({ role_name: 'Pilóta', guard_role: null, label: 'pilot', version: 1 }),
    );
    expect(pilotRole.permissions).toContain('plane-list');
    expect(body.items.find((r: any) => r.role_id === 'admin').guard_role).toBe('admin');
  });

  it('needs role-list', async () => {
    const { status, body } = await platform.invoke('listRoles', { sub: pilot });

    expect(status).toBe(403);
    expect(body).toEqual({ code: 'missing_permissions' });
  });
});

describe('creating, editing and deleting a role', () => {
  it('is refused per operation: the operator may list roles but not create, edit or delete them', async () => {
    const create = await platform.invoke('createRole', { sub: operator, body: roleBody() });
    const update = await platform.invoke('updateRole', {
      sub: operator,
      params: { role_id: 'pilot' },
      body: { ...roleBody(), version: 1 },
    });
    const remove = await platform.invoke('deleteRole', { sub: operator, params: { role_id: 'pilot' } });

    expect([create.status, update.status, remove.status]).toEqual([403, 403, 403]);
  });

  it('creates a role that gives a member exactly its screens', async () => {
    const created = await platform.invoke('createRole', {
      sub: admin,
      body: roleBody({
        role_name: 'Névsorkezelő',
        label: null,
        permissions: ['role-list', 'user-list', 'user-list'],
      }),
    });
    const member = await platform.invoke('getMember', { sub: admin, params: { user_id: 'user-student' } });
    await platform.invoke('setMemberRoles', {
      sub: admin,
      params: { user_id: 'user-student' },
      body: { role_ids: [created.body.role_id], version: member.body.membership.version },
    });
    const profile = await platform.invoke('getProfile', { sub: student });
    const audit = (
      await db().entities.action.query.byOrganization({ organization_id: 'org-demo' }).go({ pages: 'all' })
    ).data.filter((a) => a.action === 'role.create');

    expect(created.status).toBe(200);
    expect(created.body).toEqual(
      expect.objectContaining({
        role_name: 'Névsorkezelő',
        guard_role: null,
        permissions: ['user-list', 'role-list'],
      }),
    );
    expect(profile.body.can).toEqual({ 'user-list': true, 'role-list': true });
    expect(profile.body.has_role).toEqual({});
    expect(audit.map((a) => a.target_id)).toEqual([created.body.role_id]);
  });

  it('edits a role with its version; a stale version is a 409 that writes nothing, and holders follow', async () => {
    const created = await platform.invoke('createRole', {
      sub: admin,
      body: roleBody({ role_name: 'Csörlős' }),
    });
    const member = await platform.invoke('getMember', { sub: admin, params: { user_id: 'user-pilot' } });
    await platform.invoke('setMemberRoles', {
      sub: admin,
      params: { user_id: 'user-pilot' },
      body: { role_ids: ['pilot', created.body.role_id], version: member.body.membership.version },
    });

    const saved = await platform.invoke('updateRole', {
      sub: admin,
      params: { role_id: created.body.role_id },
      body: {
        ...roleBody({ role_name: 'Csörlőkezelő', label: 'winch_operator' }),
        permissions: ['winch-management'],
        version: 1,
      },
    });
    const stale = await platform.invoke('updateRole', {
      sub: admin,
      params: { role_id: created.body.role_id },
      body: { ...roleBody({ role_name: 'Elveszett' }), version: 1 },
    });
    const reloaded = await platform.invoke('getRole', {
      sub: admin,
      params: { role_id: created.body.role_id },
    });
    const profile = await platform.invoke('getProfile', { sub: pilot });

    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(
      expect.objectContaining({
        role_name: 'Csörlőkezelő',
        label: 'winch_operator',
        permissions: ['winch-management'],
        version: 2,
      }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ code: 'conflict' });
    expect(reloaded.body.role_name).toBe('Csörlőkezelő');
    expect(reloaded.body.version).toBe(2);
    expect(profile.body.can['winch-management']).toBe(true);
    expect(profile.body.can['component-list']).toBeUndefined();
  });

  it('names each invalid field, a duplicate name and the supervisor guard role', async () => {
    const invalid = await platform.invoke('createRole', {
      sub: admin,
      body: {
        role_name: '',
        guard_role: 'supervisor',
        label: 'astronaut',
        permissions: ['fly-to-moon'],
        x: 1,
      },
    });
    const duplicate = await platform.invoke('createRole', {
      sub: admin,
      body: roleBody({ role_name: ' pilóta ' }),
    });
    const noVersion = await platform.invoke('updateRole', {
      sub: admin,
      params: { role_id: 'pilot' },
      body: roleBody(),
    });

    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      role_name: ['field_required'],
      guard_role: ['invalid_value'],
      label: ['invalid_value'],
      'permissions.0': ['invalid_value'],
      x: ['unknown_field'],
    });
    expect(duplicate.body.errors).toEqual({ role_name: ['duplicate_value'] });
    expect(noVersion.body.errors).toEqual({ version: ['field_required'] });
  });

  it('lets nobody hand out a permission or guard role they do not hold', async () => {
    // The pilot becomes a role manager, without admin rights.
    const manager = await platform.invoke('createRole', {
      sub: admin,
      body: roleBody({
        role_name: 'Szerepkör-kezelő',
        label: null,
        permissions: ['role-list', 'role-create', 'role-edit'],
      }),
    });
    const member = await platform.invoke('getMember', { sub: admin, params: { user_id: 'user-farkas' } });
    await platform.invoke('setMemberRoles', {
      sub: admin,
      params: { user_id: 'user-farkas' },
      body: { role_ids: [manager.body.role_id], version: member.body.membership.version },
    });
    const farkas = subOf('farkas@demo.windsock.aero');

    const ownRights = await platform.invoke('createRole', {
      sub: farkas,
      body: roleBody({ role_name: 'Szerény', permissions: ['role-list'] }),
    });
    const escalation = await platform.invoke('createRole', {
      sub: farkas,
      body: roleBody({
        role_name: 'Kiskirály',
        guard_role: 'admin',
        permissions: ['role-list', 'plane-delete'],
      }),
    });
    const widenOwn = await platform.invoke('updateRole', {
      sub: farkas,
      params: { role_id: manager.body.role_id },
      body: {
        ...roleBody({ role_name: 'Szerepkör-kezelő', label: null }),
        permissions: [...manager.body.permissions, 'user-edit'],
        version: 1,
      },
    });

    expect(ownRights.status).toBe(200);
    expect(escalation.status).toBe(422);
    expect(escalation.body.errors).toEqual({ permissions: ['not_grantable'], guard_role: ['not_grantable'] });
    expect(widenOwn.body.errors).toEqual({ permissions: ['not_grantable'] });
  });

  it('refuses to delete a role members hold, and deletes it once nobody does', async () => {
    const created = await platform.invoke('createRole', {
      sub: admin,
      body: roleBody({ role_name: 'Ideiglenes' }),
    });
    const member = await platform.invoke('getMember', { sub: admin, params: { user_id: 'user-torok' } });
    const given = await platform.invoke('setMemberRoles', {
      sub: admin,
      params: { user_id: 'user-torok' },
      body: { role_ids: ['pilot', created.body.role_id], version: member.body.membership.version },
    });

    const inUse = await platform.invoke('deleteRole', {
      sub: admin,
      params: { role_id: created.body.role_id },
    });
    const stillThere = await platform.invoke('getRole', {
      sub: admin,
      params: { role_id: created.body.role_id },
    });
    await platform.invoke('setMemberRoles', {
      sub: admin,
      params: { user_id: 'user-torok' },
      body: { role_ids: ['pilot'], version: given.body.version },
    });
    const deleted = await platform.invoke('deleteRole', {
      sub: admin,
      params: { role_id: created.body.role_id },
    });
    const gone = await platform.invoke('getRole', { sub: admin, params: { role_id: created.body.role_id } });

    expect(inUse.status).toBe(409);
    expect(inUse.body).toEqual({ code: 'role_in_use' });
    expect(stillThere.status).toBe(200);
    expect(deleted.status).toBe(204);
    expect(gone.status).toBe(404);
  });

  it("treats another organization's role as not existing", async () => {
    const created = await platform.invoke('createRole', {
      sub: admin,
      body: roleBody({ role_name: 'Titkos' }),
    });
    const before = await rolesIn('org-demo');

    const read = await platform.invoke('getRole', {
      sub: alpineAdmin,
      params: { role_id: created.body.role_id },
    });
    const update = await platform.invoke('updateRole', {
      sub: alpineAdmin,
      params: { role_id: created.body.role_id },
      body: { ...roleBody({ role_name: 'Übernommen' }), version: 1 },
    });
    const remove = await platform.invoke('deleteRole', {
      sub: alpineAdmin,
      params: { role_id: created.body.role_id },
    });
    const after = await rolesIn('org-demo');

    expect([read.status, update.status, remove.status]).toEqual([404, 404, 404]);
    expect(after).toEqual(before);
  });
});
