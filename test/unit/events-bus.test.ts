import { describe, expect, it, vi } from 'vitest';
import { matchesFilter } from '../../bin/local/dynamodb/stream.ts';
import { createLocalBus } from '../../bin/local/events.ts';
import { CONSUMER_RETRIES } from '../../contracts/events.ts';
import { type BusEnvelope, createEventHandler } from '../../functions/platform/events/consumer.ts';
import { eventItem, OUTBOX_STREAM_FILTER } from '../../functions/platform/events/outbox.ts';
import { toBusEntry } from '../../functions/platform/events/relay.ts';
import { logger } from '../../functions/platform/log/logger.ts';

/**
 * The local bus (bin/local/events.ts) on its own: routing by the subscription's types, at least
 * once with retries, dead letters, and the test mode that delivers twice and out of order.
 */
const entry = (version: number, flightId = 'f-1') =>
  toBusEntry(
    eventItem('flight.changed', {
      organization_id: 'org-demo',
      flight_id: flightId,
      version,
      change: version === 1 ? 'completed' : 'corrected',
      plane_id: 'plane-ha-4370',
      date: '2026-08-22',
    }),
    'local',
  );

const quiet = { log: () => undefined, subscriptions: [], retryDelaysMs: [1, 1] };

describe('the local bus', () => {
  it('delivers an event to every subscriber of its type, asynchronously, and no other', async () => {
    // Prepare
    const bus = createLocalBus(quiet);
    const got: string[] = [];
    const recording = (name: string) => async (envelope: BusEnvelope) => {
      got.push(`${name}:${(envelope.detail as { event_id: string }).event_id}`);
      return 'handled' as const;
    };
    bus.subscribe({ id: 'a', events: ['flight.changed'], handler: recording('a') });
    bus.subscribe({ id: 'b', events: ['flight.changed'], handler: recording('b') });

    // Act
    await bus.put([entry(1), { ...entry(2), Source: 'windsock.finance' }]);
    const synchronously = got.length;
    await bus.drained();

    // Assess: a put from the wrong source matches no rule (as in EventBridge).
    expect(synchronously).toBe(0);
    expect(got.sort()).toEqual(['a:flight.changed#org-demo#f-1#v1', 'b:flight.changed#org-demo#f-1#v1']);
  });

  it(`retries a failing consumer ${CONSUMER_RETRIES} times, then keeps the event as dead; a refused one is dead at once`, async () => {
    // Prepare
    const lines: string[] = [];
    const bus = createLocalBus({ ...quiet, log: (line) => lines.push(line) });
    const refused = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    let flaky = 0;
    let broken = 0;
    bus.subscribe({
      id: 'flaky',
      events: ['flight.changed'],
      handler: async () => {
        flaky += 1;
        if (flaky < 3) throw new Error('not yet');
        return 'handled';
      },
    });
    bus.subscribe({
      id: 'broken',
      events: ['flight.changed'],
      handler: async () => {
        broken += 1;
        throw new TypeError('always');
      },
    });
    bus.subscribe({
      id: 'picky',
      events: ['flight.changed'],
      handler: createEventHandler([], async () => undefined),
    });

    // Act
    await bus.put([entry(1)]);
    await bus.drained();

    // Assess
    expect([flaky, broken]).toEqual([3, 1 + CONSUMER_RETRIES]);
    expect(bus.dead.map((d) => [d.subscription, d.reason, d.attempts])).toEqual(
      expect.arrayContaining([
        ['broken', 'failed', 1 + CONSUMER_RETRIES],
        ['picky', 'rejected', 1],
      ]),
    );
    expect(bus.dead).toHaveLength(2);
    expect(lines.filter((line) => line.includes('DEAD'))).toHaveLength(2);
    expect(refused).toHaveBeenCalledTimes(1);
    refused.mockRestore();
  });

  it('in test mode delivers every event twice and out of order within the window', async () => {
    // Prepare
    const bus = createLocalBus({
      ...quiet,
      chaos: { duplicate: true, shuffle: true, seed: 42, windowMs: 5 },
    });
    const order: number[] = [];
    bus.subscribe({
      id: 'recorder',
      events: ['flight.changed'],
      handler: async (envelope) => {
        order.push((envelope.detail as { version: number }).version);
        return 'handled';
      },
    });

    // Act
    await bus.put([1, 2, 3, 4, 5, 6, 7, 8].map((version) => entry(version)));
    await bus.drained();

    // Assess
    expect(order).toHaveLength(16);
    expect([...order].sort((x, y) => x - y)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8]);
    expect(order).not.toEqual([...order].sort((x, y) => x - y));
  });
});

describe('the outbox stream filter', () => {
  const record = (eventName: string, entity: string) => ({
    eventName,
    dynamodb: { NewImage: { __edb_e__: { S: entity }, pk: { S: 'org#org-demo#outbox' } } },
  });

  it('lets through new outbox items only: not their expiry, not other entities', () => {
    expect(matchesFilter(OUTBOX_STREAM_FILTER, record('INSERT', 'domainEvent'))).toBe(true);
    expect(matchesFilter(OUTBOX_STREAM_FILTER, record('REMOVE', 'domainEvent'))).toBe(false);
    expect(matchesFilter(OUTBOX_STREAM_FILTER, record('INSERT', 'flight'))).toBe(false);
    expect(matchesFilter(OUTBOX_STREAM_FILTER, { eventName: 'INSERT', dynamodb: {} })).toBe(false);
  });
});
