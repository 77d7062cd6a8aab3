import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import type { DynamoDBRecord } from 'aws-lambda';
import {
  CONSUMER_RETRIES,
  type EventType,
  eventSource,
  events,
  subscriptions as productSubscriptions,
  type SubscriptionDef,
} from '../../contracts/events.ts';
import type { BusEnvelope, EventHandler } from '../../functions/platform/events/consumer.ts';
import type { BusEntry, BusResult } from '../../functions/platform/events/eventbridge.ts';
import { OUTBOX_STREAM_FILTER } from '../../functions/platform/events/outbox.ts';
import { relay } from '../../functions/platform/events/relay.ts';
import type { LocalDynamo } from './dynamodb.ts';

/**
 * The local event bus (docs/ARCHITECTURE.md "Domain events"), in the local stack's process: the embedded
 * DynamoDB's stream hands each committed outbox item to the same relay code the cloud runs, whose
 * put lands here; every subscriber whose row names the event type gets it — the product's rows
 * from contracts/events.ts (their `functions/<domain>/events.ts` export, loaded on first use) and
 * any a test registers.
 *
 * At least once, asynchronously, never silently dropped: a consumer that throws is tried again
 * after a backoff, CONSUMER_RETRIES times as Lambda does, then the event is logged as dead (and kept
 * in `dead`, and appended to the dead-letter file when one is given). A consumer that refuses an
 * event as malformed is dead at once: retrying cannot make it readable.
 *
 * Tests can ask for the worst the cloud may do: every event delivered TWICE, and deliveries
 * SHUFFLED within a short window (out of order). `drained()` waits until nothing is in flight.
 */

interface LocalSubscriber {
  id: string;
  events: readonly EventType[];
  handler: EventHandler;
}

interface DeadEvent {
  subscription: string;
  type: string;
  eventId: string;
  attempts: number;
  reason: 'failed' | 'rejected';
  error?: string;
  at: string;
}

interface LocalBusOptions {
  /** Default: contracts/events.ts `subscriptions`. */
  subscriptions?: readonly SubscriptionDef[];
  /** Default: the row's export of `functions/<domain>/events.ts`. */
  loadHandler?: (row: SubscriptionDef) => Promise<EventHandler>;
  /** The wait before each retry (CONSUMER_RETRIES of them); default 1 s, then 4 s. */
  retryDelaysMs?: readonly number[];
  /** Test mode: deliver every event twice, and/or shuffle deliveries within `windowMs` (default 30 ms). */
  chaos?: { duplicate?: boolean; shuffle?: boolean; windowMs?: number; seed?: number };
  /** Where dead events are appended as JSON lines (the local stack's data directory). */
  deadLetterFile?: string;
  log?: (line: string) => void;
}

interface LocalBus {
  /** EventBridge's PutEvents, locally: what the relay calls. */
  put(entries: BusEntry[]): Promise<BusResult[]>;
  /** Adds a subscriber (tests); returns a function that removes it. */
  subscribe(subscriber: LocalSubscriber): () => void;
  /** Resolves once no event is waiting, being delivered or waiting for a retry. */
  drained(): Promise<void>;
  /** Events given up on, oldest first. */
  readonly dead: readonly DeadEvent[];
  /** Lets deliveries in flight finish (a few seconds at most), then stops. */
  close(): Promise<void>;
}

const DEFAULT_RETRY_DELAYS_MS = [1000, 4000];
const CLOSE_WAIT_MS = 5000;

/** A small seeded generator (mulberry32): a shuffled test run can be replayed with its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The rule of a subscription row in the cloud, locally: its types, each from its own domain. */
const matches = (types: readonly string[], entry: BusEntry) =>
  types.includes(entry.DetailType) &&
  Object.hasOwn(events, entry.DetailType) &&
  entry.Source === eventSource(events[entry.DetailType as EventType].domain);

export function createLocalBus(options: LocalBusOptions = {}): LocalBus {
  const log = options.log ?? ((line: string) => console.log(line));
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const chaos = options.chaos ?? {};
  const rng = random(chaos.seed ?? Date.now());
  const loadHandler =
    options.loadHandler ??
    (async (row: SubscriptionDef) => {
      const module = (await import(`../../functions/${row.domain}/events.ts`)) as Record<
        string,
        EventHandler
      >;
      const handler = module[row.handler];
      if (!handler)
        throw new Error(
          `Subscription ${row.id}: functions/${row.domain}/events.ts has no export ${row.handler}`,
        );
      return handler;
    });

  const subscribers = new Set<{
    id: string;
    events: readonly string[];
    handler: () => Promise<EventHandler>;
  }>();
  for (const row of options.subscriptions ?? productSubscriptions) {
    let loaded: Promise<EventHandler> | undefined;
    subscribers.add({ id: row.id, events: row.events, handler: () => (loaded ??= loadHandler(row)) });
  }

  const dead: DeadEvent[] = [];
  let pending = 0;
  let waiters: (() => void)[] = [];
  const settle = () => {
    pending -= 1;
    if (pending === 0) {
      const done = waiters;
      waiters = [];
      for (const resolve of done) resolve();
    }
  };

  function giveUp(entry: Omit<DeadEvent, 'at'>) {
    const record = { ...entry, at: new Date().toISOString() };
    dead.push(record);
    log(
      `[events] DEAD ${record.type} ${record.eventId} for ${record.subscription} after ${record.attempts} attempt(s): ${record.reason}${record.error ? ` (${record.error})` : ''}`,
    );
    if (options.deadLetterFile) {
      try {
        appendFileSync(options.deadLetterFile, `${JSON.stringify(record)}\n`);
      } catch (error) {
        log(`[events] could not write ${options.deadLetterFile}: ${String(error)}`);
      }
    }
  }

  /** One subscriber's delivery of one envelope, with the retries; `pending` counts it until done. */
  async function deliver(subscriberId: string, handler: () => Promise<EventHandler>, envelope: BusEnvelope) {
    const eventId = String((envelope.detail as { event_id?: unknown }).event_id ?? envelope.id);
    const type = envelope['detail-type'];
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          const outcome = await (await handler())(envelope);
          if (outcome === 'rejected')
            giveUp({ subscription: subscriberId, type, eventId, attempts: attempt, reason: 'rejected' });
          return;
        } catch (error) {
          const delay = delays[attempt - 1];
          if (attempt > CONSUMER_RETRIES || delay === undefined) {
            const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
            giveUp({
              subscription: subscriberId,
              type,
              eventId,
              attempts: attempt,
              reason: 'failed',
              error: message,
            });
            return;
          }
          await sleep(delay);
        }
      }
    } finally {
      settle();
    }
  }

  let window: (() => void)[] = [];
  let windowTimer: NodeJS.Timeout | undefined;
  const flushWindow = () => {
    windowTimer = undefined;
    const jobs = window;
    window = [];
    for (let i = jobs.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [jobs[i], jobs[j]] = [jobs[j]!, jobs[i]!];
    }
    for (const job of jobs) job();
  };

  /** Starts a delivery now (asynchronously) or, shuffling, when the window closes. */
  function schedule(subscriber: { id: string; handler: () => Promise<EventHandler> }, envelope: BusEnvelope) {
    pending += 1;
    const job = () => {
      void deliver(subscriber.id, subscriber.handler, envelope);
    };
    if (!chaos.shuffle) {
      setImmediate(job);
      return;
    }
    window.push(job);
    windowTimer ??= setTimeout(flushWindow, chaos.windowMs ?? 30);
  }

  const drained = () => {
    if (pending === 0) return Promise.resolve();
    return new Promise<void>((resolve) => waiters.push(resolve));
  };

  return {
    async put(entries) {
      return entries.map((entry) => {
        const envelope: BusEnvelope & Record<string, unknown> = {
          version: '0',
          id: randomUUID(),
          'detail-type': entry.DetailType,
          source: entry.Source,
          account: '000000000000',
          time: entry.Time,
          region: 'local',
          resources: [],
          detail: JSON.parse(entry.Detail) as unknown,
        };
        for (const subscriber of subscribers) {
          if (!matches(subscriber.events, entry)) continue;
          schedule(subscriber, envelope);
          if (chaos.duplicate) schedule(subscriber, envelope);
        }
        return { EventId: envelope.id as string };
      });
    },

    subscribe(subscriber) {
      const entry = { id: subscriber.id, events: subscriber.events, handler: async () => subscriber.handler };
      subscribers.add(entry);
      return () => {
        subscribers.delete(entry);
      };
    },

    drained,

    dead,

    async close() {
      await Promise.race([drained(), sleep(CLOSE_WAIT_MS)]);
      if (windowTimer) clearTimeout(windowTimer);
    },
  };
}

export interface LocalEvents extends LocalBus {
  /** Stops following the stream, then closes the bus. */
  close(): Promise<void>;
}

/**
 * The local events pipeline: the embedded DynamoDB's stream of new outbox items (the cloud's
 * event source mapping filter) → the relay → the local bus.
 */
export function startLocalEvents(
  dynamo: Pick<LocalDynamo, 'onInserts'>,
  options: LocalBusOptions = {},
): LocalEvents {
  const bus = createLocalBus(options);
  const log = options.log ?? ((line: string) => console.log(line));
  let relaying = 0;
  let relayed: Promise<unknown> = Promise.resolve();
  const stop = dynamo.onInserts(OUTBOX_STREAM_FILTER, (records) => {
    relaying += 1;
    // One relay at a time, in commit order, as one stream shard is read.
    relayed = relayed
      .then(() => relay(records as unknown as DynamoDBRecord[], (entries) => bus.put(entries), 'local'))
      .then((answer) => {
        if (answer.batchItemFailures.length > 0) log('[events] the local bus refused an event');
      })
      .catch((error: unknown) => log(`[events] relay failed: ${String(error)}`))
      .finally(() => {
        relaying -= 1;
      });
  });
  return {
    put: bus.put,
    subscribe: bus.subscribe,
    dead: bus.dead,
    async drained() {
      // The relay hands events to the bus, the bus delivers them, and a consumer's own writes may
      // announce more: done when both are idle at once.
      for (;;) {
        while (relaying > 0) await relayed;
        await bus.drained();
        if (relaying === 0) return;
      }
    },
    async close() {
      stop();
      await relayed;
      await bus.close();
    },
  };
}
