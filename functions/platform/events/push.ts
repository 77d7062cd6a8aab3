import { env } from '../config/env.ts';
import { logger } from '../log/logger.ts';
import { iotDataRequest } from './iot-data.ts';

/**
 * Live push (docs/ARCHITECTURE.md "Push"): MQTT topics browsers subscribe to over WebSocket. Locally the handlers run
 * in the local stack's process and publish straight into its aedes broker (bin/local/stack.ts sets
 * the publisher); in AWS they publish to IoT Core's data endpoint over HTTPS, signed with the
 * function's role (iot:Publish on `topic/user/*` and `topic/org/*`, lib/api-stack.ts).
 *
 * Push is a courtesy on top of stored data: a lost message costs the browser nothing it cannot
 * reload (the list, the profile), so a failed publish is logged and never fails the request.
 */

/** Per-user channels of spec §7: the private notification channel and the profile refresh channel. */
type UserChannel = 'notifications' | 'refresh';

export const userTopic = (userId: string, channel: UserChannel) => `user/${userId}/${channel}`;
/** An organization's channels (`org/<id>/daily-flight`, …) for later features. */
export const organizationTopic = (organizationId: string, channel: string) =>
  `org/${organizationId}/${channel}`;

/**
 * The live channel of one day's sheet: everyone with daily-flight-edit watching it gets every change
 * (the flights service, the proposals, the OGN ingest publish on it).
 */
export const sheetTopic = (organizationId: string, date: string) =>
  organizationTopic(organizationId, `daily-flight/${date}`);

export type Publisher = (topic: string, payload: unknown) => Promise<void>;

let localPublisher: Publisher | undefined;

/** The local stack hands its broker's publish in here; undefined puts it back to the cloud path. */
export const setLocalPublisher = (publisher: Publisher | undefined) => {
  localPublisher = publisher;
};

/** Publishes JSON at QoS 0. Never throws: push failures are logged with the topic only. */
export async function publish(topic: string, payload: unknown): Promise<void> {
  try {
    if (localPublisher) return await localPublisher(topic, payload);
    const endpoint = env().IOT_DATA_ENDPOINT;
    if (!endpoint) {
      logger.debug('push skipped: no IoT endpoint', { topic });
      return;
    }
    await publishToIot(endpoint, topic, JSON.stringify(payload));
  } catch (error) {
    logger.warn('push failed', { topic, error: error instanceof Error ? error.name : 'error' });
  }
}

/**
 * Tells every open tab of this person to reload the profile (spec §7 refresh channel). Call it
 * after a change to someone's roles, memberships or their organization's modules.
 */
export const publishRefresh = (userId: string, reason = 'profile_changed') =>
  publish(userTopic(userId, 'refresh'), { reason, at: new Date().toISOString() });

/** IoT Data Plane `Publish` (POST /topics/{topic}?qos=0). */
async function publishToIot(endpoint: string, topic: string, body: string) {
  const status = await iotDataRequest(endpoint, {
    method: 'POST',
    path: `/topics/${encodeURIComponent(topic)}`,
    query: { qos: '0' },
    body,
  });
  if (status < 200 || status >= 300)
    throw Object.assign(new Error(`IoT publish answered ${status}`), { name: 'IotPublishFailed' });
}
