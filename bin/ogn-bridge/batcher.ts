import { receiverOf } from './aprs.ts';

/** One MQTT message: the lines of one flush, from every receiver, in the order they arrived. */
export interface Batch {
  lines: string[];
  /** When the batch's first line arrived (ISO). The ingest dates time-of-day stamps against it. */
  receivedAt: string;
}

interface BatcherOptions {
  /** Flush when this many lines wait. Default 200. */
  maxLines?: number;
  /** Flush when the waiting lines reach this many bytes: AWS IoT Core takes messages up to 128 KB. Default 96,000. */
  maxBytes?: number;
  /** Flush this long after the first waiting line. Default 1000 ms. */
  maxWaitMs?: number;
  /** One call per flush: one batch, one MQTT message. */
  onFlush(batch: Batch): void;
  /** A line without an APRS header: counted by the caller, never forwarded. */
  onBadLine?(line: string): void;
  now?: () => Date;
}

const BATCH_DEFAULTS = { maxLines: 200, maxBytes: 96_000, maxWaitMs: 1000 } as const;

/**
 * Collects raw lines and hands them out in batches of up to `maxLines` (or `maxBytes`) or every
 * `maxWaitMs`, whichever comes first: a busy feed costs one MQTT message — in the cloud one IoT
 * message and one Lambda invocation — per 200 lines, a quiet one a message a second at most. Lines
 * of every receiver share a batch, in arrival order: the ingest reads each line's receiver from the
 * line itself, and one device heard by two receivers lands in one batch instead of two Lambdas
 * racing on its detector.
 */
export class LineBatcher {
  #maxLines: number;
  #maxBytes: number;
  #maxWaitMs: number;
  #onFlush: (batch: Batch) => void;
  #onBadLine: ((line: string) => void) | undefined;
  #now: () => Date;
  #pending: Batch | undefined;
  #bytes = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(opts: BatcherOptions) {
    // Field by field: a caller passing `maxLines: undefined` (an unset CLI flag) gets the default,
    // where a spread of the options over the defaults would set it to undefined.
    this.#maxLines = opts.maxLines ?? BATCH_DEFAULTS.maxLines;
    this.#maxBytes = opts.maxBytes ?? BATCH_DEFAULTS.maxBytes;
    this.#maxWaitMs = opts.maxWaitMs ?? BATCH_DEFAULTS.maxWaitMs;
    this.#onFlush = opts.onFlush;
    this.#onBadLine = opts.onBadLine;
    this.#now = opts.now ?? (() => new Date());
  }

  /** False (and not kept) when the line has no APRS header. */
  add(line: string): boolean {
    if (!receiverOf(line)) {
      this.#onBadLine?.(line);
      return false;
    }
    this.#pending ??= { lines: [], receivedAt: this.#now().toISOString() };
    this.#pending.lines.push(line);
    // The JSON quotes and comma; the slack under 128 KB covers escaped characters.
    this.#bytes += Buffer.byteLength(line) + 3;
    if (this.#pending.lines.length >= this.#maxLines || this.#bytes >= this.#maxBytes) this.flush();
    else this.#timer ??= setTimeout(() => this.flush(), this.#maxWaitMs);
    return true;
  }

  flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending;
    if (!batch) return;
    this.#pending = undefined;
    this.#bytes = 0;
    this.#onFlush(batch);
  }

  get pendingLines(): number {
    return this.#pending?.lines.length ?? 0;
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
