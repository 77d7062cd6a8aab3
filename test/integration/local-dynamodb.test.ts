import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  TransactionCanceledException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactGetCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, startDynamo } from '../../bin/local/dynamodb.ts';

const TABLE = 'windsock';
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

let dir: string;
let dynamo: LocalDynamo;
let client: DynamoDBClient;
let db: DynamoDBDocumentClient;

function connect(endpoint: string) {
  const raw = new DynamoDBClient({ endpoint, region: 'eu-central-1', credentials });
  return { raw, doc: DynamoDBDocumentClient.from(raw) };
}

async function createTable(raw: DynamoDBClient) {
  await raw.send(
    new CreateTableCommand({
      TableName: TABLE,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
    }),
  );
}

const getItem = async (pk: string, sk: string) =>
  (await db.send(new GetCommand({ TableName: TABLE, Key: { pk, sk } }))).Item;

async function cancellation(promise: Promise<unknown>): Promise<TransactionCanceledException> {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(TransactionCanceledException);
  return error as TransactionCanceledException;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'windsock-dynamo-'));
  dynamo = await startDynamo({ dir, port: 0, ttlSweepMs: 0 });
  ({ raw: client, doc: db } = connect(dynamo.endpoint));
  await createTable(client);
});

afterAll(async () => {
  client?.destroy();
  await dynamo?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('TransactWriteItems', () => {
  it('writes every item of a successful transaction', async () => {
    // Prepare
    await db.send(new PutCommand({ TableName: TABLE, Item: { pk: 'acct#ok', sk: 'balance', amount: 100 } }));

    // Act
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: TABLE, Item: { pk: 'acct#ok', sk: 'tx#1', amount: -30 } } },
          {
            Update: {
              TableName: TABLE,
              Key: { pk: 'acct#ok', sk: 'balance' },
              UpdateExpression: 'SET amount = amount + :delta',
              ConditionExpression: 'amount >= :needed',
              ExpressionAttributeValues: { ':delta': -30, ':needed': 30 },
            },
          },
        ],
      }),
    );

    // Assess
    expect(await getItem('acct#ok', 'tx#1')).toEqual({ pk: 'acct#ok', sk: 'tx#1', amount: -30 });
    expect((await getItem('acct#ok', 'balance'))?.amount).toBe(70);
  });

  it('rolls back the first item when the second condition fails and gives a reason per item', async () => {
    // Prepare
    await db.send(new PutCommand({ TableName: TABLE, Item: { pk: 'acct#rb', sk: 'balance', amount: 100 } }));
    await db.send(new PutCommand({ TableName: TABLE, Item: { pk: 'acct#rb', sk: 'tx#1', amount: 5 } }));

    // Act
    const error = await cancellation(
      db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: TABLE,
                Key: { pk: 'acct#rb', sk: 'balance' },
                UpdateExpression: 'SET amount = amount - :amount',
                ExpressionAttributeValues: { ':amount': 30 },
              },
            },
            {
              Put: {
                TableName: TABLE,
                Item: { pk: 'acct#rb', sk: 'tx#1', amount: 30 },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      ),
    );

    // Assess
    expect(error.CancellationReasons?.map((r) => r.Code)).toEqual(['None', 'ConditionalCheckFailed']);
    expect(error.message).toContain('[None, ConditionalCheckFailed]');
    expect((await getItem('acct#rb', 'balance'))?.amount).toBe(100);
    expect((await getItem('acct#rb', 'tx#1'))?.amount).toBe(5);
  });

  it('removes an item the transaction created before the failure and returns the old image when asked', async () => {
    // Prepare
    await db.send(new PutCommand({ TableName: TABLE, Item: { pk: 'flight#1', sk: 'sheet', version: 3 } }));

    // Act
    const error = await cancellation(
      db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: TABLE, Item: { pk: 'flight#1', sk: 'log#1', text: 'landed' } } },
            {
              Update: {
                TableName: TABLE,
                Key: { pk: 'flight#1', sk: 'sheet' },
                UpdateExpression: 'SET version = :next',
                ConditionExpression: 'version = :expected',
                ExpressionAttributeValues: { ':next': 3, ':expected': 2 },
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
              },
            },
            { Delete: { TableName: TABLE, Key: { pk: 'flight#1', sk: 'draft' } } },
          ],
        }),
      ),
    );

    // Assess
    expect(error.CancellationReasons?.map((r) => r.Code)).toEqual(['None', 'ConditionalCheckFailed', 'None']);
    expect(error.CancellationReasons?.[1]?.Item?.version).toEqual({ N: '3' });
    expect(await getItem('flight#1', 'log#1')).toBeUndefined();
  });

  it('cancels when a ConditionCheck requires an item that does not exist', async () => {
    // Act
    const error = await cancellation(
      db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: TABLE,
                Key: { pk: 'org#missing', sk: 'meta' },
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
            { Put: { TableName: TABLE, Item: { pk: 'org#missing', sk: 'member#1' } } },
          ],
        }),
      ),
    );

    // Assess
    expect(error.CancellationReasons?.map((r) => r.Code)).toEqual(['ConditionalCheckFailed', 'None']);
    expect(await getItem('org#missing', 'member#1')).toBeUndefined();
    expect(await getItem('org#missing', 'meta')).toBeUndefined();
  });

  it('passes a ConditionCheck on an existing item without changing it', async () => {
    // Prepare
    await db.send(new PutCommand({ TableName: TABLE, Item: { pk: 'org#1', sk: 'meta', active: true } }));

    // Act
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: TABLE,
              Key: { pk: 'org#1', sk: 'meta' },
              ConditionExpression: 'active = :yes',
              ExpressionAttributeValues: { ':yes': true },
            },
          },
          { Put: { TableName: TABLE, Item: { pk: 'org#1', sk: 'member#1' } } },
        ],
      }),
    );

    // Assess
    expect(await getItem('org#1', 'meta')).toEqual({ pk: 'org#1', sk: 'meta', active: true });
    expect(await getItem('org#1', 'member#1')).toBeDefined();
  });

  it('rejects two operations on one item and an empty transaction as ValidationException', async () => {
    // Act
    const twice = db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: TABLE, Item: { pk: 'dup', sk: '1' } } },
          { Delete: { TableName: TABLE, Key: { pk: 'dup', sk: '1' } } },
        ],
      }),
    );
    const empty = db.send(new TransactWriteCommand({ TransactItems: [] }));

    // Assess
    await expect(twice).rejects.toMatchObject({ name: 'ValidationException' });
    await expect(empty).rejects.toMatchObject({ name: 'ValidationException' });
    expect(await getItem('dup', '1')).toBeUndefined();
  });

  it('lets exactly one of many concurrent transactions on the same item win', async () => {
    // Prepare
    await db.send(
      new PutCommand({ TableName: TABLE, Item: { pk: 'race', sk: 'sheet', version: 1, owner: 'none' } }),
    );

    // Act
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: TABLE,
                  Key: { pk: 'race', sk: 'sheet' },
                  UpdateExpression: 'SET version = :next, #owner = :me',
                  ConditionExpression: 'version = :expected',
                  ExpressionAttributeNames: { '#owner': 'owner' },
                  ExpressionAttributeValues: { ':next': 2, ':expected': 1, ':me': `operator${i}` },
                },
              },
              { Put: { TableName: TABLE, Item: { pk: 'race', sk: `claim#${i}` } } },
            ],
          }),
        ),
      ),
    );

    // Assess
    const winners = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
    expect(winners).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(TransactionCanceledException);
    }
    expect(await getItem('race', 'sheet')).toMatchObject({ version: 2, owner: `operator${winners[0]}` });
    for (let i = 0; i < 8; i++) {
      expect(await getItem('race', `claim#${i}`)).toEqual(i === winners[0] ? expect.anything() : undefined);
    }
  });

  it('applies a retried request with the same ClientRequestToken only once', async () => {
    // Prepare
    const request = {
      ClientRequestToken: 'payment-42',
      TransactItems: [
        {
          Update: {
            TableName: TABLE,
            Key: { pk: 'acct#idem', sk: 'balance' },
            UpdateExpression: 'ADD amount :amount',
            ExpressionAttributeValues: { ':amount': 10 },
          },
        },
      ],
    };

    // Act
    await db.send(new TransactWriteCommand(request));
    await db.send(new TransactWriteCommand(request));

    // Assess
    expect((await getItem('acct#idem', 'balance'))?.amount).toBe(10);
  });
});

describe('TransactGetItems', () => {
  it('returns the items in request order and an empty response for a missing one', async () => {
    // Prepare
    await db.send(
      new PutCommand({ TableName: TABLE, Item: { pk: 'plane#1', sk: 'meta', reg: 'HA-1234', seats: 2 } }),
    );

    // Act
    const { Responses } = await db.send(
      new TransactGetCommand({
        TransactItems: [
          {
            Get: {
              TableName: TABLE,
              Key: { pk: 'plane#1', sk: 'meta' },
              ProjectionExpression: '#reg',
              ExpressionAttributeNames: { '#reg': 'reg' },
            },
          },
          { Get: { TableName: TABLE, Key: { pk: 'plane#404', sk: 'meta' } } },
        ],
      }),
    );

    // Assess
    expect(Responses?.[0]?.Item).toEqual({ reg: 'HA-1234' });
    expect(Responses?.[1]?.Item).toBeUndefined();
  });
});

describe('errors of other operations', () => {
  it('passes dynalite errors through unchanged', async () => {
    // Act
    const missing = db.send(new GetCommand({ TableName: 'no-such-table', Key: { pk: 'a', sk: 'b' } }));

    // Assess
    await expect(missing).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  });
});

describe('time to live', () => {
  it('round-trips UpdateTimeToLive and DescribeTimeToLive', async () => {
    // Prepare
    const before = await client.send(new DescribeTimeToLiveCommand({ TableName: TABLE }));

    // Act
    const updated = await client.send(
      new UpdateTimeToLiveCommand({
        TableName: TABLE,
        TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
      }),
    );
    const after = await client.send(new DescribeTimeToLiveCommand({ TableName: TABLE }));

    // Assess
    expect(before.TimeToLiveDescription?.TimeToLiveStatus).toBe('DISABLED');
    expect(updated.TimeToLiveSpecification).toEqual({ AttributeName: 'ttl', Enabled: true });
    expect(after.TimeToLiveDescription).toEqual({ TimeToLiveStatus: 'ENABLED', AttributeName: 'ttl' });
  });

  it('removes items whose ttl has passed and keeps the others', async () => {
    // Prepare
    const now = Math.floor(Date.now() / 1000);
    await db.send(new PutCommand({ TableName: TABLE, Item: { pk: 'ogn#1', sk: 'pos', ttl: now - 60 } }));
    await db.send(new PutCommand({ TableName: TABLE, Item: { pk: 'ogn#2', sk: 'pos', ttl: now + 3600 } }));
    await db.send(
      new PutCommand({ TableName: TABLE, Item: { pk: 'ogn#3', sk: 'pos', ttl: 'not a number' } }),
    );

    // Act
    const removed = await dynamo.sweepExpired();

    // Assess
    expect(removed).toBe(1);
    expect(await getItem('ogn#1', 'pos')).toBeUndefined();
    expect(await getItem('ogn#2', 'pos')).toBeDefined();
    expect(await getItem('ogn#3', 'pos')).toBeDefined();
  });
});

describe('on disk', () => {
  it('keeps items and TTL settings across close and restart', async () => {
    // Prepare
    const diskDir = await mkdtemp(join(tmpdir(), 'windsock-dynamo-disk-'));
    const first = await startDynamo({ dir: diskDir, ttlSweepMs: 0 });
    const one = connect(first.endpoint);
    await createTable(one.raw);
    await one.doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'keep', sk: 'me', n: 1 } }));
    await one.raw.send(
      new UpdateTimeToLiveCommand({
        TableName: TABLE,
        TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
      }),
    );
    one.raw.destroy();
    await first.close();

    // Act
    const second = await startDynamo({ dir: diskDir, ttlSweepMs: 0 });
    const two = connect(second.endpoint);
    const item = (await two.doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'keep', sk: 'me' } })))
      .Item;
    const ttl = await two.raw.send(new DescribeTimeToLiveCommand({ TableName: TABLE }));
    two.raw.destroy();
    await second.close();
    await rm(diskDir, { recursive: true, force: true });

    // Assess
    expect(item).toEqual({ pk: 'keep', sk: 'me', n: 1 });
    expect(ttl.TimeToLiveDescription?.TimeToLiveStatus).toBe('ENABLED');
  });
});
