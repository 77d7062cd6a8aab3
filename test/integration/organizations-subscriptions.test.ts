import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionStore } from '../../functions/organizations/subscription-store.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/** organization/{id}/subscriptions, subscription/edit/{id} and the packages (spec §2, §9). */
const supervisor = subOf('supervisor@demo.windsock.aero');
const admin = subOf('admin@demo.windsock.aero');
const alpineAdmin = subOf('admin@alpine.windsock.aero');

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const packageBody = {
  name: 'Klub XL',
  plane_limit: 50,
  general_limit: 20,
  glider_limit: 35,
  monthly_price: 8_990_000,
  currency_id: 'HUF',
  active: true,
};

describe('packages', () => {
  it('lists the packages by size, for a supervisor only', async () => {
    const { status, body } = await platform.invoke('listPackages', { sub: supervisor });
    const asAdmin = await platform.invoke('listPackages', { sub: admin });

    expect(status).toBe(200);
    expect(body.items.map((p: any) => [p.name, p.plane_limit, p.general_limit, p.glider_limit])).toEqual([
      ['Klub S', 4, 2, 3],
      ['Klub M', 12, 4, 8],
      ['Klub L', 30, 10, 20],
    ]);
    expect(asAdmin.status).toBe(403);
  });

  it('creates and edits a package; a stale version is a 409 that writes nothing', async () => {
    const created = await platform.invoke('createPackage', { sub: supervisor, body: packageBody });
    const id = created.body.package_id;
    const edited = await platform.invoke('updatePackage', {
      sub: supervisor,
      params: { id },
      body: { ...packageBody, monthly_price: 7_990_000, version: created.body.version },
    });
    const stale = await platform.invoke('updatePackage', {
      sub: supervisor,
      params: { id },
      body: { ...packageBody, name: 'Lost', version: created.body.version },
    });
    const list = await platform.invoke('listPackages', { sub: supervisor });

    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'Klub XL', monthly_price: 8_990_000, version: 1 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ monthly_price: 7_990_000, version: 2 });
    expect(stale.status).toBe(409);
    expect(list.body.items.find((p: any) => p.package_id === id)).toMatchObject({
      name: 'Klub XL',
      version: 2,
    });
  });

  it('names invalid package fields, and refuses a non-supervisor to create one', async () => {
    const invalid = await platform.invoke('createPackage', {
      sub: supervisor,
      body: { ...packageBody, name: ' ', glider_limit: 60, monthly_price: -5, currency_id: 'hu' },
    });
    const invalidEdit = await platform.invoke('updatePackage', {
      sub: supervisor,
      params: { id: 'pkg-klub-s' },
      body: { ...packageBody, plane_limit: 1.5 },
    });
    const refused = await platform.invoke('createPackage', { sub: admin, body: packageBody });

    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      name: ['field_required'],
      glider_limit: ['too_big'],
      monthly_price: ['too_small'],
      currency_id: ['invalid_value'],
    });
    expect(invalidEdit.status).toBe(422);
    expect(invalidEdit.body.errors).toEqual({ plane_limit: ['invalid_value'], version: ['field_required'] });
    expect(refused.status).toBe(403);
  });

  it('answers 404 for an unknown package', async () => {
    const { status } = await platform.invoke('updatePackage', {
      sub: supervisor,
      params: { id: 'pkg-none' },
      body: { ...packageBody, version: 1 },
    });

    expect(status).toBe(404);
  });
});

describe('subscriptions', () => {
  it("shows an organization's subscription history, newest first, with the current limits", async () => {
    const { status, body } = await platform.invoke('listSubscriptions', {
      sub: supervisor,
      params: { id: 'org-demo' },
    });

    expect(status).toBe(200);
    expect(body.organization).toMatchObject({ short_name: 'SZRE', package_name: 'Klub M', plane_limit: 12 });
    expect(body.items.map((s: any) => [s.package_name, s.start_date, s.end_date, s.status])).toEqual([
      ['Klub M', '2026-01-01', null, 'active'],
      ['Klub S', '2025-01-01', '2025-12-31', 'ended'],
    ]);
  });

  it("is the supervisor's: a club admin gets 403 even for their own organization", async () => {
    const own = await platform.invoke('listSubscriptions', { sub: admin, params: { id: 'org-demo' } });
    const assign = await platform.invoke('assignPackage', {
      sub: alpineAdmin,
      params: { id: 'org-alpine' },
      body: { package_id: 'pkg-klub-l', start_date: '2026-06-01' },
    });

    expect(own.status).toBe(403);
    expect(assign.status).toBe(403);
  });

  it('assigns a package: new subscription, the old one ended, the limits updated together', async () => {
    const before = await platform.invoke('getOrganization', {
      sub: supervisor,
      params: { id: 'org-alpine' },
    });
    const assigned = await platform.invoke('assignPackage', {
      sub: supervisor,
      params: { id: 'org-alpine' },
      body: { package_id: 'pkg-klub-l', start_date: '2026-07-01' },
    });
    const history = await platform.invoke('listSubscriptions', {
      sub: supervisor,
      params: { id: 'org-alpine' },
    });
    const after = await platform.invoke('getOrganization', { sub: supervisor, params: { id: 'org-alpine' } });
    const profile = await platform.invoke('getOwnOrganization', { sub: alpineAdmin });

    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({
      organization_id: 'org-alpine',
      package_name: 'Klub L',
      status: 'active',
      plane_limit: 30,
      general_limit: 10,
      glider_limit: 20,
    });
    expect(history.body.items.map((s: any) => [s.package_name, s.status, s.end_date])).toEqual([
      ['Klub L', 'active', null],
      ['Klub S', 'ended', '2026-06-30'],
    ]);
    expect(after.body).toMatchObject({ package_name: 'Klub L', plane_limit: 30, glider_limit: 20 });
    expect(after.body.version).toBe(before.body.version + 1);
    expect(profile.body.plane_limit).toBe(30);
  });

  it('makes an editor holding the old limits get a 409 instead of writing them back', async () => {
    const loaded = await platform.invoke('getOrganization', { sub: supervisor, params: { id: 'org-demo' } });
    await platform.invoke('assignPackage', {
      sub: supervisor,
      params: { id: 'org-demo' },
      body: { package_id: 'pkg-klub-l', start_date: '2026-08-01' },
    });
    const stale = await platform.invoke('updateOrganization', {
      sub: supervisor,
      params: { id: 'org-demo' },
      body: {
        organization_name: loaded.body.organization_name,
        short_name: loaded.body.short_name,
        timezone: loaded.body.timezone,
        plane_limit: 12,
        general_limit: 4,
        glider_limit: 8,
        version: loaded.body.version,
      },
    });
    const after = await platform.invoke('getOrganization', { sub: supervisor, params: { id: 'org-demo' } });

    expect(stale.status).toBe(409);
    expect(after.body.plane_limit).toBe(30);
  });

  it('writes nothing at all when the subscription it ends changed meanwhile (one TransactWrite)', async () => {
    const before = await platform.invoke('listSubscriptions', {
      sub: supervisor,
      params: { id: 'org-demo' },
    });
    const active = before.body.items.find((s: any) => s.status === 'active');
    const organization = await platform.invoke('getOrganization', {
      sub: supervisor,
      params: { id: 'org-demo' },
    });

    // The active subscription as a concurrent editor saw it one version ago.
    const attempt = subscriptionStore.assignPackage(
      { userId: 'user-supervisor', organizationId: 'org-demo', actingSupervisorId: null },
      {
        organizationId: 'org-demo',
        subscription: {
          subscription_id: 'zz-lost-race',
          package_id: 'pkg-klub-s',
          package_name: 'Klub S',
          start_date: '2026-12-01',
          plane_limit: 4,
          general_limit: 2,
          glider_limit: 3,
        },
        replaced: [
          { subscription_id: active.subscription_id, version: active.version - 1, end_date: '2026-11-30' },
        ],
      },
      { action: 'subscription.assign', target_type: 'subscription', target_id: 'zz-lost-race' },
    );
    await expect(attempt).rejects.toMatchObject({ status: 409, code: 'conflict' });
    const after = await platform.invoke('listSubscriptions', { sub: supervisor, params: { id: 'org-demo' } });
    const organizationAfter = await platform.invoke('getOrganization', {
      sub: supervisor,
      params: { id: 'org-demo' },
    });
    const lost = await platform.invoke('getSubscription', {
      sub: supervisor,
      params: { id: 'zz-lost-race' },
    });

    expect(after.body.items).toEqual(before.body.items);
    expect(organizationAfter.body).toEqual(organization.body);
    expect(lost.status).toBe(404);
  });

  it('refuses an unknown or inactive package, a start before the current one, and bad dates', async () => {
    const unknown = await platform.invoke('assignPackage', {
      sub: supervisor,
      params: { id: 'org-alpine' },
      body: { package_id: 'pkg-none', start_date: '2026-09-01' },
    });
    const early = await platform.invoke('assignPackage', {
      sub: supervisor,
      params: { id: 'org-alpine' },
      body: { package_id: 'pkg-klub-m', start_date: '2026-07-01' },
    });
    const dates = await platform.invoke('assignPackage', {
      sub: supervisor,
      params: { id: 'org-alpine' },
      body: { package_id: 'pkg-klub-m', start_date: '2026-09-01', end_date: '2026-08-01' },
    });
    const missing = await platform.invoke('assignPackage', {
      sub: supervisor,
      params: { id: 'org-alpine' },
      body: { start_date: '01.09.2026' },
    });

    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ package_id: ['invalid_value'] });
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual({ start_date: ['too_small'] });
    expect(dates.body.errors).toEqual({ end_date: ['too_small'] });
    expect(missing.body.errors).toEqual({ package_id: ['field_required'], start_date: ['date_format'] });
  });

  it('answers 404 for an organization that does not exist', async () => {
    const list = await platform.invoke('listSubscriptions', { sub: supervisor, params: { id: 'org-none' } });
    const assign = await platform.invoke('assignPackage', {
      sub: supervisor,
      params: { id: 'org-none' },
      body: { package_id: 'pkg-klub-s', start_date: '2026-09-01' },
    });

    expect(list.status).toBe(404);
    expect(assign.status).toBe(404);
  });

  it("edits a subscription; an active one's limits become the organization's; stale is 409", async () => {
    const history = await platform.invoke('listSubscriptions', {
      sub: supervisor,
      params: { id: 'org-alpine' },
    });
    const current = history.body.items[0];
    const loaded = await platform.invoke('getSubscription', {
      sub: supervisor,
      params: { id: current.subscription_id },
    });
    const edit = {
      start_date: loaded.body.start_date,
      end_date: '2027-06-30',
      status: 'active',
      plane_limit: 32,
      general_limit: 10,
      glider_limit: 22,
      version: loaded.body.version,
    };

    const saved = await platform.invoke('updateSubscription', {
      sub: supervisor,
      params: { id: current.subscription_id },
      body: edit,
    });
    const stale = await platform.invoke('updateSubscription', {
      sub: supervisor,
      params: { id: current.subscription_id },
      body: { ...edit, plane_limit: 1, general_limit: 0, glider_limit: 0 },
    });
    const organization = await platform.invoke('getOrganization', {
      sub: supervisor,
      params: { id: 'org-alpine' },
    });

    expect(loaded.status).toBe(200);
    expect(loaded.body.organization_name).toBe('Alpine Soaring Club');
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      end_date: '2027-06-30',
      plane_limit: 32,
      version: loaded.body.version + 1,
    });
    expect(stale.status).toBe(409);
    expect(organization.body).toMatchObject({ plane_limit: 32, glider_limit: 22 });
  });

  it('refuses a second active subscription and invalid limits', async () => {
    const history = await platform.invoke('listSubscriptions', {
      sub: supervisor,
      params: { id: 'org-alpine' },
    });
    const ended = history.body.items.find((s: any) => s.status === 'ended');
    const reactivate = await platform.invoke('updateSubscription', {
      sub: supervisor,
      params: { id: ended.subscription_id },
      body: {
        start_date: ended.start_date,
        end_date: null,
        status: 'active',
        plane_limit: 4,
        general_limit: 2,
        glider_limit: 3,
        version: ended.version,
      },
    });
    const invalid = await platform.invoke('updateSubscription', {
      sub: supervisor,
      params: { id: ended.subscription_id },
      body: {
        start_date: '2025/01/01',
        status: 'paused',
        plane_limit: 4,
        general_limit: 5,
        glider_limit: 0,
        version: ended.version,
      },
    });

    expect(reactivate.status).toBe(422);
    expect(reactivate.body.errors).toEqual({ status: ['invalid_value'] });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      start_date: ['date_format'],
      status: ['invalid_value'],
      general_limit: ['too_big'],
    });
  });

  it('answers 404 for an unknown subscription and 403 to a non-supervisor', async () => {
    const unknown = await platform.invoke('getSubscription', { sub: supervisor, params: { id: 'nope' } });
    const refused = await platform.invoke('getSubscription', { sub: admin, params: { id: 'nope' } });

    expect(unknown.status).toBe(404);
    expect(refused.status).toBe(403);
  });
});
