import type { AttributeValue, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { env } from '../config/env.ts';
import { logger } from '../log/logger.ts';
import { type BusEntry, type PutEvents, putEvents } from './eventbridge.ts';
import type { OutboxItem } from './outbox.ts';

/**
 * The relay (docs/ARCHITECTURE.md "Domain events"): new outbox items from the table's stream onto the event
 * bus, in stream order. In the cloud a Lambda on the DynamoDB stream, filtered to INSERTs of outbox
 * items (OUTBOX_STREAM_FILTER), puts them on the `windsock-<stage>` EventBridge bus; locally
 * bin/local/events.ts runs the same `relay` with the local bus's put.
 *
 * At least once: an entry EventBridge refuses is reported as the batch's first failure, so the
 * stream hands that record and every later one back (a retry may put earlier ones twice; consumers
 * key on the event id inside the detail). An item that is not an event at all is logged and skipped,
 * so it cannot block the stream.
 */

/** EventBridge takes at most 10 entries per PutEvents. */
const MAX_ENTRIES = 10;

/** A stream image as plain values (strings, numbers, booleans, lists, maps). */
export function fromStreamImage(image: Record<string, AttributeValue>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(image).map(([name, value]) => [name, plain(value)]));
}

function plain(value: AttributeValue): unknown {
  if (value.S !== undefined) return value.S;
  if (value.N !== undefined) return Number(value.N);
  if (value.BOOL !== undefined) return value.BOOL;
  if (value.NULL) return null;
  if (value.M) return fromStreamImage(value.M);
  if (value.L) return value.L.map(plain);
  if (value.SS) return [...value.SS];
  if (value.NS) return value.NS.map(Number);
  return undefined;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The outbox item a stream record carries, or null when it is none. */
export function outboxItemOf(record: DynamoDBRecord): OutboxItem | null {
  const image = record.dynamodb?.NewImage;
  if (record.eventName !== 'INSERT' || !image) return null;
  const item = fromStreamImage(image);
  const { organization_id, event_id, type, source, detail, occurred_at, ttl } = item;
  if (
    !isText(organization_id) ||
    !isText(event_id) ||
    !isText(type) ||
    !isText(source) ||
    !isText(occurred_at) ||
    typeof ttl !== 'number' ||
    detail === null ||
    typeof detail !== 'object' ||
    Array.isArray(detail)
  )
    return null;
  return {
    organization_id,
    event_id,
    type,
    source,
    detail: detail as Record<string, unknown>,
    occurred_at,
    ttl,
  };
}

/**
 * What goes on the bus: Source `windsock.<domain>`, DetailType the event type, Detail the event's
 * detail with its natural id as `event_id` (EventBridge's own id differs on every put).
 */
export const toBusEntry = (item: OutboxItem, busName: string): BusEntry => ({
  Source: item.source,
  DetailType: item.type,
  Detail: JSON.stringify({ event_id: item.event_id, ...item.detail }),
  Time: item.occurred_at,
  EventBusName: busName,
});

/** Puts the records' events on the bus in order; answers the first record to hand back, if any. */
export async function relay(
  records: readonly DynamoDBRecord[],
  put: PutEvents,
  busName: string,
): Promise<DynamoDBBatchResponse> {
  const pending: { sequence: string; entry: BusEntry; eventId: string }[] = [];
  for (const record of records) {
    const item = outboxItemOf(record);
    if (!item) {
      logger.error('relay: not an outbox event, skipped', {
        sequence: record.dynamodb?.SequenceNumber,
        eventName: record.eventName,
      });
      continue;
    }
    pending.push({
      sequence: record.dynamodb?.SequenceNumber ?? '',
      entry: toBusEntry(item, busName),
      eventId: item.event_id,
    });
  }
  for (let start = 0; start < pending.length; start += MAX_ENTRIES) {
    const chunk = pending.slice(start, start + MAX_ENTRIES);
    let failedAt = -1;
    try {
      const results = await put(chunk.map((p) => p.entry));
      failedAt = results.findIndex((result) => 'ErrorCode' in result);
      if (failedAt >= 0) {
        const result = results[failedAt] as { ErrorCode: string };
        logger.warn('relay: event refused by the bus, handed back', {
          eventId: chunk[failedAt]?.eventId,
          code: result.ErrorCode,
        });
      }
    } catch (error) {
      logger.warn('relay: PutEvents failed, batch handed back', {
        eventId: chunk[0]?.eventId,
        error: error instanceof Error ? error.name : 'error',
      });
      failedAt = 0;
    }
    if (failedAt >= 0) return { batchItemFailures: [{ itemIdentifier: chunk[failedAt]?.sequence ?? '' }] };
  }
  return { batchItemFailures: [] };
}

/** The relay Lambda (lib/events-stack.ts): the stream batch onto EVENT_BUS_NAME. */
export const handler = (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> =>
  relay(event.Records, putEvents, env().EVENT_BUS_NAME);
