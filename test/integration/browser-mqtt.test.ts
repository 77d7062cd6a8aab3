import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LocalMqtt, type MqttPrincipal, startMqtt } from '../../bin/local/mqtt.ts';
import { type MqttConnection, openMqtt } from '../../frontend/src/lib/mqtt-socket.ts';

/**
 * The browser's own MQTT client (frontend/src/lib/mqtt-socket.ts) against the local aedes broker over
 * WebSocket, the way the notifications bell, the daily sheet and the maps use it. Node 22's
 * WebSocket is the browser's API.
 */
const USER_TOKEN = 'access-token-of-u1';
const SERVICE_SECRET = 'service-secret';

let broker: LocalMqtt;
let server: Server;
let wsUrl: string;
const open: MqttConnection[] = [];

async function authenticate(username: string, password: string): Promise<MqttPrincipal | null> {
  if (username === 'jwt' && password === USER_TOKEN)
    return { kind: 'user', userId: 'u1', topics: { subscribe: ['user/u1/#'], deny: [] } };
  if (username === 'service' && password === SERVICE_SECRET)
    return { kind: 'service', publish: ['user/+/notifications'], subscribe: [] };
  return null;
}

interface Session {
  connection: MqttConnection;
  messages: { topic: string; text: string }[];
  connected: Promise<boolean>;
  closed: Promise<void>;
}

/** Opens a connection; `connected` says whether the broker accepted the login. */
function session(password = USER_TOKEN, keepaliveSeconds = 60): Session {
  const messages: { topic: string; text: string }[] = [];
  let onConnect = () => {};
  let onClose = () => {};
  const closed = new Promise<void>((resolve) => {
    onClose = resolve;
  });
  const connected = Promise.race([
    new Promise<boolean>((resolve) => {
      onConnect = () => resolve(true);
    }),
    closed.then(() => false),
  ]);
  const connection = openMqtt(
    { url: wsUrl, username: 'jwt', password, clientId: `u1-${open.length}`, keepaliveSeconds },
    {
      onConnect: () => onConnect(),
      onMessage: (topic, payload) => messages.push({ topic, text: new TextDecoder().decode(payload) }),
      onClose: () => onClose(),
    },
  );
  open.push(connection);
  return { connection, messages, connected, closed };
}

const until = async (condition: () => boolean, timeoutMs = 3000) => {
  const end = Date.now() + timeoutMs;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
};

beforeAll(async () => {
  broker = await startMqtt({ tcpPort: 0, authenticate });
  server = createServer((_req, res) => res.writeHead(404).end());
  server.on('upgrade', (req, socket, head) => {
    if (req.url === '/mqtt') broker.handleUpgrade(req, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  wsUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/mqtt`;
});

afterEach(() => {
  for (const connection of open.splice(0)) connection.end();
});

afterAll(async () => {
  await broker?.close();
  await new Promise((resolve) => server.close(resolve));
});

describe("the browser's MQTT client against the local broker", () => {
  it('logs in with the token, subscribes and receives what the server publishes', async () => {
    // Prepare
    const user = session();
    expect(await user.connected).toBe(true);
    await user.connection.subscribe(['user/u1/notifications', 'user/u1/refresh']);

    // Act
    await broker.publish('user/u1/notifications', { id: 'n1', message: 'Üdv' });
    await broker.publish('user/u1/refresh', {});

    // Assess
    expect(await until(() => user.messages.length === 2)).toBe(true);
    expect(user.messages).toEqual([
      { topic: 'user/u1/notifications', text: JSON.stringify({ id: 'n1', message: 'Üdv' }) },
      { topic: 'user/u1/refresh', text: '{}' },
    ]);
  });

  it('is refused with a wrong token and reports the connection closed', async () => {
    // Act
    const user = session('not-the-token');

    // Assess
    expect(await user.connected).toBe(false);
    await user.closed;
  });

  it("rejects a subscription the broker refuses (another person's topics) and stays connected", async () => {
    // Prepare
    const user = session();
    await user.connected;

    // Act
    const refused = user.connection.subscribe(['user/u2/notifications']);

    // Assess
    await expect(refused).rejects.toThrow('subscription refused');
    await user.connection.subscribe(['user/u1/notifications']);
    await broker.publish('user/u1/notifications', { id: 'n2' });
    expect(await until(() => user.messages.length === 1)).toBe(true);
  });

  it('receives messages published at QoS 1 on a QoS 1 subscription, in order', async () => {
    // Prepare: a service publishing at QoS 1 to a subscription at QoS 1.
    const user = session();
    await user.connected;
    await user.connection.subscribe(['user/u1/notifications'], 1);
    const service = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.tcpPort}`, {
      username: 'service',
      password: SERVICE_SECRET,
      reconnectPeriod: 0,
    });

    // Act
    await service.publishAsync('user/u1/notifications', JSON.stringify({ id: 'q1' }), { qos: 1 });
    await service.publishAsync('user/u1/notifications', JSON.stringify({ id: 'q2' }), { qos: 1 });

    // Assess (the PUBACK bytes are checked in test/unit/mqtt-socket.test.ts)
    expect(await until(() => user.messages.length === 2)).toBe(true);
    expect(user.messages.map((m) => JSON.parse(m.text).id)).toEqual(['q1', 'q2']);
    await service.endAsync();
  });

  it('keeps a quiet connection open by pinging within the keepalive', async () => {
    // Prepare: aedes drops a client that is silent for 1.5 × its keepalive (here 1.5 s).
    const user = session(USER_TOKEN, 1);
    await user.connected;
    await user.connection.subscribe(['user/u1/notifications']);
    let closed = false;
    void user.closed.then(() => {
      closed = true;
    });

    // Act
    await new Promise((resolve) => setTimeout(resolve, 3500));
    await broker.publish('user/u1/notifications', { id: 'late' });

    // Assess
    expect(await until(() => user.messages.length === 1)).toBe(true);
    expect(closed).toBe(false);
  });

  it('ends with DISCONNECT: the connection closes and nothing more arrives', async () => {
    // Prepare
    const user = session();
    await user.connected;
    await user.connection.subscribe(['user/u1/notifications']);

    // Act
    user.connection.end();
    await user.closed;
    await broker.publish('user/u1/notifications', { id: 'after' });

    // Assess
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(user.messages).toEqual([]);
  });
});
