import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

const pilot = subOf('pilot@demo.windsock.aero');
const admin = subOf('admin@demo.windsock.aero');
const supervisor = subOf('supervisor@demo.windsock.aero');
const alpineAdmin = subOf('admin@alpine.windsock.aero');

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

describe('GET /api/profile', () => {
  it('gives a signed-in pilot their organization, roles and permissions', async () => {
    const { status, body } = await platform.invoke('getProfile', { sub: pilot });

    expect(status).toBe(200);
    expect(body.user_id).toBe('user-pilot');
    expect(body.user_name).toBe('Molnár Anna');
    expect(body.lang).toBe('hu');
    expect(body.organization.organization_id).toBe('org-demo');
    expect(body.organization.modules).toContain('daily-flight');
    expect(body.has_role).toEqual({});
    expect(body.can['plane-list']).toBe(true);
    expect(body.can['plane-create']).toBeUndefined();
    expect(body.role_names).toEqual(['Pilóta']);
  });

  it('marks the supervisor and the admin roles in has_role', async () => {
    const { body } = await platform.invoke('getProfile', { sub: supervisor });

    // The demo supervisor also holds the debugger and developer roles in the demo club (the developer pages).
    expect(body.has_role).toEqual({ supervisor: true, admin: true, debugger: true, develop: true });
  });

  it('answers 401 to a caller with no person behind the token', async () => {
    const { status, body } = await platform.invoke('getProfile', { sub: 'sub-nobody' });

    expect(status).toBe(401);
    expect(body).toEqual({ code: 'unauthorized' });
  });
});

describe('PATCH /api/profile/change-language', () => {
  it('saves the language so the next profile load has it', async () => {
    const changed = await platform.invoke('changeLanguage', { sub: pilot, body: { lang: 'en' } });
    const reloaded = await platform.invoke('getProfile', { sub: pilot });

    expect(changed.status).toBe(200);
    expect(changed.body.lang).toBe('en');
    expect(reloaded.body.lang).toBe('en');
    expect(reloaded.body.user_name).toBe('Anna Molnár');
  });

  it('refuses an unknown language with a field error and changes nothing', async () => {
    const before = await platform.invoke('getProfile', { sub: admin });
    const { status, body } = await platform.invoke('changeLanguage', { sub: admin, body: { lang: 'xx' } });
    const after = await platform.invoke('getProfile', { sub: admin });

    expect(status).toBe(422);
    expect(body).toEqual({ code: 'validation_failed', errors: { lang: ['invalid_value'] } });
    expect(after.body.lang).toBe(before.body.lang);
  });

  it('names a missing field and an unexpected one', async () => {
    const { status, body } = await platform.invoke('changeLanguage', {
      sub: admin,
      body: { language: 'de' },
    });

    expect(status).toBe(422);
    expect(body.errors).toEqual({ lang: ['field_required'], language: ['unknown_field'] });
  });

  it('answers 422 invalid_body to a body that is not JSON', async () => {
    const { status, body } = await platform.invoke('changeLanguage', { sub: admin, rawBody: '{lang:' });

    expect(status).toBe(422);
    expect(body.errors).toEqual({ _: ['invalid_body'] });
  });
});

describe('organizations of the user', () => {
  it('lists every membership with its roles and marks the current one', async () => {
    const { status, body } = await platform.invoke('listMyOrganizations', { sub: supervisor });

    expect(status).toBe(200);
    expect(body.items.map((i: any) => [i.organization.short_name, i.roles, i.current])).toEqual([
      ['ASC', ['Administrator'], false],
      ['SZRE', ['Adminisztrátor', 'Hibakereső', 'Fejlesztő'], true],
    ]);
  });

  it('switches the current organization, and the profile follows', async () => {
    const { status, body } = await platform.invoke('changeOrganization', {
      sub: supervisor,
      body: { organization_id: 'org-alpine' },
    });
    const again = await platform.invoke('getProfile', { sub: supervisor });

    expect(status).toBe(200);
    expect(body.organization.organization_id).toBe('org-alpine');
    expect(again.body.organization.short_name).toBe('ASC');
    expect(again.body.organization.currency_id).toBe('EUR');
  });

  it('refuses to switch into an organization the person does not belong to', async () => {
    const { status, body } = await platform.invoke('changeOrganization', {
      sub: pilot,
      body: { organization_id: 'org-alpine' },
    });
    const profile = await platform.invoke('getProfile', { sub: pilot });

    expect(status).toBe(404);
    expect(body).toEqual({ code: 'not_found' });
    expect(profile.body.organization.organization_id).toBe('org-demo');
  });
});

describe("the organization's own data", () => {
  it('is refused to a member without the admin or organization_operator role', async () => {
    const { status, body } = await platform.invoke('getOwnOrganization', { sub: pilot });

    expect(status).toBe(403);
    expect(body).toEqual({ code: 'missing_permissions' });
  });

  it('is saved by an admin, clearing emptied fields, and a stale version is a 409 that writes nothing', async () => {
    const loaded = await platform.invoke('getOwnOrganization', { sub: admin });
    const edit = {
      organization_name: 'Szélzsák Repülő Egyesület',
      short_name: 'SZRE',
      address_hq: null,
      address_site: 'Dunakeszi repülőtér',
      company_id: null,
      vat_number: null,
      contact_name: 'Kovács Péter',
      base_airport: 'LHDK',
      timezone: 'Europe/Budapest',
      version: loaded.body.version,
    };

    const saved = await platform.invoke('updateOwnOrganization', { sub: admin, body: edit });
    const stale = await platform.invoke('updateOwnOrganization', {
      sub: admin,
      body: { ...edit, short_name: 'LOST' },
    });
    const after = await platform.invoke('getOwnOrganization', { sub: admin });

    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(loaded.body.version + 1);
    expect(saved.body.address_hq).toBeNull();
    expect(saved.body.address_site).toBe('Dunakeszi repülőtér');
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ code: 'conflict' });
    expect(after.body.short_name).toBe('SZRE');
    expect(after.body.version).toBe(saved.body.version);
  });

  it('reports each invalid field by its message key', async () => {
    const { status, body } = await platform.invoke('updateOwnOrganization', {
      sub: admin,
      body: {
        organization_name: '  ',
        short_name: 'S',
        base_airport: 'lhdk',
        timezone: 'Europe/Budapest',
        version: -1,
      },
    });

    expect(status).toBe(422);
    expect(body.errors).toEqual({
      organization_name: ['field_required'],
      base_airport: ['invalid_value'],
      version: ['too_small'],
    });
  });

  it('refuses a base airport that is not in the airports list, and keeps the one stored', async () => {
    const loaded = await platform.invoke('getOwnOrganization', { sub: admin });
    const edit = {
      organization_name: loaded.body.organization_name,
      short_name: loaded.body.short_name,
      timezone: loaded.body.timezone,
      version: loaded.body.version,
    };

    const unknown = await platform.invoke('updateOwnOrganization', {
      sub: admin,
      body: { ...edit, base_airport: 'XY12' },
    });
    const after = await platform.invoke('getOwnOrganization', { sub: admin });

    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ base_airport: ['unknown_airport'] });
    expect(after.body.base_airport).toBe(loaded.body.base_airport);
    expect(after.body.version).toBe(loaded.body.version);
  });

  it("stays within the caller's organization: the Alpine admin edits only Alpine", async () => {
    const { status, body } = await platform.invoke('getOwnOrganization', { sub: alpineAdmin });

    expect(status).toBe(200);
    expect(body.organization_id).toBe('org-alpine');
  });
});

describe('session check', () => {
  it('answers the signed-in user and 401 otherwise', async () => {
    const ok = await platform.invoke('checkSession', { sub: pilot });
    const anonymous = await platform.invoke('checkSession', {});

    expect(ok.status).toBe(200);
    expect(ok.body.user_id).toBe('user-pilot');
    expect(anonymous.status).toBe(401);
  });
});
