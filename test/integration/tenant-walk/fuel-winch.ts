import { addDays, todayIn } from '../../../contracts/calendar.ts';
import type { WalkArea } from './area.ts';

const yesterday = () => addDays(todayIn('Europe/Budapest'), -1);

/**
 * The tenant walk over the fuel, winch-log and vehicle-logbook routes: the demo club's seeded tank,
 * winch and tow car (bin/local/seed-fuel-winch.ts).
 */
export const fuelWinchWalk: WalkArea = {
  ids: {
    updateFuelSource: () => ({ id: 'tank-avgas' }),
    getWinchDay: () => ({ date: yesterday() }),
    getTowRecency: () => ({ user_id: 'user-pilot' }),
    saveWinchLog: () => ({ date: yesterday(), id: 'vehicle-winch' }),
    listVehicleTrips: () => ({ id: 'vehicle-tow-car' }),
    createVehicleTrip: () => ({ id: 'vehicle-tow-car' }),
  },
  bodies: {
    createFuelSource: {
      source_type: 'tank',
      name: 'Walk',
      fuel_type: 'mogas',
      capacity: 100,
      active: true,
      version: 0,
    },
    updateFuelSource: {
      source_type: 'tank',
      name: 'Walk',
      fuel_type: 'avgas_100ll',
      capacity: 2000,
      active: true,
      version: 1,
    },
    // A's tank as the source: B's club has no such tank, so nothing moves.
    createFuelOperation: {
      source_type: 'tank',
      source_id: 'tank-avgas',
      kind: 'dispense',
      fuel_type: 'avgas_100ll',
      fuel_quantity: 10,
      date: yesterday(),
    },
    saveWinchLog: { operator_id: null, launches: 1, cable_breaks: 0, weak_links: 0, version: 0 },
    createVehicleTrip: { date: yesterday(), driver_id: 'user-pilot', purpose: 'Walk' },
  },
  // A body naming A's tank is a field error of B's form (422 source_id), never A's data.
  // A day is not an item: B's admin reads B's own (empty) winch day; the markers prove nothing of A's shows.
  expected: { createFuelOperation: [403, 404, 422], getWinchDay: [200] },
  refusesAInBody: ['createFuelOperation'],
};
