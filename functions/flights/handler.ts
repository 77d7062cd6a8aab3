import { createDomainHandler } from '../platform/http/router.ts';
import { ops } from './ops.ts';

/** Lambda entry of the flights domain: flights, the daily sheet, logbooks, statistics, recency. */
export const handler = createDomainHandler('flights', ops);
