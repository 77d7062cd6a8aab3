import { describe, expect, it, vi } from 'vitest';
import { createEventHandler } from '../../functions/platform/events/consumer.ts';
import { eventItem } from '../../functions/platform/events/outbox.ts';
import { fromStreamImage, outboxItemOf, toBusEntry } from '../../functions/platform/events/relay.ts';
import { logger } from '../../functions/platform/log/logger.ts';

/**
 * The adaptor every consumer goes through (functions/platform/events/consumer.ts) and the outbox
 * item's way onto the bus: what a consumer is handed, and what it is never handed.
 */
const detail = {
  organization_id: 'org-demo',
  flight_id: 'f-1',
  version: 3,
  change: 'corrected' as const,
  plane_id: 'plane-ha-4370',
  date: '2026-08-22',
};

/** The envelope EventBridge hands a rule's target for an outbox item, as the relay puts it. */
const envelopeOf = (item = eventItem('flight.changed', detail, new Date('2026-08-22T10:00:00Z'))) => {
  const entry = toBusEntry(item, 'windsock-test');
  return {
    version: '0',
    id: 'eb-1',
    'detail-type': entry.DetailType,
    source: entry.Source,
    time: entry.Time,
    detail: JSON.parse(entry.Detail) as Record<string, unknown>,
  };
};

describe('createEventHandler', () => {
  it('hands the consumer the typed detail and the natural id, not EventBridge’s', async () => {
    // Prepare
    const handle = vi.fn(async () => undefined);
    const handler = createEventHandler(['flight.changed'], handle);

    // Act
    const outcome = await handler(envelopeOf());

    // Assess
    expect(outcome).toBe('handled');
    expect(handle).toHaveBeenCalledWith({
      id: 'flight.changed#org-demo#f-1#v3',
      type: 'flight.changed',
      source: 'windsock.flights',
      time: '2026-08-22T10:00:00.000Z',
      detail,
    });
  });

  it.each([
    [
      'a detail missing a field',
      { detail: { ...envelopeOf().detail, plane_id: undefined } },
      'invalid_detail',
    ],
    ['an unknown change', { detail: { ...envelopeOf().detail, change: 'landed' } }, 'invalid_detail'],
    [
      'a version that is no whole number',
      { detail: { ...envelopeOf().detail, version: 2.5 } },
      'invalid_detail',
    ],
    ['no event id', { detail: { ...envelopeOf().detail, event_id: undefined } }, 'no_event_id'],
    [
      'an id that does not match the detail',
      { detail: { ...envelopeOf().detail, version: 4 } },
      'id_mismatch',
    ],
    ['another domain as the source', { source: 'windsock.finance' }, 'wrong_source'],
    ['a type the consumer did not subscribe to', { 'detail-type': 'flight.priced' }, 'unexpected_type'],
    ['a detail that is not an object', { detail: 'flight' }, 'no_event_id'],
  ])(
    'refuses %s: logged with ids and field names, answered rejected, the consumer never called',
    async (_, change, reason) => {
      // Prepare
      const handle = vi.fn(async () => undefined);
      const handler = createEventHandler(['flight.changed'], handle);
      const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);

      // Act
      const outcome = await handler({ ...envelopeOf(), ...change });

      // Assess
      expect(outcome).toBe('rejected');
      expect(handle).not.toHaveBeenCalled();
      expect(logged).toHaveBeenCalledWith('event rejected', expect.objectContaining({ reason }));
      // Ids and codes only: the log never carries the detail's values beyond the event id.
      expect(JSON.stringify(logged.mock.calls)).not.toContain('plane-ha-4370');
      logged.mockRestore();
    },
  );

  it('lets a consumer’s failure through, so the bus retries it', async () => {
    // Prepare
    const handler = createEventHandler(['flight.changed'], async () => {
      throw new Error('ledger busy');
    });
    const warned = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);

    // Act + Assess
    await expect(handler(envelopeOf())).rejects.toThrow('ledger busy');
    expect(warned).toHaveBeenCalledWith(
      'event handler failed',
      expect.objectContaining({ eventId: 'flight.changed#org-demo#f-1#v3' }),
    );
    warned.mockRestore();
  });
});

describe('the outbox item', () => {
  it('has the natural id, the announcing domain and a TTL of three days', () => {
    // Act
    const item = eventItem('flight.changed', detail, new Date('2026-08-22T10:00:00Z'));

    // Assess
    expect(item).toEqual({
      organization_id: 'org-demo',
      event_id: 'flight.changed#org-demo#f-1#v3',
      type: 'flight.changed',
      source: 'windsock.flights',
      detail,
      occurred_at: '2026-08-22T10:00:00.000Z',
      ttl: Date.parse('2026-08-25T10:00:00Z') / 1000,
    });
  });

  it('is refused before anything is written when the detail does not match the event table', () => {
    expect(() => eventItem('flight.changed', { ...detail, change: 'landed' as 'completed' })).toThrow(
      /flight.changed: detail does not match the event table \(change\)/,
    );
  });

  it('is read back from its stream image (NEW_IMAGE in DynamoDB JSON); other records are none', () => {
    // Prepare
    const image = {
      organization_id: { S: 'org-demo' },
      event_id: { S: 'flight.changed#org-demo#f-1#v3' },
      type: { S: 'flight.changed' },
      source: { S: 'windsock.flights' },
      occurred_at: { S: '2026-08-22T10:00:00.000Z' },
      ttl: { N: '1787652000' },
      detail: {
        M: {
          organization_id: { S: 'org-demo' },
          flight_id: { S: 'f-1' },
          version: { N: '3' },
          change: { S: 'corrected' },
          plane_id: { S: 'plane-ha-4370' },
          date: { S: '2026-08-22' },
        },
      },
      __edb_e__: { S: 'domainEvent' },
    };

    // Act
    const item = outboxItemOf({ eventName: 'INSERT', dynamodb: { NewImage: image } });

    // Assess
    expect(item).toMatchObject({ event_id: 'flight.changed#org-demo#f-1#v3', detail, ttl: 1787652000 });
    expect(outboxItemOf({ eventName: 'REMOVE', dynamodb: { NewImage: image } })).toBeNull();
    expect(outboxItemOf({ eventName: 'INSERT', dynamodb: { NewImage: { pk: { S: 'org#x' } } } })).toBeNull();
    expect(
      fromStreamImage({ a: { BOOL: false }, b: { L: [{ N: '1' }, { NULL: true }] }, c: { SS: ['x'] } }),
    ).toEqual({ a: false, b: [1, null], c: ['x'] });
  });
});
