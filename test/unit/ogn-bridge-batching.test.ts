import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Batch, BoundedBatchQueue, LineBatcher } from '../../bin/ogn-bridge/batcher.ts';

const line = (receiver: string, n: number) =>
  `FLRDD${String(n).padStart(4, '0')}>OGFLR,qAS,${receiver}:/120000h4737.00N/01908.60E'090/000/A=000413`;

describe('the line batcher', () => {
  let flushes: Batch[];
  let bad: string[];
  let batcher: LineBatcher;

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-05-01T12:00:00.000Z') });
    flushes = [];
    bad = [];
    batcher = new LineBatcher({
      maxLines: 5,
      maxWaitMs: 1000,
      onFlush: (batch) => flushes.push(batch),
      onBadLine: (l) => bad.push(l),
    });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('flushes one second after the first line: every receiver in one batch, in arrival order', () => {
    // Act
    batcher.add(line('LHDK', 1));
    vi.advanceTimersByTime(300);
    batcher.add(line('LHBS', 2));
    batcher.add(line('LHDK', 3));
    vi.advanceTimersByTime(699);
    const before = flushes.length;
    vi.advanceTimersByTime(1);

    // Assess
    expect(before).toBe(0);
    expect(flushes).toEqual([
      {
        lines: [line('LHDK', 1), line('LHBS', 2), line('LHDK', 3)],
        receivedAt: '2026-05-01T12:00:00.000Z',
      },
    ]);
  });

  it('flushes at once when the line limit is reached, and the timer starts again after', () => {
    // Act
    for (let i = 0; i < 7; i++) batcher.add(line(i % 2 ? 'LHBS' : 'LHDK', i));

    // Assess
    expect(flushes).toHaveLength(1);
    expect(flushes[0]?.lines).toHaveLength(5);
    expect(batcher.pendingLines).toBe(2);
    vi.advanceTimersByTime(1000);
    expect(flushes).toHaveLength(2);
    expect(flushes[1]?.lines).toEqual([line('LHBS', 5), line('LHDK', 6)]);
  });

  it('keeps its defaults when a caller passes unset options: a live feed goes out 200 lines a message', () => {
    // Prepare: what the bridge's CLI passes when no batch flags are given
    const batches: Batch[] = [];
    const defaults = new LineBatcher({
      maxLines: undefined,
      maxBytes: undefined,
      maxWaitMs: undefined,
      onFlush: (batch) => batches.push(batch),
    });

    // Act: 1,000 beacons of four receivers, one every 4 ms (a busy afternoon's feed)
    for (let i = 0; i < 1000; i++) {
      defaults.add(line(`R${i % 4}`, i));
      vi.advanceTimersByTime(4);
    }
    vi.advanceTimersByTime(1000);

    // Assess: 1000 / 200 messages, not one per beacon
    expect(batches.map((b) => b.lines.length)).toEqual([200, 200, 200, 200, 200]);
  });

  it('flushes before a batch outgrows an AWS IoT message', () => {
    // Prepare
    const big = new LineBatcher({ onFlush: (batch) => flushes.push(batch) });
    const long = `${line('LHDK', 1)} ${'x'.repeat(3900)}`;

    // Act
    for (let i = 0; i < 60; i++) big.add(long);

    // Assess
    expect(flushes).toHaveLength(2);
    for (const batch of flushes) {
      const payload = JSON.stringify({ lines: batch.lines, received_at: batch.receivedAt });
      expect(Buffer.byteLength(payload)).toBeLessThan(128 * 1024);
    }
    expect(big.pendingLines).toBe(60 - 2 * 25);
  });

  it('keeps lines without a receiver out and reports them', () => {
    // Act
    const kept = batcher.add('not an aprs line');
    vi.advanceTimersByTime(5000);

    // Assess
    expect(kept).toBe(false);
    expect(bad).toEqual(['not an aprs line']);
    expect(flushes).toEqual([]);
  });
});

describe('the queue in front of MQTT', () => {
  const batch = (receiver: string, from: number, count: number): Batch => ({
    lines: Array.from({ length: count }, (_, i) => line(receiver, from + i)),
    receivedAt: '2026-05-01T12:00:00.000Z',
  });

  it('never holds more lines than its capacity: the oldest go first, counted', () => {
    // Prepare
    const queue = new BoundedBatchQueue(10);

    // Act
    queue.push(batch('A', 0, 4));
    queue.push(batch('B', 0, 4));
    queue.push(batch('C', 0, 5));

    // Assess
    expect(queue.lines).toBe(10);
    expect(queue.dropped).toBe(3);
    expect(queue.shift()?.lines).toEqual([line('A', 3)]);
    expect(queue.shift()?.lines[0]).toBe(line('B', 0));
    expect(queue.shift()?.lines[0]).toBe(line('C', 0));
    expect(queue.shift()).toBeUndefined();
    expect(queue.lines).toBe(0);
  });

  it('stays bounded through a long outage', () => {
    const queue = new BoundedBatchQueue(1000);
    for (let i = 0; i < 10_000; i++) queue.push(batch('LHDK', i * 3, 3));
    expect(queue.lines).toBe(1000);
    expect(queue.dropped).toBe(29_000);
    // The freshest lines survive.
    expect(queue.length).toBe(334);
  });

  it('puts a batch that failed to publish back at the head', () => {
    const queue = new BoundedBatchQueue(100);
    queue.push(batch('A', 0, 1));
    const failed = batch('B', 0, 2);
    queue.unshift(failed);
    expect(queue.shift()).toBe(failed);
    expect(queue.lines).toBe(1);
  });
});
