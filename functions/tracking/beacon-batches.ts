import type { BeaconBatch } from '../../contracts/schemas/tracking.ts';
import { logger } from '../platform/log/logger.ts';
import { type DetectionFix, fixOf } from './detection.ts';
import { heardLately } from './ingest-caches.ts';
import type { IngestStats } from './ingest-stats.ts';
import { parse } from './ogn-parser.ts';
import { isPrivateBeacon } from './privacy.ts';

/** The bridge's batches of raw APRS lines → each aircraft's fixes, once each (ingest.ts). */

/** Bad lines quoted in the log per batch; the rest are only counted. */
const BAD_SAMPLES = 3;

/** A fix and what the live map shows besides it. */
export interface Heard {
  fix: DetectionFix;
  receiver: string | undefined;
  turn_rate: number | undefined;
  /** The beacon carried the no-tracking or stealth bit (privacy.ts). */
  private: boolean;
}

export const keyOf = (fix: DetectionFix) => `${fix.address}@${fix.timestamp}`;

/** Aircraft fixes by device address, each (device, time) once; bad lines counted and sampled. */
export function parseBatches(batches: readonly BeaconBatch[], stats: IngestStats) {
  const heard = new Map<string, Heard[]>();
  const seen = new Set<string>();
  const samples: { reason: string; line: string }[] = [];
  for (const batch of batches) {
    stats.batches++;
    stats.lines += batch.lines.length;
    const reference = new Date(batch.received_at);
    if (Number.isNaN(reference.getTime())) {
      stats.bad += batch.lines.length;
      if (samples.length < BAD_SAMPLES) samples.push({ reason: 'invalid received_at', line: '' });
      continue;
    }
    for (const line of batch.lines) {
      let beacon: Record<string, unknown>;
      try {
        beacon = parse(line, reference);
      } catch (error) {
        // OgnParseError for what the reference parser rejects; anything else thrown on a line
        // is that line's problem too, never the batch's.
        stats.bad++;
        if (samples.length < BAD_SAMPLES)
          samples.push({
            reason: error instanceof Error ? error.message : 'error',
            line: line.slice(0, 200),
          });
        continue;
      }
      const fix = fixOf(beacon);
      if (!fix) continue;
      stats.positions++;
      const key = keyOf(fix);
      if (seen.has(key) || heardLately(key)) {
        stats.duplicates++;
        continue;
      }
      seen.add(key);
      const list = heard.get(fix.address);
      const entry: Heard = {
        fix,
        receiver: typeof beacon.receiver_name === 'string' ? beacon.receiver_name : undefined,
        turn_rate: typeof beacon.turn_rate === 'number' ? beacon.turn_rate : undefined,
        private: isPrivateBeacon(beacon),
      };
      if (list) list.push(entry);
      else heard.set(fix.address, [entry]);
    }
  }
  if (stats.bad > 0) logger.warn('ogn ingest: bad lines', { bad: stats.bad, lines: stats.lines, samples });
  return heard;
}
