import { lazy, Suspense } from 'react';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';

const FlightChargePanel = lazy(() => import('./flight-charge-panel.tsx'));

/**
 * The finance feature's part of a flight screen (issue 14 §2): a landed flight's charge and its
 * explanation. The flights feature mounts this one line; the panel's code and strings load only
 * when a landed flight is shown in a club that keeps its finances in Windsock.
 */
export function FlightCharge({ flightId, landed }: { flightId: string; landed: boolean }) {
  const { profile } = useStore(session);
  if (!landed || !profile?.organization?.modules.includes('financial')) return null;
  return (
    <Suspense fallback={null}>
      <FlightChargePanel flightId={flightId} />
    </Suspense>
  );
}
