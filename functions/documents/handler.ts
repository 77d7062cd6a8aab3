import { createDomainHandler } from '../platform/http/router.ts';
import { ops } from './ops.ts';

/** Lambda entry of the documents domain: documents, their files, versions and requirements. */
export const handler = createDomainHandler('documents', ops);
