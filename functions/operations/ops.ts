import type { DomainOps } from '../platform/http/router.ts';
import { calendarOps } from './calendar-ops.ts';
import { operatingDayOps } from './operating-day-ops.ts';
import { reservationOps } from './reservation-ops.ts';
import { workOps } from './work-ops.ts';

/** The operations domain's operations (issue 15): reservations, operating days. */

export const ops: DomainOps<'operations'> = {
  ...reservationOps,
  ...operatingDayOps,
  ...workOps,
  ...calendarOps,
};
