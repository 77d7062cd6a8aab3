/**
 * Local DynamoDB: dynalite behind a small HTTP front that adds what dynalite 4 lacks
 * (TransactWriteItems, TransactGetItems, UpdateTimeToLive/DescribeTimeToLive, TTL expiry, a
 * stream of new items) with DynamoDB's semantics (docs/ARCHITECTURE.md "The local stack").
 * Everything else is forwarded unchanged. The parts: dynamodb/transactions.ts, dynamodb/ttl.ts,
 * dynamodb/stream.ts, over dynamodb/backend.ts (dynalite) and dynamodb/wire.ts (the protocol).
 *
 * Transactions and every single-item write go through one mutex, so a transaction is atomic
 * and isolated: nothing can interleave with it.
 *
 * On disk: `<dir>/db` holds dynalite's LevelDB, `<dir>/ttl.json` the TTL setting per table.
 */
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { backendClient } from './dynamodb/backend.ts';
import { insertStream, type StreamFilter, type StreamRecord } from './dynamodb/stream.ts';
import { transactions } from './dynamodb/transactions.ts';
import { timeToLive } from './dynamodb/ttl.ts';
import {
  API,
  type AttributeMap,
  closeServer,
  createMutex,
  DynamoError,
  type Json,
  listen,
  pick,
  readBody,
  sendJson,
  withoutHopByHop,
} from './dynamodb/wire.ts';

export type { StreamRecord } from './dynamodb/stream.ts';

export interface LocalDynamo {
  endpoint: string;
  close(): Promise<void>;
  /** Deletes the expired items of every table with TTL enabled now; returns how many. */
  sweepExpired(): Promise<number>;
  /**
   * A small stand-in for DynamoDB Streams with a Lambda filter (NEW_IMAGE): `listener` gets the
   * committed INSERTs that match `pattern`, once per write — a transaction's in one call, in
   * write order — before the write is answered. Only Puts are followed (TransactWriteItems and
   * PutItem): the outbox creates its items with Put. Returns a function that stops listening.
   */
  onInserts(pattern: StreamFilter, listener: (records: StreamRecord[]) => void): () => void;
}

interface StartDynamoOptions {
  /** LevelDB directory; undefined keeps everything in memory. */
  dir?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 30 000; 0 disables the timer (call sweepExpired() yourself). */
  ttlSweepMs?: number;
}

interface DynaliteOptions {
  path?: string;
  createTableMs: number;
  deleteTableMs: number;
  updateTableMs: number;
}

const require = createRequire(import.meta.url);
const dynalite = require('dynalite') as (options: DynaliteOptions) => Server;

const SINGLE_ITEM_WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']);

export async function startDynamo(opts: StartDynamoOptions = {}): Promise<LocalDynamo> {
  const host = opts.host ?? '127.0.0.1';
  if (opts.dir) await mkdir(opts.dir, { recursive: true });

  const dynaliteServer = dynalite({
    path: opts.dir && join(opts.dir, 'db'),
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  const backend = backendClient(await listen(dynaliteServer, 0, '127.0.0.1'));
  const { call, keySchema } = backend;
  const exclusive = createMutex();
  const stream = insertStream();
  const { transactWriteItems, transactGetItems } = transactions(backend, exclusive, stream);
  const ttl = await timeToLive(backend, exclusive, opts.dir && join(opts.dir, 'ttl.json'));

  /**
   * A PutItem whose item a stream listener follows: written asking for the old image (an absent
   * one makes it an INSERT), answered as the caller asked. Null: nobody follows it, forward as is.
   */
  async function putItemFollowed(body: Buffer): Promise<{ status: number; answer: Json } | null> {
    let input: Json;
    try {
      input = JSON.parse(body.toString('utf8')) as Json;
    } catch {
      return null;
    }
    const table = String(input.TableName);
    const item = input.Item as AttributeMap | undefined;
    if (!item || !stream.followed(stream.insertRecord(table, {}, item))) return null;
    return exclusive(async () => {
      try {
        const { Attributes, ...rest } = await call<Json & { Attributes?: AttributeMap }>('PutItem', {
          ...input,
          ReturnValues: 'ALL_OLD',
        });
        if (!Attributes) stream.emit([stream.insertRecord(table, pick(item, await keySchema(table)), item)]);
        return {
          status: 200,
          answer: input.ReturnValues === 'ALL_OLD' && Attributes ? { ...rest, Attributes } : rest,
        };
      } catch (err) {
        if (err instanceof DynamoError) return { status: err.status, answer: err.body };
        throw err;
      }
    });
  }

  const ownOperations: Record<string, (input: Json) => Promise<Json>> = {
    TransactWriteItems: transactWriteItems,
    TransactGetItems: transactGetItems,
    UpdateTimeToLive: ttl.updateTimeToLive,
    DescribeTimeToLive: ttl.describeTimeToLive,
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const target = String(req.headers['x-amz-target'] ?? '');
    const operation = target.startsWith(`${API}.`) ? target.slice(API.length + 1) : '';
    const own = req.method === 'POST' ? ownOperations[operation] : undefined;

    if (own) {
      let input: Json;
      try {
        input = JSON.parse(body.toString('utf8')) as Json;
      } catch {
        return sendJson(res, 400, { __type: 'com.amazon.coral.service#SerializationException' });
      }
      try {
        return sendJson(res, 200, await own(input));
      } catch (err) {
        if (err instanceof DynamoError) return sendJson(res, err.status, err.body);
        throw err;
      }
    }

    if (operation === 'PutItem' && stream.listening) {
      const streamed = await putItemFollowed(body);
      if (streamed) return sendJson(res, streamed.status, streamed.answer);
    }

    const send = () => backend.forward(req.method ?? 'POST', req.url ?? '/', req.headers, body);
    const upstream = SINGLE_ITEM_WRITES.has(operation) ? await exclusive(send) : await send();
    if (upstream.status === 200 && (operation === 'DeleteTable' || operation === 'CreateTable')) {
      const table = String((JSON.parse(body.toString('utf8')) as Json).TableName);
      backend.forgetTable(table);
      if (operation === 'DeleteTable') await ttl.forgetTable(table);
    }
    res.writeHead(upstream.status, withoutHopByHop(upstream.headers));
    res.end(upstream.body);
  }

  const front = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error('local dynamodb:', err);
      if (!res.headersSent) {
        sendJson(res, 500, {
          __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError',
          message: err instanceof Error ? err.message : String(err),
        });
      } else res.destroy();
    });
  });
  const port = await listen(front, opts.port ?? 0, host);

  const sweepMs = opts.ttlSweepMs ?? 30_000;
  const timer =
    sweepMs > 0
      ? setInterval(() => {
          ttl.sweepExpired().catch((err: unknown) => console.error('local dynamodb: TTL sweep failed', err));
        }, sweepMs)
      : undefined;
  timer?.unref();

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      clearInterval(timer);
      await closeServer(front);
      await ttl.settled();
      await exclusive(async () => undefined);
      backend.close();
      // dynalite's close waits for pending LevelDB operations, then closes the database.
      await new Promise<void>((resolve, reject) =>
        dynaliteServer.close((err) => (err ? reject(err) : resolve())),
      );
    })();
    return closing;
  };

  return {
    endpoint: `http://${host}:${port}`,
    close,
    sweepExpired: ttl.sweepExpired,
    onInserts: stream.onInserts,
  };
}
