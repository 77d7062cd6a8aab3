import { Hub } from 'aws-amplify/utils';
import { accessToken } from './auth.ts';
import { config } from './config.ts';
import { type MqttConnection, openMqtt } from './mqtt-socket.ts';

/**
 * Live push (docs/ARCHITECTURE.md "Push", spec §7 real-time channels): MQTT over WebSocket to aedes locally and to
 * AWS IoT Core in the cloud, signed in with username `jwt` and the Cognito access token as the
 * password; the broker's authorizer decides which `user/<id>/…` and `org/<id>/…` topics a person
 * may have (functions/platform/auth/realtime.ts). The notifications bell, the daily sheet and the
 * maps each watch their topics through this one connection logic.
 *
 * The connection is re-made with a fresh token when Amplify refreshes it, and after any drop (IoT
 * ends the connection when the token expires) with exponential backoff up to `maxDelayMs`.
 */
interface TopicHandlers {
  /** `payload` is the message's JSON, undefined when it is not JSON. */
  onMessage(topic: string, payload: unknown): void;
  /** Subscribed (true) or dropped (false): a watcher reloads on the way back for what it missed. */
  onState?(connected: boolean): void;
}

interface WatchOptions {
  /** Default 60 s. */
  maxDelayMs?: number;
  /** Connect again at once when the browser comes back online instead of waiting for the backoff. */
  reconnectWhenOnline?: boolean;
}

const AUTHORIZER = 'x-amz-customauthorizer-name';
const decoder = new TextDecoder();

/** IoT custom authentication over WebSocket: the authorizer's name in the URL and the username. */
export const connectTarget = (mqttUrl: string, authorizerName?: string) => {
  if (!authorizerName) return { url: mqttUrl, username: 'jwt' };
  const query = `${AUTHORIZER}=${encodeURIComponent(authorizerName)}`;
  return { url: `${mqttUrl}${mqttUrl.includes('?') ? '&' : '?'}${query}`, username: `jwt?${query}` };
};

/** Watches `topics` until the returned function is called. */
export function watchTopics(
  userId: string,
  topics: readonly string[],
  handlers: TopicHandlers,
  options: WatchOptions = {},
): () => void {
  const maxDelayMs = options.maxDelayMs ?? 60_000;
  let client: MqttConnection | undefined;
  let stopped = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    if (stopped) return;
    const delay = Math.min(maxDelayMs, 1000 * 2 ** attempt) * (0.5 + Math.random() / 2);
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
    const connection: MqttConnection = openMqtt(
      {
        url: target.url,
        username: target.username,
        password: token,
        // The IoT policy lets a person connect as `web-<userId>-…` only; a revocation ends these
        // connections by id (functions/identity/realtime-connections.ts).
        clientId: `web-${userId}-${Math.random().toString(36).slice(2, 10)}`,
        connectTimeoutMs: 10_000,
      },
      {
        onConnect() {
          attempt = 0;
          connection.subscribe(topics, 0).then(
            () => handlers.onState?.(true),
            () => undefined,
          );
        },
        onMessage(topic, payload) {
          if (!topics.includes(topic)) return;
          let data: unknown;
          try {
            data = JSON.parse(decoder.decode(payload));
          } catch {
            data = undefined;
          }
          handlers.onMessage(topic, data);
        },
        onClose() {
          if (client !== connection) return;
          client = undefined;
          handlers.onState?.(false);
          schedule();
        },
      },
    );
    client = connection;
  };

  /** A new token (Amplify refreshed it): connect again with it right away. */
  const reconnect = () => {
    const previous = client;
    client = undefined;
    previous?.end();
    attempt = 0;
    clearTimeout(timer);
    void connect();
  };
  const stopListening = Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'tokenRefresh') reconnect();
  });
  const online = () => {
    if (!client) reconnect();
  };
  if (options.reconnectWhenOnline) window.addEventListener('online', online);

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    stopListening();
    if (options.reconnectWhenOnline) window.removeEventListener('online', online);
    const previous = client;
    client = undefined;
    previous?.end();
  };
}
