import { createDomainHandler } from '../platform/http/router.ts';
import { ops } from './ops.ts';

/** Lambda entry of the training domain: programmes, trainings, DTO, IPP sharing, quizzes and exams. */
export const handler = createDomainHandler('training', ops);
