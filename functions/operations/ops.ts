import type { DomainOps } from '../platform/http/router.ts';
import { airportOps } from './airport-ops.ts';
import { operatingDayOps } from './operating-day-ops.ts';
import { reservationOps } from './reservation-ops.ts';

/** The operations domain's operations (issue 15): reservations, operating days, airports. */
export const ops: DomainOps<'operations'> = { ...reservationOps, ...operatingDayOps, ...airportOps };
