import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Issue 5 §6: the organization chooses what the daily sheet does with a pilot in command who is not
 * current for the launch — warn (the flight goes on the sheet, the browser warns) or block (409
 * continuity_lapsed, nothing written). The demo's financial operator's medical lapsed 12 days ago;
 * the student has never launched by aerotow (SFCL.155: that method was never opened).
 */
const ADMIN = subOf('admin@demo.windsock.aero');
const TIMER = subOf('instructor@demo.windsock.aero');
const today = new Date().toISOString().slice(0, 10);

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

async function setPolicy(policy: 'warn' | 'block') {
  const own = await platform.invoke('getOwnOrganization', { sub: ADMIN });
  const saved = await platform.invoke('updateOwnOrganization', {
    sub: ADMIN,
    body: {
      organization_name: own.body.organization_name,
      short_name: own.body.short_name,
      timezone: own.body.timezone,
      recency_policy: policy,
      version: own.body.version,
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body.recency_policy).toBe(policy);
}

const sheetFlights = async () => {
  const sheet = await platform.invoke('listFlights', { sub: ADMIN, query: { from: today, to: today } });
  return sheet.body.items.length as number;
};

const launch = (body: Record<string, unknown>) =>
  platform.invoke('createSheetFlight', {
    sub: TIMER,
    params: { date: today },
    body: { plane_id: 'plane-ha-4012', takeoff_type_id: 3, ...body },
  });

describe('recency policy', () => {
  it('is warn by default, and the profile tells the browser', async () => {
    const profile = await platform.invoke('getProfile', { sub: TIMER });
    expect(profile.body.organization.recency_policy).toBe('warn');
  });

  it('warn: a pilot who is not current still goes on the sheet', async () => {
    const created = await launch({ pic_id: 'user-finance', takeoff_time: `${today}T09:00:00Z` });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  });

  it('block: a lapsed medical or an unopened launch method is refused, and nothing is written', async () => {
    await setPolicy('block');
    const before = await sheetFlights();

    const medical = await launch({ pic_id: 'user-finance', takeoff_time: `${today}T10:00:00Z` });
    expect([medical.status, medical.body.code]).toEqual([409, 'continuity_lapsed']);
    const aerotow = await launch({
      pic_id: 'user-student',
      takeoff_type_id: 5,
      tow_plane_id: 'plane-ha-sbx',
      tow_pilot_id: 'user-technical',
    });
    expect([aerotow.status, aerotow.body.code]).toEqual([409, 'continuity_lapsed']);
    expect(await sheetFlights()).toBe(before);

    // Current pilots fly; a lapsed one flies with an instructor (how they become current again).
    const current = await launch({ pic_id: 'user-pilot' });
    expect(current.status, JSON.stringify(current.body)).toBe(200);
    const dual = await launch({ pic_id: 'user-finance', instructor_id: 'user-instructor' });
    expect(dual.status, JSON.stringify(dual.body)).toBe(200);
    expect(await sheetFlights()).toBe(before + 2);
  });

  it('block: taking off a planned flight of a pilot who is not current is refused', async () => {
    await setPolicy('warn');
    const planned = await launch({ pic_id: 'user-finance' });
    expect(planned.status).toBe(200);
    await setPolicy('block');

    const takeoff = await platform.invoke('takeOffSheetFlight', {
      sub: TIMER,
      params: { date: today, id: planned.body.flight_id },
      body: { version: planned.body.version },
    });
    expect([takeoff.status, takeoff.body.code]).toEqual([409, 'continuity_lapsed']);
    const still = await platform.invoke('getFlight', { sub: ADMIN, params: { id: planned.body.flight_id } });
    expect(still.body).toMatchObject({ status: 'planned', version: planned.body.version });
    await setPolicy('warn');
  });

  it('block: an aerotow whose tow pilot has not towed five times in 24 months is refused (issue 15 §4)', async () => {
    const tow = await platform.invoke('getTowRecency', { sub: TIMER, params: { user_id: 'user-finance' } });
    expect(tow.status).toBe(200);
    expect(tow.body).toMatchObject({ status: 'lapsed', tows: 0, needed: 5 });
    await setPolicy('block');
    const before = await sheetFlights();
    const aerotow = await launch({
      takeoff_type_id: 5,
      pic_id: 'user-student',
      instructor_id: 'user-instructor',
      tow_pilot_id: 'user-finance',
      tow_plane_id: 'plane-ha-sbx',
      takeoff_time: `${today}T12:00:00Z`,
    });
    expect([aerotow.status, aerotow.body.code]).toEqual([409, 'continuity_lapsed']);
    expect(aerotow.body.errors).toEqual({ tow_pilot_id: ['tow_recency_lapsed'] });
    expect(await sheetFlights()).toBe(before);
    await setPolicy('warn');
  });
});
