import { describe, expect, it } from 'vitest';
import { Backoff } from '../../bin/ogn-bridge/backoff.ts';

describe('the reconnect backoff', () => {
  it('doubles from 1 s to the 2 min cap, each delay between half and all of its step', () => {
    // Prepare
    const low = new Backoff({ random: () => 0 });
    const high = new Backoff({ random: () => 0.999_999 });

    // Act
    const lows = Array.from({ length: 10 }, () => low.next());
    const highs = Array.from({ length: 10 }, () => high.next());

    // Assess
    expect(lows).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(highs).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 64_000, 120_000, 120_000, 120_000]);
  });

  it('spreads clients that fail at the same moment', () => {
    const delays = new Set(Array.from({ length: 20 }, () => new Backoff().next()));
    expect(delays.size).toBeGreaterThan(10);
    for (const delay of delays) expect(delay).toBeGreaterThanOrEqual(500);
  });

  it('starts again from the base after a reset (a connection that stayed up)', () => {
    const backoff = new Backoff({ random: () => 0.5 });
    for (let i = 0; i < 8; i++) backoff.next();
    expect(backoff.next()).toBe(90_000);
    backoff.reset();
    expect(backoff.next()).toBe(750);
  });

  it('stays at the cap however long the outage', () => {
    const backoff = new Backoff({ random: () => 0 });
    for (let i = 0; i < 5000; i++) backoff.next();
    expect(backoff.next()).toBe(60_000);
  });
});
