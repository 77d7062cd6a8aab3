import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEMO_PASSWORD } from '../../bin/local/seed.ts';
import { startLocalStack, TABLE_NAME } from '../../bin/local/stack.ts';
import { load, ms, percentile } from './stats.ts';

const CONCURRENCY = 20;
const REQUESTS = 2000;

/**
 * (a) GET /api/profile through the local stack (gateway → JWT check → identity Lambda → actor
 * from DynamoDB) at 20 concurrent clients, against a raw DynamoDB GetItem on the same emulator.
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
    const cognito = new CognitoIdentityProviderClient({
      endpoint: `${stack.url}/cognito`,
      region: 'eu-central-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const auth = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: stack.cognito.clientId,
        AuthParameters: { USERNAME: 'pilot@demo.windsock.aero', PASSWORD: DEMO_PASSWORD },
      }),
    );
    const token = auth.AuthenticationResult?.AccessToken;
    if (!token) throw new Error('sign-in failed');

    const profile = async () => {
      const response = await fetch(`${stack.url}/api/profile`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.status !== 200) throw new Error(`profile answered ${response.status}`);
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
    const api = await load(REQUESTS, CONCURRENCY, profile);
    const raw = await load(REQUESTS, CONCURRENCY, getItem);

    const apiP50 = percentile(api, 50);
    const rawP50 = percentile(raw, 50);
    console.log(
      `GET /api/profile   ${REQUESTS} requests, ${CONCURRENCY} concurrent: p50 ${ms(apiP50)}  p99 ${ms(percentile(api, 99))}`,
    );
    console.log(
      `raw GetItem        ${REQUESTS} requests, ${CONCURRENCY} concurrent: p50 ${ms(rawP50)}  p99 ${ms(percentile(raw, 99))}`,
    );
    console.log(
      `ratio profile/GetItem: p50 ${(apiP50 / rawP50).toFixed(2)}×  p99 ${(percentile(api, 99) / percentile(raw, 99)).toFixed(2)}×`,
    );
    documents.destroy();
    cognito.destroy();
  } finally {
    await stack.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
