import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Issue 11 §1: a club reads the logbook lines of its OWN flights of a member; other lines (another
 * club's flights, private lines) only where the member shares the whole logbook with that club —
 * the member's choice per club in the profile, off unless set. The demo instructor flies in both.
 */
const DEMO_ADMIN = subOf('admin@demo.windsock.aero');
const ALPINE_ADMIN = subOf('admin@alpine.windsock.aero');
const INSTRUCTOR = subOf('instructor@demo.windsock.aero');
const SUPERVISOR = subOf('supervisor@demo.windsock.aero');
const DAY = '2026-06-20';

type Line = { entry_id: string; organization_id: string | null; source: string; reg_num: string };
const memberLogbook = async (sub: string) => {
  const { status, body } = await platform.invoke('listMemberLogbook', {
    sub,
    params: { user_id: 'user-instructor' },
    query: { from: DAY, to: DAY, limit: '100' },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.items as Line[];
};
/** Where the lines come from: `club org-demo`, `private -` (the seed's season adds lines that day too). */
const sourcesOf = (lines: Line[]) =>
  [...new Set(lines.map((l) => `${l.source} ${l.organization_id ?? '-'}`))].sort();
const ids = (lines: Line[]) => lines.map((l) => l.entry_id);
/** The lines this test wrote: one per club's flight, and the instructor's private line. */
const line = { demo: '', alpine: '', private: '' };

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
  const flights = [
    { sub: DEMO_ADMIN, plane_id: 'plane-ha-4012', at: `${DAY}T08:00:00Z`, landing: `${DAY}T08:07:00Z` },
    { sub: ALPINE_ADMIN, plane_id: 'plane-oe-5678', at: `${DAY}T12:00:00Z`, landing: `${DAY}T12:09:00Z` },
  ];
  for (const [index, f] of flights.entries()) {
    const created = await platform.invoke('createFlight', {
      sub: f.sub,
      body: {
        plane_id: f.plane_id,
        takeoff_type_id: 3,
        takeoff_time: f.at,
        landing_time: f.landing,
        pic_id: 'user-instructor',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    line[index === 0 ? 'demo' : 'alpine'] =
      `${index === 0 ? 'org-demo' : 'org-alpine'}-${created.body.flight_id}`;
  }
  const own = await platform.invoke('createPrivateEntry', {
    sub: INSTRUCTOR,
    params: { kind: 'glider' },
    body: {
      takeoff_time: `${DAY}T15:00:00Z`,
      landing_time: `${DAY}T16:10:00Z`,
      reg_num: 'D-4711',
      takeoff_type_id: 5,
      role: 'pic',
    },
  });
  expect(own.status, JSON.stringify(own.body)).toBe(200);
  line.private = own.body.entry_id;
});
afterAll(async () => {
  await platform?.close();
});

describe("a member's logbook as each of their clubs reads it", () => {
  it('each club reads the lines of its own flights only, and no private line', async () => {
    const demo = await memberLogbook(DEMO_ADMIN);
    const alpine = await memberLogbook(ALPINE_ADMIN);
    const own = await platform.invoke('listLogbook', {
      sub: INSTRUCTOR,
      params: { kind: 'glider' },
      query: { from: DAY, to: DAY, limit: '100' },
    });

    expect(sourcesOf(demo)).toEqual(['club org-demo']);
    expect(ids(demo)).toContain(line.demo);
    expect(ids(alpine)).toEqual([line.alpine]);
    // The instructor's own logbook has them all.
    expect(ids(own.body.items)).toEqual(expect.arrayContaining([line.demo, line.alpine, line.private]));
  });

  it("names only the club's own lines among those recency counted", async () => {
    const alpine = await platform.invoke('getMemberRecency', {
      sub: ALPINE_ADMIN,
      params: { user_id: 'user-instructor' },
    });
    const counted = alpine.body.rules.flatMap((r: { counted: string[] }) => r.counted) as string[];

    expect(alpine.status).toBe(200);
    expect(counted.length).toBeGreaterThan(0);
    expect(counted.every((id) => id.startsWith('org-alpine-'))).toBe(true);
  });

  it('the member shares the whole logbook with one club: that club reads it all, the other still its own', async () => {
    const before = await platform.invoke('listLogbookSharing', { sub: INSTRUCTOR });
    const shared = await platform.invoke('setLogbookSharing', {
      sub: INSTRUCTOR,
      params: { organization_id: 'org-alpine' },
      body: { shared: true },
    });
    const after = await platform.invoke('listLogbookSharing', { sub: INSTRUCTOR });

    expect(before.body.items.map((i: any) => [i.short_name, i.shared])).toEqual([
      ['ASC', false],
      ['SZRE', false],
    ]);
    expect(shared.status).toBe(200);
    expect(shared.body).toEqual(expect.objectContaining({ organization_id: 'org-alpine', shared: true }));
    expect(after.body.items.map((i: any) => [i.short_name, i.shared])).toEqual([
      ['ASC', true],
      ['SZRE', false],
    ]);
    const alpine = await memberLogbook(ALPINE_ADMIN);
    expect(sourcesOf(alpine)).toEqual(['club org-alpine', 'club org-demo', 'private -']);
    expect(ids(alpine)).toEqual(expect.arrayContaining([line.demo, line.alpine, line.private]));
    expect(sourcesOf(await memberLogbook(DEMO_ADMIN))).toEqual(['club org-demo']);
    const logged = (
      await db().entities.action.query.byOrganization({ organization_id: 'org-alpine' }).go({ pages: 'all' })
    ).data.filter((a) => a.action === 'logbook.sharing');
    expect(logged.map((a) => [a.user_id, a.details])).toEqual([['user-instructor', { shared: true }]]);

    await platform.invoke('setLogbookSharing', {
      sub: INSTRUCTOR,
      params: { organization_id: 'org-alpine' },
      body: { shared: false },
    });
    expect(ids(await memberLogbook(ALPINE_ADMIN))).toEqual([line.alpine]);
  });

  it("is the person's own choice: not for a club they are not in, nor for a supervisor acting as them", async () => {
    const foreign = await platform.invoke('setLogbookSharing', {
      sub: ALPINE_ADMIN,
      params: { organization_id: 'org-demo' },
      body: { shared: true },
    });
    const invalid = await platform.invoke('setLogbookSharing', {
      sub: INSTRUCTOR,
      params: { organization_id: 'org-alpine' },
      body: { shared: 'yes' },
    });
    await platform.invoke('startActing', { sub: SUPERVISOR, body: { user_id: 'user-instructor' } });
    const acting = await platform.invoke('setLogbookSharing', {
      sub: SUPERVISOR,
      params: { organization_id: 'org-alpine' },
      body: { shared: true },
    });
    await platform.invoke('stopActing', { sub: SUPERVISOR });

    expect(foreign.status).toBe(404);
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ shared: ['invalid_value'] });
    expect(acting.status).toBe(403);
    expect(ids(await memberLogbook(ALPINE_ADMIN))).toEqual([line.alpine]);
  });
});
