import * as z from 'zod/mini';
import type { Guard, RouteDef } from '../route-types.ts';
import * as airports from '../schemas/airports.ts';
import { entityId } from '../validation.ts';

/** Spec §2 "Airports": airports and airport/{id} are the supervisor's; reading needs airport-list too. */
const airportReader: Guard = { auth: 'user', roles: ['supervisor'], permission: 'airport-list' };
const airportEditor: Guard = { auth: 'user', roles: ['supervisor'] };
/** Spec §6: airport operations need the module and airport-operation-list / -edit. */
const operationReader: Guard = { auth: 'user', permission: 'airport-operation-list', module: 'airport' };
const operationEditor: Guard = { auth: 'user', permission: 'airport-operation-edit', module: 'airport' };

/** Operations domain (issue 15 §1–3): airports with runways and landing fees; airport operations. */
export const airportRoutes = {
  listAirports: {
    method: 'GET',
    path: '/api/airports',
    domain: 'operations',
    guard: airportReader,
    query: airports.listAirportsQuery,
    output: airports.airportListOutput,
  },
  getAirport: {
    method: 'GET',
    path: '/api/airports/{id}',
    params: { id: entityId },
    domain: 'operations',
    guard: airportReader,
    output: airports.airportOutput,
  },
  createAirport: {
    method: 'POST',
    path: '/api/airports',
    domain: 'operations',
    guard: airportEditor,
    body: airports.airportInput,
    output: airports.airportOutput,
  },
  updateAirport: {
    method: 'PUT',
    path: '/api/airports/{id}',
    params: { id: entityId },
    domain: 'operations',
    guard: airportEditor,
    body: airports.airportInput,
    output: airports.airportOutput,
  },
  /** One day's movements at the club's airfield (default: today). */
  listAirportOperations: {
    method: 'GET',
    path: '/api/airport-operations',
    domain: 'operations',
    guard: operationReader,
    query: airports.listAirportOperationsQuery,
    output: airports.airportOperationListOutput,
  },
  /** The landing fee a movement would pay at the club's airfield (the form's preview). */
  previewLandingFee: {
    method: 'GET',
    path: '/api/airport-fee',
    domain: 'operations',
    guard: operationReader,
    query: airports.landingFeeQuery,
    output: airports.landingFeeOutput,
  },
  getAirportOperation: {
    method: 'GET',
    path: '/api/airport-operations/{id}',
    params: { id: entityId },
    domain: 'operations',
    guard: operationReader,
    output: airports.airportOperationOutput,
  },
  /** A movement; its fee is computed from the table and posted once to the payer's ledger, or paid in cash. */
  createAirportOperation: {
    method: 'POST',
    path: '/api/airport-operations',
    domain: 'operations',
    guard: operationEditor,
    body: airports.airportOperationInput,
    output: airports.airportOperationOutput,
  },
  updateAirportOperation: {
    method: 'PUT',
    path: '/api/airport-operations/{id}',
    params: { id: entityId },
    domain: 'operations',
    guard: operationEditor,
    body: airports.airportOperationInput,
    output: airports.airportOperationOutput,
  },
  deleteAirportOperation: {
    method: 'DELETE',
    path: '/api/airport-operations/{id}',
    params: { id: entityId },
    domain: 'operations',
    guard: operationEditor,
    output: z.null(),
  },
} as const satisfies Record<string, RouteDef>;
