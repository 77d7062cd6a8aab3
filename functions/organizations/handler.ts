import { createDomainHandler } from '../platform/http/router.ts';
import { ops } from './ops.ts';

/** Lambda entry of the organizations domain: organizations, people, roles, permits, packages. */
export const handler = createDomainHandler('organizations', ops);
