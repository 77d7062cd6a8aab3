import type { Guard, RouteDef } from '../route-types.ts';
import * as reservations from '../schemas/reservations.ts';
import { entityId } from '../validation.ts';

/** Spec §6: reservations need reservation-list and the reservation module; the operators administer. */
const reservationMember: Guard = { auth: 'user', permission: 'reservation-list', module: 'reservation' };
const reservationAdministration: Guard = {
  auth: 'user',
  permission: 'reservation-administration',
  module: 'reservation',
};

/** Operations domain (issue 15): reservations. */
export const operationsRoutes = {
  /** The calendar: bookings overlapping the days `from`..`to` (club time), by start. */
  listReservations: {
    method: 'GET',
    path: '/api/reservations',
    domain: 'operations',
    guard: reservationMember,
    query: reservations.listReservationsQuery,
    output: reservations.reservationListOutput,
  },
  /** What the booking form offers: rentable functional aircraft, instructors, the club's check levels. */
  reservationOptions: {
    method: 'GET',
    path: '/api/reservations/options',
    domain: 'operations',
    guard: reservationMember,
    output: reservations.reservationOptionsOutput,
  },
  /** Books an aircraft: the club's checks, at most one booking per aircraft and time even at once. */
  createReservation: {
    method: 'POST',
    path: '/api/reservations',
    domain: 'operations',
    guard: reservationMember,
    body: reservations.createReservationInput,
    output: reservations.reservationOutput,
  },
  getReservationSettings: {
    method: 'GET',
    path: '/api/reservations/settings',
    domain: 'operations',
    guard: reservationAdministration,
    output: reservations.reservationSettingsOutput,
  },
  /** The club's level per check: off, warn or block. */
  updateReservationSettings: {
    method: 'PUT',
    path: '/api/reservations/settings',
    domain: 'operations',
    guard: reservationAdministration,
    body: reservations.reservationSettingsInput,
    output: reservations.reservationSettingsOutput,
  },
  getReservation: {
    method: 'GET',
    path: '/api/reservations/{id}',
    params: { id: entityId },
    domain: 'operations',
    guard: reservationMember,
    output: reservations.reservationOutput,
  },
  /** The member's own booking, or anyone's for a reservation administrator; a reason is required. */
  cancelReservation: {
    method: 'POST',
    path: '/api/reservations/{id}/cancel',
    params: { id: entityId },
    domain: 'operations',
    guard: reservationMember,
    body: reservations.cancelReservationInput,
    output: reservations.reservationOutput,
  },
} as const satisfies Record<string, RouteDef>;
