import { createDomainHandler } from '../platform/http/router.ts';
import { ops } from './ops.ts';

/** Lambda entry of the messages domain: messages, the message center, notify's broadcasts. */
export const handler = createDomainHandler('messages', ops);
