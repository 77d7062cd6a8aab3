import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '../../functions/platform/config/env.ts';
import { publish, publishRefresh } from '../../functions/platform/events/push.ts';
import { STAND_IN_CREDENTIALS, startAwsStandIn } from '../helpers/aws-stand-in.ts';

/**
 * The cloud path of push.ts against a local HTTP server standing in for the IoT data endpoint:
 * the request IoT Core's Publish API expects, signed with the function's credentials.
 */
let iot: Awaited<ReturnType<typeof startAwsStandIn>>;

beforeAll(async () => {
  iot = await startAwsStandIn();
  Object.assign(process.env, {
    ...STAND_IN_CREDENTIALS,
    TABLE_NAME: 'windsock-test',
    AWS_REGION: 'eu-central-1',
    IOT_DATA_ENDPOINT: iot.url,
  });
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.IOT_DATA_ENDPOINT;
  resetEnvForTests();
  await iot.close();
});

describe('publish() in the cloud (IoT Data Plane Publish)', () => {
  it('POSTs the JSON to /topics/<topic>?qos=0, SigV4-signed for iotdata with the session token', async () => {
    iot.requests.length = 0;

    await publish('user/u-1/notifications', { id: 'n1', message: 'welcome' });

    expect(iot.requests).toHaveLength(1);
    const [request] = iot.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/topics/user%2Fu-1%2Fnotifications?qos=0');
    expect(JSON.parse(request?.body ?? '')).toEqual({ id: 'n1', message: 'welcome' });
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-central-1\/iotdata\/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
    );
    expect(request?.headers['x-amz-security-token']).toBe('session-token');
  });

  it('sends the refresh signal on the person’s refresh topic', async () => {
    iot.requests.length = 0;

    await publishRefresh('u-1', 'roles_changed');

    expect(iot.requests[0]?.url).toBe('/topics/user%2Fu-1%2Frefresh?qos=0');
    expect(JSON.parse(iot.requests[0]?.body ?? '')).toMatchObject({ reason: 'roles_changed' });
  });

  it('never fails the caller when IoT refuses: push is best effort on top of stored data', async () => {
    iot.answer(() => ({ status: 403, body: {} }));
    iot.requests.length = 0;
    try {
      await expect(publish('user/u-1/notifications', { id: 'n2' })).resolves.toBeUndefined();
      expect(iot.requests).toHaveLength(1);
    } finally {
      iot.answer(() => ({ status: 200, body: {} }));
    }
  });
});
