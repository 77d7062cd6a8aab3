import { Hub } from 'aws-amplify/utils';
import mqtt, { type MqttClient } from 'mqtt';
import { type NotificationOutput, notificationOutput } from '../../../../contracts/schemas/notifications.ts';
import { accessToken } from '../../lib/auth.ts';
import { config } from '../../lib/config.ts';

/**
 * Live push (DESIGN §6, spec §7 real-time channels): MQTT over WebSocket to aedes locally and to
 * AWS IoT Core in the cloud, signed in with username `jwt` and the Cognito access token as the
 * password (the broker's authorizer allows only the person's own `user/<id>/…` topics). This
 * module (and mqtt.js) loads only after sign-in.
 *
 * The connection is re-made with a fresh token when Amplify refreshes it, and after any drop
 * (IoT ends the connection when the token expires) with exponential backoff up to a minute.
 */
export interface LivePushHandlers {
  onNotification(notification: NotificationOutput): void;
  /** The refresh channel: reload the profile (roles, organization, modules changed). */
  onRefresh(): void;
}

const MAX_DELAY_MS = 60_000;
const AUTHORIZER = 'x-amz-customauthorizer-name';

/** IoT custom authentication over WebSocket: the authorizer's name in the URL and the username. */
export const connectTarget = (mqttUrl: string, authorizerName?: string) => {
  if (!authorizerName) return { url: mqttUrl, username: 'jwt' };
  const query = `${AUTHORIZER}=${encodeURIComponent(authorizerName)}`;
  return { url: `${mqttUrl}${mqttUrl.includes('?') ? '&' : '?'}${query}`, username: `jwt?${query}` };
};

export function startLivePush(userId: string, handlers: LivePushHandlers): () => void {
  let client: MqttClient | undefined;
  let stopped = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const topics = { notifications: `user/${userId}/notifications`, refresh: `user/${userId}/refresh` };

  const schedule = () => {
    if (stopped) return;
    const delay = Math.min(MAX_DELAY_MS, 1000 * 2 ** attempt) * (0.5 + Math.random() / 2);
    attempt += 1;
    clearTimeout(timer);
    timer = setTimeout(() => void connect(), delay);
  };

  const connect = async () => {
    if (stopped) return;
    const token = await accessToken();
    if (stopped) return;
    if (!token) return schedule();
    const { mqttUrl, iotAuthorizerName } = config();
    const target = connectTarget(mqttUrl, iotAuthorizerName);
    const connection = mqtt.connect(target.url, {
      username: target.username,
      password: token,
      // The IoT policy lets a person connect as `<userId>-…` only.
      clientId: `${userId}-${Math.random().toString(36).slice(2, 10)}`,
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
    });
    client = connection;
    connection.on('connect', () => {
      attempt = 0;
      connection.subscribe([topics.notifications, topics.refresh], { qos: 0 });
    });
    connection.on('message', (topic, payload) => {
      if (topic === topics.refresh) return handlers.onRefresh();
      if (topic !== topics.notifications) return;
      try {
        const parsed = notificationOutput.safeParse(JSON.parse(payload.toString()));
        if (parsed.success) handlers.onNotification(parsed.data);
      } catch {
        // Not JSON: nothing a person could read.
      }
    });
    connection.on('error', () => connection.end(true));
    connection.on('close', () => {
      if (client !== connection) return;
      client = undefined;
      schedule();
    });
  };

  /** A new token (Amplify refreshed it): connect again with it right away. */
  const reconnect = () => {
    const previous = client;
    client = undefined;
    previous?.end(true);
    attempt = 0;
    clearTimeout(timer);
    void connect();
  };
  const stopListening = Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'tokenRefresh') reconnect();
  });

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    stopListening();
    const previous = client;
    client = undefined;
    previous?.end(true);
  };
}
