import { createDomainHandler } from '../platform/http/router.ts';
import { ops } from './ops.ts';

/** Lambda entry of the reports domain: report definitions, runs and exports, data import. */
export const handler = createDomainHandler('reports', ops);
