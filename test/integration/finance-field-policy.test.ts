import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Money on the field (issue 14 §9): the daily sheet shows a payer's standing; with the policy
 * `block`, a payer below the minimum balance cannot be put on the sheet (409 with the message), but
 * the day's coordinator may override it, and the activity log says so.
 */
const ADMIN = subOf('admin@demo.windsock.aero');
const TIMER = subOf('instructor@demo.windsock.aero');
const FINANCE = subOf('finance@demo.windsock.aero');
const DATE = '2026-09-12';

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
  // Papp Zoltán owes far more than the club's minimum (-50 000 Ft).
  const fee = await platform.invoke('createTransaction', {
    sub: FINANCE,
    body: {
      client_id: '0mhg2k3f1aaaaaaaaaa',
      user_id: 'user-papp',
      transaction_type: 'fee',
      amount: 9_000_000,
      date: '2026-09-01',
    },
  });
  expect(fee.status).toBe(200);
});
afterAll(async () => {
  await platform?.close();
});

const setPolicy = async (balance_policy: 'off' | 'warn' | 'block') => {
  const org = await platform.invoke('getOwnOrganization', { sub: ADMIN });
  const saved = await platform.invoke('updateOwnOrganization', {
    sub: ADMIN,
    body: {
      organization_name: org.body.organization_name,
      short_name: org.body.short_name,
      timezone: org.body.timezone,
      balance_policy,
      version: org.body.version,
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
};

const launch = (pic_id: string, over: Record<string, unknown> = {}) =>
  platform.invoke('createSheetFlight', {
    sub: TIMER,
    params: { date: DATE },
    body: { plane_id: 'plane-ha-4012', takeoff_type_id: 3, pic_id, ...over },
  });

describe('a payer below the minimum balance on the daily sheet', () => {
  it('the sheet reads the payers’ standing: states only, no amounts', async () => {
    await setPolicy('warn');

    const standing = await platform.invoke('getPayerStanding', {
      sub: TIMER,
      query: { user_ids: 'user-papp,user-pilot,user-nobody' },
    });

    expect(standing.status).toBe(200);
    expect(standing.body).toEqual({
      policy: 'warn',
      items: [
        { user_id: 'user-papp', state: 'below_minimum' },
        { user_id: 'user-pilot', state: 'ok' },
        { user_id: 'user-nobody', state: 'unknown' },
      ],
    });
  });

  it('warn: the flight goes on the sheet', async () => {
    await setPolicy('warn');

    const flight = await launch('user-papp');

    expect(flight.status, JSON.stringify(flight.body)).toBe(200);
  });

  it('block: refused with the message, unless the day’s coordinator overrides it — which is logged', async () => {
    await setPolicy('block');

    // Someone else leads the day first (whatever the seed or an operating day put on the sheet).
    const setLeader = async (leader_id: string) => {
      const current = await platform.invoke('getDailySheet', { sub: TIMER, params: { date: DATE } });
      const saved = await platform.invoke('saveDailySheet', {
        sub: TIMER,
        params: { date: DATE },
        body: { leader_id, version: current.body.sheet?.version ?? 0 },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    await setLeader('user-pilot');
    const refused = await launch('user-papp');
    const notCoordinator = await launch('user-papp', { balance_override: true });
    const fine = await launch('user-pilot');
    const sheet = await platform.invoke('getDailySheet', { sub: TIMER, params: { date: DATE } });
    await setLeader('user-instructor');
    const asCoordinator = await platform.invoke('getDailySheet', { sub: TIMER, params: { date: DATE } });
    const overridden = await launch('user-papp', { balance_override: true });
    const { data: log } = await db()
      .entities.action.query.byOrganization({ organization_id: 'org-demo' })
      .go({ order: 'desc', limit: 20 });

    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'balance_below_minimum',
      errors: { pic_id: ['balance_below_minimum'] },
    });
    // The sheet tells its reader whether the override is theirs (the launch panel's checkbox), by the launch's own rule.
    expect(sheet.body.can_override_balance).toBe(false);
    expect(asCoordinator.body.can_override_balance).toBe(true);
    expect(notCoordinator.status).toBe(403);
    expect(fine.status).toBe(200);
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(200);
    expect(overridden.body).not.toHaveProperty('balance_override');
    expect(log.find((a) => a.target_id === overridden.body.flight_id)).toMatchObject({
      action: 'flight.balance_override',
      user_id: 'user-instructor',
      details: { payer_id: 'user-papp' },
    });
  });
});
