import { env } from '../platform/config/env.ts';
import { type Publisher, publish } from '../platform/events/push.ts';
import type { IngestStore } from './ingest-store.ts';
import { ingestStore } from './ingest-store.ts';

/** What the OGN ingest and the sweep work with (ingest.ts, sweep.ts), and the limits they share. */
export interface IngestDeps {
  store: IngestStore;
  publish: Publisher;
  /** Epoch ms. */
  now: () => number;
  /** How long a latest position stays on the live map (LIVE_TTL_SECONDS). */
  liveTtlSeconds: number;
  /** Days track points are kept (TRACK_RETENTION_DAYS). */
  trackRetentionDays: number;
}

export const DAY_SECONDS = 86_400;
/** Devices of one organization worked on at once. */
export const DEVICE_CONCURRENCY = 8;
/** Lost detector races in a row before the batch gives up (the next delivery starts afresh). */
export const MAX_RACES = 5;

/** The default deps, with `overrides` (tests pass a clock, a publisher, a store). */
export const ingestDeps = (overrides: Partial<IngestDeps> = {}): IngestDeps => ({
  store: ingestStore,
  publish: (topic, payload) => publish(topic, payload),
  now: () => Date.now(),
  liveTtlSeconds: env().LIVE_TTL_SECONDS,
  trackRetentionDays: env().TRACK_RETENTION_DAYS,
  ...overrides,
});

/** Runs `task` over `items`, `limit` at a time. */
export async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
