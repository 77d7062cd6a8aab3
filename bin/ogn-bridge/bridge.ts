import { type Airfield, loginLine } from './aprs.ts';
import { AprsClient } from './aprs-client.ts';
import { Backoff } from './backoff.ts';
import { LineBatcher } from './batcher.ts';
import { MqttPublisher, type MqttTarget, type PublisherStats } from './publisher.ts';
import { type RecordedLine, replay } from './replay.ts';

export interface PipelineOptions {
  mqtt: MqttTarget;
  bufferLines?: number;
  batchLines?: number;
  batchWaitMs?: number;
  /** How often the counters are logged (when they changed). Default 60 s; 0 = never. */
  statsEveryMs?: number;
  log?: (line: string) => void;
}

interface PipelineStats extends PublisherStats {
  linesIn: number;
  badLines: number;
}

/** Lines in → batches of up to 200 lines → MQTT, with counters. Shared by the live bridge and the replay. */
export interface Pipeline {
  add(line: string): void;
  publisher: MqttPublisher;
  stats(): PipelineStats;
  /** Flushes what waits and gives MQTT up to `timeoutMs` to take it, then disconnects. */
  close(timeoutMs?: number): Promise<void>;
}

export function createPipeline(opts: PipelineOptions): Pipeline {
  const log = opts.log ?? ((line: string) => console.log(`[ogn-bridge] ${line}`));
  const publisher = new MqttPublisher({ target: opts.mqtt, bufferLines: opts.bufferLines, log });
  let linesIn = 0;
  let badLines = 0;
  const batcher = new LineBatcher({
    maxLines: opts.batchLines,
    maxWaitMs: opts.batchWaitMs,
    onFlush: (batch) => publisher.publish(batch),
    onBadLine: (line) => {
      badLines++;
      // A sample, not a flood: the first few and then every thousandth.
      if (badLines <= 5 || badLines % 1000 === 0) log(`bad line #${badLines}: ${line.slice(0, 120)}`);
    },
  });
  const stats = (): PipelineStats => ({ linesIn, badLines, ...publisher.stats() });
  let lastReport = '';
  const statsEvery = opts.statsEveryMs ?? 60_000;
  const timer =
    statsEvery > 0
      ? setInterval(() => {
          const s = stats();
          const report = `${s.linesIn} lines in, ${s.publishedLines} published in ${s.publishedBatches} batches, ${s.droppedLines} dropped, ${s.badLines} bad, ${s.queuedLines} queued`;
          if (report !== lastReport) log(report);
          lastReport = report;
        }, statsEvery)
      : undefined;
  timer?.unref();
  return {
    add(line) {
      linesIn++;
      batcher.add(line);
    },
    publisher,
    stats,
    async close(timeoutMs = 10_000) {
      if (timer) clearInterval(timer);
      batcher.flush();
      await publisher.drained(timeoutMs);
      await publisher.close();
    },
  };
}

interface BridgeOptions extends PipelineOptions {
  server: string;
  port: number;
  callsign: string;
  version: string;
  airfields: Airfield[];
  radiusKm: number;
  keepaliveMs?: number;
  idleTimeoutMs?: number;
  stableMs?: number;
  backoff?: Backoff;
}

export interface Bridge {
  aprs: AprsClient;
  pipeline: Pipeline;
  /** Disconnects from APRS-IS, then gives MQTT up to `drainMs` (default 5 s) for what waits. */
  stop(drainMs?: number): Promise<void>;
}

/** The live bridge: APRS-IS (range filter around the airfields) → batches → MQTT. */
export function startBridge(opts: BridgeOptions): Bridge {
  const log = opts.log ?? ((line: string) => console.log(`[ogn-bridge] ${line}`));
  const pipeline = createPipeline({ ...opts, log });
  const aprs = new AprsClient({
    host: opts.server,
    port: opts.port,
    login: loginLine(opts),
    onLine: (line) => pipeline.add(line),
    log,
    keepaliveMs: opts.keepaliveMs,
    idleTimeoutMs: opts.idleTimeoutMs,
    stableMs: opts.stableMs,
    backoff: opts.backoff ?? new Backoff(),
  });
  aprs.start();
  return {
    aprs,
    pipeline,
    async stop(drainMs = 5000) {
      await aprs.stop();
      await pipeline.close(drainMs);
    },
  };
}

interface ReplayRunOptions extends PipelineOptions {
  recording: RecordedLine[];
  speed: number;
  loop?: boolean;
  retime?: boolean;
  signal?: AbortSignal;
}

/** Replays a recording through the same batching and MQTT path; resolves when it is all acknowledged. */
export async function runReplay(opts: ReplayRunOptions): Promise<PipelineStats> {
  const pipeline = createPipeline(opts);
  try {
    await replay({
      recording: opts.recording,
      speed: opts.speed,
      loop: opts.loop,
      retime: opts.retime,
      signal: opts.signal,
      onLine: (line) => pipeline.add(line),
      room: () => pipeline.publisher.room(),
    });
  } finally {
    await pipeline.close(60_000);
  }
  return pipeline.stats();
}
