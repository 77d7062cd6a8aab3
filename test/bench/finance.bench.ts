import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalStack, TABLE_NAME } from '../../bin/local/stack.ts';
import { ledgerStore } from '../../functions/finance/ledger-store.ts';
import { accessTokenOf } from '../helpers/cognito.ts';
import { load, ms, percentile } from './stats.ts';

const CONCURRENCY = 20;
const POSTINGS = 1000;
const MEMBERS = 50;
const READS = 1000;
const ORG = 'org-demo';

/**
 * Issue 14 §13, the ledger on the local stack (dynalite), each against raw DynamoDB in the same run:
 * (a) postings per second — ledgerStore.post (the entry created only where absent, the member's
 * balance and month moved by ADD, one TransactWrite, retried on a conflict) over 50 members at 20
 * concurrent writers, against a raw TransactWrite of the same three items; (b) the member's own
 * statement (POST /api/profile/search-transactions through gateway, JWT, actor, the finance Lambda:
 * a Query of the member's entries and the running balances) against a raw Query of the same key.
 */
export async function run() {
  const dataDir = await mkdtemp(join(tmpdir(), 'windsock-bench-'));
  const stack = await startLocalStack({
    port: 0,
    mqttPort: 0,
    host: '127.0.0.1',
    dataDir,
    reset: true,
    web: 'none',
    log: () => {},
  });
  try {
    const documents = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: stack.dynamo.endpoint,
        region: 'eu-central-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    const member = (n: number) => `bench-member-${String(n % MEMBERS).padStart(2, '0')}`;

    // (a) postings
    let posted = 0;
    const posting = async () => {
      const n = posted++;
      const outcome = await ledgerStore.post({
        organization_id: ORG,
        entries: [
          {
            organization_id: ORG,
            user_id: member(n),
            entry_id: `bench-${n}`,
            date: '2026-11-02',
            transaction_type: 'fee',
            amount: -1000,
            currency_id: 'HUF',
            source: 'manual',
          },
        ],
      });
      if (outcome.status !== 'posted') throw new Error(`posting ${n}: ${outcome.status}`);
    };
    let raw = 0;
    const rawPosting = async () => {
      const n = raw++;
      const user = member(n);
      await documents.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: TABLE_NAME,
                Item: { pk: `raw#${user}#ledger`, sk: `entry#2026-11-02#${n}`, amount: -1000 },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Update: {
                TableName: TABLE_NAME,
                Key: { pk: 'raw#balances', sk: `member#${user}` },
                UpdateExpression: 'ADD balance :a, entries :one',
                ExpressionAttributeValues: { ':a': -1000, ':one': 1 },
              },
            },
            {
              Update: {
                TableName: TABLE_NAME,
                Key: { pk: 'raw#months', sk: `month#2026-11#${user}` },
                UpdateExpression: 'ADD amount :a, entries :one',
                ExpressionAttributeValues: { ':a': -1000, ':one': 1 },
              },
            },
          ],
        }),
      );
    };
    // Raw TransactWrites on the same items conflict as the ledger's do; retried the same way.
    const rawRetried = async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await rawPosting();
        } catch (error) {
          if (attempt > 12 || !(error instanceof Error) || !/conflict/i.test(error.message)) throw error;
          raw--;
          await new Promise((r) => setTimeout(r, Math.random() * 20 * 2 ** Math.min(attempt, 5)));
        }
      }
    };

    await load(100, CONCURRENCY, rawRetried); // warm-up
    await load(100, CONCURRENCY, posting);
    const rawStart = performance.now();
    const rawWrites = await load(POSTINGS, CONCURRENCY, rawRetried);
    const rawSeconds = (performance.now() - rawStart) / 1000;
    const ledgerStart = performance.now();
    const ledgerWrites = await load(POSTINGS, CONCURRENCY, posting);
    const ledgerSeconds = (performance.now() - ledgerStart) / 1000;

    // (b) the statement read
    const token = await accessTokenOf(stack.url, 'pilot@demo.windsock.aero', {
      clientId: stack.cognito.clientId,
    });
    const statement = async () => {
      const response = await fetch(`${stack.url}/api/profile/search-transactions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ limit: 50 }),
      });
      if (response.status !== 200) throw new Error(`statement answered ${response.status}`);
      await response.arrayBuffer();
    };
    const rawQuery = async () => {
      await documents.send(
        new QueryCommand({
          TableName: TABLE_NAME,
          KeyConditionExpression: 'pk = :pk and begins_with(sk, :entry)',
          ExpressionAttributeValues: { ':pk': `org#${ORG}#member#user-pilot#ledger`, ':entry': 'entry#' },
          ScanIndexForward: false,
          Limit: 50,
        }),
      );
    };
    await load(100, CONCURRENCY, statement);
    await load(100, CONCURRENCY, rawQuery);
    const rawReads = await load(READS, CONCURRENCY, rawQuery);
    const reads = await load(READS, CONCURRENCY, statement);

    const line = (label: string, sample: number[], base: number[]) =>
      console.log(
        `${label.padEnd(52)} p50 ${ms(percentile(sample, 50)).padStart(9)}  p99 ${ms(percentile(sample, 99)).padStart(9)}` +
          `   ratio p50 ${(percentile(sample, 50) / percentile(base, 50)).toFixed(2)}×` +
          `  p99 ${(percentile(sample, 99) / percentile(base, 99)).toFixed(2)}×`,
      );
    console.log(
      `${POSTINGS} postings over ${MEMBERS} members, ${READS} statement reads; ${CONCURRENCY} concurrent clients, local stack (dynalite):`,
    );
    line('raw TransactWrite (entry + 2 ADDs) (baseline)', rawWrites, rawWrites);
    line('ledgerStore.post', ledgerWrites, rawWrites);
    console.log(
      `${'postings per second'.padEnd(52)} raw ${(POSTINGS / rawSeconds).toFixed(0)}/s  ledger ${(POSTINGS / ledgerSeconds).toFixed(0)}/s` +
        `   ratio ${(rawSeconds / ledgerSeconds).toFixed(2)}×`,
    );
    line('raw Query of a member’s entries, 50 (baseline)', rawReads, rawReads);
    line('POST /api/profile/search-transactions, 50', reads, rawReads);
    documents.destroy();
  } finally {
    await stack.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
