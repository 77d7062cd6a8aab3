import type { operationsRoutes } from '../../contracts/routes/operations.ts';
import type { OpsFor } from '../platform/http/router.ts';
import * as reservations from './reservation-service.ts';
import { reservationDeps as deps } from './reservation-service.ts';

/** HTTP adaptor of the operations domain's reservation routes. */
export const reservationOps: OpsFor<typeof operationsRoutes> = {
  listReservations: ({ actor, query }) => reservations.listReservations(deps, actor, query),
  reservationOptions: ({ actor }) => reservations.reservationOptions(deps, actor),
  createReservation: ({ actor, body }) => reservations.createReservation(deps, actor, body),
  getReservationSettings: ({ actor }) => reservations.reservationSettings(deps, actor),
  updateReservationSettings: ({ actor, body }) => reservations.updateReservationSettings(deps, actor, body),
  getReservation: ({ actor, params }) => reservations.getReservation(deps, actor, params.id),
  cancelReservation: ({ actor, params, body }) =>
    reservations.cancelReservation(deps, actor, params.id, body),
};
