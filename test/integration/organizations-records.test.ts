import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/** organizations, organization/new, organization/edit/{id} (spec §2) against the embedded DynamoDB. */
const supervisor = subOf('supervisor@demo.windsock.aero');
const admin = subOf('admin@demo.windsock.aero');
const operator = subOf('operator@demo.windsock.aero');
const pilot = subOf('pilot@demo.windsock.aero');
const alpineAdmin = subOf('admin@alpine.windsock.aero');

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const newOrganization = {
  organization_name: 'Ászok Vitorlázó Klub',
  short_name: 'AVK',
  base_airport: 'LHFH',
  timezone: 'Europe/Budapest',
  currency_id: 'HUF',
  modules: ['glider', 'daily-flight', 'financial'],
  plane_limit: 4,
  general_limit: 2,
  glider_limit: 3,
  bank_iban: 'HU46 1091 8001 0000 0123 4567 0000',
  flight_price: 12_000,
  balance_min: -2_000_000,
};

describe('GET /api/organizations', () => {
  it('lists every organization by name with modules count and package, for a supervisor', async () => {
    const { status, body } = await platform.invoke('listOrganizations', { sub: supervisor });

    expect(status).toBe(200);
    expect(body.items.map((o: any) => o.short_name)).toEqual(['ASC', 'SZRE']);
    expect(body.items[1]).toEqual({
      organization_id: 'org-demo',
      organization_name: 'Szélzsák Repülő Egyesület',
      short_name: 'SZRE',
      base_airport: 'LHDK',
      modules_count: 18,
      package_name: 'Klub M',
      // No package change waits for a supervisor (pricing: an admin's request, issue 17 §6).
      package_requested: null,
    });
    expect(body.cursor).toBeNull();
  });

  it('sorts descending, filters by short name or base airport, and pages with a cursor', async () => {
    const desc = await platform.invoke('listOrganizations', { sub: supervisor, query: { order: 'desc' } });
    const byAirport = await platform.invoke('listOrganizations', {
      sub: supervisor,
      query: { filter: 'lowz' },
    });
    const byName = await platform.invoke('listOrganizations', {
      sub: supervisor,
      query: { filter: 'szelzsak' },
    });
    const first = await platform.invoke('listOrganizations', { sub: supervisor, query: { limit: '1' } });
    const second = await platform.invoke('listOrganizations', {
      sub: supervisor,
      query: { limit: '1', cursor: first.body.cursor },
    });

    // The filter is applied after DynamoDB's Limit: a page is still filled from the following keys.
    const sparse = await platform.invoke('listOrganizations', {
      sub: supervisor,
      query: { limit: '1', filter: 'szre' },
    });

    expect(sparse.body.items.map((o: any) => o.short_name)).toEqual(['SZRE']);
    expect(desc.body.items.map((o: any) => o.short_name)).toEqual(['SZRE', 'ASC']);
    expect(byAirport.body.items.map((o: any) => o.short_name)).toEqual(['ASC']);
    expect(byName.body.items.map((o: any) => o.short_name)).toEqual(['SZRE']);
    expect(first.body.items.map((o: any) => o.short_name)).toEqual(['ASC']);
    expect(first.body.cursor).toEqual(expect.any(String));
    expect(second.body.items.map((o: any) => o.short_name)).toEqual(['SZRE']);
  });

  it('is refused to an admin who is not a supervisor (role guard) and to a pilot', async () => {
    const asAdmin = await platform.invoke('listOrganizations', { sub: admin });
    const asPilot = await platform.invoke('listOrganizations', { sub: pilot });

    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body).toEqual({ code: 'missing_permissions' });
    expect(asPilot.status).toBe(403);
  });

  it('answers 422 for a malformed page size', async () => {
    const { status, body } = await platform.invoke('listOrganizations', {
      sub: supervisor,
      query: { limit: 'many' },
    });

    expect(status).toBe(422);
    expect(body.errors).toEqual({ limit: ['invalid_value'] });
  });
});

describe('GET /api/organizations/{id}', () => {
  it('gives a supervisor the full record of any organization', async () => {
    const { status, body } = await platform.invoke('getOrganization', {
      sub: supervisor,
      params: { id: 'org-alpine' },
    });

    expect(status).toBe(200);
    expect(body).toMatchObject({
      organization_id: 'org-alpine',
      currency_id: 'EUR',
      bank_iban: 'AT473500000001234567',
      flight_price: 50,
      balance_min: -20_000,
      package_name: 'Klub S',
      plane_limit: 4,
      operating_day_editor: 'user-alpine-admin',
      can_administer: true,
    });
  });

  it('lets an organization editor open only their own organization: another one is a 404', async () => {
    const own = await platform.invoke('getOrganization', { sub: operator, params: { id: 'org-demo' } });
    const other = await platform.invoke('getOrganization', { sub: alpineAdmin, params: { id: 'org-demo' } });

    expect(own.status).toBe(200);
    expect(own.body.short_name).toBe('SZRE');
    // Modules, limits and currency are a supervisor's: the edit screen shows them read-only.
    expect(own.body.can_administer).toBe(false);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ code: 'not_found' });
  });

  it('is refused without organization-edit (permission guard)', async () => {
    const { status } = await platform.invoke('getOrganization', { sub: pilot, params: { id: 'org-demo' } });

    expect(status).toBe(403);
  });
});

describe('POST /api/organizations', () => {
  it('creates the organization with its default roles and the supervisor as its admin, and logs it', async () => {
    const { status, body } = await platform.invoke('createOrganization', {
      sub: supervisor,
      body: newOrganization,
    });
    const id = body.organization_id;
    const memberships = await platform.invoke('listMyOrganizations', { sub: supervisor });
    const record = await platform.invoke('getOrganization', { sub: supervisor, params: { id } });
    await platform.invoke('changeOrganization', { sub: supervisor, body: { organization_id: id } });
    const profile = await platform.invoke('getProfile', { sub: supervisor });
    const log = await platform.invoke('listOrganizationActions', { sub: supervisor });
    await platform.invoke('changeOrganization', { sub: supervisor, body: { organization_id: 'org-demo' } });

    expect(status).toBe(200);
    expect(id).toMatch(/^org-/);
    expect(body).toMatchObject({
      organization_name: 'Ászok Vitorlázó Klub',
      bank_iban: 'HU46109180010000012345670000',
      flight_price: 12_000,
      balance_min: -2_000_000,
      version: 1,
    });
    expect(record.body.modules).toEqual(['glider', 'daily-flight', 'financial']);
    const membership = memberships.body.items.find((m: any) => m.organization.organization_id === id);
    expect(membership.roles).toEqual(['Adminisztrátor']);
    expect(profile.body.has_role).toEqual({ supervisor: true, admin: true });
    expect(profile.body.can['organization-edit']).toBe(true);
    expect(profile.body.organization.modules).toEqual(['glider', 'daily-flight', 'financial']);
    expect(log.body.items.map((a: any) => a.action)).toEqual(['organization.create']);
    expect(log.body.items[0].details.roles).toEqual(expect.arrayContaining(['admin', 'pilot', 'instructor']));
  });

  it('is refused to an organization editor who is not a supervisor, and creates nothing', async () => {
    const { status, body } = await platform.invoke('createOrganization', {
      sub: admin,
      body: { ...newOrganization, short_name: 'NOPE' },
    });
    const list = await platform.invoke('listOrganizations', { sub: supervisor, query: { filter: 'nope' } });

    expect(status).toBe(403);
    expect(body).toEqual({ code: 'missing_permissions' });
    expect(list.body.items).toEqual([]);
  });

  it('names every invalid field: IBAN check digits, time, limits above the total, unknown module', async () => {
    const { status, body } = await platform.invoke('createOrganization', {
      sub: supervisor,
      body: {
        ...newOrganization,
        organization_name: '',
        bank_iban: 'HU00 1091 8001 0000 0123 4567 0000',
        bank_swift: 'OTP',
        first_takeoff_time: '9:00',
        flight_price: 12.5,
        modules: ['glider', 'gliders'],
        glider_limit: 5,
        timezone: 'Europe/Atlantis',
        currency_id: 'XXX',
        transaction_start: '2026-02-30',
      },
    });

    expect(status).toBe(422);
    expect(body.errors).toEqual({
      organization_name: ['field_required'],
      bank_iban: ['invalid_value'],
      bank_swift: ['invalid_value'],
      first_takeoff_time: ['time_format'],
      flight_price: ['invalid_value'],
      'modules.1': ['invalid_value'],
      glider_limit: ['too_big'],
      timezone: ['invalid_value'],
      currency_id: ['invalid_value'],
      transaction_start: ['date_format'],
    });
  });

  it('refuses a contact who is not a member of the new organization', async () => {
    const { status, body } = await platform.invoke('createOrganization', {
      sub: supervisor,
      body: { ...newOrganization, contact_id: 'user-pilot' },
    });

    expect(status).toBe(422);
    expect(body.errors).toEqual({ contact_id: ['invalid_value'] });
  });
});

describe('PATCH /api/organizations/{id}', () => {
  it('saves a supervisor’s change of modules and limits, and a stale version is a 409 that writes nothing', async () => {
    const loaded = await platform.invoke('getOrganization', {
      sub: supervisor,
      params: { id: 'org-alpine' },
    });
    const edit = {
      organization_name: 'Alpine Soaring Club',
      short_name: 'ASC',
      timezone: 'Europe/Vienna',
      modules: [...loaded.body.modules, 'reservation'],
      plane_limit: 8,
      general_limit: 3,
      glider_limit: 6,
      winching_price: null,
      version: loaded.body.version,
    };

    const saved = await platform.invoke('updateOrganization', {
      sub: supervisor,
      params: { id: 'org-alpine' },
      body: edit,
    });
    const stale = await platform.invoke('updateOrganization', {
      sub: supervisor,
      params: { id: 'org-alpine' },
      body: { ...edit, short_name: 'LOST', plane_limit: 1, general_limit: 0, glider_limit: 0 },
    });
    const after = await platform.invoke('getOrganization', { sub: supervisor, params: { id: 'org-alpine' } });

    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(loaded.body.version + 1);
    expect(saved.body.modules).toContain('reservation');
    expect(saved.body.winching_price).toBeNull();
    expect(saved.body.flight_price).toBe(50);
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ code: 'conflict' });
    expect(after.body).toMatchObject({ short_name: 'ASC', plane_limit: 8, version: saved.body.version });
  });

  it("lets the club's operator save prices and finance settings but not modules or limits", async () => {
    const loaded = await platform.invoke('getOrganization', { sub: operator, params: { id: 'org-demo' } });
    const base = {
      organization_name: loaded.body.organization_name,
      short_name: loaded.body.short_name,
      timezone: loaded.body.timezone,
      version: loaded.body.version,
    };

    const refused = await platform.invoke('updateOrganization', {
      sub: operator,
      params: { id: 'org-demo' },
      body: { ...base, modules: ['glider'], plane_limit: 99, flight_price: 1 },
    });
    const unchangedManaged = await platform.invoke('updateOrganization', {
      sub: operator,
      params: { id: 'org-demo' },
      body: { ...base, modules: loaded.body.modules, flight_price: 16_000, full_fee: 900_000 },
    });

    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ modules: ['read_only'], plane_limit: ['read_only'] });
    expect(unchangedManaged.status).toBe(200);
    expect(unchangedManaged.body).toMatchObject({ flight_price: 16_000, full_fee: 900_000, plane_limit: 12 });
  });

  it('answers 404 to an organization editor naming another organization, and changes nothing there', async () => {
    const { status, body } = await platform.invoke('updateOrganization', {
      sub: alpineAdmin,
      params: { id: 'org-demo' },
      body: { organization_name: 'Taken', short_name: 'TKN', timezone: 'Europe/Vienna', version: 1 },
    });
    const demo = await platform.invoke('getOrganization', { sub: supervisor, params: { id: 'org-demo' } });

    expect(status).toBe(404);
    expect(body).toEqual({ code: 'not_found' });
    expect(demo.body.short_name).toBe('SZRE');
  });

  it('refuses an operating-day editor who is not a member, and a negative price', async () => {
    const loaded = await platform.invoke('getOrganization', { sub: admin, params: { id: 'org-demo' } });
    const { status, body } = await platform.invoke('updateOrganization', {
      sub: admin,
      params: { id: 'org-demo' },
      body: {
        organization_name: loaded.body.organization_name,
        short_name: loaded.body.short_name,
        timezone: loaded.body.timezone,
        operating_day_editor: 'user-alpine-admin',
        version: loaded.body.version,
      },
    });
    const negative = await platform.invoke('updateOrganization', {
      sub: admin,
      params: { id: 'org-demo' },
      body: {
        organization_name: loaded.body.organization_name,
        short_name: loaded.body.short_name,
        timezone: loaded.body.timezone,
        towing_price: -1,
        version: loaded.body.version,
      },
    });

    expect(status).toBe(422);
    expect(body.errors).toEqual({ operating_day_editor: ['invalid_value'] });
    expect(negative.status).toBe(422);
    expect(negative.body.errors.towing_price).toEqual(['too_small']);
  });

  it('refuses a base airport no reference airport has (422 base_airport), on create and on update, writing nothing', async () => {
    const loaded = await platform.invoke('getOrganization', { sub: admin, params: { id: 'org-demo' } });
    const body = {
      organization_name: loaded.body.organization_name,
      short_name: loaded.body.short_name,
      timezone: loaded.body.timezone,
      version: loaded.body.version,
    };
    const list = async () =>
      (await platform.invoke('listOrganizations', { sub: supervisor, query: { limit: '100' } })).body.items;
    const before = await list();

    const created = await platform.invoke('createOrganization', {
      sub: supervisor,
      body: { ...newOrganization, short_name: 'XXX', base_airport: 'ZZZZ' },
    });
    const updated = await platform.invoke('updateOrganization', {
      sub: admin,
      params: { id: 'org-demo' },
      body: { ...body, base_airport: 'ZZZZ' },
    });
    const known = await platform.invoke('updateOrganization', {
      sub: admin,
      params: { id: 'org-demo' },
      body: { ...body, base_airport: 'LHFH' },
    });
    const back = await platform.invoke('updateOrganization', {
      sub: admin,
      params: { id: 'org-demo' },
      body: { ...body, base_airport: 'LHDK', version: known.body.version },
    });

    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual({ base_airport: ['unknown_airport'] });
    expect(await list()).toEqual(before);
    expect(updated.status).toBe(422);
    expect(updated.body.errors).toEqual({ base_airport: ['unknown_airport'] });
    expect(known.status).toBe(200);
    expect(known.body.base_airport).toBe('LHFH');
    expect(back.status).toBe(200);
    expect(back.body.base_airport).toBe('LHDK');
  });

  it('lists the members to choose a contact or operating-day editor from', async () => {
    const { status, body } = await platform.invoke('listOrganizationMemberOptions', {
      sub: admin,
      params: { id: 'org-demo' },
    });
    const foreign = await platform.invoke('listOrganizationMemberOptions', {
      sub: alpineAdmin,
      params: { id: 'org-demo' },
    });

    expect(status).toBe(200);
    expect(body.items).toContainEqual({ user_id: 'user-operator', user_name: 'Tóth Katalin' });
    expect(body.items.some((m: any) => m.user_id === 'user-alpine-admin')).toBe(false);
    expect(foreign.status).toBe(404);
  });
});
