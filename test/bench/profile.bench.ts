import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalStack, TABLE_NAME } from '../../bin/local/stack.ts';
import { resetEnvForTests } from '../../functions/platform/config/env.ts';
import { accessTokenOf } from '../helpers/cognito.ts';
import { load, ms, percentile } from './stats.ts';

const CONCURRENCY = 20;
const REQUESTS = 2000;

/**
 * (a) GET /api/profile through the local stack (gateway → JWT check → identity Lambda → actor
 * from DynamoDB → the profile's aircraft, permits and statistics) at 20 concurrent clients, against
 * a raw DynamoDB GetItem on the same emulator; POST /api/check shows what the request path alone
 * costs. The profile's own reads are cached with the actor (functions/platform/auth/actor.ts
 * cachedWithActor): the cached line is the figure (issue 12 §9: within 2× the GetItem).
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
    const token = await accessTokenOf(stack.url, 'pilot@demo.windsock.aero', {
      clientId: stack.cognito.clientId,
    });

    const profile = async () => {
      const response = await fetch(`${stack.url}/api/profile`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.status !== 200) throw new Error(`profile answered ${response.status}`);
      await response.arrayBuffer();
    };
    const check = async () => {
      const response = await fetch(`${stack.url}/api/check`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.status !== 200) throw new Error(`check answered ${response.status}`);
      await response.arrayBuffer();
    };
    const documents = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: stack.dynamo.endpoint,
        region: 'eu-central-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    const getItem = async () => {
      await documents.send(
        new GetCommand({ TableName: TABLE_NAME, Key: { pk: 'person#user-pilot', sk: '#person' } }),
      );
    };

    await load(200, CONCURRENCY, profile); // warm-up: handler import, connections, actor cache
    await load(200, CONCURRENCY, getItem);
    const raw = await load(REQUESTS, CONCURRENCY, getItem);
    const path = await load(REQUESTS, CONCURRENCY, check);
    const cached = await load(REQUESTS, CONCURRENCY, profile);
    // Every request resolves the actor from DynamoDB (person, memberships, organization, roles)
    // and reads the profile's aircraft, permits and statistics.
    process.env.ACTOR_CACHE_SECONDS = '0';
    resetEnvForTests();
    const uncached = await load(REQUESTS, CONCURRENCY, profile);

    const line = (label: string, sample: number[]) =>
      console.log(
        `${label.padEnd(44)} p50 ${ms(percentile(sample, 50)).padStart(9)}  p99 ${ms(percentile(sample, 99)).padStart(9)}` +
          `   ratio to GetItem p50 ${(percentile(sample, 50) / percentile(raw, 50)).toFixed(2)}×` +
          `  p99 ${(percentile(sample, 99) / percentile(raw, 99)).toFixed(2)}×`,
      );
    console.log(`${REQUESTS} requests each, ${CONCURRENCY} concurrent clients, local stack (dynalite):`);
    line('raw DynamoDB GetItem (baseline)', raw);
    line('GET /api/check (the request path alone)', path);
    line('GET /api/profile, actor and its reads cached (5 s)', cached);
    line('GET /api/profile, everything read every request', uncached);
    documents.destroy();
  } finally {
    await stack.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
