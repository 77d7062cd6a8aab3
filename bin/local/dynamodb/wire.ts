import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

/** DynamoDB's JSON protocol as the local front speaks it: its types, errors and HTTP plumbing. */

/** DynamoDB JSON as it travels on the wire; attribute values stay opaque. */
export type AttributeMap = Record<string, Record<string, unknown>>;
export type Json = Record<string, unknown>;

export const API = 'DynamoDB_20120810';
export const JSON_10 = 'application/x-amz-json-1.0';
const VALIDATION = 'com.amazon.coral.validate#ValidationException';
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'expect', 'upgrade']);

/** An error as DynamoDB answers it: a status and a body with its `__type`. */
export class DynamoError extends Error {
  readonly status: number;
  readonly body: Json;

  constructor(status: number, body: Json) {
    super(String(body.message ?? body.Message ?? body.__type));
    this.status = status;
    this.body = body;
  }

  get type(): string {
    return String(this.body.__type ?? '')
      .split('#')
      .pop()!;
  }
}

export const validationError = (message: string) => new DynamoError(400, { __type: VALIDATION, message });

export const isConditionalFailure = (err: unknown) =>
  err instanceof DynamoError && err.type === 'ConditionalCheckFailedException';

/** An item's key attributes. */
export function pick(item: AttributeMap, names: string[]): AttributeMap {
  const key: AttributeMap = {};
  for (const name of names) {
    const value = item[name];
    if (value) key[name] = value;
  }
  return key;
}

/** Runs tasks one at a time, in call order. */
export function createMutex() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

export type Mutex = ReturnType<typeof createMutex>;

export function sendJson(res: ServerResponse, status: number, data: Json): void {
  const body = Buffer.from(JSON.stringify(data));
  res.writeHead(status, {
    'content-type': JSON_10,
    'content-length': body.length,
    // AWS sends the CRC32 of the body; clients that check it (SDK v2, boto) expect it.
    'x-amz-crc32': crc32(body),
    'x-amzn-requestid': createHash('sha1').update(body).update(String(Math.random())).digest('hex'),
  });
  res.end(body);
}

export function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

export function readBody(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((err) => (err ? reject(err) : resolve()));
    server.closeIdleConnections();
    // Keep-alive sockets in the middle of a request get a moment to finish.
    setTimeout(() => server.closeAllConnections(), 1000).unref();
  });
}
