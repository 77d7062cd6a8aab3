import { describe, expect, it } from 'vitest';
import { clubEntryId } from '../../../functions/flights/completion.ts';
import { type Platform, subOf } from '../../helpers/platform.ts';

/**
 * The walk's member shared by both clubs (issue 11 §1–§2): the demo instructor is a member of A
 * (the demo club) and a pilot in B (the Alpine club). Each club reads what is its own of that
 * person — its flights' logbook lines, its permits — and neither reads what belongs to the other
 * club or the person's private lines, unless the person shares the whole logbook with it. A flight
 * of B with a client id equal to one of A's flights leaves A's line alone.
 */
const A_ADMIN = subOf('admin@demo.windsock.aero');
const B_ADMIN = subOf('admin@alpine.windsock.aero');
const SHARED = subOf('instructor@demo.windsock.aero');
const SHARED_ID = 'user-instructor';
const DAY = '2026-05-16';
const TAKEOFF = `${DAY}T10:00:00Z`;

type Line = { entry_id: string; organization_id: string | null; source: string; reg_num: string };

export function describeSharedMember(platformOf: () => Platform) {
  const call = (...args: Parameters<Platform['invoke']>) => platformOf().invoke(...args);
  /** The shared member's glider lines of the walk's day, as a club reads them. */
  const memberLines = async (sub: string) => {
    const { status, body } = await call('listMemberLogbook', {
      sub,
      params: { user_id: SHARED_ID },
      query: { from: DAY, to: DAY, limit: '100' },
    });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.items as Line[];
  };
  const ownLine = async (entryId: string) =>
    call('getLogbookEntry', { sub: SHARED, params: { kind: 'glider', id: entryId } });
  const a = { flightId: '', line: '', privateLine: '' };

  describe('a member shared by both clubs', () => {
    it('setup: an A flight, a private line and a B flight of the shared member', async () => {
      const flight = await call('createFlight', {
        sub: A_ADMIN,
        body: {
          plane_id: 'plane-ha-4012',
          takeoff_type_id: 3,
          takeoff_time: TAKEOFF,
          landing_time: `${DAY}T10:06:00Z`,
          pic_id: SHARED_ID,
        },
      });
      expect(flight.status, JSON.stringify(flight.body)).toBe(200);
      a.flightId = flight.body.flight_id;
      a.line = clubEntryId('org-demo', a.flightId);
      const own = await call('createPrivateEntry', {
        sub: SHARED,
        params: { kind: 'glider' },
        body: { takeoff_time: `${DAY}T15:00:00Z`, reg_num: 'D-0815', takeoff_type_id: 3, role: 'pic' },
      });
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      a.privateLine = own.body.entry_id;
      expect((await ownLine(a.line)).body.reg_num).toBe('HA-4012');
    });

    it("B reads none of A's logbook lines of the shared member, nor the private ones", async () => {
      const lines = await memberLines(B_ADMIN);
      const ids = lines.map((l) => l.entry_id);

      expect(lines.every((l) => l.organization_id === 'org-alpine')).toBe(true);
      expect(ids).not.toContain(a.line);
      expect(ids).not.toContain(a.privateLine);
      expect(JSON.stringify(lines)).not.toContain('org-demo');
    });

    it("A reads none of B's lines of the shared member, nor the private ones", async () => {
      const lines = await memberLines(A_ADMIN);

      expect(lines.length).toBeGreaterThan(0);
      expect(lines.every((l) => l.organization_id === 'org-demo' && l.source === 'club')).toBe(true);
      expect(lines.map((l) => l.entry_id)).not.toContain(a.privateLine);
    });

    it("B sees none of A's permits of the shared member, nor A's lines among those recency counted", async () => {
      const aPermits = await call('listMemberPermits', { sub: A_ADMIN, params: { user_id: SHARED_ID } });
      const bPermits = await call('listMemberPermits', { sub: B_ADMIN, params: { user_id: SHARED_ID } });
      const recency = await call('getMemberRecency', { sub: B_ADMIN, params: { user_id: SHARED_ID } });
      const counted = recency.body.rules.flatMap((r: { counted: string[] }) => r.counted) as string[];

      expect(aPermits.body.items.length).toBeGreaterThan(0);
      expect(bPermits.status).toBe(200);
      const aIds = aPermits.body.items.map((p: { permit_id: string }) => p.permit_id);
      expect(bPermits.body.items.filter((p: { permit_id: string }) => aIds.includes(p.permit_id))).toEqual(
        [],
      );
      expect(JSON.stringify(bPermits.body)).not.toContain('HU-RT-4471');
      expect(recency.status).toBe(200);
      expect(counted.some((id) => id.startsWith('org-demo-') || id === a.privateLine)).toBe(false);
    });

    it("a B flight with A's flight id as client id neither overwrites nor deletes A's line", async () => {
      const b = await call('createFlight', {
        sub: B_ADMIN,
        body: {
          client_id: a.flightId,
          plane_id: 'plane-oe-5678',
          takeoff_type_id: 3,
          takeoff_time: TAKEOFF,
          landing_time: `${DAY}T10:30:00Z`,
          pic_id: SHARED_ID,
        },
      });
      expect(b.status, JSON.stringify(b.body)).toBe(200);
      expect(b.body.flight_id).toBe(a.flightId);
      const aLine = await ownLine(a.line);
      expect(aLine.body).toMatchObject({
        organization_id: 'org-demo',
        reg_num: 'HA-4012',
        flight_minutes: 6,
      });

      const removed = await call('deleteFlight', {
        sub: B_ADMIN,
        params: { id: b.body.flight_id },
        query: { version: String(b.body.version) },
      });
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      const still = await ownLine(a.line);
      expect(still.status).toBe(200);
      expect(still.body).toMatchObject({ organization_id: 'org-demo', reg_num: 'HA-4012' });
      expect((await memberLines(A_ADMIN)).map((l) => l.entry_id)).toContain(a.line);
    });

    it('the person shares the whole logbook with B: then B reads A-flight and private lines, A still does not', async () => {
      const shared = await call('setLogbookSharing', {
        sub: SHARED,
        params: { organization_id: 'org-alpine' },
        body: { shared: true },
      });
      expect(shared.status).toBe(200);
      const bIds = (await memberLines(B_ADMIN)).map((l) => l.entry_id);
      const aIds = (await memberLines(A_ADMIN)).map((l) => l.entry_id);
      await call('setLogbookSharing', {
        sub: SHARED,
        params: { organization_id: 'org-alpine' },
        body: { shared: false },
      });

      expect(bIds).toEqual(expect.arrayContaining([a.line, a.privateLine]));
      expect(aIds).not.toContain(a.privateLine);
    });
  });
}
