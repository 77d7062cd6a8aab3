import { createDomainHandler } from '../platform/http/router.ts';
import { ops } from './ops.ts';

/** Lambda entry of the finance domain: the ledger, charges, tariffs, schedules, memberships, payments. */
export const handler = createDomainHandler('finance', ops);
