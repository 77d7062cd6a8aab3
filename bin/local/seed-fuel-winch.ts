import { addDays, todayIn } from '../../contracts/calendar.ts';
import { stockAfter } from '../../contracts/fuel-stock.ts';
import type { FuelKind, FuelSourceType, FuelType, VehicleKind } from '../../contracts/schemas/fuel.ts';
import { idOfDay } from '../../functions/operations/fuel-store.ts';
import { launchesByOperator, winchLaunchesOf } from '../../functions/operations/winch-service.ts';
import { db } from '../../functions/platform/db/service.ts';
import { orgIdOf, userIdOf } from './seed.ts';

/**
 * The demo club's fuel, winch and vehicles (issue 15 §10): an AVGAS tank at the tow plane's stand
 * and a petrol tank for the ground vehicles, each with its stock kept by a few operations; the
 * winch, the tow car and the retrieve car with a few trips (one taking petrol from the club's tank);
 * winch logs of the season's last winch days, filled from the seeded flights' winch launches.
 */
const TZ = 'Europe/Budapest';

interface SourceSeed {
  id: string;
  type: 'tank' | 'vehicle';
  name: string;
  fuel_type: FuelType;
  capacity: number;
  price?: number;
  kind?: VehicleKind;
  plate?: string;
}

const SOURCES: SourceSeed[] = [
  {
    id: 'tank-avgas',
    type: 'tank',
    name: 'AVGAS-tartály',
    fuel_type: 'avgas_100ll',
    capacity: 2000,
    price: 81_250,
  },
  { id: 'tank-mogas', type: 'tank', name: 'Benzintartály', fuel_type: 'mogas', capacity: 400, price: 64_900 },
  {
    id: 'vehicle-winch',
    type: 'vehicle',
    name: 'Skylaunch csörlő',
    fuel_type: 'mogas',
    capacity: 80,
    kind: 'winch',
  },
  {
    id: 'vehicle-tow-car',
    type: 'vehicle',
    name: 'Lada Niva kötélvisszahúzó',
    fuel_type: 'mogas',
    capacity: 42,
    kind: 'tow_car',
    plate: 'NIV-101',
  },
  {
    id: 'vehicle-retrieve-car',
    type: 'vehicle',
    name: 'Skoda visszahozó',
    fuel_type: 'mogas',
    capacity: 55,
    kind: 'retrieve_car',
    plate: 'RTV-202',
  },
];

interface OperationSeed {
  day: number;
  source: [FuelSourceType, string];
  tank?: string;
  kind: FuelKind;
  quantity: number;
  start?: number;
  end?: number;
  note?: string;
}

const OPERATIONS: OperationSeed[] = [
  { day: -40, source: ['tank', 'tank-avgas'], kind: 'refill', quantity: 1500, note: 'Szállítás, 2024/118' },
  { day: -40, source: ['tank', 'tank-mogas'], kind: 'refill', quantity: 300 },
  {
    day: -30,
    source: ['aircraft', 'plane-ha-sbx'],
    tank: 'tank-avgas',
    kind: 'dispense',
    quantity: 96.4,
    start: 10_220.4,
    end: 10_316.8,
  },
  {
    day: -21,
    source: ['aircraft', 'plane-ha-sbx'],
    tank: 'tank-avgas',
    kind: 'dispense',
    quantity: 110.5,
    start: 10_316.8,
    end: 10_427.3,
  },
  {
    day: -14,
    source: ['tank', 'tank-avgas'],
    kind: 'adjustment',
    quantity: -3.5,
    note: 'Mérőpálcás ellenőrzés',
  },
  {
    day: -7,
    source: ['aircraft', 'plane-ha-1265'],
    tank: 'tank-avgas',
    kind: 'dispense',
    quantity: 42,
    start: 10_427.3,
    end: 10_469.3,
  },
  { day: -7, source: ['vehicle', 'vehicle-winch'], tank: 'tank-mogas', kind: 'dispense', quantity: 35 },
];

export async function seedFuelWinch(now = new Date()): Promise<void> {
  const { entities } = db();
  const organization_id = orgIdOf('demo');
  const today = todayIn(TZ, now);
  const at = now.toISOString();
  const stock = new Map<string, number>();
  for (const s of SOURCES) stock.set(s.id, 0);

  const operations = [];
  for (const [index, o] of OPERATIONS.entries()) {
    const date = addDays(today, o.day);
    const tank = o.source[0] === 'tank' ? o.source[1] : o.tank;
    let after: number | undefined;
    if (tank) {
      const capacity = SOURCES.find((s) => s.id === tank)?.capacity ?? 0;
      const next = stockAfter({ stock: stock.get(tank) ?? 0, capacity }, o.kind, o.quantity);
      if ('problem' in next) throw new Error(`seed: fuel operation ${index} ${next.problem}`);
      after = next.stock;
      stock.set(tank, after);
    }
    const fuel = SOURCES.find((s) => s.id === (tank ?? o.source[1]))?.fuel_type ?? 'avgas_100ll';
    operations.push({
      organization_id,
      operation_id: idOfDay(date, new Date(Date.parse(`${date}T08:00:00Z`) + index * 60_000)),
      source_type: o.source[0],
      source_id: o.source[1],
      kind: o.kind,
      tank_key: tank ?? '-',
      fuel_type: fuel,
      fuel_quantity: o.quantity,
      fuel_start: o.start,
      fuel_end: o.end,
      date,
      stock_after: after,
      note: o.note,
      created_by: userIdOf('technical'),
      version: 1,
      created_at: at,
      updated_at: at,
    });
  }

  // The winch's trips: to the launch point and back on flying days; the retrieve car's outlanding run.
  const trips = [
    {
      vehicle: 'vehicle-winch',
      day: -7,
      driver: 'papp',
      purpose: 'Csörlés a 13-as pálya végén',
      km: [1204, 1207],
      hours: [812.5, 818.2],
      fuel: 35,
    },
    {
      vehicle: 'vehicle-tow-car',
      day: -7,
      driver: 'pilot',
      purpose: 'Kötélvisszahúzás',
      km: [88_410, 88_452],
    },
    {
      vehicle: 'vehicle-retrieve-car',
      day: -12,
      driver: 'technical',
      purpose: 'Külsőleszállás, Kecskemét',
      km: [140_220, 140_398],
    },
  ];
  const fuelOpOfWinch = operations.find((o) => o.source_id === 'vehicle-winch');

  for (const s of SOURCES) {
    const lastTrip = trips.find((t) => t.vehicle === s.id);
    await entities.fuelSource
      .put({
        organization_id,
        source_id: s.id,
        source_type: s.type,
        name: s.name,
        fuel_type: s.fuel_type,
        capacity: s.capacity,
        stock: stock.get(s.id) ?? 0,
        price_per_litre: s.price,
        vehicle_kind: s.kind,
        plate: s.plate,
        km: lastTrip?.km[1],
        engine_hours: lastTrip?.hours?.[1],
        active: true,
        version: 1,
        created_at: at,
        updated_at: at,
      })
      .go();
  }
  for (const o of operations) await entities.fuelOperation.put(o).go();
  for (const [index, t] of trips.entries()) {
    const date = addDays(today, t.day);
    await entities.vehicleTrip
      .put({
        organization_id,
        vehicle_id: t.vehicle,
        trip_id: idOfDay(date, new Date(Date.parse(`${date}T09:00:00Z`) + index * 60_000)),
        date,
        driver_id: userIdOf(t.driver),
        purpose: t.purpose,
        km_start: t.km[0],
        km_end: t.km[1],
        engine_hours_start: t.hours?.[0],
        engine_hours_end: t.hours?.[1],
        fuel_quantity: t.fuel,
        fuel_operation_id: t.fuel ? fuelOpOfWinch?.operation_id : undefined,
        created_by: userIdOf(t.driver),
        version: 1,
        created_at: at,
        updated_at: at,
      })
      .go();
  }

  // Winch logs of the last three winch days of the seeded season, launches from the sheet.
  let logged = 0;
  let hours = 790;
  for (let back = 1; back <= 60 && logged < 3; back++) {
    const date = addDays(today, -back);
    const launches = await winchLaunchesOf(organization_id, date);
    if (launches.length === 0) continue;
    const top = launchesByOperator(launches)[0];
    const engine = Math.round(launches.length * 0.4 * 10) / 10;
    await entities.winchLog
      .put({
        organization_id,
        date,
        winch_id: 'vehicle-winch',
        operator_id: top?.operator_id ?? userIdOf('papp'),
        trainee_id: top?.operator_id ? (top.trainee_id ?? undefined) : undefined,
        launches: launches.length,
        cable_breaks: logged === 0 ? 1 : 0,
        weak_links: logged === 1 ? 1 : 0,
        engine_hours_start: hours - engine,
        engine_hours_end: hours,
        version: 1,
        created_at: at,
        updated_at: at,
      })
      .go();
    hours -= engine + 2;
    logged += 1;
  }
}
