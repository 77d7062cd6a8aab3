import { createDomainHandler } from '../platform/http/router.ts';
import { ops } from './ops.ts';

/** Lambda entry of the operations domain: reservations. */
export const handler = createDomainHandler('operations', ops);
