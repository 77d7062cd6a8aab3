import { type BeaconBatch, beaconBatch } from '../../contracts/schemas/tracking.ts';
import { emptyStats, type IngestStats } from '../../functions/tracking/ingest-stats.ts';
import type { LocalMqtt } from './mqtt.ts';

/**
 * The local stack's OGN ingest (docs/ARCHITECTURE.md "OGN tracking"): what AWS does with a topic rule, the aedes publish hook
 * does here — batches the bridge (the `ogn-bridge` service login) publishes to `ogn/beacons/#` go
 * to the same ingestBatches the cloud's Lambda calls. One process holds the broker, the embedded
 * DynamoDB and the ingest, so batches wait in a bounded queue and are ingested one run at a time;
 * when they pile up, one run takes everything waiting (up to MERGE_LINES), which costs one round
 * of detector and position writes per device instead of one per batch.
 */
export interface OgnIngest {
  /** Resolves once every batch received so far is ingested (tests, the benchmark). */
  drained(): Promise<void>;
  readonly stats: OgnIngestStats;
  close(): Promise<void>;
}

interface OgnIngestStats extends IngestStats {
  /** Beacon batches taken into the queue. */
  received: number;
  /** Messages on ogn/beacons/# that were not a beacon batch. */
  rejected: number;
  /** Lines dropped because the queue was full. */
  dropped: number;
  /** Runs that failed (logged; their batches are not retried, as the cloud's rule does not). */
  failed: number;
  /** Runs of the queue (each one ingestBatches call). */
  runs: number;
}

interface OgnIngestOptions {
  /** Lines that may wait; beyond it the oldest batches are dropped (and counted). Default 200,000. */
  maxLines?: number;
  /** Lines one run takes at most. Default 20,000. */
  mergeLines?: number;
  log: (line: string) => void;
  /** The ingest itself; the tracking domain's ingestBatches unless a test gives another. */
  ingest?: (batches: BeaconBatch[]) => Promise<IngestStats>;
}

const OVERFLOW_LOG_MS = 10_000;

export function startOgnIngest(mqtt: Pick<LocalMqtt, 'onPublish'>, options: OgnIngestOptions): OgnIngest {
  const maxLines = options.maxLines ?? 200_000;
  const mergeLines = options.mergeLines ?? 20_000;
  const queue: BeaconBatch[] = [];
  let queuedLines = 0;
  let running: Promise<void> | undefined;
  let closed = false;
  let lastOverflowLog = 0;
  let waiters: (() => void)[] = [];
  const stats: OgnIngestStats = {
    ...emptyStats(),
    received: 0,
    rejected: 0,
    dropped: 0,
    failed: 0,
    runs: 0,
  };
  let ingest = options.ingest;

  const settle = () => {
    if (running || queue.length > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  const run = async () => {
    ingest ??= (await import('../../functions/tracking/ingest.ts')).ingestBatches;
    while (queue.length > 0 && !closed) {
      const taken: BeaconBatch[] = [];
      let lines = 0;
      while (queue.length > 0 && (taken.length === 0 || lines + queue[0]!.lines.length <= mergeLines)) {
        const batch = queue.shift()!;
        lines += batch.lines.length;
        taken.push(batch);
      }
      queuedLines -= lines;
      stats.runs++;
      try {
        const result = await ingest(taken);
        for (const key of Object.keys(result) as (keyof IngestStats)[]) stats[key] += result[key];
      } catch (error) {
        stats.failed++;
        options.log(`[ogn] ingest failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };

  const kick = () => {
    if (running || closed) return;
    running = run().finally(() => {
      running = undefined;
      if (queue.length > 0 && !closed) kick();
      else settle();
    });
  };

  mqtt.onPublish((topic, payload, principal) => {
    // Only the bridge's service login may publish here (the broker's authorizePublish).
    if (principal.kind !== 'service' || !topic.startsWith('ogn/beacons/') || closed) return;
    let batch: BeaconBatch;
    try {
      const parsed = beaconBatch.safeParse(JSON.parse(payload.toString('utf8')));
      if (!parsed.success) throw new Error('not a beacon batch');
      batch = parsed.data;
    } catch {
      stats.rejected++;
      options.log(`[ogn] ${topic}: not a beacon batch, dropped`);
      return;
    }
    stats.received++;
    queue.push(batch);
    queuedLines += batch.lines.length;
    while (queuedLines > maxLines && queue.length > 1) {
      const oldest = queue.shift()!;
      queuedLines -= oldest.lines.length;
      stats.dropped += oldest.lines.length;
      const now = Date.now();
      if (now - lastOverflowLog >= OVERFLOW_LOG_MS) {
        lastOverflowLog = now;
        options.log(`[ogn] ingest queue full (${maxLines} lines): ${stats.dropped} lines dropped so far`);
      }
    }
    kick();
  });

  return {
    stats,
    drained() {
      if (!running && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    async close() {
      closed = true;
      queue.length = 0;
      queuedLines = 0;
      await running;
      settle();
    },
  };
}
