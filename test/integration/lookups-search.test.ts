import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

const pilot = subOf('pilot@demo.windsock.aero');
const admin = subOf('admin@demo.windsock.aero');
const instructor = subOf('instructor@demo.windsock.aero');
const supervisor = subOf('supervisor@demo.windsock.aero');
const alpineAdmin = subOf('admin@alpine.windsock.aero');

let platform: Platform;
const search = (sub: string, text: string) => platform.invoke('globalSearch', { sub, body: { text } });
const peopleIds = (body: any) => body.people.items.map((p: any) => p.user_id);

beforeAll(async () => {
  platform = await startPlatform();
  // Prepare: a third club nobody of the demo belongs to, and a callsign to find.
  await db()
    .entities.organization.put({
      organization_id: 'org-harmadik',
      organization_name: 'Harmadik Vitorlázó Klub',
      short_name: 'HVK',
    })
    .go();
  await db().entities.person.patch({ user_id: 'user-student' }).set({ callsign: 'BENCE7' }).go();
});
afterAll(async () => {
  await platform?.close();
});

describe('POST /api/datasource/global-search: input', () => {
  it('wants at least two characters', async () => {
    const one = await search(pilot, 'a');
    const blank = await search(pilot, '   ');

    expect(one.status).toBe(422);
    expect(one.body).toEqual({ code: 'validation_failed', errors: { text: ['too_short'] } });
    expect(blank.body.errors).toEqual({ text: ['too_short'] });
  });

  it('names a missing text and an unexpected field', async () => {
    const { status, body } = await platform.invoke('globalSearch', { sub: pilot, body: { query: 'anna' } });

    expect(status).toBe(422);
    expect(body.errors).toEqual({ text: ['field_required'], query: ['unknown_field'] });
  });

  it('answers 401 without sign-in', async () => {
    const { status } = await platform.invoke('globalSearch', { body: { text: 'anna' } });

    expect(status).toBe(401);
  });
});

describe('POST /api/datasource/global-search: people', () => {
  it('finds members by name regardless of accents, case and word order', async () => {
    const { status, body } = await search(admin, 'anna MOLNAR');

    expect(status).toBe(200);
    expect(body.people.more).toBe(false);
    expect(body.people.items).toEqual([
      {
        user_id: 'user-pilot',
        name: 'Molnár Anna',
        callsign: expect.toBeOneOf([null, expect.any(String)]),
        email: 'pilot@demo.windsock.aero',
        organization_id: 'org-demo',
        organization_short_name: 'SZRE',
      },
    ]);
  });

  it('answers at most eight people per group and says when there are more', async () => {
    const { body } = await search(admin, 'demo.windsock');

    expect(body.people.items).toHaveLength(8);
    expect(body.people.more).toBe(true);
    expect(new Set(peopleIds(body)).size).toBe(8);
  });

  it('finds members by callsign', async () => {
    const { body } = await search(pilot, 'bence7');

    expect(peopleIds(body)).toEqual(['user-student']);
    expect(body.people.items[0].callsign).toBe('BENCE7');
  });

  it("never finds another club's members", async () => {
    const { body } = await search(pilot, 'huber');

    expect(body.people.items).toEqual([]);
  });

  it('finds members of every club the caller belongs to, named with their club', async () => {
    const { body } = await search(instructor, 'huber');

    expect(body.people.items).toEqual([
      expect.objectContaining({
        user_id: 'user-alpine-admin',
        name: 'Huber Lukas',
        organization_short_name: 'ASC',
      }),
    ]);
  });

  it('searches and shows e-mail addresses only to a caller who may list the users', async () => {
    const withoutUserList = await search(pilot, 'pilot@demo');
    const withUserList = await search(admin, 'pilot@demo');
    const byName = await search(pilot, 'molnár');

    expect(withoutUserList.body.people.items).toEqual([]);
    expect(peopleIds(withUserList.body)).toEqual(['user-pilot']);
    expect(byName.body.people.items[0].email).toBeNull();
  });

  it('shows an e-mail only for the current club, even to an admin of another club', async () => {
    const { body } = await search(supervisor, 'huber');

    // The supervisor is admin in both, but works in the demo club now: Huber is an Alpine member.
    expect(body.people.items[0]).toMatchObject({ user_id: 'user-alpine-admin', email: null });
  });
});

describe('POST /api/datasource/global-search: organizations and aircraft', () => {
  it("finds the caller's own organizations only", async () => {
    const own = await search(alpineAdmin, 'soaring');
    const other = await search(pilot, 'alpine');

    expect(own.body.organizations.items).toEqual([
      {
        organization_id: 'org-alpine',
        organization_name: 'Alpine Soaring Club',
        short_name: 'ASC',
        member: true,
        can_edit: true,
      },
    ]);
    expect(other.body.organizations.items).toEqual([]);
  });

  it('says whether the caller may edit the organization found, as the API decides (issue 12 §5)', async () => {
    const asPilot = await search(pilot, 'szélzsák');
    const asAdmin = await search(admin, 'szélzsák');

    expect(asPilot.body.organizations.items.map((o: any) => [o.organization_id, o.can_edit])).toEqual([
      ['org-demo', false],
    ]);
    expect(asAdmin.body.organizations.items.map((o: any) => [o.organization_id, o.can_edit])).toEqual([
      ['org-demo', true],
    ]);
  });

  it('lets a supervisor find every organization, saying which they belong to', async () => {
    const { body } = await search(supervisor, 'klub');
    const admins = await search(admin, 'harmadik');

    expect(body.organizations.items).toEqual([
      {
        organization_id: 'org-harmadik',
        organization_name: 'Harmadik Vitorlázó Klub',
        short_name: 'HVK',
        member: false,
        can_edit: true,
      },
    ]);
    expect(admins.body.organizations.items).toEqual([]);
  });

  it("finds the current organization's aircraft by registration or type, never another club's", async () => {
    const { body } = await search(admin, 'HA-4');
    const byType = await search(pilot, 'g109');
    const alpine = await search(alpineAdmin, 'HA-4012');

    expect(body.aircraft.items.map((p: { reg_num: string }) => p.reg_num)).toEqual([
      'HA-4012',
      'HA-4370',
      'HA-4455',
    ]);
    expect(byType.body.aircraft.items).toEqual([
      { plane_id: 'plane-ha-1265', reg_num: 'HA-1265', plane_type: 'G109', organization_id: 'org-demo' },
    ]);
    expect(alpine.body.aircraft).toEqual({ items: [], more: false });
  });
});
