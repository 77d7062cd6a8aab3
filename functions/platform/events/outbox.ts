import {
  EVENT_RETENTION_SECONDS,
  type EventDetail,
  type EventType,
  eventSource,
  events,
} from '../../../contracts/events.ts';
import { OUTBOX_ENTITY } from './entities.ts';

/**
 * The transactional outbox (docs/ARCHITECTURE.md "Domain events"): a domain announces a change by putting an
 * event item into the SAME TransactWrite as the change, so the change and its announcement are
 * written together or not at all. The table's stream carries each new event item on (the relay:
 * EventBridge in the cloud, the local bus on a laptop); nothing reads these items back.
 *
 * The item's id is the event's natural id (`flight.changed#<org>#<flight>#v<version>`) and it is
 * created only where absent: a retried write cannot announce the same change twice, it is refused
 * with the rest of its transaction. Items expire after EVENT_RETENTION_SECONDS.
 *
 * This module is all a producer imports: no EventBridge client, no consumer.
 */

export interface OutboxItem {
  organization_id: string;
  event_id: string;
  type: string;
  source: string;
  detail: Record<string, unknown>;
  occurred_at: string;
  ttl: number;
}

/** The natural id of an event: its type, then what identifies the change (contracts/events.ts `key`). */
export function eventIdOf<T extends EventType>(type: T, detail: EventDetail<T>): string {
  return `${type}#${events[type].key(detail)}`;
}

/**
 * The outbox item announcing `detail` as a `type` event, to `create` inside the change's own
 * TransactWrite (`e.domainEvent.create(eventItem(…)).commit()`). The detail is checked against the
 * event table here: a producer that sends what consumers cannot read fails before it writes.
 */
export function eventItem<T extends EventType>(
  type: T,
  detail: EventDetail<T>,
  now = new Date(),
): OutboxItem {
  const def = events[type];
  const parsed = def.detail.safeParse(detail);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`${type}: detail does not match the event table (${fields})`);
  }
  return {
    organization_id: parsed.data.organization_id,
    event_id: eventIdOf(type, parsed.data as EventDetail<T>),
    type,
    source: eventSource(def.domain),
    detail: parsed.data,
    occurred_at: now.toISOString(),
    ttl: Math.floor(now.getTime() / 1000) + EVENT_RETENTION_SECONDS,
  };
}

/**
 * The stream records that carry events on: new outbox items only (an expired item's REMOVE and
 * every other entity's change stay out). An EventBridge-style filter pattern, the same object for
 * the Lambda event source mapping (lib/events-stack.ts) and the local stream (bin/local/events.ts).
 */
export const OUTBOX_STREAM_FILTER = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { __edb_e__: { S: [OUTBOX_ENTITY] } } },
};
