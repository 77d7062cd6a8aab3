/**
 * Local DynamoDB: dynalite behind a small HTTP front that adds what dynalite 4 lacks
 * (TransactWriteItems, TransactGetItems, UpdateTimeToLive/DescribeTimeToLive, TTL expiry)
 * with DynamoDB's semantics (DESIGN §4, §11). Everything else is forwarded unchanged.
 *
 * Transactions and every single-item write go through one mutex, so a transaction is atomic
 * and isolated: it applies its writes one by one and puts the old images back on the first
 * failed condition, and nothing can interleave meanwhile.
 *
 * On disk: `<dir>/db` holds dynalite's LevelDB, `<dir>/ttl.json` the TTL setting per table.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import {
  Agent,
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';

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

/**
 * An EventBridge-style filter pattern over a stream record, exact values only:
 * `{ eventName: ['INSERT'], dynamodb: { NewImage: { type: { S: ['x'] } } } }`.
 */
export interface StreamFilter {
  [field: string]: readonly (string | number | boolean)[] | StreamFilter;
}

/** The fields of a DynamoDB stream record the local stream fills. */
export interface StreamRecord {
  eventID: string;
  eventName: 'INSERT';
  eventSource: 'aws:dynamodb';
  eventSourceARN: string;
  dynamodb: {
    Keys: AttributeMap;
    NewImage: AttributeMap;
    SequenceNumber: string;
    ApproximateCreationDateTime: number;
    StreamViewType: 'NEW_IMAGE';
  };
}

/** Whether a record (or a part of it) has every value the pattern asks for. */
export function matchesFilter(pattern: StreamFilter, value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const object = value as Record<string, unknown>;
  return Object.entries(pattern).every(([field, expected]) =>
    Array.isArray(expected)
      ? (expected as unknown[]).includes(object[field])
      : matchesFilter(expected as StreamFilter, object[field]),
  );
}

export interface StartDynamoOptions {
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

/** DynamoDB JSON as it travels on the wire; attribute values stay opaque. */
type AttributeMap = Record<string, Record<string, unknown>>;
type Json = Record<string, unknown>;

interface TransactWriteItem {
  Put?: Json & { TableName: string; Item: AttributeMap };
  Update?: Json & { TableName: string; Key: AttributeMap };
  Delete?: Json & { TableName: string; Key: AttributeMap };
  ConditionCheck?: Json & { TableName: string; Key: AttributeMap };
}

interface TtlSetting {
  AttributeName: string;
  Enabled: boolean;
}

interface Upstream {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const API = 'DynamoDB_20120810';
const JSON_10 = 'application/x-amz-json-1.0';
const VALIDATION = 'com.amazon.coral.validate#ValidationException';
const MAX_TRANSACT_ITEMS = 100;
const IDEMPOTENCY_WINDOW_MS = 10 * 60_000;
// DynamoDB leaves items alone whose TTL lies more than five years in the past.
const TTL_MAX_AGE_SECONDS = 5 * 365 * 24 * 3600;
const SINGLE_ITEM_WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']);
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'expect', 'upgrade']);
// dynalite only checks that a signature is present, never its value.
const INTERNAL_HEADERS = {
  'content-type': JSON_10,
  authorization:
    'AWS4-HMAC-SHA256 Credential=local/20200101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
  'x-amz-date': '20200101T000000Z',
};

class DynamoError extends Error {
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

const validationError = (message: string) => new DynamoError(400, { __type: VALIDATION, message });

/** Runs tasks one at a time, in call order. */
function createMutex() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

export async function startDynamo(opts: StartDynamoOptions = {}): Promise<LocalDynamo> {
  const host = opts.host ?? '127.0.0.1';
  const ttlFile = opts.dir && join(opts.dir, 'ttl.json');
  if (opts.dir) await mkdir(opts.dir, { recursive: true });

  const backend = dynalite({
    path: opts.dir && join(opts.dir, 'db'),
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  const backendPort = await listen(backend, 0, '127.0.0.1');
  const agent = new Agent({ keepAlive: true });

  const exclusive = createMutex();
  const sweepOneAtATime = createMutex();
  const keySchemas = new Map<string, string[]>();
  const ttlSettings = new Map<string, TtlSetting>(ttlFile ? await loadTtlSettings(ttlFile) : []);
  const answeredTokens = new Map<string, { fingerprint: string; at: number; answer: Json }>();
  const streamListeners = new Set<{ pattern: StreamFilter; listener: (records: StreamRecord[]) => void }>();
  let sequence = 0;

  /** A new item as its stream record (the sequence is taken only when it is emitted). */
  const insertRecord = (table: string, key: AttributeMap, item: AttributeMap): StreamRecord => ({
    eventID: '',
    eventName: 'INSERT',
    eventSource: 'aws:dynamodb',
    eventSourceARN: `arn:aws:dynamodb:local:000000000000:table/${table}/stream/local`,
    dynamodb: {
      Keys: key,
      NewImage: item,
      SequenceNumber: '',
      ApproximateCreationDateTime: Math.floor(Date.now() / 1000),
      StreamViewType: 'NEW_IMAGE',
    },
  });

  const followed = (record: StreamRecord) =>
    [...streamListeners].some(({ pattern }) => matchesFilter(pattern, record));

  /** Hands committed INSERTs to the listeners whose pattern they match; a listener's error is logged. */
  function emitInserts(records: StreamRecord[]) {
    if (records.length === 0 || streamListeners.size === 0) return;
    for (const record of records) {
      sequence += 1;
      record.dynamodb.SequenceNumber = String(sequence).padStart(21, '0');
      record.eventID = `local-${sequence}`;
    }
    for (const { pattern, listener } of streamListeners) {
      const matching = records.filter((record) => matchesFilter(pattern, record));
      if (matching.length === 0) continue;
      try {
        listener(matching);
      } catch (err) {
        console.error('local dynamodb: stream listener failed', err);
      }
    }
  }

  function forward(
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    body: Buffer,
  ): Promise<Upstream> {
    const outgoing: IncomingHttpHeaders = {
      ...withoutHopByHop(headers),
      'content-length': String(body.length),
    };
    return new Promise((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: backendPort, method, path, headers: outgoing, agent },
        (res) => {
          readBody(res).then(
            (resBody) => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: resBody }),
            reject,
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  async function call<T = Json>(operation: string, input: Json): Promise<T> {
    const headers = { ...INTERNAL_HEADERS, 'x-amz-target': `${API}.${operation}` };
    const res = await forward('POST', '/', headers, Buffer.from(JSON.stringify(input)));
    const parsed = JSON.parse(res.body.toString('utf8') || '{}') as Json;
    if (res.status !== 200) throw new DynamoError(res.status, parsed);
    return parsed as T;
  }

  async function keySchema(table: string): Promise<string[]> {
    let names = keySchemas.get(table);
    if (!names) {
      const { Table } = await call<{ Table: { KeySchema: { AttributeName: string; KeyType: string }[] } }>(
        'DescribeTable',
        { TableName: table },
      );
      // HASH before RANGE, so the same key always serializes the same way.
      names = [...Table.KeySchema]
        .sort((a, b) => a.KeyType.localeCompare(b.KeyType))
        .map((k) => k.AttributeName);
      keySchemas.set(table, names);
    }
    return names;
  }

  async function transactWriteItems(input: Json): Promise<Json> {
    const items = checkTransactItems(input.TransactItems) as TransactWriteItem[];
    const token = typeof input.ClientRequestToken === 'string' ? input.ClientRequestToken : undefined;
    const fingerprint = createHash('sha256').update(JSON.stringify(input)).digest('hex');
    // Under the mutex, so a retry racing the original still sees its answer.
    return exclusive(async () => {
      const now = Date.now();
      for (const [t, entry] of answeredTokens) {
        if (now - entry.at > IDEMPOTENCY_WINDOW_MS) answeredTokens.delete(t);
      }
      const earlier = token ? answeredTokens.get(token) : undefined;
      if (earlier && earlier.fingerprint !== fingerprint) {
        throw new DynamoError(400, {
          __type: 'com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException',
          message: 'The request uses the same client token as a previous, but non-identical request.',
        });
      }
      if (earlier) return earlier.answer;

      const answer = await runTransactWrite(items, input.ReturnConsumedCapacity);
      if (token) answeredTokens.set(token, { fingerprint, at: now, answer });
      return answer;
    });
  }

  async function runTransactWrite(items: TransactWriteItem[], returnCapacity: unknown): Promise<Json> {
    const operations = items.map(toOperation);
    const touched = new Set<string>();
    for (const op of operations) {
      const names = await keySchema(op.table);
      const id = `${op.table}\u0000${JSON.stringify(names.map((n) => op.key[n]))}`;
      if (touched.has(id)) {
        throw validationError('Transaction request cannot include multiple operations on one item');
      }
      touched.add(id);
      op.key = pick(op.key, names);
    }

    const applied: { op: Operation; table: string; key: AttributeMap; old: AttributeMap | undefined }[] = [];
    for (const [index, op] of operations.entries()) {
      try {
        if (op.kind === 'ConditionCheck') await checkCondition(op.params);
        else applied.push({ op, table: op.table, key: op.key, old: await write(op.kind, op.params) });
      } catch (err) {
        const failedItem =
          isConditionalFailure(err) && op.params.ReturnValuesOnConditionCheckFailure === 'ALL_OLD'
            ? await currentItem(op.table, op.key)
            : undefined;
        for (const done of applied.reverse()) {
          if (done.old) await call('PutItem', { TableName: done.table, Item: done.old });
          else await call('DeleteItem', { TableName: done.table, Key: done.key });
        }
        if (!isConditionalFailure(err)) throw err;
        throw transactionCanceled(operations.length, index, failedItem);
      }
    }

    // Committed: the new items go to the stream, in the transaction's order.
    emitInserts(
      applied
        .filter((done) => done.op.kind === 'Put' && !done.old)
        .map((done) => insertRecord(done.table, done.key, done.op.params.Item as AttributeMap)),
    );

    if (returnCapacity !== 'TOTAL' && returnCapacity !== 'INDEXES') return {};
    const perTable = new Map<string, number>();
    for (const op of operations) perTable.set(op.table, (perTable.get(op.table) ?? 0) + 2);
    return {
      ConsumedCapacity: [...perTable].map(([TableName, units]) => ({
        TableName,
        CapacityUnits: units,
        WriteCapacityUnits: units,
      })),
    };
  }

  /** Applies one write conditionally and returns the item's previous image. */
  async function write(kind: 'Put' | 'Update' | 'Delete', params: Json): Promise<AttributeMap | undefined> {
    const { ReturnValuesOnConditionCheckFailure: _, ...rest } = params;
    const { Attributes } = await call<{ Attributes?: AttributeMap }>(`${kind}Item`, {
      ...rest,
      ReturnValues: 'ALL_OLD',
    });
    return Attributes;
  }

  /**
   * Evaluates a ConditionCheck without changing anything: rewriting the current item (or deleting
   * the absent one) under the same condition lets dynalite's own condition evaluator decide.
   */
  async function checkCondition(params: Json): Promise<void> {
    const { TableName, Key, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues } =
      params;
    const condition = { TableName, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues };
    const item = await currentItem(TableName as string, Key as AttributeMap);
    if (item) await call('PutItem', { ...condition, Item: item });
    else await call('DeleteItem', { ...condition, Key });
  }

  async function currentItem(table: string, key: AttributeMap): Promise<AttributeMap | undefined> {
    const { Item } = await call<{ Item?: AttributeMap }>('GetItem', {
      TableName: table,
      Key: key,
      ConsistentRead: true,
    });
    return Item;
  }

  async function transactGetItems(input: Json): Promise<Json> {
    const items = checkTransactItems(input.TransactItems) as { Get?: Json }[];
    return exclusive(async () => {
      const responses: Json[] = [];
      for (const { Get } of items) {
        if (!Get) throw validationError('Each TransactGetItem must contain a Get');
        const { TableName, Key, ProjectionExpression, ExpressionAttributeNames } = Get;
        const { Item } = await call<{ Item?: AttributeMap }>('GetItem', {
          TableName,
          Key,
          ProjectionExpression,
          ExpressionAttributeNames,
          ConsistentRead: true,
        });
        responses.push(Item ? { Item } : {});
      }
      return { Responses: responses };
    });
  }

  async function updateTimeToLive(input: Json): Promise<Json> {
    const table = String(input.TableName);
    const spec = input.TimeToLiveSpecification as Partial<TtlSetting> | undefined;
    if (typeof spec?.AttributeName !== 'string' || typeof spec.Enabled !== 'boolean') {
      throw validationError('TimeToLiveSpecification needs AttributeName and Enabled');
    }
    await call('DescribeTable', { TableName: table });
    const current = ttlSettings.get(table);
    if (spec.Enabled && current?.Enabled) throw validationError('TimeToLive is already enabled');
    if (!spec.Enabled && !current?.Enabled) throw validationError('TimeToLive is already disabled');
    const setting = { AttributeName: spec.AttributeName, Enabled: spec.Enabled };
    ttlSettings.set(table, setting);
    await saveTtlSettings();
    return { TimeToLiveSpecification: setting };
  }

  async function describeTimeToLive(input: Json): Promise<Json> {
    const table = String(input.TableName);
    await call('DescribeTable', { TableName: table });
    const setting = ttlSettings.get(table);
    return {
      TimeToLiveDescription: setting?.Enabled
        ? { TimeToLiveStatus: 'ENABLED', AttributeName: setting.AttributeName }
        : { TimeToLiveStatus: 'DISABLED' },
    };
  }

  async function saveTtlSettings(): Promise<void> {
    if (!ttlFile) return;
    await writeFile(`${ttlFile}.tmp`, JSON.stringify(Object.fromEntries(ttlSettings), null, 2));
    await rename(`${ttlFile}.tmp`, ttlFile);
  }

  const sweepExpired = () =>
    sweepOneAtATime(async () => {
      let removed = 0;
      const now = Math.floor(Date.now() / 1000);
      for (const [table, setting] of ttlSettings) {
        if (setting.Enabled) removed += await sweepTable(table, setting.AttributeName, now);
      }
      return removed;
    });

  async function sweepTable(table: string, attribute: string, now: number): Promise<number> {
    let removed = 0;
    const names = await keySchema(table);
    let start: AttributeMap | undefined;
    do {
      const page: { Items?: AttributeMap[]; LastEvaluatedKey?: AttributeMap } = await call('Scan', {
        TableName: table,
        FilterExpression: '#ttl < :now AND #ttl >= :oldest',
        ExpressionAttributeNames: { '#ttl': attribute },
        ExpressionAttributeValues: {
          ':now': { N: String(now) },
          ':oldest': { N: String(now - TTL_MAX_AGE_SECONDS) },
        },
        ExclusiveStartKey: start,
      });
      for (const item of page.Items ?? []) {
        // Conditional on the same expiry, so an item renewed since the scan stays.
        const deleted = await exclusive(() =>
          call('DeleteItem', {
            TableName: table,
            Key: pick(item, names),
            ConditionExpression: '#ttl = :expiry',
            ExpressionAttributeNames: { '#ttl': attribute },
            ExpressionAttributeValues: { ':expiry': item[attribute] },
          }).then(
            () => true,
            (err: unknown) => {
              if (isConditionalFailure(err)) return false;
              throw err;
            },
          ),
        );
        if (deleted) removed++;
      }
      start = page.LastEvaluatedKey;
    } while (start);
    return removed;
  }

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
    if (!item || !followed(insertRecord(table, {}, item))) return null;
    return exclusive(async () => {
      try {
        const { Attributes, ...rest } = await call<Json & { Attributes?: AttributeMap }>('PutItem', {
          ...input,
          ReturnValues: 'ALL_OLD',
        });
        if (!Attributes) emitInserts([insertRecord(table, pick(item, await keySchema(table)), item)]);
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
    UpdateTimeToLive: updateTimeToLive,
    DescribeTimeToLive: describeTimeToLive,
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

    if (operation === 'PutItem' && streamListeners.size > 0) {
      const streamed = await putItemFollowed(body);
      if (streamed) return sendJson(res, streamed.status, streamed.answer);
    }

    const send = () => forward(req.method ?? 'POST', req.url ?? '/', req.headers, body);
    const upstream = SINGLE_ITEM_WRITES.has(operation) ? await exclusive(send) : await send();
    if (upstream.status === 200 && (operation === 'DeleteTable' || operation === 'CreateTable')) {
      const table = String((JSON.parse(body.toString('utf8')) as Json).TableName);
      keySchemas.delete(table);
      if (operation === 'DeleteTable' && ttlSettings.delete(table)) await saveTtlSettings();
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
          sweepExpired().catch((err: unknown) => console.error('local dynamodb: TTL sweep failed', err));
        }, sweepMs)
      : undefined;
  timer?.unref();

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      clearInterval(timer);
      await closeServer(front);
      await sweepOneAtATime(async () => undefined);
      await exclusive(async () => undefined);
      agent.destroy();
      // dynalite's close waits for pending LevelDB operations, then closes the database.
      await new Promise<void>((resolve, reject) => backend.close((err) => (err ? reject(err) : resolve())));
    })();
    return closing;
  };

  const onInserts = (pattern: StreamFilter, listener: (records: StreamRecord[]) => void) => {
    const entry = { pattern, listener };
    streamListeners.add(entry);
    return () => {
      streamListeners.delete(entry);
    };
  };

  return { endpoint: `http://${host}:${port}`, close, sweepExpired, onInserts };
}

function checkTransactItems(items: unknown): Json[] {
  if (!Array.isArray(items) || items.length < 1 || items.length > MAX_TRANSACT_ITEMS) {
    const bound =
      Array.isArray(items) && items.length > 0 ? 'less than or equal to 100' : 'greater than or equal to 1';
    throw validationError(
      `1 validation error detected: Value at 'transactItems' failed to satisfy constraint: Member must have length ${bound}`,
    );
  }
  return items as Json[];
}

type Operation = {
  kind: 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
  table: string;
  key: AttributeMap;
  params: Json;
};

function toOperation(item: TransactWriteItem): Operation {
  const kinds = (['Put', 'Update', 'Delete', 'ConditionCheck'] as const).filter((k) => item[k]);
  const kind = kinds[0];
  if (kinds.length !== 1 || !kind) {
    throw validationError('TransactItems can only contain one of Check, Put, Update or Delete');
  }
  const params = item[kind]!;
  const key = kind === 'Put' ? (params.Item as AttributeMap) : (params.Key as AttributeMap);
  return { kind, table: String(params.TableName), key: key ?? {}, params };
}

function transactionCanceled(count: number, failedAt: number, item: AttributeMap | undefined): DynamoError {
  const reasons: Json[] = Array.from({ length: count }, () => ({ Code: 'None' }));
  reasons[failedAt] = {
    Code: 'ConditionalCheckFailed',
    Message: 'The conditional request failed',
    ...(item && { Item: item }),
  };
  return new DynamoError(400, {
    __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`,
    CancellationReasons: reasons,
  });
}

const isConditionalFailure = (err: unknown) =>
  err instanceof DynamoError && err.type === 'ConditionalCheckFailedException';

function pick(item: AttributeMap, names: string[]): AttributeMap {
  const key: AttributeMap = {};
  for (const name of names) {
    const value = item[name];
    if (value) key[name] = value;
  }
  return key;
}

async function loadTtlSettings(file: string): Promise<[string, TtlSetting][]> {
  try {
    return Object.entries(JSON.parse(await readFile(file, 'utf8')) as Record<string, TtlSetting>);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

function sendJson(res: ServerResponse, status: number, data: Json): void {
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

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

function readBody(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((err) => (err ? reject(err) : resolve()));
    server.closeIdleConnections();
    // Keep-alive sockets in the middle of a request get a moment to finish.
    setTimeout(() => server.closeAllConnections(), 1000).unref();
  });
}
