import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * profile/organization-edit with the whole record (GET/PATCH /api/profile/organization, identity
 * domain): banking, prices, finance settings, operating days and notifications; modules, limits and
 * currency shown but not changed by the organization's own admins.
 */
const admin = subOf('admin@demo.windsock.aero');
const operator = subOf('operator@demo.windsock.aero');
const alpineAdmin = subOf('admin@alpine.windsock.aero');

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const identityOf = (record: any) => ({
  organization_name: record.organization_name,
  short_name: record.short_name,
  timezone: record.timezone,
  version: record.version,
});

describe('GET /api/profile/organization', () => {
  it('gives the full record with banking, prices in minor units, finance and notification settings', async () => {
    const { status, body } = await platform.invoke('getOwnOrganization', { sub: admin });

    expect(status).toBe(200);
    expect(body).toMatchObject({
      organization_id: 'org-demo',
      bank_name: 'UniCredit Bank Hungary Zrt.',
      bank_iban: 'HU46109180010000012345670000',
      bank_swift: 'BACXHUHB',
      currency_id: 'HUF',
      flight_price: 15_000,
      towing_price: 180_000,
      winching_price: 350_000,
      multiplier: 1.5,
      balance_min: -5_000_000,
      full_fee: 800_000,
      transaction_start: '2026-01-01',
      first_takeoff_time: '09:00',
      operating_day_editor: 'user-operator',
      balance_notification_on: true,
      package_name: 'Klub M',
      plane_limit: 12,
    });
    expect(body.custom_prices).toEqual([
      { name: 'Hangárhely', amount: 1_500_000, unit: 'month' },
      { name: 'Utasrepülés', amount: 2_500_000, unit: 'flight' },
    ]);
  });
});

describe('PATCH /api/profile/organization', () => {
  it('saves banking, prices, finance and notification settings; absent fields stay, null clears', async () => {
    const loaded = await platform.invoke('getOwnOrganization', { sub: operator });

    const saved = await platform.invoke('updateOwnOrganization', {
      sub: operator,
      body: {
        ...identityOf(loaded.body),
        bank_iban: 'AT47 3500 0000 0123 4567',
        bank_swift: 'rvsaat2s',
        motor_price: 47_500,
        min_price: null,
        custom_prices: [{ name: 'Téli tárolás', amount: 3_000_000, unit: 'year' }],
        yearly_membership_fee: 2_400_000,
        reservation_notification_on: false,
        operating_day_editor: 'user-instructor',
      },
    });
    const after = await platform.invoke('getOwnOrganization', { sub: operator });

    expect(saved.status).toBe(200);
    expect(after.body).toMatchObject({
      bank_iban: 'AT473500000001234567',
      bank_swift: 'RVSAAT2S',
      motor_price: 47_500,
      min_price: null,
      flight_price: 15_000,
      yearly_membership_fee: 2_400_000,
      reservation_notification_on: false,
      operating_day_editor: 'user-instructor',
      version: loaded.body.version + 1,
    });
    expect(after.body.custom_prices).toEqual([{ name: 'Téli tárolás', amount: 3_000_000, unit: 'year' }]);
  });

  it('does not take modules, limits or currency from an admin', async () => {
    const loaded = await platform.invoke('getOwnOrganization', { sub: admin });
    const { status, body } = await platform.invoke('updateOwnOrganization', {
      sub: admin,
      body: { ...identityOf(loaded.body), modules: ['glider'], plane_limit: 99, currency_id: 'EUR' },
    });

    expect(status).toBe(422);
    expect(body.errors).toEqual({
      modules: ['unknown_field'],
      plane_limit: ['unknown_field'],
      currency_id: ['unknown_field'],
    });
  });

  it('names each invalid field: IBAN, SWIFT, time, date, money, custom price', async () => {
    const loaded = await platform.invoke('getOwnOrganization', { sub: admin });
    const { status, body } = await platform.invoke('updateOwnOrganization', {
      sub: admin,
      body: {
        ...identityOf(loaded.body),
        bank_iban: 'HU00 1234',
        bank_swift: 'NOT A BIC',
        first_takeoff_time: '25:00',
        transaction_start: '2026-13-01',
        flight_price: -100,
        time_limit: 2000,
        custom_prices: [{ name: '', amount: 1.5, unit: 'week' }],
        logo: 'http://insecure.example/logo.png',
      },
    });

    expect(status).toBe(422);
    expect(body.errors).toEqual({
      bank_iban: ['invalid_value'],
      bank_swift: ['invalid_value'],
      first_takeoff_time: ['time_format'],
      transaction_start: ['date_format'],
      flight_price: ['too_small'],
      time_limit: ['too_big'],
      'custom_prices.0.name': ['field_required'],
      'custom_prices.0.amount': ['invalid_value'],
      'custom_prices.0.unit': ['invalid_value'],
      logo: ['invalid_value'],
    });
  });

  it('refuses a contact who is not a member of the organization, and a stale version writes nothing', async () => {
    const loaded = await platform.invoke('getOwnOrganization', { sub: alpineAdmin });
    const foreign = await platform.invoke('updateOwnOrganization', {
      sub: alpineAdmin,
      body: { ...identityOf(loaded.body), contact_id: 'user-pilot' },
    });
    const stale = await platform.invoke('updateOwnOrganization', {
      sub: alpineAdmin,
      body: { ...identityOf(loaded.body), version: loaded.body.version - 1, flight_price: 1 },
    });
    const after = await platform.invoke('getOwnOrganization', { sub: alpineAdmin });

    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ contact_id: ['invalid_value'] });
    expect(stale.status).toBe(409);
    expect(after.body.flight_price).toBe(50);
    expect(after.body.version).toBe(loaded.body.version);
  });
});
