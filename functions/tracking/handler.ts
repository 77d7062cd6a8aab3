import { createDomainHandler } from '../platform/http/router.ts';
import { ops } from './ops.ts';

/** Lambda entry of the tracking domain's API: live positions, a day's tracks, a flight's route. */
export const handler = createDomainHandler('tracking', ops);
