import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/platform/db/service.ts';
import { setLocalPublisher } from '../../functions/platform/events/push.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Issue 6 §5 on the daily sheet, against the embedded DynamoDB: the detector's proposals (seeded
 * here as the tracking ingest writes them) appear on the sheet matched to the manual entries, and
 * the timer operator confirms one in a tap — into the matched flight (its counters moved once) or
 * as a new flight — or dismisses it. Twice is a 409, never a second flight.
 */
const INSTRUCTOR = subOf('instructor@demo.windsock.aero');
const PILOT = subOf('pilot@demo.windsock.aero');
const ALPINE_ADMIN = subOf('admin@alpine.windsock.aero');
const ORG = 'org-demo';

let platform: Platform;
const pushes: { topic: string; payload: any }[] = [];
beforeAll(async () => {
  platform = await startPlatform();
  setLocalPublisher(async (topic, payload) => {
    pushes.push({ topic, payload });
  });
});
afterEach(() => {
  pushes.length = 0;
});
afterAll(async () => {
  setLocalPublisher(undefined);
  await platform?.close();
});

interface Seed {
  date: string;
  proposal_id: string;
  plane_id: string;
  reg_num: string;
  address: string;
  plane_category?: 'plc_01' | 'plc_02';
  takeoff_time?: string;
  landing_time?: string;
  takeoff_type_id?: number;
  tow_role?: 'glider' | 'tug';
  tow_proposal_id?: string;
  tow_plane_id?: string;
  release_height?: number;
  status?: 'open' | 'confirmed' | 'dismissed';
  flight_id?: string;
}

/** A proposal as the tracking ingest stores it. */
const seed = async (p: Seed) =>
  (
    await db()
      .entities.flightProposal.create({
        organization_id: ORG,
        plane_category: 'plc_02',
        takeoff_airport: 'LHDK',
        launch_inferred: true,
        ...p,
      })
      .go()
  ).data;

const plane = async (planeId: string) =>
  (await db().entities.plane.get({ organization_id: ORG, plane_id: planeId }).go()).data!;
const sheet = async (date: string, sub = INSTRUCTOR) =>
  platform.invoke('getDailySheet', { sub, params: { date } });
const proposalOf = async (date: string, id: string) =>
  (await db().entities.flightProposal.get({ organization_id: ORG, date, proposal_id: id }).go()).data!;
const flightsOf = async (date: string, planeId: string) =>
  (await sheet(date)).body.flights.filter((f: { plane_id: string }) => f.plane_id === planeId);

describe('proposals on the daily sheet', () => {
  const date = '2027-05-15';

  it('shows open proposals matched to the manual entry of the same aircraft; others get none', async () => {
    // Prepare
    const waiting = await platform.invoke('createSheetFlight', {
      sub: INSTRUCTOR,
      params: { date },
      body: { plane_id: 'plane-ha-4012', takeoff_type_id: 3, pic_id: 'user-pilot' },
    });
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(200);
    await seed({
      date,
      proposal_id: 'DD4012-1810382530000',
      plane_id: 'plane-ha-4012',
      reg_num: 'HA-4012',
      address: 'DD4012',
      takeoff_time: '2027-05-15T12:02:10.000Z',
      takeoff_type_id: 3,
    });
    await seed({
      date,
      proposal_id: 'DD4370-1810382600000',
      plane_id: 'plane-ha-4370',
      reg_num: 'HA-4370',
      address: 'DD4370',
      takeoff_time: '2027-05-15T12:03:20.000Z',
    });
    await seed({
      date,
      proposal_id: 'DD4455-1810382700000',
      plane_id: 'plane-ha-4455',
      reg_num: 'HA-4455',
      address: 'DD4455',
      takeoff_time: '2027-05-15T12:05:00.000Z',
      status: 'dismissed',
    });

    // Act
    const timer = await sheet(date);
    const pilot = await sheet(date, PILOT);

    // Assess
    expect(timer.status, JSON.stringify(timer.body)).toBe(200);
    expect(
      timer.body.proposals.map((p: any) => [p.proposal_id, p.reg_num, p.status, p.matched_flight_id]),
    ).toEqual([
      ['DD4012-1810382530000', 'HA-4012', 'open', waiting.body.flight_id],
      ['DD4370-1810382600000', 'HA-4370', 'open', null],
    ]);
    expect(pilot.status).toBe(200);
    expect(pilot.body.proposals).toEqual([]);
  });

  it('confirming into the matched flight applies the detected times; the counters move once', async () => {
    // Prepare
    const day = '2027-05-16';
    const planned = await platform.invoke('createSheetFlight', {
      sub: INSTRUCTOR,
      params: { date: day },
      body: { plane_id: 'plane-ha-4370', takeoff_type_id: 3, pic_id: 'user-pilot' },
    });
    const p = await seed({
      date: day,
      proposal_id: 'DD4370-1810468800000',
      plane_id: 'plane-ha-4370',
      reg_num: 'HA-4370',
      address: 'DD4370',
      takeoff_time: '2027-05-16T10:00:00.000Z',
      landing_time: '2027-05-16T10:42:00.000Z',
      takeoff_type_id: 3,
    });
    const before = await plane('plane-ha-4370');

    // Act
    const res = await platform.invoke('confirmProposal', {
      sub: INSTRUCTOR,
      params: { date: day, id: p.proposal_id },
      body: { version: 1, flight_id: planned.body.flight_id },
    });
    const again = await platform.invoke('confirmProposal', {
      sub: INSTRUCTOR,
      params: { date: day, id: p.proposal_id },
      body: { version: 2, flight_id: planned.body.flight_id },
    });

    // Assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.flight).toMatchObject({
      flight_id: planned.body.flight_id,
      status: 'landed',
      takeoff_time: '2027-05-16T10:00:00.000Z',
      landing_time: '2027-05-16T10:42:00.000Z',
      flight_time: 42,
      source: 'daily_sheet',
      pic_id: 'user-pilot',
      takeoff_airport: 'LHDK',
    });
    expect(res.body.proposal).toMatchObject({
      status: 'confirmed',
      flight_id: planned.body.flight_id,
      matched_flight_id: planned.body.flight_id,
      version: 2,
    });
    expect(again.status).toBe(409);
    const after = await plane('plane-ha-4370');
    expect(after.counter_takeoff - before.counter_takeoff).toBe(1);
    expect(after.current_counter_flight - before.current_counter_flight).toBe(42);
    const stored = await proposalOf(day, p.proposal_id);
    expect(stored).toMatchObject({ status: 'confirmed', confirmed_by: 'user-instructor', version: 2 });
    expect((await sheet(day)).body.proposals).toEqual([]);
    expect(await flightsOf(day, 'plane-ha-4370')).toHaveLength(1);
    const changed = pushes.filter((m) => m.payload.type === 'proposal.changed');
    expect(changed).toEqual([
      {
        topic: `org/${ORG}/daily-flight/${day}`,
        payload: { type: 'proposal.changed', proposal: expect.objectContaining({ status: 'confirmed' }) },
      },
    ]);
    const log = await db()
      .entities.action.query.byOrganization({ organization_id: ORG })
      .go({ pages: 'all' });
    expect(
      log.data.some((a) => a.action === 'flight_proposal.confirm' && a.target_id === p.proposal_id),
    ).toBe(true);
  });

  it('confirming an unmatched proposal records a new flight from it (source ogn), landed', async () => {
    const day = '2027-05-17';
    const p = await seed({
      date: day,
      proposal_id: 'DD4012-1810555200000',
      plane_id: 'plane-ha-4012',
      reg_num: 'HA-4012',
      address: 'DD4012',
      takeoff_time: '2027-05-17T10:00:00.000Z',
      landing_time: '2027-05-17T10:07:00.000Z',
      takeoff_type_id: 3,
    });
    const before = await plane('plane-ha-4012');

    const res = await platform.invoke('confirmProposal', {
      sub: INSTRUCTOR,
      params: { date: day, id: p.proposal_id },
      body: { version: 1 },
    });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.flight).toMatchObject({
      source: 'ogn',
      status: 'landed',
      plane_id: 'plane-ha-4012',
      takeoff_type_id: 3,
      takeoff_airport: 'LHDK',
      takeoff_time: '2027-05-17T10:00:00.000Z',
      flight_time: 7,
      date: day,
    });
    expect((await plane('plane-ha-4012')).counter_takeoff - before.counter_takeoff).toBe(1);
    const listed = await sheet(day);
    expect(listed.body.flights.map((f: any) => f.flight_id)).toEqual([res.body.flight.flight_id]);
    expect(listed.body.proposals).toEqual([]);
    const sheets = await platform.invoke('listDailySheets', { sub: INSTRUCTOR });
    expect(sheets.body.items.map((s: any) => s.date)).toContain(day);
  });

  it('two operators confirming the same proposal at once: one flight, one 200 and one 409', async () => {
    const day = '2027-05-18';
    const p = await seed({
      date: day,
      proposal_id: 'DD4455-1810641600000',
      plane_id: 'plane-ha-4455',
      reg_num: 'HA-4455',
      address: 'DD4455',
      takeoff_time: '2027-05-18T10:00:00.000Z',
    });

    const results = await Promise.all(
      [1, 2].map(() =>
        platform.invoke('confirmProposal', {
          sub: INSTRUCTOR,
          params: { date: day, id: p.proposal_id },
          body: { version: 1 },
        }),
      ),
    );
    const later = await platform.invoke('confirmProposal', {
      sub: INSTRUCTOR,
      params: { date: day, id: p.proposal_id },
      body: { version: 2 },
    });

    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(later.status).toBe(409);
    const flights = await flightsOf(day, 'plane-ha-4455');
    expect(flights.map((f: any) => [f.status, f.source])).toEqual([['airborne', 'ogn']]);
  });

  it('a landing detected after the take-off was confirmed: shown on the flight, applied with one more tap', async () => {
    const day = '2027-05-19';
    const p = await seed({
      date: day,
      proposal_id: 'DD4012-1810728000000',
      plane_id: 'plane-ha-4012',
      reg_num: 'HA-4012',
      address: 'DD4012',
      takeoff_time: '2027-05-19T10:00:00.000Z',
      takeoff_type_id: 3,
    });
    const up = await platform.invoke('confirmProposal', {
      sub: INSTRUCTOR,
      params: { date: day, id: p.proposal_id },
      body: { version: 1 },
    });
    expect(up.body.flight.status).toBe('airborne');
    // The ingest extends the proposal with the landing it detected (a new version).
    await db()
      .entities.flightProposal.patch({ organization_id: ORG, date: day, proposal_id: p.proposal_id })
      .set({ landing_time: '2027-05-19T10:31:00.000Z', landing_airport: 'LHDK', version: 3 })
      .go();

    const shown = await sheet(day);
    const landed = await platform.invoke('confirmProposal', {
      sub: INSTRUCTOR,
      params: { date: day, id: p.proposal_id },
      body: { version: 3, flight_id: up.body.flight.flight_id },
    });

    expect(shown.body.proposals.map((x: any) => [x.status, x.matched_flight_id, x.landing_time])).toEqual([
      ['confirmed', up.body.flight.flight_id, '2027-05-19T10:31:00.000Z'],
    ]);
    expect(landed.status, JSON.stringify(landed.body)).toBe(200);
    expect(landed.body.flight).toMatchObject({ status: 'landed', flight_time: 31, landing_airport: 'LHDK' });
    expect((await sheet(day)).body.proposals).toEqual([]);
  });

  it('a detected aerotow: the glider confirmed with its tow plane, the tug proposal into the tow flight', async () => {
    const day = '2027-05-20';
    const glider = await seed({
      date: day,
      proposal_id: 'DD4455-1810814400000',
      plane_id: 'plane-ha-4455',
      reg_num: 'HA-4455',
      address: 'DD4455',
      takeoff_time: '2027-05-20T10:00:00.000Z',
      landing_time: '2027-05-20T11:10:00.000Z',
      takeoff_type_id: 5,
      tow_role: 'glider',
      tow_proposal_id: '4D2A11-1810814402000',
      tow_plane_id: 'plane-ha-sbx',
      release_height: 412.6,
    });
    await seed({
      date: day,
      proposal_id: '4D2A11-1810814402000',
      plane_id: 'plane-ha-sbx',
      reg_num: 'HA-SBX',
      address: '4D2A11',
      plane_category: 'plc_01',
      takeoff_time: '2027-05-20T10:00:02.000Z',
      landing_time: '2027-05-20T10:09:00.000Z',
      takeoff_type_id: 1,
      tow_role: 'tug',
      tow_proposal_id: 'DD4455-1810814400000',
    });

    const res = await platform.invoke('confirmProposal', {
      sub: INSTRUCTOR,
      params: { date: day, id: glider.proposal_id },
      body: { version: 1 },
    });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.flight).toMatchObject({
      takeoff_type_id: 5,
      tow_plane_id: 'plane-ha-sbx',
      tow_altitude: 413,
    });
    const tow = await platform.invoke('getFlight', {
      sub: INSTRUCTOR,
      params: { id: res.body.flight.tow_flight_id },
    });
    expect(tow.body).toMatchObject({
      plane_id: 'plane-ha-sbx',
      towed_flight_id: res.body.flight.flight_id,
      source: 'ogn',
      status: 'landed',
      takeoff_time: '2027-05-20T10:00:02.000Z',
      landing_time: '2027-05-20T10:09:00.000Z',
    });
    expect(await proposalOf(day, '4D2A11-1810814402000')).toMatchObject({
      status: 'confirmed',
      flight_id: res.body.flight.tow_flight_id,
    });
    expect((await sheet(day)).body.flights).toHaveLength(2);
    expect((await sheet(day)).body.proposals).toEqual([]);
  });

  it('a manual aerotow matched: the glider takes the detected times and release height, its tow flight the tug’s', async () => {
    const day = '2027-05-24';
    const manual = await platform.invoke('createSheetFlight', {
      sub: INSTRUCTOR,
      params: { date: day },
      body: {
        plane_id: 'plane-ha-4455',
        takeoff_type_id: 5,
        pic_id: 'user-pilot',
        tow_plane_id: 'plane-ha-sbx',
        tow_pilot_id: 'user-instructor',
      },
    });
    expect(manual.status, JSON.stringify(manual.body)).toBe(200);
    const glider = await seed({
      date: day,
      proposal_id: 'DD4455-1811160000000',
      plane_id: 'plane-ha-4455',
      reg_num: 'HA-4455',
      address: 'DD4455',
      takeoff_time: '2027-05-24T10:00:00.000Z',
      takeoff_type_id: 5,
      tow_role: 'glider',
      tow_proposal_id: '4D2A11-1811160001000',
      tow_plane_id: 'plane-ha-sbx',
      release_height: 380,
    });
    await seed({
      date: day,
      proposal_id: '4D2A11-1811160001000',
      plane_id: 'plane-ha-sbx',
      reg_num: 'HA-SBX',
      address: '4D2A11',
      plane_category: 'plc_01',
      takeoff_time: '2027-05-24T10:00:01.000Z',
      landing_time: '2027-05-24T10:08:00.000Z',
      takeoff_type_id: 1,
      tow_role: 'tug',
      tow_proposal_id: 'DD4455-1811160000000',
    });
    const shown = await sheet(day);
    expect(shown.body.proposals.map((p: any) => [p.reg_num, p.matched_flight_id])).toEqual([
      ['HA-4455', manual.body.flight_id],
      ['HA-SBX', manual.body.tow_flight_id],
    ]);

    const res = await platform.invoke('confirmProposal', {
      sub: INSTRUCTOR,
      params: { date: day, id: glider.proposal_id },
      body: { version: 1, flight_id: manual.body.flight_id },
    });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.flight).toMatchObject({
      status: 'airborne',
      takeoff_time: '2027-05-24T10:00:00.000Z',
      tow_altitude: 380,
      tow_flight_id: manual.body.tow_flight_id,
    });
    const tow = await platform.invoke('getFlight', {
      sub: INSTRUCTOR,
      params: { id: manual.body.tow_flight_id },
    });
    expect(tow.body).toMatchObject({
      status: 'landed',
      takeoff_time: '2027-05-24T10:00:01.000Z',
      landing_time: '2027-05-24T10:08:00.000Z',
      pic_id: 'user-instructor',
    });
    expect(await proposalOf(day, '4D2A11-1811160001000')).toMatchObject({
      status: 'confirmed',
      flight_id: manual.body.tow_flight_id,
    });
    expect((await sheet(day)).body.flights).toHaveLength(2);
  });

  it('the tug confirmed first: the glider confirmed later is paired with that tow flight, no second one', async () => {
    const day = '2027-05-25';
    const glider = await seed({
      date: day,
      proposal_id: 'DD4370-1811246400000',
      plane_id: 'plane-ha-4370',
      reg_num: 'HA-4370',
      address: 'DD4370',
      takeoff_time: '2027-05-25T10:00:00.000Z',
      takeoff_type_id: 5,
      tow_role: 'glider',
      tow_proposal_id: '4D2A11-1811246401000',
      tow_plane_id: 'plane-ha-sbx',
    });
    const tug = await seed({
      date: day,
      proposal_id: '4D2A11-1811246401000',
      plane_id: 'plane-ha-sbx',
      reg_num: 'HA-SBX',
      address: '4D2A11',
      plane_category: 'plc_01',
      takeoff_time: '2027-05-25T10:00:01.000Z',
      takeoff_type_id: 1,
      tow_role: 'tug',
      tow_proposal_id: 'DD4370-1811246400000',
    });

    const first = await platform.invoke('confirmProposal', {
      sub: INSTRUCTOR,
      params: { date: day, id: tug.proposal_id },
      body: { version: 1 },
    });
    const second = await platform.invoke('confirmProposal', {
      sub: INSTRUCTOR,
      params: { date: day, id: glider.proposal_id },
      body: { version: 1 },
    });

    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.flight).toMatchObject({ plane_id: 'plane-ha-sbx', takeoff_type_id: 1, source: 'ogn' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.flight.tow_flight_id).toBe(first.body.flight.flight_id);
    const tow = await platform.invoke('getFlight', {
      sub: INSTRUCTOR,
      params: { id: first.body.flight.flight_id },
    });
    expect(tow.body.towed_flight_id).toBe(second.body.flight.flight_id);
    expect((await sheet(day)).body.flights).toHaveLength(2);
  });

  it('dismissing: gone from the sheet, a second dismissal or a confirmation is a 409', async () => {
    const day = '2027-05-21';
    const p = await seed({
      date: day,
      proposal_id: 'DD4370-1810900800000',
      plane_id: 'plane-ha-4370',
      reg_num: 'HA-4370',
      address: 'DD4370',
      takeoff_time: '2027-05-21T10:00:00.000Z',
    });

    const stale = await platform.invoke('dismissProposal', {
      sub: INSTRUCTOR,
      params: { date: day, id: p.proposal_id },
      body: { version: 7 },
    });
    const res = await platform.invoke('dismissProposal', {
      sub: INSTRUCTOR,
      params: { date: day, id: p.proposal_id },
      body: { version: 1 },
    });
    const twice = await platform.invoke('dismissProposal', {
      sub: INSTRUCTOR,
      params: { date: day, id: p.proposal_id },
      body: { version: 2 },
    });
    const confirm = await platform.invoke('confirmProposal', {
      sub: INSTRUCTOR,
      params: { date: day, id: p.proposal_id },
      body: { version: 2 },
    });

    expect(stale.status).toBe(409);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'dismissed', version: 2, matched_flight_id: null });
    expect([twice.status, confirm.status]).toEqual([409, 409]);
    expect((await sheet(day)).body.proposals).toEqual([]);
    expect((await sheet(day)).body.flights).toEqual([]);
    expect(pushes.filter((m) => m.payload.type === 'proposal.changed')).toHaveLength(1);
  });

  it('a flight of another aircraft or another day is refused as the target (422), nothing changes', async () => {
    const day = '2027-05-22';
    const other = await platform.invoke('createSheetFlight', {
      sub: INSTRUCTOR,
      params: { date: day },
      body: { plane_id: 'plane-ha-4370', takeoff_type_id: 3 },
    });
    const p = await seed({
      date: day,
      proposal_id: 'DD4012-1810987200000',
      plane_id: 'plane-ha-4012',
      reg_num: 'HA-4012',
      address: 'DD4012',
      takeoff_time: '2027-05-22T10:00:00.000Z',
    });

    const res = await platform.invoke('confirmProposal', {
      sub: INSTRUCTOR,
      params: { date: day, id: p.proposal_id },
      body: { version: 1, flight_id: other.body.flight_id },
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ flight_id: ['invalid_value'] });
    expect((await proposalOf(day, p.proposal_id)).status).toBe('open');
  });

  it('another organization gets 404; a member without daily-flight-edit gets 403', async () => {
    const day = '2027-05-23';
    const p = await seed({
      date: day,
      proposal_id: 'DD4012-1811073600000',
      plane_id: 'plane-ha-4012',
      reg_num: 'HA-4012',
      address: 'DD4012',
      takeoff_time: '2027-05-23T10:00:00.000Z',
    });
    const params = { date: day, id: p.proposal_id };

    const foreign = await platform.invoke('confirmProposal', {
      sub: ALPINE_ADMIN,
      params,
      body: { version: 1 },
    });
    const foreignDismiss = await platform.invoke('dismissProposal', {
      sub: ALPINE_ADMIN,
      params,
      body: { version: 1 },
    });
    const foreignSheet = await sheet(day, ALPINE_ADMIN);
    const member = await platform.invoke('confirmProposal', { sub: PILOT, params, body: { version: 1 } });
    const memberDismiss = await platform.invoke('dismissProposal', {
      sub: PILOT,
      params,
      body: { version: 1 },
    });

    expect([foreign.status, foreignDismiss.status]).toEqual([404, 404]);
    expect(foreignSheet.body.proposals).toEqual([]);
    expect([member.status, memberDismiss.status]).toEqual([403, 403]);
    expect(await proposalOf(day, p.proposal_id)).toMatchObject({ status: 'open', version: 1 });
  });
});
