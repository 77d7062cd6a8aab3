import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '../../functions/platform/config/env.ts';
import { publish, publishRefresh } from '../../functions/platform/events/push.ts';

/**
 * The cloud path of push.ts against a local HTTP server standing in for the IoT data endpoint:
 * the request IoT Core's Publish API expects, signed with the function's credentials.
 */
let server: Server;
let answer = 200;
const requests: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  Object.assign(process.env, {
    TABLE_NAME: 'windsock-test',
    AWS_REGION: 'eu-central-1',
    IOT_DATA_ENDPOINT: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'secret',
    AWS_SESSION_TOKEN: 'session-token',
  });
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.IOT_DATA_ENDPOINT;
  resetEnvForTests();
  await new Promise((resolve) => server.close(resolve));
});

describe('publish() in the cloud (IoT Data Plane Publish)', () => {
  it('POSTs the JSON to /topics/<topic>?qos=0, SigV4-signed for iotdata with the session token', async () => {
    requests.length = 0;

    await publish('user/u-1/notifications', { id: 'n1', message: 'welcome' });

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/topics/user%2Fu-1%2Fnotifications?qos=0');
    expect(JSON.parse(request?.body ?? '')).toEqual({ id: 'n1', message: 'welcome' });
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-central-1\/iotdata\/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
    );
    expect(request?.headers['x-amz-security-token']).toBe('session-token');
  });

  it('sends the refresh signal on the person’s refresh topic', async () => {
    requests.length = 0;

    await publishRefresh('u-1', 'roles_changed');

    expect(requests[0]?.url).toBe('/topics/user%2Fu-1%2Frefresh?qos=0');
    expect(JSON.parse(requests[0]?.body ?? '')).toMatchObject({ reason: 'roles_changed' });
  });

  it('never fails the caller when IoT refuses: push is best effort on top of stored data', async () => {
    answer = 403;
    requests.length = 0;
    try {
      await expect(publish('user/u-1/notifications', { id: 'n2' })).resolves.toBeUndefined();
      expect(requests).toHaveLength(1);
    } finally {
      answer = 200;
    }
  });
});
