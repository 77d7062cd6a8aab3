import { createEventHandler } from '../platform/events/consumer.ts';
import { defaultChargeDeps, reconcileFlightCharge, reconcileTowOf } from './charge-service.ts';

/**
 * The finance domain's event consumers (contracts/events.ts `subscriptions`). Delivered at least
 * once and in any order: the charge is reconciled with the flight as it is now, on the version the
 * event names, so a duplicate or an older event changes nothing (charge-service.ts).
 */
export const chargeFlights = createEventHandler(['flight.changed'], async (event) => {
  const { organization_id: organizationId, flight_id: flightId, version } = event.detail;
  await reconcileFlightCharge(defaultChargeDeps, organizationId, flightId, { eventVersion: version });
  // A glider's payer pays its tow: a changed glider flight re-reads its tow plane's charge.
  await reconcileTowOf(defaultChargeDeps, organizationId, flightId);
});
