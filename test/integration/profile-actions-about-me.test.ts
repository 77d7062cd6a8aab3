import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Issue 11 §1: every change a club makes to a person's own data — the person record, pilot data,
 * permits, the membership, their flights (named by date, aircraft and take-off, issue 13 §7) — is
 * recorded where the PERSON sees it (profile/actions), not only in the club's log.
 */
const DEMO_ADMIN = subOf('admin@demo.windsock.aero');
const ALPINE_ADMIN = subOf('admin@alpine.windsock.aero');
const PILOT = subOf('pilot@demo.windsock.aero');

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

type Action = { action: string; organization_id: string; organization_name: string | null; details: unknown };
const aboutPilot = async (query: Record<string, string> = {}) => {
  const { status, body } = await platform.invoke('listActionsAboutMe', { sub: PILOT, query });
  expect(status, JSON.stringify(body)).toBe(200);
  return body as { items: Action[]; cursor: string | null };
};

describe('profile/actions: what clubs changed of my data', () => {
  it("lists the club's changes to the person record, pilot data, permits and membership, newest first", async () => {
    const member = await platform.invoke('getMember', { sub: DEMO_ADMIN, params: { user_id: 'user-pilot' } });
    await platform.invoke('updateMember', {
      sub: DEMO_ADMIN,
      params: { user_id: 'user-pilot' },
      body: {
        first_name: 'Anna',
        last_name: 'Molnár',
        mobile: '+36 30 111 2222',
        version: member.body.person.version,
      },
    });
    const pilotInfo = await platform.invoke('getMemberPilotInfo', {
      sub: DEMO_ADMIN,
      params: { user_id: 'user-pilot' },
    });
    await platform.invoke('updateMemberPilotInfo', {
      sub: DEMO_ADMIN,
      params: { user_id: 'user-pilot' },
      body: { licences: [], ratings: {}, fai_id: '12345', version: pilotInfo.body.pilot_info.version },
    });
    await platform.invoke('grantPermit', {
      sub: DEMO_ADMIN,
      params: { user_id: 'user-pilot' },
      body: { kind: 'winch', valid_until: '2027-12-31' },
    });
    await platform.invoke('setMemberRoles', {
      sub: DEMO_ADMIN,
      params: { user_id: 'user-pilot' },
      body: { role_ids: ['pilot', 'timer_operator'], version: member.body.membership.version },
    });

    const { items } = await aboutPilot();

    expect(items.slice(0, 4).map((a) => [a.action, a.organization_id, a.organization_name])).toEqual([
      ['member.roles', 'org-demo', 'Szélzsák Repülő Egyesület'],
      ['permit.grant', 'org-demo', 'Szélzsák Repülő Egyesület'],
      ['pilot_info.update', 'org-demo', 'Szélzsák Repülő Egyesület'],
      ['member.update', 'org-demo', 'Szélzsák Repülő Egyesület'],
    ]);
    expect(items[3]?.details).toEqual({ fields: ['mobile'] });
  });

  it("shows another club's invitation there too, and keeps the person's own actions apart", async () => {
    await platform.invoke('addMember', {
      sub: ALPINE_ADMIN,
      body: { email: 'pilot@demo.windsock.aero', role_ids: ['pilot'] },
    });
    const about = await aboutPilot({ limit: '1' });
    const mine = await platform.invoke('listMyActions', { sub: PILOT });

    expect(about.items.map((a) => [a.action, a.organization_name])).toEqual([
      ['member.invite', 'Alpine Soaring Club'],
    ]);
    expect(about.cursor).toEqual(expect.any(String));
    expect(mine.body.items.map((a: Action) => a.action)).not.toContain('member.invite');
    expect(mine.body.items.map((a: Action) => a.action)).not.toContain('pilot_info.update');
  });

  it("shows the trainee the instructor's signature of their line", async () => {
    const flight = await platform.invoke('createFlight', {
      sub: DEMO_ADMIN,
      body: {
        plane_id: 'plane-ha-4012',
        takeoff_type_id: 3,
        takeoff_time: '2026-10-24T09:00:00Z',
        landing_time: '2026-10-24T09:06:00Z',
        pic_id: 'user-student',
        instructor_id: 'user-instructor',
        training: true,
      },
    });
    expect(flight.status, JSON.stringify(flight.body)).toBe(200);
    const signed = await platform.invoke('signEntry', {
      sub: subOf('instructor@demo.windsock.aero'),
      params: { user_id: 'user-student', id: `org-demo-${flight.body.flight_id}` },
      body: { version: 1 },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);

    const about = await platform.invoke('listActionsAboutMe', {
      sub: subOf('student@demo.windsock.aero'),
      query: { limit: '1' },
    });
    expect(about.body.items.map((a: Action) => [a.action, a.organization_name])).toEqual([
      ['logbook.sign', 'Szélzsák Repülő Egyesület'],
    ]);
  });

  it('names a flight the club recorded or changed, for each pilot on board, once in the club log', async () => {
    const flight = await platform.invoke('createFlight', {
      sub: DEMO_ADMIN,
      body: {
        plane_id: 'plane-ha-4012',
        takeoff_type_id: 3,
        takeoff_time: '2026-10-25T09:30:00Z',
        landing_time: '2026-10-25T09:41:00Z',
        takeoff_airport: 'LHDK',
        landing_airport: 'LHDK',
        pic_id: 'user-pilot',
        sic_id: 'user-student',
      },
    });
    expect(flight.status, JSON.stringify(flight.body)).toBe(200);
    const changed = await platform.invoke('updateFlight', {
      sub: DEMO_ADMIN,
      params: { id: flight.body.flight_id },
      body: { remarks: 'Termikkeresés', version: flight.body.version },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const facts = {
      date: '2026-10-25',
      reg_num: 'HA-4012',
      takeoff_airport: 'LHDK',
      takeoff_time: '2026-10-25T09:30:00.000Z',
    };
    const pilot = await aboutPilot({ limit: '2' });
    expect(pilot.items.map((a) => [a.action, a.organization_name, a.details])).toEqual([
      ['flight.update', 'Szélzsák Repülő Egyesület', expect.objectContaining(facts)],
      ['flight.create', 'Szélzsák Repülő Egyesület', expect.objectContaining(facts)],
    ]);
    const student = await platform.invoke('listActionsAboutMe', {
      sub: subOf('student@demo.windsock.aero'),
      query: { limit: '2' },
    });
    expect(student.body.items.map((a: Action) => [a.action, a.details])).toEqual([
      ['flight.update', expect.objectContaining(facts)],
      ['flight.create', expect.objectContaining(facts)],
    ]);
    // One change, one line in the club's log and in the admin's own list.
    const log = await platform.invoke('listOrganizationActions', { sub: DEMO_ADMIN, query: { limit: '2' } });
    expect(log.body.items.map((a: Action & { target_id: string }) => [a.action, a.target_id])).toEqual([
      ['flight.update', flight.body.flight_id],
      ['flight.create', flight.body.flight_id],
    ]);
    const own = await platform.invoke('listMyActions', { sub: DEMO_ADMIN, query: { limit: '2' } });
    expect(own.body.items.map((a: Action) => a.action)).toEqual(['flight.update', 'flight.create']);
  });

  it("is the caller's own list only: another person's changes are not in it", async () => {
    const other = await platform.invoke('listActionsAboutMe', { sub: subOf('student@demo.windsock.aero') });

    expect(other.status).toBe(200);
    expect(other.body.items.map((a: Action) => a.action)).not.toContain('pilot_info.update');
  });
});
