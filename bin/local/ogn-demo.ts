import { createPipeline, type Pipeline } from '../ogn-bridge/bridge.ts';
import type { MqttTarget } from '../ogn-bridge/publisher.ts';
import { afternoon } from './ogn-sim.ts';

/**
 * The demo club's afternoon of OGN beacons (issue 6 §9), for `npm start` without internet: the
 * simulator's afternoon over LHDK (gliders launched by winch and behind the tug, the TMG's circuit),
 * started BACKLOG_MS ago so the map and the sheet's proposals show something at once, then played
 * in real time. It goes through the bridge's own pipeline (batches per receiver, MQTT with the
 * `ogn-bridge` login), so the local broker's publish hook ingests it exactly as it would a live
 * APRS-IS feed. When the afternoon ends the next one starts.
 */
export interface OgnDemoOptions {
  mqtt: MqttTarget;
  log?: (line: string) => void;
  /** Default Date.now. */
  now?: () => number;
}

export interface OgnDemo {
  stop(): Promise<void>;
}

/** How much of the afternoon has already happened when the stack starts. */
const BACKLOG_MS = 40 * 60_000;
const HOURS = 3;

export function startOgnDemo(options: OgnDemoOptions): OgnDemo {
  const now = options.now ?? Date.now;
  const controller = new AbortController();
  const pipeline: Pipeline = createPipeline({
    mqtt: options.mqtt,
    batchWaitMs: 1_000,
    statsEveryMs: 0,
    log: (line) => options.log?.(`ogn demo: ${line}`),
  });

  const play = async () => {
    let seed = 6;
    while (!controller.signal.aborted) {
      const stream = afternoon({ seed: seed++, start: new Date(now() - BACKLOG_MS), hours: HOURS });
      for (let i = 0; i < stream.lines.length; i++) {
        if (controller.signal.aborted) return;
        const wait = (stream.at[i] as number) - now();
        if (wait > 0) await sleep(wait, controller.signal);
        else if (i % 500 === 499) await sleep(0, controller.signal);
        if (controller.signal.aborted) return;
        await pipeline.publisher.room();
        pipeline.add(stream.lines[i] as string);
      }
    }
  };
  const playing = play().catch((error: unknown) =>
    options.log?.(`ogn demo stopped: ${error instanceof Error ? error.message : String(error)}`),
  );

  return {
    async stop() {
      controller.abort();
      await playing;
      await pipeline.close(2_000);
    },
  };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      signal.removeEventListener('abort', done);
      clearTimeout(timer);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
