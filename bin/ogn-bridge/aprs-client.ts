import { connect, type Socket } from 'node:net';
import { isServerLine, KEEPALIVE_LINE, serverNameOf } from './aprs.ts';
import { Backoff } from './backoff.ts';

interface AprsClientOptions {
  host: string;
  port: number;
  /** Sent first on every connection (`user … pass -1 vers … filter …\r\n`). */
  login: string;
  /** Every non-comment line, as received (without the line break). */
  onLine(line: string): void;
  log?: (line: string) => void;
  /** APRS-IS servers drop clients that stay silent; default every 4 minutes. */
  keepaliveMs?: number;
  /** No byte from the server this long (it sends a comment every ~20 s): the link is dead. Default 90 s. */
  idleTimeoutMs?: number;
  /** A connection up this long resets the backoff. Default 60 s. */
  stableMs?: number;
  backoff?: Backoff;
}

/** OGN lines are ~100–250 characters; a "line" this long is garbage and is dropped. */
const MAX_LINE = 4096;

/**
 * A read-only APRS-IS client that stays connected: logs in, sends keepalives, treats a silent
 * link as dead and reconnects with backoff. Bad input never throws out of here.
 */
export class AprsClient {
  #opts: AprsClientOptions;
  #log: (line: string) => void;
  #backoff: Backoff;
  #socket: Socket | undefined;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;
  connections = 0;
  droppedLongLines = 0;
  server: string | undefined;

  constructor(opts: AprsClientOptions) {
    this.#opts = opts;
    this.#log = opts.log ?? (() => undefined);
    this.#backoff = opts.backoff ?? new Backoff();
  }

  start(): void {
    this.#stopped = false;
    this.#connect();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#retry) clearTimeout(this.#retry);
    const socket = this.#socket;
    if (!socket || socket.destroyed) return;
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.destroy();
    });
  }

  #connect(): void {
    const { host, port } = this.#opts;
    const socket = connect({ host, port });
    this.#socket = socket;
    socket.setEncoding('utf8');
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 60_000);

    let connectedAt: number | undefined;
    let partial = '';
    let keepalive: ReturnType<typeof setInterval> | undefined;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const idleMs = this.#opts.idleTimeoutMs ?? 90_000;
    const armIdle = () => {
      if (idle) clearTimeout(idle);
      idle = setTimeout(() => {
        this.#log(`aprs: no data from ${host}:${port} for ${Math.round(idleMs / 1000)} s, reconnecting`);
        socket.destroy();
      }, idleMs);
    };

    socket.on('connect', () => {
      connectedAt = Date.now();
      this.connections++;
      this.#log(`aprs: connected to ${host}:${port}`);
      socket.write(this.#opts.login);
      keepalive = setInterval(() => socket.write(KEEPALIVE_LINE), this.#opts.keepaliveMs ?? 240_000);
      armIdle();
    });
    socket.on('data', (chunk: string) => {
      armIdle();
      let text = partial + chunk;
      let start = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
        const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
        this.#handle(text.slice(start, end));
        start = nl + 1;
      }
      text = text.slice(start);
      if (text.length > MAX_LINE) {
        this.droppedLongLines++;
        text = '';
      }
      partial = text;
    });
    // 'close' follows every error; the error itself only needs a word in the log.
    socket.on('error', (error) => this.#log(`aprs: ${host}:${port}: ${error.message}`));
    socket.on('close', () => {
      if (keepalive) clearInterval(keepalive);
      if (idle) clearTimeout(idle);
      if (this.#stopped) return;
      if (connectedAt !== undefined && Date.now() - connectedAt >= (this.#opts.stableMs ?? 60_000)) {
        this.#backoff.reset();
      }
      const delay = this.#backoff.next();
      this.#log(`aprs: connection closed, reconnecting in ${(delay / 1000).toFixed(1)} s`);
      this.#retry = setTimeout(() => this.#connect(), delay);
    });
  }

  #handle(line: string): void {
    if (line.length === 0) return;
    if (isServerLine(line)) {
      const name = serverNameOf(line);
      if (name && name !== this.server) {
        this.server = name;
        this.#log(`aprs: server ${name}`);
      }
      return;
    }
    try {
      this.#opts.onLine(line);
    } catch (error) {
      this.#log(`aprs: line handler failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
