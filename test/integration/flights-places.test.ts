import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubEntryId } from '../../functions/flights/completion.ts';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Places on every flight (issue 13 §3) against the embedded DynamoDB: a flight recorded on the daily
 * sheet takes off from and lands at the day's airfield (the sheet's, else the base airport), an
 * outlanding keeps its own place, and a detected aerotow behind another club's tug keeps its
 * release height. Also the sheet's undo on the server: a take-off taken back grounds its tug.
 */
const INSTRUCTOR = subOf('instructor@demo.windsock.aero');
const PILOT = subOf('pilot@demo.windsock.aero');
const ORG = 'org-demo';

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const sheetFlight = async (date: string, body: Record<string, unknown>) => {
  const created = await platform.invoke('createSheetFlight', { sub: INSTRUCTOR, params: { date }, body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body;
};

const lineOf = async (userId: string, flightId: string) => {
  const { data } = await db()
    .entities.logbookEntry.query.byEntry({ user_id: userId, entry_id: clubEntryId(ORG, flightId) })
    .go({ limit: 1 });
  return data[0];
};

describe('places of the flights on the daily sheet', () => {
  it("takes the organization's base airport on a day without a sheet, on the flight and in the logbook", async () => {
    const flight = await sheetFlight('2027-06-01', {
      plane_id: 'plane-ha-4012',
      takeoff_type_id: 3,
      pic_id: 'user-pilot',
      takeoff_time: '2027-06-01T09:00:00Z',
      landing_time: '2027-06-01T09:08:00Z',
    });

    expect(flight).toMatchObject({ takeoff_airport: 'LHDK', landing_airport: 'LHDK' });
    expect(await lineOf('user-pilot', flight.flight_id)).toMatchObject({
      takeoff_airport: 'LHDK',
      landing_airport: 'LHDK',
    });
    const logbook = await platform.invoke('listLogbook', {
      sub: PILOT,
      params: { kind: 'glider' },
      query: { from: '2027-06-01', to: '2027-06-01' },
    });
    expect(logbook.body.items[0]).toMatchObject({ takeoff_airport: 'LHDK', landing_airport: 'LHDK' });
  });

  it("takes the sheet's airfield, for the glider and the tug it brings along", async () => {
    const saved = await platform.invoke('saveDailySheet', {
      sub: INSTRUCTOR,
      params: { date: '2027-06-02' },
      body: { airport: 'LHFH', version: 0 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const glider = await sheetFlight('2027-06-02', {
      plane_id: 'plane-ha-4455',
      takeoff_type_id: 5,
      pic_id: 'user-pilot',
      tow_plane_id: 'plane-ha-sbx',
      tow_pilot_id: 'user-instructor',
      takeoff_time: '2027-06-02T10:00:00Z',
    });
    const { data: tow } = await db()
      .entities.flight.get({ organization_id: ORG, date: '2027-06-02', flight_id: glider.tow_flight_id })
      .go();

    expect(glider).toMatchObject({ takeoff_airport: 'LHFH', landing_airport: 'LHFH' });
    expect(tow).toMatchObject({ takeoff_airport: 'LHFH', landing_airport: 'LHFH' });
  });

  it('keeps a place the operator gives (an outlanding), at creation and when corrected', async () => {
    const away = await sheetFlight('2027-06-03', {
      plane_id: 'plane-ha-4370',
      takeoff_type_id: 3,
      pic_id: 'user-pilot',
      landing_airport: 'LHNY',
      takeoff_time: '2027-06-03T11:00:00Z',
      landing_time: '2027-06-03T13:30:00Z',
    });
    expect(away).toMatchObject({ takeoff_airport: 'LHDK', landing_airport: 'LHNY' });

    const home = await sheetFlight('2027-06-03', {
      plane_id: 'plane-ha-4012',
      takeoff_type_id: 3,
      pic_id: 'user-pilot',
      takeoff_time: '2027-06-03T12:00:00Z',
      landing_time: '2027-06-03T14:00:00Z',
    });
    const corrected = await platform.invoke('updateSheetFlight', {
      sub: INSTRUCTOR,
      params: { date: '2027-06-03', id: home.flight_id },
      body: { landing_airport: 'LHKV', version: home.version },
    });

    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body).toMatchObject({ takeoff_airport: 'LHDK', landing_airport: 'LHKV' });
    expect(await lineOf('user-pilot', home.flight_id)).toMatchObject({ landing_airport: 'LHKV' });
  });

  it('does not move a flight recorded afterwards to the day airfield: its places are what was typed', async () => {
    const created = await platform.invoke('createFlight', {
      sub: subOf('admin@demo.windsock.aero'),
      body: {
        plane_id: 'plane-ha-4012',
        takeoff_type_id: 3,
        pic_id: 'user-pilot',
        takeoff_airport: 'LOWZ',
        takeoff_time: '2027-06-04T09:00:00Z',
        landing_time: '2027-06-04T09:20:00Z',
      },
    });

    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ takeoff_airport: 'LOWZ', landing_airport: null });
  });
});

/** A proposal as the tracking ingest stores it. */
const proposal = async (fields: Record<string, unknown>) =>
  (
    await db()
      .entities.flightProposal.create({
        organization_id: ORG,
        plane_category: 'plc_02',
        launch_inferred: true,
        ...fields,
      } as never)
      .go()
  ).data as { proposal_id: string; version: number };

describe('detected flights confirmed onto the sheet', () => {
  const date = '2027-06-05';

  it('an outlanding keeps its own place: another airfield, or none for a field', async () => {
    const atAirfield = await proposal({
      date,
      proposal_id: 'DD4370-1812261600000',
      address: 'DD4370',
      plane_id: 'plane-ha-4370',
      reg_num: 'HA-4370',
      takeoff_time: '2027-06-05T10:00:00.000Z',
      landing_time: '2027-06-05T12:10:00.000Z',
      takeoff_airport: 'LHDK',
      landing_airport: 'LHFH',
      outlanding: true,
      takeoff_type_id: 3,
    });
    const inAField = await proposal({
      date,
      proposal_id: 'DD4455-1812262000000',
      address: 'DD4455',
      plane_id: 'plane-ha-4455',
      reg_num: 'HA-4455',
      takeoff_time: '2027-06-05T11:00:00.000Z',
      landing_time: '2027-06-05T13:40:00.000Z',
      takeoff_airport: 'LHDK',
      outlanding: true,
      takeoff_type_id: 3,
    });

    const first = await platform.invoke('confirmProposal', {
      sub: INSTRUCTOR,
      params: { date, id: atAirfield.proposal_id },
      body: { version: atAirfield.version },
    });
    const second = await platform.invoke('confirmProposal', {
      sub: INSTRUCTOR,
      params: { date, id: inAField.proposal_id },
      body: { version: inAField.version },
    });

    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.flight).toMatchObject({
      takeoff_airport: 'LHDK',
      landing_airport: 'LHFH',
      status: 'landed',
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.flight).toMatchObject({ takeoff_airport: 'LHDK', landing_airport: null });
  });

  it("a detected landing elsewhere moves a waiting sheet flight's landing place from the day airfield", async () => {
    const waiting = await sheetFlight(date, {
      plane_id: 'plane-ha-4012',
      takeoff_type_id: 3,
      pic_id: 'user-pilot',
      takeoff_time: '2027-06-05T14:00:00Z',
    });
    expect(waiting.landing_airport).toBe('LHDK');
    const detected = await proposal({
      date,
      proposal_id: 'DD4012-1812290400000',
      address: 'DD4012',
      plane_id: 'plane-ha-4012',
      reg_num: 'HA-4012',
      takeoff_time: '2027-06-05T14:00:00.000Z',
      landing_time: '2027-06-05T15:30:00.000Z',
      takeoff_airport: 'LHDK',
      landing_airport: 'LHNY',
      outlanding: true,
      takeoff_type_id: 3,
    });

    const applied = await platform.invoke('confirmProposal', {
      sub: INSTRUCTOR,
      params: { date, id: detected.proposal_id },
      body: { version: detected.version, flight_id: waiting.flight_id },
    });

    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.flight).toMatchObject({ landing_airport: 'LHNY', status: 'landed' });
  });

  it("an aerotow behind another club's tug is a tow with its release height, and no tow plane of ours", async () => {
    const towed = await proposal({
      date,
      proposal_id: 'DD4370-1812294000000',
      address: 'DD4370',
      plane_id: 'plane-ha-4370',
      reg_num: 'HA-4370',
      takeoff_time: '2027-06-05T16:00:00.000Z',
      landing_time: '2027-06-05T16:45:00.000Z',
      takeoff_airport: 'LHDK',
      landing_airport: 'LHDK',
      takeoff_type_id: 5,
      tow_role: 'glider',
      release_height: 612.4,
    });

    const confirmed = await platform.invoke('confirmProposal', {
      sub: INSTRUCTOR,
      params: { date, id: towed.proposal_id },
      body: { version: towed.version },
    });

    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.flight).toMatchObject({
      takeoff_type_id: 5,
      tow_altitude: 612,
      tow_plane_id: null,
      tow_flight_id: null,
    });
  });
});

describe("the sheet's undo on the server", () => {
  it("a glider's take-off taken back grounds the tug that left with it; a landing taken back is airborne", async () => {
    const date = '2027-06-06';
    const glider = await sheetFlight(date, {
      plane_id: 'plane-ha-4455',
      takeoff_type_id: 5,
      pic_id: 'user-pilot',
      tow_plane_id: 'plane-ha-sbx',
      tow_pilot_id: 'user-instructor',
    });
    const up = await platform.invoke('takeOffSheetFlight', {
      sub: INSTRUCTOR,
      params: { date, id: glider.flight_id },
      body: { at: '2027-06-06T10:00:00.000Z', version: glider.version },
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);

    const back = await platform.invoke('updateSheetFlight', {
      sub: INSTRUCTOR,
      params: { date, id: glider.flight_id },
      body: { takeoff_time: null, status: 'planned', version: up.body.version },
    });
    const { data: tug } = await db()
      .entities.flight.get({ organization_id: ORG, date, flight_id: glider.tow_flight_id })
      .go();

    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ status: 'planned', takeoff_time: null });
    expect(tug?.status).toBe('planned');
    expect(tug?.takeoff_time).toBeUndefined();

    // Up again and landed, then the landing taken back: airborne, its logbook line gone again.
    const again = await platform.invoke('takeOffSheetFlight', {
      sub: INSTRUCTOR,
      params: { date, id: glider.flight_id },
      body: { at: '2027-06-06T10:05:00.000Z', version: back.body.version },
    });
    const landed = await platform.invoke('landSheetFlight', {
      sub: INSTRUCTOR,
      params: { date, id: glider.flight_id },
      body: { at: '2027-06-06T10:50:00.000Z', version: again.body.version },
    });
    expect(await lineOf('user-pilot', glider.flight_id)).toBeDefined();
    const airborne = await platform.invoke('updateSheetFlight', {
      sub: INSTRUCTOR,
      params: { date, id: glider.flight_id },
      body: { landing_time: null, status: 'airborne', version: landed.body.version },
    });
    const stale = await platform.invoke('updateSheetFlight', {
      sub: INSTRUCTOR,
      params: { date, id: glider.flight_id },
      body: { landing_time: null, status: 'airborne', version: landed.body.version },
    });

    expect(airborne.status, JSON.stringify(airborne.body)).toBe(200);
    expect(airborne.body).toMatchObject({ status: 'airborne', landing_time: null, flight_time: null });
    expect(await lineOf('user-pilot', glider.flight_id)).toBeUndefined();
    expect(stale.status).toBe(409);
  });
});
