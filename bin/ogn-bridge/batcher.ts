import { receiverOf } from './aprs.ts';

export interface Batch {
  receiver: string;
  lines: string[];
  /** When the batch's first line arrived (ISO). The ingest dates time-of-day stamps against it. */
  receivedAt: string;
}

export interface BatcherOptions {
  /** Flush when this many lines wait (all receivers together). Default 200. */
  maxLines?: number;
  /** Flush when the waiting lines reach this many bytes: AWS IoT Core takes messages up to 128 KB. Default 96,000. */
  maxBytes?: number;
  /** Flush this long after the first waiting line. Default 1000 ms. */
  maxWaitMs?: number;
  /** One call per flush: one batch per receiver, receivers in order of their first line. */
  onFlush(batches: Batch[]): void;
  /** A line without an APRS header: counted by the caller, never forwarded. */
  onBadLine?(line: string): void;
  now?: () => Date;
}

/**
 * Collects raw lines and hands them out in batches of up to `maxLines` or every `maxWaitMs`,
 * whichever comes first, grouped by receiver (the MQTT topic). A receiver's lines keep their order.
 */
export class LineBatcher {
  #opts: Required<Omit<BatcherOptions, 'onBadLine'>> & Pick<BatcherOptions, 'onBadLine'>;
  #pending = new Map<string, Batch>();
  #count = 0;
  #bytes = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(opts: BatcherOptions) {
    this.#opts = { maxLines: 200, maxBytes: 96_000, maxWaitMs: 1000, now: () => new Date(), ...opts };
  }

  /** False (and not kept) when the line has no receiver to route it by. */
  add(line: string): boolean {
    const receiver = receiverOf(line);
    if (!receiver) {
      this.#opts.onBadLine?.(line);
      return false;
    }
    let batch = this.#pending.get(receiver);
    if (!batch) {
      batch = { receiver, lines: [], receivedAt: this.#opts.now().toISOString() };
      this.#pending.set(receiver, batch);
    }
    batch.lines.push(line);
    this.#count++;
    // The JSON quotes and comma; the slack under 128 KB covers escaped characters.
    this.#bytes += Buffer.byteLength(line) + 3;
    if (this.#count >= this.#opts.maxLines || this.#bytes >= this.#opts.maxBytes) this.flush();
    else this.#timer ??= setTimeout(() => this.flush(), this.#opts.maxWaitMs);
    return true;
  }

  flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#count === 0) return;
    const batches = [...this.#pending.values()];
    this.#pending.clear();
    this.#count = 0;
    this.#bytes = 0;
    this.#opts.onFlush(batches);
  }

  get pendingLines(): number {
    return this.#count;
  }
}

/**
 * Batches waiting for MQTT, bounded in lines: when full, the oldest batches go first (fresh
 * positions matter more than old ones) and are counted, so an outage never grows memory unbounded.
 */
export class BoundedBatchQueue {
  readonly capacityLines: number;
  #batches: Batch[] = [];
  #lines = 0;
  dropped = 0;

  constructor(capacityLines: number) {
    this.capacityLines = capacityLines;
  }

  push(batch: Batch): void {
    this.#batches.push(batch);
    this.#lines += batch.lines.length;
    while (this.#lines > this.capacityLines) {
      const oldest = this.#batches[0];
      if (!oldest) break;
      const excess = this.#lines - this.capacityLines;
      if (oldest.lines.length <= excess) {
        this.#batches.shift();
        this.#lines -= oldest.lines.length;
        this.dropped += oldest.lines.length;
      } else {
        // Trim the oldest lines of the oldest batch only as far as needed.
        oldest.lines.splice(0, excess);
        this.#lines -= excess;
        this.dropped += excess;
      }
    }
  }

  /** Back at the head: a publish that failed goes out first when MQTT is back. */
  unshift(batch: Batch): void {
    this.#batches.unshift(batch);
    this.#lines += batch.lines.length;
  }

  shift(): Batch | undefined {
    const batch = this.#batches.shift();
    if (batch) this.#lines -= batch.lines.length;
    return batch;
  }

  get lines(): number {
    return this.#lines;
  }

  get length(): number {
    return this.#batches.length;
  }
}
