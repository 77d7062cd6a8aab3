import type { DomainOps } from '../platform/http/router.ts';
import { airportOps } from './airport-ops.ts';
import { calendarOps } from './calendar-ops.ts';
import { fuelOps } from './fuel-ops.ts';
import { operatingDayOps } from './operating-day-ops.ts';
import { reservationOps } from './reservation-ops.ts';
import { winchOps } from './winch-ops.ts';
import { workOps } from './work-ops.ts';

/**
 * The operations domain's operations (issue 15): reservations, operating days, work management and
 * RFID badges, the calendar and its feeds, fuel, the winch log and the vehicles, airports and movements.
 */
export const ops: DomainOps<'operations'> = {
  ...reservationOps,
  ...operatingDayOps,
  ...workOps,
  ...calendarOps,
  ...fuelOps,
  ...winchOps,
  ...airportOps,
};
