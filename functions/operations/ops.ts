import type { DomainOps } from '../platform/http/router.ts';
import { fuelOps } from './fuel-ops.ts';
import { operatingDayOps } from './operating-day-ops.ts';
import { reservationOps } from './reservation-ops.ts';
import { winchOps } from './winch-ops.ts';

/** The operations domain's operations (issue 15): reservations, operating days, fuel, winch and vehicles. */
export const ops: DomainOps<'operations'> = {
  ...reservationOps,
  ...operatingDayOps,
  ...fuelOps,
  ...winchOps,
};
