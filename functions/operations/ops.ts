import type { DomainOps } from '../platform/http/router.ts';
import { reservationOps } from './reservation-ops.ts';

/** The operations domain's operations (issue 15). */
export const ops: DomainOps<'operations'> = { ...reservationOps };
