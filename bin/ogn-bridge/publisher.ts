import { readFileSync } from 'node:fs';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { topicFor } from './aprs.ts';
import { type Batch, BoundedBatchQueue } from './batcher.ts';

export interface MqttTarget {
  /** `mqtt://127.0.0.1:1883` locally; `mqtts://<account>-ats.iot.<region>.amazonaws.com:8883` in AWS. */
  url: string;
  username?: string;
  password?: string;
  clientId?: string;
  /** PEM files of an IoT thing certificate (AWS IoT Core's device authentication over mqtts). */
  caFile?: string;
  certFile?: string;
  keyFile?: string;
}

interface PublisherOptions {
  target: MqttTarget;
  /** Lines kept while MQTT is unreachable; the oldest are dropped beyond it. Default 50,000. */
  bufferLines?: number;
  /** QoS 1 publishes awaiting their PUBACK at once. Default 16. */
  window?: number;
  /** Where the batches go. Default `ogn/beacons/<client id>`: which bridge sent them, for the logs. */
  topic?: string;
  log?: (line: string) => void;
}

export interface PublisherStats {
  publishedLines: number;
  publishedBatches: number;
  droppedLines: number;
  queuedLines: number;
}

/**
 * Publishes batches as `{ lines, received_at }` to `ogn/beacons/<bridge>`, QoS 1 (the ingest is
 * idempotent, so a resend after a reconnect is harmless). mqtt.js's own offline queue is unbounded,
 * so batches wait in a BoundedBatchQueue and are only handed to the client while it is connected.
 */
export class MqttPublisher {
  #client: MqttClient;
  #queue: BoundedBatchQueue;
  #window: number;
  #topic: string;
  #inflight = 0;
  #waiters: (() => void)[] = [];
  #log: (line: string) => void;
  #closed = false;
  publishedLines = 0;
  publishedBatches = 0;

  constructor(opts: PublisherOptions) {
    this.#queue = new BoundedBatchQueue(opts.bufferLines ?? 50_000);
    this.#window = opts.window ?? 16;
    this.#log = opts.log ?? (() => undefined);
    const t = opts.target;
    const clientId = t.clientId ?? `ogn-bridge-${Math.random().toString(16).slice(2, 10)}`;
    this.#topic = opts.topic ?? topicFor(clientId);
    const options: IClientOptions = {
      clientId,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
      queueQoSZero: false,
      ...(t.username ? { username: t.username } : {}),
      ...(t.password ? { password: t.password } : {}),
      ...(t.caFile ? { ca: readFileSync(t.caFile) } : {}),
      ...(t.certFile ? { cert: readFileSync(t.certFile) } : {}),
      ...(t.keyFile ? { key: readFileSync(t.keyFile) } : {}),
    };
    this.#client = mqtt.connect(t.url, options);
    let wasConnected = false;
    this.#client.on('connect', () => {
      this.#log(`mqtt: connected to ${redact(t.url)}`);
      wasConnected = true;
      this.#pump();
    });
    this.#client.on('close', () => {
      if (wasConnected && !this.#closed)
        this.#log(`mqtt: connection lost, ${this.#queue.lines} lines queued`);
      wasConnected = false;
    });
    // Refusals and socket errors: mqtt.js retries by itself; say why once per cause.
    let lastError = '';
    this.#client.on('error', (error) => {
      if (error.message !== lastError) this.#log(`mqtt: ${error.message}`);
      lastError = error.message;
    });
  }

  publish(batch: Batch): void {
    this.#queue.push(batch);
    this.#pump();
  }

  stats(): PublisherStats {
    return {
      publishedLines: this.publishedLines,
      publishedBatches: this.publishedBatches,
      droppedLines: this.#queue.dropped,
      queuedLines: this.#queue.lines,
    };
  }

  get connected(): boolean {
    return this.#client.connected;
  }

  /** Resolves when fewer than half the buffer waits: a replay at full speed must not drop lines. */
  async room(): Promise<void> {
    while (this.#queue.lines > this.#queue.capacityLines / 2) await this.#changed();
  }

  /** Resolves when everything queued is acknowledged (or after `timeoutMs`, false). */
  async drained(timeoutMs = 30_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.#queue.length > 0 || this.#inflight > 0) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await Promise.race([this.#changed(), new Promise((r) => setTimeout(r, Math.min(left, 1000)))]);
    }
    return true;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#client.endAsync();
    for (const wake of this.#waiters.splice(0)) wake();
  }

  #changed(): Promise<void> {
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  #pump(): void {
    while (this.#client.connected && this.#inflight < this.#window) {
      const batch = this.#queue.shift();
      if (!batch) break;
      this.#inflight++;
      const payload = JSON.stringify({ lines: batch.lines, received_at: batch.receivedAt });
      this.#client
        .publishAsync(this.#topic, payload, { qos: 1 })
        .then(
          () => {
            this.publishedLines += batch.lines.length;
            this.publishedBatches++;
          },
          // Not sent (the connection went away before the PUBACK): again first, once connected.
          () => {
            if (!this.#closed) this.#queue.unshift(batch);
          },
        )
        .finally(() => {
          this.#inflight--;
          for (const wake of this.#waiters.splice(0)) wake();
          if (!this.#closed) this.#pump();
        });
    }
    for (const wake of this.#waiters.splice(0)) wake();
  }
}

const redact = (url: string) => url.replace(/\/\/[^@/]*@/, '//***@');
