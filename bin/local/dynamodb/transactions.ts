import { createHash } from 'node:crypto';
import type { Backend } from './backend.ts';
import type { InsertStream } from './stream.ts';
import {
  type AttributeMap,
  DynamoError,
  isConditionalFailure,
  type Json,
  type Mutex,
  pick,
  validationError,
} from './wire.ts';

/**
 * TransactWriteItems and TransactGetItems, which dynalite 4 lacks, with DynamoDB's semantics: under
 * the front's one mutex (every single-item write takes it too) a transaction applies its writes one
 * by one and puts the old images back on the first failed condition, so it is atomic and isolated;
 * a ClientRequestToken answers a retry within ten minutes as the first time.
 */

const MAX_TRANSACT_ITEMS = 100;
const IDEMPOTENCY_WINDOW_MS = 10 * 60_000;

interface TransactWriteItem {
  Put?: Json & { TableName: string; Item: AttributeMap };
  Update?: Json & { TableName: string; Key: AttributeMap };
  Delete?: Json & { TableName: string; Key: AttributeMap };
  ConditionCheck?: Json & { TableName: string; Key: AttributeMap };
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

export function transactions(backend: Backend, exclusive: Mutex, stream: InsertStream) {
  const { call, keySchema, currentItem } = backend;
  const answeredTokens = new Map<string, { fingerprint: string; at: number; answer: Json }>();

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
    stream.emit(
      applied
        .filter((done) => done.op.kind === 'Put' && !done.old)
        .map((done) => stream.insertRecord(done.table, done.key, done.op.params.Item as AttributeMap)),
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

  return { transactWriteItems, transactGetItems };
}
