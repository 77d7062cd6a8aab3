import { Hub } from 'aws-amplify/utils';
import mqtt, { type MqttClient } from 'mqtt';
import { accessToken } from '../../lib/auth.ts';
import { config } from '../../lib/config.ts';
import { connectTarget } from '../notifications/live-push.ts';

/**
 * The daily sheet's live channel (`org/<orgId>/daily-flight/<date>`): every change any timer
 * operator makes arrives here (spec §6: the broker lets only daily-flight-edit holders receive it).
 * The same connection as the notifications' live push (functions/platform/auth/realtime.ts decides
 * the topics): the access token as password, re-made on a token refresh and after a drop with
 * backoff. `onState` reports whether the channel is up (the sheet reloads when it comes back, to
 * catch what it missed meanwhile).
 */
const MAX_DELAY_MS = 30_000;

export function watchSheet(
  userId: string,
  topic: string,
  handlers: { onMessage(payload: unknown): void; onState(connected: boolean): void },
): () => void {
  let client: MqttClient | undefined;
  let stopped = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

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
      clientId: `${userId}-${Math.random().toString(36).slice(2, 10)}`,
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
    });
    client = connection;
    connection.on('connect', () => {
      attempt = 0;
      connection.subscribe(topic, { qos: 0 }, (error) => {
        if (!error) handlers.onState(true);
      });
    });
    connection.on('message', (received, payload) => {
      if (received !== topic) return;
      try {
        handlers.onMessage(JSON.parse(payload.toString()));
      } catch {
        // Not JSON: nothing to apply.
      }
    });
    connection.on('error', () => connection.end(true));
    connection.on('close', () => {
      if (client !== connection) return;
      client = undefined;
      handlers.onState(false);
      schedule();
    });
  };

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
  // Back online: do not wait for the backoff.
  const online = () => {
    if (!client) reconnect();
  };
  window.addEventListener('online', online);

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    stopListening();
    window.removeEventListener('online', online);
    const previous = client;
    client = undefined;
    previous?.end(true);
  };
}
