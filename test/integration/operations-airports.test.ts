import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outlanding } from '../../bin/local/ogn-sim.ts';
import { instantIn, todayIn } from '../../contracts/calendar.ts';
import { db } from '../../functions/platform/db/service.ts';
import { ingestBatch } from '../../functions/tracking/ingest.ts';
import { resetIngestCachesForTests } from '../../functions/tracking/ingest-caches.ts';
import { batchesOf } from '../helpers/ogn.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Airports and airport operations (issue 15 §1–3) on the embedded stack: a supervisor adds and
 * edits an airport with runways and a landing-fee table (bad input is a 422 per field), the OGN
 * detection uses a new airport at once, and a movement at the club's airfield posts its fee to the
 * payer's ledger exactly once.
 */
const supervisor = subOf('supervisor@demo.windsock.aero');
const admin = subOf('admin@demo.windsock.aero');
const pilot = subOf('pilot@demo.windsock.aero');
const ORG = 'org-demo';
const TZ = 'Europe/Budapest';

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
  resetIngestCachesForTests();
});
afterAll(async () => {
  await platform?.close();
});

const airportBody = (extra: Record<string, unknown> = {}) => ({
  icao: 'LHXO',
  iata_faa: null,
  name: 'Őrbottyán-rét',
  latitude: 47.705,
  longitude: 19.43,
  altitude: 190,
  airport_category: 'glider_site',
  show_in_map: true,
  country: 'HU',
  city: 'Őrbottyán',
  runways: [{ designator: '07/25', heading: 70, length: 800, width: 40, surface: 'grass' }],
  landing_fees: [],
  fee_currency_id: 'HUF',
  version: 0,
  ...extra,
});

describe('airports', () => {
  it('are the supervisor’s: a member is refused, bad input is a 422 per field', async () => {
    expect((await platform.invoke('listAirports', { sub: pilot })).status).toBe(403);
    expect((await platform.invoke('createAirport', { sub: pilot, body: airportBody() })).status).toBe(403);
    const bad = await platform.invoke('createAirport', {
      sub: supervisor,
      body: airportBody({
        icao: 'lh',
        latitude: 91,
        runways: [{ designator: '', heading: 400, length: 0, width: null, surface: 'ice' }],
        landing_fees: [
          {
            valid_from: '2026-13-01',
            mtow_min: 0,
            mtow_max: null,
            purpose: 'any',
            time_from: null,
            time_to: null,
            amount: -1,
          },
        ],
      }),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(
      [
        'icao',
        'latitude',
        'landing_fees.0.amount',
        'landing_fees.0.valid_from',
        'runways.0.designator',
        'runways.0.heading',
        'runways.0.length',
        'runways.0.surface',
      ].sort(),
    );
    const taken = await platform.invoke('createAirport', {
      sub: supervisor,
      body: airportBody({ icao: 'LHDK' }),
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ icao: ['duplicate_value'] });
  });

  it('an airport added through the API is used by the OGN detection at once', async () => {
    // Yesterday afternoon in Budapest: two outlandings in the same field, before and after it is an airport.
    const yesterday = todayIn(TZ, new Date(Date.now() - 86_400_000));
    const first = outlanding({ start: new Date(instantIn(yesterday, '13:00', TZ)) });
    const second = outlanding({ start: new Date(instantIn(yesterday, '15:00', TZ)) });
    const ingest = async (stream: typeof first) => {
      for (const batch of batchesOf(stream)) await ingestBatch(batch, { publish: async () => {} });
    };
    const landings = async () =>
      (
        await db()
          .entities.flightProposal.query.byDay({ organization_id: ORG, date: yesterday })
          .go({ pages: 'all' })
      ).data
        .filter((p) => p.address === 'DD4455')
        .sort((a, b) => a.landing_time!.localeCompare(b.landing_time!));

    await ingest(first);
    expect((await landings()).map((p) => p.landing_airport ?? null)).toEqual([null]);

    const made = await platform.invoke('createAirport', { sub: supervisor, body: airportBody() });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ airport_id: 'lhxo', icao: 'LHXO', version: 1 });
    // The ingest reads the airports' revision at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await ingest(second);

    const [before, after] = await landings();
    expect(before!.landing_airport).toBeUndefined();
    expect(after).toMatchObject({ landing_airport: 'LHXO', outlanding: false });
  });

  it('saves runways and the fee table at the version read; a stale version is a 409', async () => {
    const read = await platform.invoke('getAirport', { sub: supervisor, params: { id: 'lhxo' } });
    expect(read.status).toBe(200);
    const fees = [
      {
        valid_from: '2026-01-01',
        mtow_min: 0,
        mtow_max: 750,
        purpose: 'any',
        time_from: null,
        time_to: null,
        amount: 200000,
      },
    ];
    const saved = await platform.invoke('updateAirport', {
      sub: supervisor,
      params: { id: 'lhxo' },
      body: airportBody({ landing_fees: fees, city: null, version: read.body.version }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ landing_fees: fees, city: null, version: 2 });
    const stale = await platform.invoke('updateAirport', {
      sub: supervisor,
      params: { id: 'lhxo' },
      body: airportBody({ version: read.body.version }),
    });
    expect(stale.status).toBe(409);
    const list = await platform.invoke('listAirports', { sub: supervisor, query: { limit: '100' } });
    expect(list.status).toBe(200);
    expect(list.body.items.map((a: { icao: string }) => a.icao)).toEqual(
      expect.arrayContaining(['LHDK', 'LHXO']),
    );
  });
});

describe('airport operations', () => {
  // The club's airfield (LHDK) gets a table of its own: private 2 500 Ft, training 1 500 Ft up to 750 kg.
  beforeAll(async () => {
    const home = await platform.invoke('getAirport', { sub: supervisor, params: { id: 'lhdk' } });
    const row = { valid_from: '2020-01-01', mtow_min: 0, mtow_max: 750, time_from: null, time_to: null };
    const saved = await platform.invoke('updateAirport', {
      sub: supervisor,
      params: { id: 'lhdk' },
      body: {
        ...home.body,
        airport_id: undefined,
        updated_at: undefined,
        landing_fees: [
          { ...row, purpose: 'training', amount: 150000 },
          { ...row, purpose: 'any', amount: 250000 },
        ],
        fee_currency_id: 'HUF',
      },
    });
    expect(saved.status).toBe(200);
  });

  const movement = (extra: Record<string, unknown> = {}) => ({
    movement: 'arrival',
    time: new Date().toISOString(),
    registration: 'D-KXYZ',
    plane_type: 'ASK 21',
    mtow: 600,
    pilot_name: 'Visiting Pilot',
    pilot_id: null,
    payer_id: null,
    purpose: 'private',
    payment: 'cash',
    comment: null,
    version: 0,
    ...extra,
  });

  it('records a visitor paying cash with the fee from the table, and 422s per field', async () => {
    const bad = await platform.invoke('createAirportOperation', {
      sub: admin,
      body: movement({ registration: '', mtow: 0, payment: 'ledger', time: 'yesterday' }),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['mtow', 'registration', 'time']);
    const noPayer = await platform.invoke('createAirportOperation', {
      sub: admin,
      body: movement({ payment: 'ledger' }),
    });
    expect(noPayer.status).toBe(422);
    expect(noPayer.body.errors).toEqual({ payer_id: ['field_required'] });
    expect((await platform.invoke('createAirportOperation', { sub: pilot, body: movement() })).status).toBe(
      403,
    );

    const made = await platform.invoke('createAirportOperation', { sub: admin, body: movement() });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      airport_icao: 'LHDK',
      payment: 'cash',
      posted_entry_id: null,
      can_edit: true,
    });
    expect(made.body.fee).toBe(250000);
    const day = await platform.invoke('listAirportOperations', { sub: admin });
    expect(day.status).toBe(200);
    expect(day.body.items.map((o: { operation_id: string }) => o.operation_id)).toContain(
      made.body.operation_id,
    );
  });

  it('posts the fee to the payer’s ledger once; the posted movement is read only', async () => {
    const made = await platform.invoke('createAirportOperation', {
      sub: admin,
      body: movement({
        payment: 'ledger',
        pilot_id: 'user-pilot',
        pilot_name: 'Demo Pilot',
        registration: 'HA-4012',
      }),
    });
    expect(made.status).toBe(200);
    const id = made.body.operation_id as string;
    expect(made.body).toMatchObject({ payer_id: 'user-pilot', posted_entry_id: `ao-${id}`, can_edit: false });
    expect(made.body.fee).toBe(250000);
    const entries = async () =>
      (
        await db()
          .entities.ledgerEntry.query.byId({ organization_id: ORG, entry_id: `ao-${id}` })
          .go()
      ).data;
    expect(await entries()).toEqual([
      expect.objectContaining({ user_id: 'user-pilot', amount: -made.body.fee, source: 'airport' }),
    ]);
    // Changing or deleting the posted movement is refused; nothing is posted twice.
    const again = await platform.invoke('updateAirportOperation', {
      sub: admin,
      params: { id },
      body: movement({ payment: 'ledger', pilot_id: 'user-pilot', version: made.body.version }),
    });
    expect(again.status).toBe(409);
    expect((await platform.invoke('deleteAirportOperation', { sub: admin, params: { id } })).status).toBe(
      409,
    );
    expect(await entries()).toHaveLength(1);
  });

  it('deletes an unposted movement; another club cannot see it', async () => {
    const made = await platform.invoke('createAirportOperation', {
      sub: admin,
      body: movement({ payment: 'none' }),
    });
    expect(made.body.fee).toBeNull();
    const id = made.body.operation_id as string;
    const other = await platform.invoke('getAirportOperation', {
      sub: subOf('admin@alpine.windsock.aero'),
      params: { id },
    });
    expect([403, 404]).toContain(other.status);
    expect((await platform.invoke('deleteAirportOperation', { sub: admin, params: { id } })).status).toBe(
      204,
    );
    expect((await platform.invoke('getAirportOperation', { sub: admin, params: { id } })).status).toBe(404);
  });
});
