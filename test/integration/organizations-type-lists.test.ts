import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeList as typeListItems } from '../../functions/organizations/public.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/** type-lists and type-list/{id} (spec §2), and the reader the datasources call. */
const supervisor = subOf('supervisor@demo.windsock.aero');
const admin = subOf('admin@demo.windsock.aero');

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

describe('GET /api/type-lists', () => {
  it('lists the five global lists with their sizes, for a supervisor', async () => {
    const { status, body } = await platform.invoke('listTypeLists', { sub: supervisor });

    expect(status).toBe(200);
    expect(body.items.map((l: any) => l.list_id)).toEqual([
      'planeTypes',
      'documentTypes',
      'certificateTypes',
      'airportCountries',
      'workTypes',
    ]);
    const countries = body.items.find((l: any) => l.list_id === 'airportCountries');
    expect(countries.item_count).toBe(32);
    expect(countries.active_count).toBe(32);
  });

  it('is refused to an admin who is not a supervisor', async () => {
    const list = await platform.invoke('listTypeLists', { sub: admin });
    const one = await platform.invoke('getTypeList', { sub: admin, params: { id: 'planeTypes' } });

    expect(list.status).toBe(403);
    expect(one.status).toBe(403);
  });
});

describe('GET /api/type-lists/{id}', () => {
  it('gives the entries in their order, with names in every language', async () => {
    const { status, body } = await platform.invoke('getTypeList', {
      sub: supervisor,
      params: { id: 'documentTypes' },
    });

    expect(status).toBe(200);
    expect(body.version).toBe(1);
    const medical = body.items.find((i: any) => i.code === 'medical');
    expect(medical.names).toMatchObject({
      hu: 'Egészségügyi minősítés',
      de: 'Tauglichkeitszeugnis',
    });
    expect(Object.keys(medical.names).sort()).toEqual(['cs', 'de', 'en', 'fr', 'hu', 'it', 'pl', 'sk']);
    expect(body.items.map((i: any) => i.code)).toContain('weighing_report');
  });

  it('refuses a list that does not exist on its path parameter', async () => {
    const { status, body } = await platform.invoke('getTypeList', {
      sub: supervisor,
      params: { id: 'colours' },
    });

    expect(status).toBe(422);
    expect(body).toEqual({ code: 'validation_failed', errors: { id: ['invalid_value'] } });
  });
});

describe('PUT /api/type-lists/{id}', () => {
  it('saves the whole list; the datasource reader sees it; a stale version is a 409 that writes nothing', async () => {
    const loaded = await platform.invoke('getTypeList', { sub: supervisor, params: { id: 'planeTypes' } });
    const items = [
      ...loaded.body.items.map((i: any) => (i.code === 'C152' ? { ...i, active: false } : i)),
      {
        code: 'ASG32',
        names: { hu: 'Schleicher ASG 32', en: 'Schleicher ASG 32' },
        active: true,
        sort_order: 5,
      },
    ];

    const saved = await platform.invoke('updateTypeList', {
      sub: supervisor,
      params: { id: 'planeTypes' },
      body: { items, version: loaded.body.version },
    });
    const stale = await platform.invoke('updateTypeList', {
      sub: supervisor,
      params: { id: 'planeTypes' },
      body: { items: [], version: loaded.body.version },
    });
    const read = await typeListItems('planeTypes');

    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(loaded.body.version + 1);
    expect(saved.body.items[0].code).toBe('ASG32');
    expect(stale.status).toBe(409);
    expect(read).toHaveLength(items.length);
    expect(read[0]).toEqual({
      code: 'ASG32',
      names: { hu: 'Schleicher ASG 32', en: 'Schleicher ASG 32' },
      active: true,
    });
    expect(read.find((i) => i.code === 'C152')?.active).toBe(false);
  });

  it('names a missing name, a repeated code and a bad sort order by their place in the list', async () => {
    const { status, body } = await platform.invoke('updateTypeList', {
      sub: supervisor,
      params: { id: 'workTypes' },
      body: {
        items: [
          { code: 'mowing', names: { hu: 'Fűnyírás', en: '' }, active: true, sort_order: 1 },
          { code: 'MOWING', names: { hu: 'Kaszálás', en: 'Scything' }, active: true, sort_order: -1 },
          { code: 'x', names: { hu: 'x', en: 'x', xx: 'x' }, active: 'yes', sort_order: 3 },
        ],
        version: 1,
      },
    });
    const after = await platform.invoke('getTypeList', { sub: supervisor, params: { id: 'workTypes' } });

    expect(status).toBe(422);
    expect(body.errors).toEqual({
      'items.0.names.en': ['field_required'],
      'items.1.sort_order': ['too_small'],
      'items.2.names.xx': ['unknown_field'],
      'items.2.active': ['invalid_value'],
    });
    expect(after.body.version).toBe(1);
  });

  it('refuses a repeated code once the entries are valid', async () => {
    const { status, body } = await platform.invoke('updateTypeList', {
      sub: supervisor,
      params: { id: 'workTypes' },
      body: {
        items: [
          { code: 'mowing', names: { hu: 'Fűnyírás', en: 'Mowing' }, active: true, sort_order: 1 },
          { code: 'MOWING', names: { hu: 'Kaszálás', en: 'Scything' }, active: true, sort_order: 2 },
        ],
        version: 1,
      },
    });

    expect(status).toBe(422);
    expect(body.errors).toEqual({ 'items.1.code': ['duplicate_value'] });
  });

  it('is refused to a non-supervisor and refuses an unknown list', async () => {
    const refused = await platform.invoke('updateTypeList', {
      sub: admin,
      params: { id: 'workTypes' },
      body: { items: [], version: 1 },
    });
    const unknown = await platform.invoke('updateTypeList', {
      sub: supervisor,
      params: { id: 'colours' },
      body: { items: [], version: 0 },
    });

    expect(refused.status).toBe(403);
    expect(unknown.status).toBe(422);
  });
});

describe('typeListItems (for the datasources)', () => {
  it('reads a list in its order and an unknown one as empty', async () => {
    const countries = await typeListItems('airportCountries');
    const none = await typeListItems('nothing');

    expect(countries.find((c) => c.code === 'HU')?.names).toMatchObject({ hu: 'Magyarország', de: 'Ungarn' });
    expect(countries.map((c) => c.code)).toEqual(
      expect.arrayContaining(['CH', 'NO', 'GB', 'UA', 'RS', 'SK']),
    );
    expect(none).toEqual([]);
  });
});
