import { subOf } from '../../helpers/platform.ts';
import type { WalkArea } from './area.ts';

const a = { operationId: '' };
const movement = {
  movement: 'arrival',
  time: '2026-06-15T10:00:00.000Z',
  registration: 'D-KWLK',
  plane_type: null,
  mtow: 600,
  pilot_name: 'Walk',
  pilot_id: null,
  payer_id: null,
  purpose: 'private',
  payment: 'cash',
  comment: null,
  version: 1,
};

/**
 * The tenant walk over the airports (global, the supervisor's: B's admin is refused) and A's
 * airport operations: a movement at A's airfield.
 */
export const airportsWalk: WalkArea = {
  ids: {
    getAirport: () => ({ id: 'lhdk' }),
    updateAirport: () => ({ id: 'lhdk' }),
    getAirportOperation: () => ({ id: a.operationId }),
    updateAirportOperation: () => ({ id: a.operationId }),
    deleteAirportOperation: () => ({ id: a.operationId }),
  },
  bodies: {
    createAirport: {
      icao: 'LHWK',
      iata_faa: null,
      name: 'Walk',
      latitude: 47.5,
      longitude: 19.1,
      altitude: 100,
      airport_category: 'airfield',
      show_in_map: true,
      country: 'HU',
      city: null,
      runways: [],
      landing_fees: [],
      fee_currency_id: 'HUF',
      version: 0,
    },
    updateAirport: {
      icao: 'LHDK',
      iata_faa: null,
      name: 'Walk',
      latitude: 47.6167,
      longitude: 19.1433,
      altitude: 126,
      airport_category: 'airfield',
      show_in_map: true,
      country: 'HU',
      city: null,
      runways: [],
      landing_fees: [],
      fee_currency_id: 'HUF',
      version: 1,
    },
    // A's member named as the pilot: B's movement may name only B's members.
    createAirportOperation: { ...movement, pilot_id: 'user-pilot', version: 0 },
    updateAirportOperation: movement,
  },
  // A non-supervisor adds no airport.
  refusesAInBody: ['createAirport'],
  expected: { createAirportOperation: [403, 404, 422] },
  async setup(platform) {
    const made = await platform.invoke('createAirportOperation', {
      sub: subOf('admin@demo.windsock.aero'),
      body: { ...movement, version: 0 },
    });
    if (made.status !== 200) throw new Error(`walk setup: airport operation answered ${made.status}`);
    a.operationId = made.body.operation_id;
  },
};
