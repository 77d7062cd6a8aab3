import { type EventDetail, type EventType, eventSource, events } from '../../../contracts/events.ts';
import { logger } from '../log/logger.ts';
import { eventIdOf } from './outbox.ts';

/**
 * The one adaptor between the bus and a consumer (docs/ARCHITECTURE.md "Domain events"). A consumer is an
 * export of `functions/<domain>/events.ts` made with `createEventHandler`; EventBridge invokes it
 * with its envelope in the cloud (a rule per row of contracts/events.ts `subscriptions`), the
 * local bus (bin/local/events.ts) with the same envelope. The adaptor checks the event against the
 * event table and hands the consumer a typed event whose `id` is the natural id to key effects on.
 *
 * - A malformed event (unknown or unexpected type, wrong source, a detail that does not match its
 *   schema or its id) is refused: logged with ids and field names only, answered `rejected`, and
 *   never retried — retrying cannot make it readable.
 * - A consumer that throws is retried (Lambda's asynchronous retries, the local bus's backoff),
 *   then dead-lettered: its effect must be idempotent by the event id.
 */

/** What EventBridge hands a rule's Lambda target (the fields the adaptor reads). */
export interface BusEnvelope {
  /** EventBridge's own id: differs on every put, so never the key of an effect. */
  id?: string;
  'detail-type': string;
  source: string;
  time: string;
  detail: unknown;
}

export interface DomainEvent<T extends EventType> {
  /** The event's natural id (`flight.changed#<org>#<flight>#v<version>`): key effects on it. */
  id: string;
  type: T;
  source: string;
  /** When the change was written (ISO instant). */
  time: string;
  detail: EventDetail<T>;
}

type EventOutcome = 'handled' | 'rejected';
export type EventHandler = (envelope: BusEnvelope) => Promise<EventOutcome>;

const isEventType = (value: string): value is EventType => Object.hasOwn(events, value);

export function createEventHandler<T extends EventType>(
  accepts: readonly T[],
  handle: (event: DomainEvent<T>) => Promise<void>,
): EventHandler {
  return async (envelope) => {
    const type = envelope['detail-type'];
    const detail = envelope.detail as { event_id?: unknown } | null;
    const eventId = typeof detail?.event_id === 'string' ? detail.event_id : undefined;
    const refuse = (reason: string, fields?: string[]) => {
      logger.error('event rejected', { type, eventId, source: envelope.source, reason, fields });
      return 'rejected' as const;
    };
    if (!isEventType(type) || !(accepts as readonly string[]).includes(type))
      return refuse('unexpected_type');
    const def = events[type];
    if (envelope.source !== eventSource(def.domain)) return refuse('wrong_source');
    if (!eventId) return refuse('no_event_id');
    const parsed = def.detail.safeParse(detail);
    if (!parsed.success)
      return refuse(
        'invalid_detail',
        parsed.error.issues.map((issue) => issue.path.join('.')),
      );
    const typed = parsed.data as EventDetail<T>;
    if (eventIdOf(type as T, typed) !== eventId) return refuse('id_mismatch');
    try {
      await handle({
        id: eventId,
        type: type as T,
        source: envelope.source,
        time: envelope.time,
        detail: typed,
      });
    } catch (error) {
      logger.warn('event handler failed', {
        type,
        eventId,
        error: error instanceof Error ? error.name : 'error',
      });
      throw error;
    }
    return 'handled';
  };
}
