import type { DomainOps } from '../platform/http/router.ts';
import { organizationOps } from './organization-ops.ts';
import { peopleOps } from './people-ops.ts';

/** The organizations domain's operations, from its two areas. */
export const ops: DomainOps<'organizations'> = { ...peopleOps, ...organizationOps };
