import type { CreateVehicleTripInput, VehicleTripOutput } from '../../contracts/schemas/winch.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { lostRace } from '../platform/db/writes.ts';
import { found, notFound, validationFailed } from '../platform/http/errors.ts';
import {
  type FuelDeps,
  fuelDeps,
  organizationOf,
  recordFuelOperation,
  sourceOutputOf,
} from './fuel-service.ts';
import { idOfDay, type StoredFuelSource, type StoredVehicleTrip } from './fuel-store.ts';

/**
 * The electronic vehicle logbook (spec §1; issue 15 §4): trips of the winch, the tow car and the
 * retrieve car — date, driver, purpose, km and engine hours at start and end. Fuel taken on a trip
 * is a fuel operation of the vehicle (sourcetype vehicle), written in the trip's own TransactWrite;
 * the vehicle keeps its latest readings.
 */

const ATTEMPTS = 4;

const n = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

export async function listVehicles(deps: FuelDeps, actor: Actor) {
  const org = organizationOf(actor);
  const sources = (await deps.store.sources(org.id)).sort((a, b) => a.name.localeCompare(b.name, 'hu'));
  const out = (type: StoredFuelSource['source_type']) =>
    sources.filter((s) => s.source_type === type && s.active).map((s) => sourceOutputOf(s, org.currency));
  return { vehicles: out('vehicle'), tanks: out('tank') };
}

async function vehicleOf(deps: FuelDeps, organizationId: string, vehicleId: string) {
  const vehicle = await deps.store.source(organizationId, vehicleId);
  if (vehicle?.source_type !== 'vehicle') throw notFound();
  return vehicle;
}

async function tripOutputs(
  deps: FuelDeps,
  trips: readonly StoredVehicleTrip[],
): Promise<VehicleTripOutput[]> {
  const names = await deps.names([...new Set(trips.map((t) => t.driver_id))]);
  return trips.map((t) => ({
    trip_id: t.trip_id,
    vehicle_id: t.vehicle_id,
    date: t.date,
    driver_id: t.driver_id,
    driver_name: names.get(t.driver_id) ?? '',
    purpose: t.purpose,
    km_start: n(t.km_start),
    km_end: n(t.km_end),
    engine_hours_start: n(t.engine_hours_start),
    engine_hours_end: n(t.engine_hours_end),
    fuel_operation_id: n(t.fuel_operation_id),
    fuel_quantity: n(t.fuel_quantity),
    created_at: t.created_at,
  }));
}

export async function listVehicleTrips(
  deps: FuelDeps,
  actor: Actor,
  vehicleId: string,
  query: { cursor?: string; limit?: number },
) {
  const org = organizationOf(actor);
  await vehicleOf(deps, org.id, vehicleId);
  const page = await deps.store.trips(org.id, vehicleId, { cursor: query.cursor, limit: query.limit ?? 50 });
  return { items: await tripOutputs(deps, page.items), cursor: page.cursor };
}

/** The larger of a stored reading and a new one (a trip entered late does not wind a counter back). */
const later = (stored: number | undefined, next: number | null | undefined) =>
  next === null || next === undefined ? undefined : stored === undefined || next > stored ? next : undefined;

export async function createVehicleTrip(
  deps: FuelDeps,
  actor: Actor,
  vehicleId: string,
  input: CreateVehicleTripInput,
) {
  const org = organizationOf(actor);
  await vehicleOf(deps, org.id, vehicleId);
  if (!(await deps.isActiveMember(org.id, input.driver_id)))
    throw validationFailed({ driver_id: ['invalid_value'] });
  if (input.tank_id && !input.fuel_quantity) throw validationFailed({ fuel_quantity: ['field_required'] });
  const now = deps.now();
  const tripId = idOfDay(input.date, now);
  for (let attempt = 1; ; attempt++) {
    const vehicle = await vehicleOf(deps, org.id, vehicleId);
    const km = later(vehicle.km, input.km_end);
    const hours = later(vehicle.engine_hours, input.engine_hours_end);
    const readings =
      km !== undefined || hours !== undefined
        ? { source_id: vehicleId, version: vehicle.version, km, engine_hours: hours }
        : undefined;
    const trip: StoredVehicleTrip = {
      organization_id: org.id,
      vehicle_id: vehicleId,
      trip_id: tripId,
      date: input.date,
      driver_id: input.driver_id,
      purpose: input.purpose,
      km_start: input.km_start ?? undefined,
      km_end: input.km_end ?? undefined,
      engine_hours_start: input.engine_hours_start ?? undefined,
      engine_hours_end: input.engine_hours_end ?? undefined,
      fuel_quantity: input.fuel_quantity ?? undefined,
      created_by: actor.userId,
      version: 1,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    try {
      if (input.fuel_quantity) {
        const operation = await recordFuelOperation(
          deps,
          actor,
          {
            source_type: 'vehicle',
            source_id: vehicleId,
            kind: 'dispense',
            tank_id: input.tank_id ?? null,
            fuel_type: vehicle.fuel_type,
            fuel_quantity: input.fuel_quantity,
            date: input.date,
            note: input.purpose,
          },
          { trip, vehicle: readings },
        );
        trip.fuel_operation_id = operation.operation_id;
      } else {
        await deps.store.writeTrip(actor, trip, readings, {
          action: 'vehicle_trip.create',
          target_type: 'vehicle_trip',
          target_id: tripId,
          details: { vehicle_id: vehicleId },
        });
      }
      break;
    } catch (error) {
      if (!lostRace(error) || attempt >= ATTEMPTS) throw error;
    }
  }
  const page = await deps.store.trips(org.id, vehicleId, { limit: 50 });
  return found((await tripOutputs(deps, page.items)).find((t) => t.trip_id === tripId) ?? null);
}

export { fuelDeps as vehicleDeps };
