import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

const supervisor = subOf('supervisor@demo.windsock.aero');
const admin = subOf('admin@demo.windsock.aero');
const pilot = subOf('pilot@demo.windsock.aero');

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const actionsOf = async (organizationId: string) =>
  (await db().entities.action.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' }))
    .data;

describe('users/change: whom the supervisor may act as', () => {
  it("finds people of the supervisor's organizations by name or e-mail, never the supervisor", async () => {
    const byName = await platform.invoke('searchActAsCandidates', { sub: supervisor, query: { q: 'nagy' } });
    const byEmail = await platform.invoke('searchActAsCandidates', {
      sub: supervisor,
      query: { q: 'gruber@' },
    });
    const all = await platform.invoke('searchActAsCandidates', { sub: supervisor });

    expect(byName.status).toBe(200);
    expect(byName.body.items).toEqual([
      {
        user_id: 'user-instructor',
        user_name: 'Nagy László',
        email: 'instructor@demo.windsock.aero',
        organizations: ['ASC', 'SZRE'],
      },
    ]);
    expect(byEmail.body.items.map((i: any) => i.user_id)).toEqual(['user-gruber']);
    expect(all.body.items.length).toBeGreaterThan(5);
    expect(all.body.items.map((i: any) => i.user_id)).not.toContain('user-supervisor');
  });

  it('is the supervisor role only', async () => {
    const search = await platform.invoke('searchActAsCandidates', { sub: admin, query: { q: 'anna' } });
    const start = await platform.invoke('startActing', { sub: admin, body: { user_id: 'user-pilot' } });
    const profile = await platform.invoke('getProfile', { sub: admin });

    expect(search.status).toBe(403);
    expect(start.status).toBe(403);
    expect(start.body).toEqual({ code: 'missing_permissions' });
    expect(profile.body.acting_as).toBeNull();
    expect(profile.body.user_id).toBe('user-admin');
  });
});

describe('acting as a member', () => {
  it("makes the supervisor's session the pilot's, audited, until they stop", async () => {
    const started = await platform.invoke('startActing', {
      sub: supervisor,
      body: { user_id: 'user-pilot' },
    });
    const acting = await platform.invoke('getProfile', { sub: supervisor });
    const startEntry = (await actionsOf('org-demo')).find((a) => a.action === 'act_as.start');

    expect(started.status).toBe(200);
    expect(started.body.acting_as).toEqual({ user_id: 'user-pilot', user_name: 'Molnár Anna' });
    expect(acting.body.user_id).toBe('user-pilot');
    expect(acting.body.acting_as).toEqual({ user_id: 'user-pilot', user_name: 'Molnár Anna' });
    expect(acting.body.has_role).toEqual({});
    expect(acting.body.can).toEqual(expect.objectContaining({ 'plane-list': true }));
    expect(acting.body.can['user-list']).toBeUndefined();
    expect(startEntry).toEqual(
      expect.objectContaining({
        user_id: 'user-supervisor',
        target_id: 'user-pilot',
        organization_id: 'org-demo',
      }),
    );

    // While acting, the session has the pilot's rights only: no supervisor screens, no admin APIs.
    const asPilot = await platform.invoke('listMembers', { sub: supervisor });
    const nested = await platform.invoke('startActing', { sub: supervisor, body: { user_id: 'user-admin' } });
    expect(asPilot.status).toBe(403);
    expect(nested.status).toBe(403);

    const stopped = await platform.invoke('stopActing', { sub: supervisor });
    const restored = await platform.invoke('getProfile', { sub: supervisor });
    const stopEntry = (await actionsOf('org-demo')).find((a) => a.action === 'act_as.stop');

    expect(stopped.status).toBe(200);
    expect(stopped.body).toEqual({ acting_as: null });
    expect(restored.body.user_id).toBe('user-supervisor');
    expect(restored.body.acting_as).toBeNull();
    expect(restored.body.has_role).toEqual(expect.objectContaining({ supervisor: true, admin: true }));
    expect(stopEntry).toEqual(
      expect.objectContaining({
        user_id: 'user-pilot',
        acting_supervisor_id: 'user-supervisor',
        target_id: 'user-pilot',
      }),
    );
  });

  it('records the supervisor beside the member on every change made while acting', async () => {
    await platform.invoke('startActing', { sub: supervisor, body: { user_id: 'user-admin' } });

    const created = await platform.invoke('createRole', {
      sub: supervisor,
      body: { role_name: 'Ügyeletes', permissions: ['daily-flight-list'] },
    });
    await platform.invoke('stopActing', { sub: supervisor });
    const entry = (await actionsOf('org-demo')).find(
      (a) => a.action === 'role.create' && a.target_id === created.body.role_id,
    );

    expect(created.status).toBe(200);
    expect(entry).toEqual(
      expect.objectContaining({ user_id: 'user-admin', acting_supervisor_id: 'user-supervisor' }),
    );
  });

  it('stopping when not acting changes nothing and records nothing', async () => {
    const before = (await actionsOf('org-demo')).filter((a) => a.action === 'act_as.stop').length;

    const { status, body } = await platform.invoke('stopActing', { sub: pilot });
    const after = (await actionsOf('org-demo')).filter((a) => a.action === 'act_as.stop').length;

    expect(status).toBe(200);
    expect(body).toEqual({ acting_as: null });
    expect(after).toBe(before);
  });

  it('refuses acting as oneself, as nobody, and bad input', async () => {
    const self = await platform.invoke('startActing', {
      sub: supervisor,
      body: { user_id: 'user-supervisor' },
    });
    const nobody = await platform.invoke('startActing', { sub: supervisor, body: { user_id: 'user-ghost' } });
    const invalid = await platform.invoke('startActing', { sub: supervisor, body: { user: 'user-pilot' } });
    const profile = await platform.invoke('getProfile', { sub: supervisor });

    expect(self.status).toBe(422);
    expect(self.body.errors).toEqual({ user_id: ['invalid_value'] });
    expect(nobody.status).toBe(404);
    expect(invalid.body.errors).toEqual({ user_id: ['field_required'], user: ['unknown_field'] });
    expect(profile.body.acting_as).toBeNull();
  });
});
