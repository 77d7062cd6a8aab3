import { createEventHandler } from '../platform/events/consumer.ts';
import { defaultChargeDeps, reconcileFlightCharge, reconcileTowOf } from './charge-service.ts';
import { defaultFinanceDeps } from './finance-context.ts';
import { postFuelCharge } from './fuel-charge-service.ts';
import { postTrainingFee, reverseTrainingFee } from './training-fee-service.ts';

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

/**
 * A training programme's fee on the student's ledger (training-fee-service.ts): one charge per
 * enrolment, one reversal when it is deleted, in whatever order and however often they arrive.
 */
export const chargeTrainingFees = createEventHandler(
  ['training.enrolled', 'training.unenrolled'],
  async (event) => {
    if (event.type === 'training.enrolled') await postTrainingFee(defaultFinanceDeps, event.detail);
    else await reverseTrainingFee(defaultFinanceDeps, event.detail);
  },
);

/** A fuel dispense's price on the pilot's ledger (fuel-charge-service.ts): one charge per operation. */
export const chargeFuel = createEventHandler(['fuel.dispensed'], async (event) => {
  await postFuelCharge(defaultFinanceDeps, event.detail);
});
