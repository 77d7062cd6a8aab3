import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

const pilot = subOf('pilot@demo.windsock.aero');
const alpineAdmin = subOf('admin@alpine.windsock.aero');

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

describe('GET /api/address-book', () => {
  it('shows phone, mobile and e-mail only of members who agreed to share them', async () => {
    const { status, body } = await platform.invoke('listAddressBook', {
      sub: pilot,
      query: { limit: '100' },
    });

    expect(status).toBe(200);
    const byId = new Map(body.items.map((card: any) => [card.user_id, card]));
    expect(byId.get('user-farkas')).toEqual({
      user_id: 'user-farkas',
      user_name: 'Farkas Tamás',
      callsign: 'FT',
      phone: '+36 27 345 230',
      mobile: '+36 30 555 0303',
      email: 'farkas@demo.windsock.aero',
      shares_contact: true,
    });
    expect(byId.get('user-finance')).toEqual({
      user_id: 'user-finance',
      user_name: 'Horváth Éva',
      callsign: 'HE',
      phone: null,
      mobile: null,
      email: null,
      shares_contact: false,
    });
    // Suspended members are not listed; nobody of the other club is.
    expect(byId.has('user-olah')).toBe(false);
    expect(byId.has('user-gruber')).toBe(false);
  });

  it('pages in name order and filters by name, never by a hidden e-mail', async () => {
    const first = await platform.invoke('listAddressBook', { sub: pilot, query: { limit: '3' } });
    const second = await platform.invoke('listAddressBook', {
      sub: pilot,
      query: { limit: '3', cursor: first.body.cursor },
    });
    const byName = await platform.invoke('listAddressBook', { sub: pilot, query: { q: 'horvath' } });
    const byHiddenEmail = await platform.invoke('listAddressBook', {
      sub: pilot,
      query: { q: 'finance@demo' },
    });

    const names = [...first.body.items, ...second.body.items].map((c: any) => c.user_name);
    expect(names).toEqual([
      'Balogh Réka',
      'Farkas Tamás',
      'Fekete Dániel',
      'Horváth Éva',
      'Kiss Bence',
      'Kovács Péter',
    ]);
    expect(byName.body.items.map((c: any) => c.user_id)).toEqual(['user-finance']);
    expect(byHiddenEmail.body.items).toEqual([]);
  });

  it('names an invalid query parameter', async () => {
    const { status, body } = await platform.invoke('listAddressBook', { sub: pilot, query: { limit: '0' } });

    expect(status).toBe(422);
    expect(body.errors).toEqual({ limit: ['too_small'] });
  });

  it('answers 403 module_disabled when the organization has the address book switched off', async () => {
    const { data: alpine } = await db().entities.organization.get({ organization_id: 'org-alpine' }).go();
    await db()
      .entities.organization.patch({ organization_id: 'org-alpine' })
      .set({ modules: (alpine?.modules ?? []).filter((m) => m !== 'address-book') })
      .go();

    const { status, body } = await platform.invoke('listAddressBook', { sub: alpineAdmin });

    expect(status).toBe(403);
    expect(body).toEqual({ code: 'module_disabled' });
  });
});
