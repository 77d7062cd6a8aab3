import { createPipeline, type Pipeline } from '../ogn-bridge/bridge.ts';
import type { MqttTarget } from '../ogn-bridge/publisher.ts';
import { afternoon, type SimStream } from './ogn-sim.ts';

/**
 * The demo club's afternoon of OGN beacons (issue 6 §9), for `npm start` without internet: the
 * simulator's afternoon over LHDK (gliders launched by winch and behind the tug, the TMG's circuit),
 * played in real time through the bridge's own pipeline (batches of up to 200 lines, MQTT with the
 * `ogn-bridge` login), so the local broker's publish hook ingests it exactly as it would a live
 * APRS-IS feed.
 *
 * The backlog reaches back to the take-off of any flight in the air at its start.
 *
 * The afternoons sit on a fixed grid of the clock, each built from a seed of its own slot, so a
 * restart plays the very same beacons again: the last BACKLOG_MS of the current afternoon are sent
 * at once (the map and the sheet's proposals show something straight away) and, having been
 * ingested before, change nothing — a restart never draws a second, different history over the
 * first. When an afternoon ends the next slot's starts.
 */
interface OgnDemoOptions {
  mqtt: MqttTarget;
  log?: (line: string) => void;
  /** Default Date.now. */
  now?: () => number;
}

interface OgnDemo {
  stop(): Promise<void>;
}

/** How much of the current afternoon is sent at once when the demo starts. */
const BACKLOG_MS = 40 * 60_000;
const HOURS = 3;
/** One afternoon per slot; a beacon past the slot's end (a late landing) is left out, so two never overlap. */
const SLOT_MS = HOURS * 3_600_000;

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
    while (!controller.signal.aborted) {
      const slot = Math.floor(now() / SLOT_MS);
      const stream = afternoon({ seed: (slot % 997) + 1, start: new Date(slot * SLOT_MS), hours: HOURS });
      const from = backlogStart(stream, now() - BACKLOG_MS);
      for (let i = 0; i < stream.lines.length; i++) {
        if (controller.signal.aborted) return;
        const at = stream.at[i] as number;
        if (at < from) continue;
        if (at >= (slot + 1) * SLOT_MS) break;
        const wait = at - now();
        if (wait > 0) await sleep(wait, controller.signal);
        else if (i % 500 === 499) await sleep(0, controller.signal);
        if (controller.signal.aborted) return;
        await pipeline.publisher.room();
        pipeline.add(stream.lines[i] as string);
      }
      await sleep((slot + 1) * SLOT_MS - now(), controller.signal);
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

/**
 * Where the backlog starts: BACKLOG_MS ago, or earlier, before the take-off of any flight still in
 * the air then — a flight joined in the middle would only give a landing whose take-off nobody saw.
 */
function backlogStart(stream: SimStream, from: number): number {
  const flights: { takeoff: number; landing: number }[] = [];
  const airborne = new Map<string, number>();
  for (const event of stream.truth.events) {
    if (event.type === 'takeoff') airborne.set(event.address, event.at);
    else {
      const takeoff = airborne.get(event.address);
      airborne.delete(event.address);
      if (takeoff !== undefined) flights.push({ takeoff, landing: event.at });
    }
  }
  // Moving the start back may land it inside an earlier flight: repeat until none straddles it.
  let start = from;
  for (let moved = true; moved; ) {
    moved = false;
    for (const flight of flights)
      if (flight.takeoff < start && flight.landing > start) {
        start = flight.takeoff - 120_000;
        moved = true;
      }
  }
  return start;
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
