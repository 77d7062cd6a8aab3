import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IoTCustomAuthorizerEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealtimeAuthorizer } from '../../functions/identity/realtime-authorizer.ts';
import { openConnections, recordConnection } from '../../functions/identity/realtime-connections.ts';
import { resolveActorBySub } from '../../functions/platform/auth/actor.ts';
import { resetEnvForTests } from '../../functions/platform/config/env.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * The cloud side of issue 11 §3, against the embedded DynamoDB and a local HTTP server standing in
 * for the IoT data endpoint: the custom authorizer notes each browser connection, and a revocation
 * in the organizations domain ends exactly that person's live connections with DeleteConnection,
 * after the refresh signal.
 */
const FUNCTION_ARN = 'arn:aws:lambda:eu-central-1:123456789012:function:windsock-test-authorizer';
const NOW = () => Math.floor(Date.now() / 1000);
const ADMIN = subOf('admin@demo.windsock.aero');
const OPERATOR_SUB = subOf('instructor@demo.windsock.aero');
const OPERATOR = 'user-instructor';

let platform: Platform;
let server: Server;
const requests: { method: string; url: string; authorization: string }[] = [];

const connectEvent = (clientId: string): IoTCustomAuthorizerEvent => ({
  signatureVerified: false,
  protocols: ['mqtt'],
  protocolData: { mqtt: { username: 'jwt', password: Buffer.from('token').toString('base64'), clientId } },
  connectionMetadata: { id: clientId },
});

/** The production authorizer with only the token check replaced: the token is the person's sub. */
const authorizer = (sub: string) =>
  createRealtimeAuthorizer({
    verifyAccessToken: async () => ({ sub, exp: NOW() + 3600 }),
    resolveActor: resolveActorBySub,
    recordConnection,
    now: () => Date.now() / 1000,
  });

beforeAll(async () => {
  platform = await startPlatform();
  server = createServer((req, res) => {
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization ?? '',
    });
    req.resume();
    // IoT answers 404 for a client that is not connected any more.
    res.writeHead(req.url?.includes('gone') ? 404 : 200).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  Object.assign(process.env, {
    IOT_DATA_ENDPOINT: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'secret',
  });
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.IOT_DATA_ENDPOINT;
  resetEnvForTests();
  await new Promise((resolve) => server.close(resolve));
  await platform?.close();
});

describe('revocation in the cloud (IoT DeleteConnection)', () => {
  it('notes only client ids the person’s policy lets connect', async () => {
    // Act
    const allowed = await authorizer(OPERATOR_SUB)(connectEvent(`web-${OPERATOR}-tab1`), {
      invokedFunctionArn: FUNCTION_ARN,
    });
    // Another person's client id: IoT refuses the CONNECT (policy), and it is never noted.
    await authorizer(OPERATOR_SUB)(connectEvent('web-user-admin-tab9'), { invokedFunctionArn: FUNCTION_ARN });

    // Assess
    expect(allowed.isAuthenticated).toBe(true);
    expect(await openConnections(OPERATOR)).toEqual([`web-${OPERATOR}-tab1`]);
    expect(await openConnections('user-admin')).toEqual([]);
  });

  it('ends the person’s open connections, after the refresh signal, when an admin takes a role away', async () => {
    // Prepare
    await recordConnection(OPERATOR, `web-${OPERATOR}-tab2`, NOW() + 600);
    await recordConnection(OPERATOR, `web-${OPERATOR}-gone`, NOW() + 600);
    // IoT has ended this one already (disconnectAfterInSeconds passed).
    await recordConnection(OPERATOR, `web-${OPERATOR}-expired`, NOW() - 1);
    await recordConnection('user-admin', 'web-user-admin-tab3', NOW() + 600);
    const member = await platform.invoke('getMember', { sub: ADMIN, params: { user_id: OPERATOR } });
    requests.length = 0;

    // Act
    const changed = await platform.invoke('setMemberRoles', {
      sub: ADMIN,
      params: { user_id: OPERATOR },
      body: { role_ids: ['pilot'], version: member.body.membership.version },
    });

    // Assess
    expect(changed.status).toBe(200);
    expect(requests[0]).toMatchObject({ method: 'POST', url: `/topics/user%2F${OPERATOR}%2Frefresh?qos=0` });
    const deletes = requests.filter((r) => r.method === 'DELETE');
    expect(deletes.map((r) => r.url).sort()).toEqual(
      ['gone', 'tab1', 'tab2'].map((tab) => `/connections/web-${OPERATOR}-${tab}?preventWillMessage=true`),
    );
    for (const request of deletes)
      expect(request.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-central-1\/iotdata\//,
      );
  });

  it('leaves connections alone when rights only grow', async () => {
    // Prepare
    const member = await platform.invoke('getMember', { sub: ADMIN, params: { user_id: OPERATOR } });
    requests.length = 0;

    // Act
    const changed = await platform.invoke('setMemberRoles', {
      sub: ADMIN,
      params: { user_id: OPERATOR },
      body: { role_ids: ['pilot', 'timer_operator'], version: member.body.membership.version },
    });

    // Assess
    expect(changed.status).toBe(200);
    expect(requests).toEqual([]);
  });
});
