import { Logger } from '@aws-lambda-powertools/logger';

/**
 * One logger per container. Log ids and codes, never whole events or bodies: they carry birth
 * dates, licences and medical data (docs/ARCHITECTURE.md "Logs and audit").
 */
export const logger = new Logger({
  serviceName: 'windsock',
  logLevel: (process.env.LOG_LEVEL as 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | undefined) ?? 'INFO',
});
