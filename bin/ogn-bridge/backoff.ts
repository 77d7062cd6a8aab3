/**
 * Reconnect delays: exponential from `baseMs` to `capMs` with "equal jitter" (half fixed, half
 * random), so a fleet of bridges cut off by one server restart does not reconnect in lockstep,
 * while no delay collapses to zero and hammers a server that is down.
 */
interface BackoffOptions {
  baseMs?: number;
  capMs?: number;
  /** [0, 1); tests pass a fixed one. */
  random?: () => number;
}

export class Backoff {
  readonly baseMs: number;
  readonly capMs: number;
  #random: () => number;
  #attempt = 0;

  constructor(opts: BackoffOptions = {}) {
    this.baseMs = opts.baseMs ?? 1000;
    this.capMs = opts.capMs ?? 120_000;
    this.#random = opts.random ?? Math.random;
  }

  /** The delay before the next attempt; each call moves one step up the schedule. */
  next(): number {
    const ceiling = Math.min(this.capMs, this.baseMs * 2 ** Math.min(this.#attempt, 30));
    this.#attempt++;
    return Math.round(ceiling / 2 + (this.#random() * ceiling) / 2);
  }

  /** After a connection that stayed up: the next failure starts from the base again. */
  reset(): void {
    this.#attempt = 0;
  }

  get attempt(): number {
    return this.#attempt;
  }
}
