import { createDomainHandler } from '../platform/http/router.ts';
import { ops } from './ops.ts';

/** Lambda entry of the aircraft domain: planes, components, maintenance, faults, sharing, rental. */
export const handler = createDomainHandler('aircraft', ops);
