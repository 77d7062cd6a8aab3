import type { IoTCustomAuthorizerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createRealtimeAuthorizer, iotArnPrefix } from '../../functions/identity/realtime-authorizer.ts';
import type { Actor } from '../../functions/platform/auth/actor.ts';

const FUNCTION_ARN = 'arn:aws:lambda:eu-central-1:123456789012:function:windsock-test-authorizer';
const IOT = 'arn:aws:iot:eu-central-1:123456789012';
const NOW = 1_800_000_000;

const connectEvent = (username: string | undefined, token: string | undefined): IoTCustomAuthorizerEvent => ({
  signatureVerified: false,
  protocols: ['mqtt'],
  protocolData: {
    mqtt: {
      clientId: 'web-u-1-tab',
      ...(username !== undefined && { username }),
      ...(token !== undefined && { password: Buffer.from(token).toString('base64') }),
    },
  },
  connectionMetadata: { id: 'conn-1' },
});

function authorizer(
  actor: Partial<Actor> | null,
  verify?: (token: string) => Promise<{ sub: string; exp: number }>,
) {
  const seen: string[] = [];
  const recorded: { userId: string; clientId: string; until: number }[] = [];
  const handler = createRealtimeAuthorizer({
    verifyAccessToken:
      verify ??
      (async (token) => {
        seen.push(token);
        return { sub: 'sub-1', exp: NOW + 3600 };
      }),
    resolveActor: async (sub) => (sub === 'sub-1' && actor ? (actor as Actor) : null),
    recordConnection: async (userId, clientId, until) => {
      recorded.push({ userId, clientId, until });
    },
    now: () => NOW,
  });
  return { handler, seen, recorded };
}

describe('realtime authorizer', () => {
  it('lets a member connect as web-<userId>-* and subscribe to their user and organization topics only', async () => {
    // Prepare
    const { handler, seen, recorded } = authorizer({
      userId: 'u-1',
      organizationId: 'o-1',
      permissions: new Set(['daily-flight-edit']),
    });

    // Act
    const result = await handler(
      connectEvent('jwt?x-amz-customauthorizer-name=windsock-test-browser', 'header.body.sig'),
      {
        invokedFunctionArn: FUNCTION_ARN,
      },
    );

    // Assess
    expect(seen).toEqual(['header.body.sig']);
    expect(result.isAuthenticated).toBe(true);
    expect(result.principalId).toBe('u1');
    expect(result.disconnectAfterInSeconds).toBe(3600);
    // The revocation bound without DeleteConnection: IoT re-runs the authorizer every 300 s.
    expect(result.refreshAfterInSeconds).toBe(300);
    expect(recorded).toEqual([{ userId: 'u-1', clientId: 'web-u-1-tab', until: NOW + 3600 }]);
    expect(result.policyDocuments).toEqual([
      {
        Version: '2012-10-17',
        Statement: [
          { Effect: 'Allow', Action: 'iot:Connect', Resource: `${IOT}:client/web-u-1-*` },
          {
            Effect: 'Allow',
            Action: 'iot:Subscribe',
            Resource: [`${IOT}:topicfilter/user/u-1/*`, `${IOT}:topicfilter/org/o-1/*`],
          },
          {
            Effect: 'Allow',
            Action: 'iot:Receive',
            Resource: [`${IOT}:topic/user/u-1/*`, `${IOT}:topic/org/o-1/*`],
          },
        ],
      },
    ]);
    expect(JSON.stringify(result.policyDocuments)).not.toContain('iot:Publish');
  });

  it('withholds the daily sheet and live position channels from a member without daily-flight-edit (spec §6)', async () => {
    // Prepare
    const { handler } = authorizer({ userId: 'u-1', organizationId: 'o-1', permissions: new Set() });

    // Act
    const result = await handler(connectEvent('jwt', 'header.body.sig'), {
      invokedFunctionArn: FUNCTION_ARN,
    });

    // Assess
    expect(result.policyDocuments[0]?.Statement).toEqual(
      expect.arrayContaining([
        {
          Effect: 'Deny',
          Action: 'iot:Subscribe',
          Resource: [
            `${IOT}:topicfilter/org/o-1/daily-flight`,
            `${IOT}:topicfilter/org/o-1/daily-flight/*`,
            `${IOT}:topicfilter/org/o-1/live`,
            `${IOT}:topicfilter/org/o-1/live/*`,
          ],
        },
        {
          Effect: 'Deny',
          Action: 'iot:Receive',
          // The live OGN positions are published on `org/o-1/live` itself, which `live/*` would miss.
          Resource: [
            `${IOT}:topic/org/o-1/daily-flight`,
            `${IOT}:topic/org/o-1/daily-flight/*`,
            `${IOT}:topic/org/o-1/live`,
            `${IOT}:topic/org/o-1/live/*`,
          ],
        },
      ]),
    );
  });

  it('gives a person without an organization only their own topics', async () => {
    // Act
    const result = await authorizer({ userId: 'u-2', organizationId: null }).handler(
      connectEvent('jwt', 't'),
      {
        invokedFunctionArn: FUNCTION_ARN,
      },
    );

    // Assess
    expect(JSON.stringify(result.policyDocuments)).not.toContain('org/');
  });

  it.each([
    ['another username', connectEvent('admin', 'token')],
    ['no password', connectEvent('jwt', undefined)],
    ['no MQTT data', { ...connectEvent('jwt', 'token'), protocolData: {} }],
  ])('denies %s', async (_, event) => {
    // Act
    const result = await authorizer({ userId: 'u-1', organizationId: 'o-1' }).handler(event, {
      invokedFunctionArn: FUNCTION_ARN,
    });

    // Assess
    expect(result.isAuthenticated).toBe(false);
    expect(result.policyDocuments).toEqual([]);
  });

  it('denies an invalid token, an unknown person and an id that would widen the policy', async () => {
    // Prepare
    const event = connectEvent('jwt', 'token');
    const context = { invokedFunctionArn: FUNCTION_ARN };
    const rejecting = authorizer({ userId: 'u-1', organizationId: null }, async () => {
      throw new Error('JwtExpiredError');
    });

    // Act
    const results = await Promise.all([
      rejecting.handler(event, context),
      authorizer(null).handler(event, context),
      authorizer({ userId: 'u-*', organizationId: null }).handler(event, context),
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal IoT policy variable is the attack.
      authorizer({ userId: 'u-1', organizationId: '${iot:ClientId}' }).handler(event, context),
    ]);

    // Assess
    expect(results.map((r) => r.isAuthenticated)).toEqual([false, false, false, false]);
  });

  it('denies when the connection cannot be noted: a revocation could not end it', async () => {
    // Prepare
    const handler = createRealtimeAuthorizer({
      verifyAccessToken: async () => ({ sub: 'sub-1', exp: NOW + 3600 }),
      resolveActor: async () => ({ userId: 'u-1', organizationId: 'o-1', permissions: new Set() }) as never,
      recordConnection: async () => {
        throw new Error('ProvisionedThroughputExceededException');
      },
      now: () => NOW,
    });

    // Act
    const result = await handler(connectEvent('jwt', 'token'), { invokedFunctionArn: FUNCTION_ARN });

    // Assess
    expect(result.isAuthenticated).toBe(false);
  });

  it('reads partition, region and account from the function ARN', () => {
    expect(iotArnPrefix(FUNCTION_ARN)).toBe(IOT);
    expect(() => iotArnPrefix('not-an-arn')).toThrow();
  });
});
