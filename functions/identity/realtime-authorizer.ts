import { CognitoJwtVerifier } from 'aws-jwt-verify';
import type {
  Context,
  IoTCustomAuthorizerEvent,
  IoTCustomAuthorizerResult,
  PolicyDocument,
} from 'aws-lambda';
import { type Actor, forgetActor, resolveActorBySub } from '../platform/auth/actor.ts';
import { realtimeTopicsFor } from '../platform/auth/realtime.ts';
import { env } from '../platform/config/env.ts';
import { logger } from '../platform/log/logger.ts';
import { browserClientPrefix, recordConnection } from './realtime-connections.ts';

/**
 * AWS IoT Core custom authorizer for browsers (docs/ARCHITECTURE.md "Push"): MQTT over WebSocket, username `jwt`,
 * password the Cognito access token. The same topics as the local aedes hook, from
 * realtimeTopicsFor(actor): subscribe and receive only, never publish. Any failure denies.
 */

/**
 * IoT bounds both values to 300–86 400 seconds (custom authorizer response: refreshAfterInSeconds,
 * disconnectAfterInSeconds; https://docs.aws.amazon.com/iot/latest/developerguide/custom-auth-lambda.html).
 */
const MIN_SECONDS = 300;
const MAX_SECONDS = 86_400;
/**
 * IoT re-runs this authorizer on an open connection this often and applies the policy it answers.
 * It is the revocation bound in the cloud when nothing else acts: rights taken away (a role, a
 * permission, a suspension, a removal) stop the withheld topics on a connection within 300 s (plus
 * the 5-second actor cache). The organizations domain does better where it can: it ends the person's
 * recorded connections with IoT DeleteConnection at once (realtime-connections.ts), and the browser
 * reconnects under its new policy.
 */
const REFRESH_SECONDS = MIN_SECONDS;

const DENY: IoTCustomAuthorizerResult = {
  isAuthenticated: false,
  principalId: 'denied',
  disconnectAfterInSeconds: MIN_SECONDS,
  refreshAfterInSeconds: MIN_SECONDS,
  policyDocuments: [],
};

interface VerifiedToken {
  sub: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

interface RealtimeAuthorizerDeps {
  verifyAccessToken(token: string): Promise<VerifiedToken>;
  resolveActor(sub: string): Promise<Actor | null>;
  /** Notes the connection so that a revocation can end it (realtime-connections.ts). */
  recordConnection(userId: string, clientId: string, untilEpochSeconds: number): Promise<void>;
  /** Seconds since the epoch. */
  now(): number;
}

// Ids and topic segments we put into an IoT policy: no policy wildcards (`*`, `?`), no `${…}`
// variables, no MQTT wildcards except a trailing `#`.
const SAFE_ID = /^[A-Za-z0-9_.:-]+$/;
const SAFE_FILTER = /^[A-Za-z0-9_.:-]+(\/[A-Za-z0-9_.:-]+)*(\/#)?$/;

/**
 * The IoT policy for one person: connect as `web-<userId>-*`, subscribe to and receive from the topic
 * filters realtimeTopicsFor allows. `arnPrefix` is `arn:<partition>:iot:<region>:<account>`.
 */
function iotPolicyFor(actor: Actor, arnPrefix: string): PolicyDocument {
  if (!SAFE_ID.test(actor.userId)) throw new Error('unsafe user id');
  const topics = realtimeTopicsFor(actor);
  for (const filter of [...topics.subscribe, ...topics.deny])
    if (!SAFE_FILTER.test(filter)) throw new Error('unsafe topic filter');
  // In a topicfilter ARN `#` is a literal character; the policy wildcard `*` admits `user/1/#` and
  // any narrower filter under it. Topic ARNs (Receive) take the same form.
  const resources = (filters: string[], kind: 'topicfilter' | 'topic') =>
    filters.map((filter) => `${arnPrefix}:${kind}/${filter.replace(/#$/, '*')}`);
  // MQTT's `x/#` also matches `x` itself (`org/<id>/live`), the policy's `x/*` does not: a withheld
  // channel is denied under both names.
  const withheld = topics.deny.flatMap((filter) =>
    filter.endsWith('/#') ? [filter.slice(0, -2), filter] : [filter],
  );
  // Withheld channels (the daily sheet's, without daily-flight-edit): an explicit Deny wins over
  // the organization-wide Allow, for subscribing and for every message through a wider filter.
  const denies =
    topics.deny.length === 0
      ? []
      : [
          {
            Effect: 'Deny' as const,
            Action: 'iot:Subscribe',
            Resource: resources(withheld, 'topicfilter'),
          },
          { Effect: 'Deny' as const, Action: 'iot:Receive', Resource: resources(withheld, 'topic') },
        ];
  return {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: 'iot:Connect',
        Resource: `${arnPrefix}:client/${browserClientPrefix(actor.userId)}*`,
      },
      { Effect: 'Allow', Action: 'iot:Subscribe', Resource: resources(topics.subscribe, 'topicfilter') },
      { Effect: 'Allow', Action: 'iot:Receive', Resource: resources(topics.subscribe, 'topic') },
      ...denies,
    ],
  };
}

/** `arn:aws:lambda:eu-central-1:123456789012:function:x` → `arn:aws:iot:eu-central-1:123456789012`. */
export function iotArnPrefix(invokedFunctionArn: string): string {
  const [, partition, , region, account] = invokedFunctionArn.split(':');
  if (!partition || !region || !account) throw new Error('unexpected function ARN');
  return `arn:${partition}:iot:${region}:${account}`;
}

/** The access token from an MQTT CONNECT: username `jwt` (IoT may append `?x-amz-customauthorizer-name=…`). */
function tokenFromEvent(event: IoTCustomAuthorizerEvent): string | null {
  const mqtt = event.protocolData?.mqtt;
  if (!mqtt?.password || mqtt.username?.split('?')[0] !== 'jwt') return null;
  const token = Buffer.from(mqtt.password, 'base64').toString('utf8');
  return token.length > 0 ? token : null;
}

const clamp = (value: number) => Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, Math.floor(value)));

export function createRealtimeAuthorizer(deps: RealtimeAuthorizerDeps) {
  return async (event: IoTCustomAuthorizerEvent, context: Pick<Context, 'invokedFunctionArn'>) => {
    const connection = event.connectionMetadata?.id;
    try {
      const token = tokenFromEvent(event);
      if (!token) {
        logger.info('realtime connect denied', { connection, reason: 'no_token' });
        return DENY;
      }
      const claims = await deps.verifyAccessToken(token);
      const actor = await deps.resolveActor(claims.sub);
      if (!actor) {
        logger.info('realtime connect denied', { connection, reason: 'unknown_person' });
        return DENY;
      }
      // The connection ends when the token does; the browser reconnects with a fresh one.
      const disconnectAfterInSeconds = clamp(claims.exp - deps.now());
      const result: IoTCustomAuthorizerResult = {
        isAuthenticated: true,
        principalId: actor.userId.replace(/[^A-Za-z0-9]/g, '').slice(0, 128) || 'user',
        disconnectAfterInSeconds,
        refreshAfterInSeconds: REFRESH_SECONDS,
        policyDocuments: [iotPolicyFor(actor, iotArnPrefix(context.invokedFunctionArn))],
      };
      // Connect and every refresh: a connection a revocation cannot find would keep its policy
      // for up to REFRESH_SECONDS, so a failure here denies like any other.
      const clientId = event.protocolData?.mqtt?.clientId;
      if (clientId)
        await deps.recordConnection(
          actor.userId,
          clientId,
          Math.floor(deps.now()) + disconnectAfterInSeconds,
        );
      logger.info('realtime connect allowed', { connection, userId: actor.userId });
      return result;
    } catch (error) {
      // Never the token or the event: only what kind of failure it was.
      logger.info('realtime connect denied', { connection, reason: (error as Error).name || 'error' });
      return DENY;
    }
  };
}

let verifier: { verify(token: string): Promise<{ sub: string; exp: number }> } | undefined;

const accessTokenVerifier = () => {
  if (!verifier) {
    const { USER_POOL_ID, USER_POOL_CLIENT_ID } = env();
    if (!USER_POOL_ID || !USER_POOL_CLIENT_ID)
      throw new Error('Invalid environment: USER_POOL_ID, USER_POOL_CLIENT_ID');
    verifier = CognitoJwtVerifier.create({
      userPoolId: USER_POOL_ID,
      tokenUse: 'access',
      clientId: USER_POOL_CLIENT_ID,
    });
  }
  return verifier;
};

/** Lambda entry (CDK: lib/realtime-stack.ts). */
export const handler = createRealtimeAuthorizer({
  verifyAccessToken: (token) => accessTokenVerifier().verify(token),
  // Never from the warm container's actor cache: a browser that a revocation just disconnected
  // reconnects within a second and must get the policy of its new rights.
  resolveActor: (sub) => {
    forgetActor(sub);
    return resolveActorBySub(sub);
  },
  recordConnection,
  now: () => Date.now() / 1000,
});
