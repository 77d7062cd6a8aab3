import { env } from '../platform/config/env.ts';
import { db } from '../platform/db/service.ts';
import { iotDataRequest } from '../platform/events/iot-data.ts';
import { publishRefresh } from '../platform/events/push.ts';
import { logger } from '../platform/log/logger.ts';

/**
 * Revocation that reaches open MQTT connections (issue 11 §3). The broker decides at CONNECT (and,
 * in the cloud, at each policy refresh) which topics a person receives; when an organization takes
 * rights away (a role, a permission of a role, a suspension, a removal) the person's open
 * connections must stop getting what is now withheld (the daily sheet's and the live OGN channel).
 *
 * - Locally (bin/local/stack.ts sets the listener) the aedes broker re-resolves the person's rights
 *   at once and re-checks every message it forwards against them (bin/local/mqtt.ts).
 * - In AWS, IoT Core's DeleteConnection (IoT data plane, `DELETE /connections/{clientId}`; IAM
 *   iot:DeleteConnection on `client/web-*` only, lib/api-stack.ts) ends each connection the custom
 *   authorizer recorded for the person; the browser reconnects at once and the authorizer gives
 *   it the policy of its new rights. Without that call the bound is the authorizer's
 *   refreshAfterInSeconds, 300 s (functions/identity/realtime-authorizer.ts).
 *
 * Best effort like push: a failure is logged and never fails the change that caused it.
 */

/** Browsers connect as `web-<userId>-<random>` (frontend/src/lib/live-topics.ts); the IoT policy allows only that. */
export const browserClientPrefix = (userId: string) => `web-${userId}-`;

type RightsListener = (userIds: readonly string[]) => Promise<void>;

/** The clock the connections' expiry is read against (seconds since the epoch). */
const connectionClock = { now: () => Date.now() / 1000 };

let localListener: RightsListener | undefined;

/** The local stack hands its broker's re-check in here; undefined puts it back to the cloud path. */
export const setLocalRightsListener = (listener: RightsListener | undefined) => {
  localListener = listener;
};

/**
 * These people's rights were just narrowed (call it after the write, and after forgetActor): their
 * open tabs reload the profile (refresh channel), and their live connections stop receiving what
 * they may no longer receive.
 */
export async function realtimeRightsChanged(userIds: readonly string[]): Promise<void> {
  const people = [...new Set(userIds)];
  if (people.length === 0) return;
  // First the refresh signal, while the connections still exist to carry it.
  await Promise.all(people.map((userId) => publishRefresh(userId, 'rights_changed')));
  try {
    if (localListener) return await localListener(people);
    const endpoint = env().IOT_DATA_ENDPOINT;
    if (!endpoint) return;
    await Promise.all(people.map((userId) => dropConnections(endpoint, userId)));
  } catch (error) {
    logger.warn('realtime revocation failed', { error: error instanceof Error ? error.name : 'error' });
  }
}

/** The custom authorizer's note of an open connection, until IoT would end it anyway. */
export async function recordConnection(userId: string, clientId: string, untilEpochSeconds: number) {
  // Only a client id the person's policy lets connect: a revocation never ends someone else's.
  if (!clientId.startsWith(browserClientPrefix(userId)) || clientId.length > 128) return;
  await db()
    .entities.realtimeConnection.put({ user_id: userId, client_id: clientId, ttl: untilEpochSeconds })
    .go();
}

/** The person's connections IoT may still hold (DynamoDB deletes expired items lazily). */
export async function openConnections(userId: string, nowEpochSeconds = connectionClock.now()) {
  const { data } = await db()
    .entities.realtimeConnection.query.byPerson({ user_id: userId })
    .where((attr, op) => op.gt(attr.ttl, Math.floor(nowEpochSeconds)))
    .go({ pages: 'all' });
  return data.map((connection) => connection.client_id);
}

async function dropConnections(endpoint: string, userId: string) {
  const clientIds = await openConnections(userId);
  await Promise.all(
    clientIds.map(async (clientId) => {
      const status = await iotDataRequest(endpoint, {
        method: 'DELETE',
        path: `/connections/${encodeURIComponent(clientId)}`,
        // No last will: browsers set none, and a revoked client must not publish one.
        query: { preventWillMessage: 'true' },
      });
      // 404: that connection had already ended.
      if (status >= 300 && status !== 404) logger.warn('realtime disconnect refused', { userId, status });
    }),
  );
  if (clientIds.length > 0) logger.info('realtime connections ended', { userId, count: clientIds.length });
}
