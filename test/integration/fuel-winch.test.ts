import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../contracts/calendar.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Fuel, winch and vehicles (issue 15 §3, §4) on the embedded DynamoDB, with a bus that delivers
 * every event TWICE and OUT OF ORDER: a tank's stock moves with each operation (two dispenses at
 * once both count), a dispense charged to a pilot reaches their ledger once, an operation the tank
 * cannot give is a 422 and nothing moves; the winch operator needs a winch permit; a day's winch log
 * is filled from the daily sheet's winch launches.
 */
const ADMIN = subOf('admin@demo.windsock.aero');
const PILOT = subOf('pilot@demo.windsock.aero');
const today = todayIn('Europe/Budapest');

let platform: Platform;
let tankId: string;
beforeAll(async () => {
  platform = await startPlatform({ events: { duplicate: true, shuffle: true, seed: 15 } });
  const tank = await platform.invoke('createFuelSource', {
    sub: ADMIN,
    body: {
      source_type: 'tank',
      name: 'Teszt AVGAS',
      fuel_type: 'avgas_100ll',
      capacity: 1000,
      price_per_litre: 50_000,
      active: true,
      version: 0,
    },
  });
  expect(tank.status, JSON.stringify(tank.body)).toBe(200);
  tankId = tank.body.source_id;
});
afterAll(async () => {
  await platform?.close();
});

const operation = (body: Record<string, unknown>) =>
  platform.invoke('createFuelOperation', {
    sub: ADMIN,
    body: { source_type: 'tank', source_id: tankId, fuel_type: 'avgas_100ll', date: today, ...body },
  });
const stock = async () => {
  const list = await platform.invoke('listFuelSources', { sub: ADMIN });
  return list.body.items.find((s: { source_id: string }) => s.source_id === tankId).stock as number;
};
const fuelCharges = async () => {
  const answer = await platform.invoke('searchOwnTransactions', {
    sub: PILOT,
    body: { from: '2020-01-01', to: '2099-12-31', type: 'fuel_charge' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.items as { amount: number; source_id: string | null }[];
};

describe('fuel operations', () => {
  it('keeps the tank’s stock: a refill, two dispenses at once both counted, each charged to the pilot once', async () => {
    expect((await operation({ kind: 'refill', fuel_quantity: 500 })).status).toBe(200);
    const [a, b] = await Promise.all([
      operation({ kind: 'dispense', fuel_quantity: 100, user_id: 'user-pilot' }),
      operation({ kind: 'dispense', fuel_quantity: 50, user_id: 'user-pilot', fuel_start: 10, fuel_end: 60 }),
    ]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200]);
    expect(await stock()).toBe(350);
    expect(a.body).toMatchObject({ amount: 5_000_000, currency_id: 'HUF', user_id: 'user-pilot' });

    await platform.events.drained();
    const charges = (await fuelCharges()).filter((c) =>
      [a.body.operation_id, b.body.operation_id].includes(c.source_id),
    );
    expect(charges.map((c) => c.amount).sort((x, y) => x - y)).toEqual([-5_000_000, -2_500_000]);

    const tankPage = await platform.invoke('listFuelOperations', {
      sub: ADMIN,
      query: { source_type: 'tank', source_id: tankId, kind: 'dispense' },
    });
    expect(tankPage.status).toBe(200);
    expect(tankPage.body.items).toHaveLength(2);
  });

  it('refuses what the tank cannot give, a wrong fuel or meter readings that disagree, and moves nothing', async () => {
    const before = await stock();
    const tooMuch = await operation({ kind: 'dispense', fuel_quantity: 5000 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors).toEqual({ fuel_quantity: ['fuel_stock_insufficient'] });
    const wrongFuel = await operation({ kind: 'dispense', fuel_quantity: 5, fuel_type: 'diesel' });
    expect(wrongFuel.body.errors).toEqual({ fuel_type: ['fuel_type_mismatch'] });
    const meters = await operation({ kind: 'dispense', fuel_quantity: 5, fuel_start: 100, fuel_end: 110 });
    expect(meters.body.errors).toEqual({ fuel_end: ['fuel_meter_mismatch'] });
    expect(await stock()).toBe(before);
  });

  it('records a vehicle trip with its fuel as a dispense from the tank into the vehicle', async () => {
    const trip = await platform.invoke('createVehicleTrip', {
      sub: ADMIN,
      params: { id: 'vehicle-tow-car' },
      body: {
        date: today,
        driver_id: 'user-pilot',
        purpose: 'Kötélvisszahúzás',
        km_start: 10,
        km_end: 14,
        fuel_quantity: 20,
        tank_id: 'tank-mogas',
      },
    });
    expect(trip.status, JSON.stringify(trip.body)).toBe(200);
    expect(trip.body.fuel_operation_id).toEqual(expect.any(String));
    const ofVehicle = await platform.invoke('listFuelOperations', {
      sub: ADMIN,
      query: { source_type: 'vehicle', source_id: 'vehicle-tow-car' },
    });
    expect(ofVehicle.body.items[0]).toMatchObject({
      kind: 'dispense',
      fuel_quantity: 20,
      tank_id: 'tank-mogas',
    });
  });
});

describe('the winch log', () => {
  const day = addDays(today, -100);
  const save = (body: Record<string, unknown>) =>
    platform.invoke('saveWinchLog', {
      sub: ADMIN,
      params: { date: day, id: 'vehicle-winch' },
      body: { launches: 2, cable_breaks: 1, weak_links: 0, version: 0, ...body },
    });

  it('shows the seeded season’s winch logs, newest first', async () => {
    const logs = await platform.invoke('listWinchLogs', { sub: ADMIN });
    expect(logs.status).toBe(200);
    expect(logs.body.items.length).toBeGreaterThan(0);
    expect(logs.body.items[0]).toMatchObject({ winch_id: 'vehicle-winch', operator_id: 'user-papp' });
    expect(logs.body.items[0].launches).toBeGreaterThan(0);
  });

  it('is filled from the daily sheet’s winch launches', async () => {
    for (const [hour, pic] of [
      ['10', 'user-pilot'],
      ['11', 'user-student'],
    ]) {
      const flight = await platform.invoke('createFlight', {
        sub: ADMIN,
        body: {
          plane_id: 'plane-ha-4370',
          takeoff_type_id: 3,
          takeoff_time: `${day}T${hour}:00:00Z`,
          landing_time: `${day}T${hour}:20:00Z`,
          pic_id: pic,
          winch_operator_id: 'user-instructor',
        },
      });
      expect(flight.status, JSON.stringify(flight.body)).toBe(200);
    }
    const winchDay = await platform.invoke('getWinchDay', { sub: ADMIN, params: { date: day } });
    expect(winchDay.status).toBe(200);
    expect(winchDay.body.sheet.launches).toBe(2);
    expect(winchDay.body.logs).toHaveLength(1);
    expect(winchDay.body.logs[0]).toMatchObject({
      winch_id: 'vehicle-winch',
      operator_id: 'user-instructor',
      launches: 2,
      version: 0,
    });
  });

  it('needs a winch permit for the operator and an operator beside a trainee (422)', async () => {
    const noPermit = await save({ operator_id: 'user-student' });
    expect(noPermit.status).toBe(422);
    expect(noPermit.body.errors).toEqual({ operator_id: ['winch_permit_missing'] });
    const alone = await save({ operator_id: null, trainee_id: 'user-student' });
    expect(alone.body.errors).toEqual({ trainee_id: ['winch_trainee_needs_operator'] });

    const saved = await save({ operator_id: 'user-instructor', trainee_id: 'user-student' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      operator_id: 'user-instructor',
      trainee_id: 'user-student',
      version: 1,
    });
    const stale = await save({ operator_id: 'user-instructor' });
    expect(stale.status).toBe(409);
  });
});
