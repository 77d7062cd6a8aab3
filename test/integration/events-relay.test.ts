import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDynamo, type StreamRecord, startDynamo } from '../../bin/local/dynamodb.ts';
import { resetEnvForTests } from '../../functions/platform/config/env.ts';
import { eventItem, OUTBOX_STREAM_FILTER } from '../../functions/platform/events/outbox.ts';
import { handler } from '../../functions/platform/events/relay.ts';
import { type RecordedRequest, STAND_IN_CREDENTIALS, startAwsStandIn } from '../helpers/aws-stand-in.ts';

/**
 * The two ends of the relay without AWS: the embedded DynamoDB's stream of new outbox items (what
 * the cloud's event source mapping hands the relay Lambda), and the relay's PutEvents against a
 * local server standing in for EventBridge — the request @aws-sdk/client-eventbridge would send.
 */
const TABLE = 'windsock-stream';
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

const detail = (version: number) => ({
  organization_id: 'org-demo',
  flight_id: 'f-1',
  version,
  change: 'corrected' as const,
  plane_id: 'plane-ha-4370',
  date: '2026-08-22',
});

/** An outbox item as ElectroDB writes it (keys and its entity marker). */
const outboxRow = (version: number) => {
  const item = eventItem('flight.changed', detail(version), new Date('2026-08-22T10:00:00Z'));
  return {
    ...item,
    pk: `org#${item.organization_id}#outbox`,
    sk: `event#${item.event_id}`,
    __edb_e__: 'domainEvent',
    __edb_v__: '1',
  };
};

describe('the local stream of new outbox items', () => {
  let dynamo: LocalDynamo;
  let raw: DynamoDBClient;
  let doc: DynamoDBDocumentClient;
  const seen: StreamRecord[] = [];
  beforeAll(async () => {
    dynamo = await startDynamo({ port: 0, ttlSweepMs: 0 });
    raw = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'eu-central-1', credentials });
    doc = DynamoDBDocumentClient.from(raw);
    const { ensureTable } = await import('../../bin/local/table.ts');
    await ensureTable(raw, TABLE);
    dynamo.onInserts(OUTBOX_STREAM_FILTER, (records) => seen.push(...records));
  });
  afterAll(async () => {
    raw?.destroy();
    await dynamo?.close();
  });

  const eventIds = () => seen.map((r) => r.dynamodb.NewImage.event_id?.S);

  it('carries a committed transaction’s outbox items, in order, and nothing else it wrote', async () => {
    // Prepare
    seen.length = 0;

    // Act
    await doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: TABLE, Item: { pk: 'org#org-demo#flights', sk: 'flight#1' } } },
          { Put: { TableName: TABLE, Item: outboxRow(1) } },
          { Put: { TableName: TABLE, Item: outboxRow(2) } },
        ],
      }),
    );

    // Assess
    expect(eventIds()).toEqual(['flight.changed#org-demo#f-1#v1', 'flight.changed#org-demo#f-1#v2']);
    expect(seen.map((r) => r.eventName)).toEqual(['INSERT', 'INSERT']);
    expect(BigInt(seen[1]!.dynamodb.SequenceNumber)).toBeGreaterThan(
      BigInt(seen[0]!.dynamodb.SequenceNumber),
    );
  });

  it('carries nothing from a cancelled transaction, nor from a retried one (the same client token)', async () => {
    // Prepare
    seen.length = 0;
    const transaction = (version: number, token?: string) =>
      new TransactWriteCommand({
        ...(token && { ClientRequestToken: token }),
        TransactItems: [
          {
            Put: {
              TableName: TABLE,
              Item: outboxRow(version),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      });

    // Act
    const again = await doc.send(transaction(1)).then(
      () => 'written',
      (error: Error) => error.name,
    );
    await doc.send(transaction(3, 'token-3'));
    await doc.send(transaction(3, 'token-3'));

    // Assess
    expect(again).toBe('TransactionCanceledException');
    expect(eventIds()).toEqual(['flight.changed#org-demo#f-1#v3']);
  });

  it('carries a single PutItem of a new outbox item, not its overwrite, and answers the caller as asked', async () => {
    // Prepare
    seen.length = 0;

    // Act
    const first = await doc.send(new PutCommand({ TableName: TABLE, Item: outboxRow(4) }));
    const overwrite = await doc.send(new PutCommand({ TableName: TABLE, Item: outboxRow(4) }));
    const asked = await doc.send(
      new PutCommand({ TableName: TABLE, Item: outboxRow(4), ReturnValues: 'ALL_OLD' }),
    );

    // Assess
    expect(eventIds()).toEqual(['flight.changed#org-demo#f-1#v4']);
    expect(first.Attributes).toBeUndefined();
    expect(overwrite.Attributes).toBeUndefined();
    expect(asked.Attributes).toMatchObject({ event_id: 'flight.changed#org-demo#f-1#v4' });
  });
});

describe('the relay Lambda against a stand-in EventBridge', () => {
  const accepted = (request: RecordedRequest) => {
    const { Entries } = JSON.parse(request.body) as { Entries: unknown[] };
    return {
      status: 200,
      body: { FailedEntryCount: 0, Entries: Entries.map((_, i) => ({ EventId: `eb-${i}` })) },
    };
  };
  let eventBridge: Awaited<ReturnType<typeof startAwsStandIn>>;
  const sent = () =>
    eventBridge.requests.map((r) => JSON.parse(r.body) as { Entries: Record<string, unknown>[] });

  beforeAll(async () => {
    eventBridge = await startAwsStandIn(accepted);
    Object.assign(process.env, {
      ...STAND_IN_CREDENTIALS,
      TABLE_NAME: 'windsock-test',
      AWS_REGION: 'eu-central-1',
      EVENT_BUS_NAME: 'windsock-test',
      EVENTBRIDGE_ENDPOINT: eventBridge.url,
    });
    resetEnvForTests();
  });
  afterAll(async () => {
    delete process.env.EVENTBRIDGE_ENDPOINT;
    delete process.env.EVENT_BUS_NAME;
    resetEnvForTests();
    await eventBridge.close();
  });

  /** Stream records as the event source mapping hands them over (DynamoDB JSON, NEW_IMAGE). */
  const records = (versions: number[]): DynamoDBRecord[] =>
    versions.map((version) => {
      const row = outboxRow(version);
      return {
        eventName: 'INSERT',
        dynamodb: {
          SequenceNumber: `10${version}`,
          NewImage: {
            organization_id: { S: row.organization_id },
            event_id: { S: row.event_id },
            type: { S: row.type },
            source: { S: row.source },
            occurred_at: { S: row.occurred_at },
            ttl: { N: String(row.ttl) },
            __edb_e__: { S: 'domainEvent' },
            detail: {
              M: {
                organization_id: { S: 'org-demo' },
                flight_id: { S: 'f-1' },
                version: { N: String(version) },
                change: { S: 'corrected' },
                plane_id: { S: 'plane-ha-4370' },
                date: { S: '2026-08-22' },
              },
            },
          },
        },
      };
    });

  it('puts each event on the bus: source, type, detail with its natural id, signed for EventBridge', async () => {
    // Prepare
    eventBridge.requests.length = 0;

    // Act
    const result = await handler({ Records: records([1, 2]) });

    // Assess
    expect(result).toEqual({ batchItemFailures: [] });
    expect(eventBridge.requests).toHaveLength(1);
    const [request] = eventBridge.requests;
    expect(request!.headers['x-amz-target']).toBe('AWSEvents.PutEvents');
    expect(request!.headers['content-type']).toBe('application/x-amz-json-1.1');
    expect(request!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-central-1\/events\/aws4_request, /,
    );
    expect(request!.headers['x-amz-security-token']).toBe('session-token');
    expect(sent()[0]!.Entries).toEqual(
      [1, 2].map((version) => ({
        Source: 'windsock.flights',
        DetailType: 'flight.changed',
        Detail: JSON.stringify({ event_id: `flight.changed#org-demo#f-1#v${version}`, ...detail(version) }),
        Time: Date.parse('2026-08-22T10:00:00Z') / 1000,
        EventBusName: 'windsock-test',
      })),
    );
  });

  it('puts at most ten entries per call', async () => {
    // Prepare
    eventBridge.requests.length = 0;

    // Act
    await handler({ Records: records([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) });

    // Assess
    expect(sent().map((body) => body.Entries.length)).toEqual([10, 2]);
  });

  it('hands back the first refused event and all after it; a failed call hands back its first', async () => {
    // Prepare
    eventBridge.answer((request) => {
      const { Entries } = JSON.parse(request.body) as { Entries: unknown[] };
      return {
        status: 200,
        body: {
          FailedEntryCount: 1,
          Entries: Entries.map((_, i) =>
            i === 1 ? { ErrorCode: 'ThrottlingException' } : { EventId: `eb-${i}` },
          ),
        },
      };
    });

    // Act
    const partly = await handler({ Records: records([1, 2, 3]) });
    eventBridge.answer(() => ({ status: 500, body: { __type: 'InternalException' } }));
    const refused = await handler({ Records: records([4, 5]) });

    // Assess
    expect(partly).toEqual({ batchItemFailures: [{ itemIdentifier: '102' }] });
    expect(refused).toEqual({ batchItemFailures: [{ itemIdentifier: '104' }] });
    eventBridge.answer(accepted);
  });
});
