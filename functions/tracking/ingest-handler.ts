import { beaconBatch } from '../../contracts/schemas/tracking.ts';
import { logger } from '../platform/log/logger.ts';
import { ingestBatch } from './ingest.ts';

/**
 * Lambda entry of the OGN ingest: the IoT topic rule `SELECT * FROM 'ogn/beacons/#'` hands over
 * the bridge's message as it is, `{lines, received_at}`. A payload that is not a beacon batch is
 * logged and dropped (a retry would not mend it); a failure of the table throws, and the rule's
 * error action logs it — the device's next beacons come within seconds anyway.
 */
export async function handler(event: unknown): Promise<void> {
  const parsed = beaconBatch.safeParse(event);
  if (!parsed.success) {
    logger.warn('ogn ingest: not a beacon batch, dropped', {
      issues: parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.')}: ${issue.code}`),
    });
    return;
  }
  const stats = await ingestBatch(parsed.data);
  logger.debug('ogn ingest', { ...stats });
}
