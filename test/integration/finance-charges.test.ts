import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonFlights } from '../../bin/local/seed-flights.ts';
import { addDays } from '../../contracts/calendar.ts';
import { eventSource } from '../../contracts/events.ts';
import { chargeFlights } from '../../functions/finance/events.ts';
import { ledgerStore } from '../../functions/finance/ledger-store.ts';
import { createEventHandler } from '../../functions/platform/events/consumer.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Flight charges follow events, not calls (issue 14 §2, §5): the flights domain announces
 * `flight.changed` and the finance consumer prices and posts — here on a bus that delivers every
 * event TWICE and OUT OF ORDER. A correction reverses exactly and posts anew; a deletion leaves
 * reversals only; whatever the order, the charge ends as the newest version says.
 */
const TIMER = subOf('instructor@demo.windsock.aero');
const FINANCE = subOf('finance@demo.windsock.aero');
const PILOT = subOf('pilot@demo.windsock.aero');
const ORG = 'org-demo';
/**
 * A summer day on which the seeded season (relative to today: bin/local/seed-flights.ts) has no flight, so the
 * LS 4's daily cap is this test's own.
 */
const DATE = (() => {
  const flown = new Set(seasonFlights(new Date().toISOString().slice(0, 10)).map((f) => f.date));
  let date = '2026-08-22';
  while (flown.has(date)) date = addDays(date, 1);
  return date;
})();

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform({ events: { duplicate: true, shuffle: true, seed: 14 } });
});
afterAll(async () => {
  await platform?.close();
});

const sheet = {
  create: (body: Record<string, unknown>) =>
    platform.invoke('createSheetFlight', { sub: TIMER, params: { date: DATE }, body }),
  update: (id: string, body: Record<string, unknown>) =>
    platform.invoke('updateSheetFlight', { sub: TIMER, params: { date: DATE, id }, body }),
  remove: (id: string, version: number) =>
    platform.invoke('deleteSheetFlight', {
      sub: TIMER,
      params: { date: DATE, id },
      query: { version: String(version) },
    }),
};

/** A winch launch of the LS 4 landed after `minutes`. */
const landed = (minutes: number, over: Record<string, unknown> = {}) => ({
  plane_id: 'plane-ha-4370',
  takeoff_type_id: 3,
  pic_id: 'user-simon',
  takeoff_time: `${DATE}T10:00:00Z`,
  landing_time: new Date(Date.parse(`${DATE}T10:00:00Z`) + minutes * 60_000).toISOString(),
  ...over,
});

const entriesOf = async (flightId: string) =>
  (await ledgerStore.allOrganizationEntries(ORG, DATE, DATE)).filter((e) => e.source_id === flightId);
const net = (entries: { amount: number }[]) => entries.reduce((s, e) => s + e.amount, 0);
const chargeOf = (flightId: string, sub = FINANCE) =>
  platform.invoke('getFlightCharge', { sub, params: { id: flightId } });

describe('a landed flight is charged to its payer, with its explanation', () => {
  it('landing posts one charge for the pilot in command, explained line by line', async () => {
    const before = (await ledgerStore.balance(ORG, 'user-simon'))?.balance ?? 0;

    const flight = await sheet.create(landed(45));
    await platform.events.drained();
    const charge = await chargeOf(flight.body.flight_id);
    const entries = await entriesOf(flight.body.flight_id);

    expect(flight.status, JSON.stringify(flight.body)).toBe(200);
    expect(platform.events.dead).toEqual([]);
    expect(charge.body.state).toBe('charged');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ user_id: 'user-simon', transaction_type: 'flight_charge' });
    expect(charge.body.explanation.total).toBe(-entries[0]!.amount);
    expect(charge.body.explanation.lines.map((l: { component: string }) => l.component)).toContain('launch');
    expect(charge.body.explanation.inputs).toMatchObject({
      flight_minutes: 45,
      launch_method: 'winch',
      reg_num: 'HA-4370',
    });
    expect((await ledgerStore.balance(ORG, 'user-simon'))?.balance).toBe(before + entries[0]!.amount);
  });

  it('a correction reverses the charge exactly and posts the new one; a deletion leaves only reversals', async () => {
    const flight = await sheet.create(landed(30));
    await platform.events.drained();
    const first = await entriesOf(flight.body.flight_id);

    const corrected = await sheet.update(flight.body.flight_id, {
      version: flight.body.version,
      landing_time: `${DATE}T11:30:00Z`,
    });
    await platform.events.drained();
    const afterCorrection = await entriesOf(flight.body.flight_id);
    await sheet.remove(flight.body.flight_id, corrected.body.version);
    await platform.events.drained();
    const afterDeletion = await entriesOf(flight.body.flight_id);
    const charge = await chargeOf(flight.body.flight_id);

    expect(first).toHaveLength(1);
    const reversal = afterCorrection.find((e) => e.reversal_of === first[0]!.entry_id)!;
    expect(reversal.amount).toBe(-first[0]!.amount);
    const fresh = afterCorrection.find((e) => !e.reversal_of && e.entry_id !== first[0]!.entry_id)!;
    // 90 minutes cost more than 30.
    expect(fresh.amount).toBeLessThan(first[0]!.amount);
    expect(net(afterCorrection)).toBe(fresh.amount);
    expect(net(afterDeletion)).toBe(0);
    expect(afterDeletion.filter((e) => !e.reversal_of).every((e) => e.reversed_by)).toBe(true);
    expect(charge.body).toMatchObject({ state: 'not_charged', entries: [] });
    expect(platform.events.dead).toEqual([]);
  });

  it('events delivered twice and out of order end in the state of the newest version (v3 before v2)', async () => {
    const flight = await sheet.create(landed(20, { pic_id: 'user-torok' }));
    await platform.events.drained();
    const v2 = await sheet.update(flight.body.flight_id, {
      version: flight.body.version,
      landing_time: `${DATE}T10:50:00Z`,
    });
    const v3 = await sheet.update(flight.body.flight_id, {
      version: v2.body.version,
      landing_time: `${DATE}T11:10:00Z`,
    });
    await platform.events.drained();
    const settled = await entriesOf(flight.body.flight_id);
    const standing = settled.filter((e) => !e.reversal_of && !e.reversed_by);

    // Old events arriving again, and the v2 one after v3: nothing moves.
    const envelope = (version: number) => ({
      'detail-type': 'flight.changed',
      source: eventSource('flights'),
      time: new Date().toISOString(),
      detail: {
        event_id: `flight.changed#${ORG}#${flight.body.flight_id}#v${version}`,
        organization_id: ORG,
        flight_id: flight.body.flight_id,
        version,
        change: 'corrected',
        plane_id: 'plane-ha-4370',
        date: DATE,
      },
    });
    await chargeFlights(envelope(v3.body.version));
    await chargeFlights(envelope(v2.body.version));
    await chargeFlights(envelope(v2.body.version));
    const again = await entriesOf(flight.body.flight_id);
    const charge = await chargeOf(flight.body.flight_id);

    expect(standing).toHaveLength(1);
    expect(standing[0]!.entry_id).toContain(`-v${v3.body.version}-`);
    expect(charge.body.priced_version).toBe(v3.body.version);
    expect(charge.body.explanation.inputs.flight_minutes).toBe(70);
    expect(again).toHaveLength(settled.length);
    expect(net(again)).toBe(standing[0]!.amount);
  });

  it("an aerotow: the tow plane's flight is priced for the glider's payer (the demo tariff has the tug's time in the tow by height)", async () => {
    const glider = await sheet.create({
      plane_id: 'plane-ha-4455',
      takeoff_type_id: 5,
      tow_plane_id: 'plane-ha-sbx',
      tow_pilot_id: 'user-technical',
      tow_altitude: 600,
      pic_id: 'user-fekete',
      takeoff_time: `${DATE}T12:00:00Z`,
    });
    const tow = await platform.invoke('getFlight', { sub: TIMER, params: { id: glider.body.tow_flight_id } });
    await platform.invoke('landSheetFlight', {
      sub: TIMER,
      params: { date: DATE, id: tow.body.flight_id },
      body: { version: tow.body.version, at: `${DATE}T12:09:00Z` },
    });
    const gliderNow = await platform.invoke('getFlight', {
      sub: TIMER,
      params: { id: glider.body.flight_id },
    });
    await platform.invoke('landSheetFlight', {
      sub: TIMER,
      params: { date: DATE, id: glider.body.flight_id },
      body: { version: gliderNow.body.version, at: `${DATE}T13:30:00Z` },
    });
    await platform.events.drained();

    const towCharge = await chargeOf(tow.body.flight_id);
    const gliderCharge = await chargeOf(glider.body.flight_id);

    // The demo tariff's rule prices the tug's minutes at 0 (the glider pays the tow by its height):
    // nothing to post, yet the explanation says so, for the glider's payer.
    expect(towCharge.body.state, JSON.stringify(towCharge.body)).toBe('no_charge');
    expect(towCharge.body.entries).toEqual([]);
    expect(towCharge.body.explanation.inputs.flight_role).toBe('tow');
    expect(towCharge.body.explanation.shares.map((s: { user_id: string }) => s.user_id)).toEqual([
      'user-fekete',
    ]);
    expect(towCharge.body.explanation.lines).toContainEqual(
      expect.objectContaining({ component: 'tow_time', rule_id: 'tug-in-tow', amount: 0 }),
    );
    expect(gliderCharge.body.entries.map((e: { user_id: string }) => e.user_id)).toEqual(['user-fekete']);
    expect(gliderCharge.body.explanation.inputs).toMatchObject({ launch_method: 'tow', tow_altitude: 600 });
  });
});

describe('who pays, and who may see it', () => {
  it('the treasurer splits a charge; the tow follows the glider; nobody pays a flight set to no charge', async () => {
    const flight = await sheet.create(landed(60, { pic_id: 'user-papp', sic_id: 'user-farkas' }));
    await platform.events.drained();
    const before = await chargeOf(flight.body.flight_id);

    const split = await platform.invoke('setFlightPayers', {
      sub: FINANCE,
      params: { id: flight.body.flight_id },
      body: {
        mode: 'custom',
        payers: [
          { user_id: 'user-papp', percent: 50 },
          { user_id: 'user-farkas', percent: 50 },
        ],
        version: before.body.version,
      },
    });
    const stale = await platform.invoke('setFlightPayers', {
      sub: FINANCE,
      params: { id: flight.body.flight_id },
      body: { mode: 'none', payers: [], version: before.body.version },
    });
    const none = await platform.invoke('setFlightPayers', {
      sub: FINANCE,
      params: { id: flight.body.flight_id },
      body: { mode: 'none', payers: [], version: split.body.version },
    });
    const entries = await entriesOf(flight.body.flight_id);

    expect(split.status, JSON.stringify(split.body)).toBe(200);
    expect(split.body.entries.map((e: { user_id: string }) => e.user_id).sort()).toEqual([
      'user-farkas',
      'user-papp',
    ]);
    expect(-net(split.body.entries)).toBe(before.body.explanation.total);
    expect(stale.status).toBe(409);
    expect(none.body).toMatchObject({ state: 'no_charge', entries: [], payers_mode: 'none' });
    expect(net(entries)).toBe(0);
  });

  it('a pilot sees the charge of a flight they flew, not one they did not; a split must add up to 100 %', async () => {
    const flight = await sheet.create(landed(15, { pic_id: 'user-pilot' }));
    const other = await sheet.create(landed(15, { pic_id: 'user-torok' }));
    await platform.events.drained();

    const own = await chargeOf(flight.body.flight_id, PILOT);
    const foreign = await chargeOf(other.body.flight_id, PILOT);
    const badSplit = await platform.invoke('setFlightPayers', {
      sub: FINANCE,
      params: { id: flight.body.flight_id },
      body: { mode: 'custom', payers: [{ user_id: 'user-pilot', percent: 60 }], version: own.body.version },
    });

    expect(own.status).toBe(200);
    expect(own.body.state).toBe('charged');
    expect(foreign.status).toBe(403);
    expect(badSplit.status).toBe(422);
    expect(badSplit.body.errors).toEqual({ payers: ['invalid_value'] });
  });
});

describe('a consumer that gets malformed events refuses them without charging', () => {
  it('an event from the wrong source is rejected', async () => {
    const outcome = await createEventHandler(['flight.changed'], async () => {
      throw new Error('must not run');
    })({ 'detail-type': 'flight.changed', source: 'windsock.finance', time: '', detail: {} });

    expect(outcome).toBe('rejected');
  });
});
