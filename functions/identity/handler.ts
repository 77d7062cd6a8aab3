import { createDomainHandler } from '../platform/http/router.ts';
import { ops } from './ops.ts';

/** Lambda entry of the identity domain: profile, organization switch, language, session check. */
export const handler = createDomainHandler('identity', ops);
