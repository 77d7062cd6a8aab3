import type { DomainOps } from '../platform/http/router.ts';
import { faultOps } from './fault-ops.ts';
import { maintenanceOps } from './maintenance-ops.ts';
import { planeOps } from './plane-ops.ts';

/** The aircraft domain's operations, from its three areas. */
export const ops: DomainOps<'aircraft'> = { ...planeOps, ...maintenanceOps, ...faultOps };
