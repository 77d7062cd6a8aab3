import { Logger } from '@aws-lambda-powertools/logger';

/**
 * One logger per container. Log ids and codes, never whole events or bodies: they carry birth
 * dates, licences and medical data (STYLE §11).
 */
export const logger = new Logger({
  serviceName: 'windsock',
  logLevel: (process.env.LOG_LEVEL as 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | undefined) ?? 'INFO',
});
