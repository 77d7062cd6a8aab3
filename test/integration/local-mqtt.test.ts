import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LocalMqtt, type MqttPrincipal, startMqtt } from '../../bin/local/mqtt.ts';
import type { RealtimeTopics } from '../../functions/platform/auth/realtime.ts';

const USER_TOKEN = 'access-token-of-u1';
const TIMER_TOKEN = 'access-token-of-u3';
const SERVICE_SECRET = 'ogn-bridge-secret';
/** How long the broker trusts a connection's resolved rights in these tests. */
const RIGHTS_TTL_MS = 200;
const TIMER_RIGHTS: RealtimeTopics = { subscribe: ['user/u3/#', 'org/o1/#'], deny: [] };
const WITHOUT_SHEET: RealtimeTopics = { ...TIMER_RIGHTS, deny: ['org/o1/daily-flight/#'] };
/** u3's rights as the organization holds them now (what the broker's re-resolution reads). */
let timerRights: () => Promise<RealtimeTopics | null> = async () => TIMER_RIGHTS;
const resolutions: boolean[] = [];

let broker: LocalMqtt;
let server: Server;
let wsUrl: string;
const clients: MqttClient[] = [];
const hookCalls: { topic: string; payload: string; principal: MqttPrincipal }[] = [];

async function authenticate(username: string, password: string): Promise<MqttPrincipal | null> {
  if (username === 'jwt' && password === USER_TOKEN) {
    // A member without daily-flight-edit: the organization's channels but the daily sheet's.
    return {
      kind: 'user',
      userId: 'u1',
      topics: { subscribe: ['user/u1/#', 'org/o1/#'], deny: ['org/o1/daily-flight/#'] },
    };
  }
  if (username === 'jwt' && password === TIMER_TOKEN) {
    // A timer operator (daily-flight-edit) whose rights an organization may narrow while connected.
    return {
      kind: 'user',
      userId: 'u3',
      topics: TIMER_RIGHTS,
      resolve: (fresh) => {
        resolutions.push(fresh);
        return timerRights();
      },
    };
  }
  if (username === 'ogn-bridge' && password === SERVICE_SECRET) {
    return { kind: 'service', publish: ['org/+/positions'], subscribe: ['org/+/positions'] };
  }
  return null;
}

function connect(url: string, username: string, password: string): Promise<MqttClient> {
  const client = mqtt.connect(url, { username, password, reconnectPeriod: 0, connectTimeout: 5000 });
  clients.push(client);
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('error', reject);
  });
}

const browser = () => connect(wsUrl, 'jwt', USER_TOKEN);
const service = () => connect(`mqtt://127.0.0.1:${broker.tcpPort}`, 'ogn-bridge', SERVICE_SECRET);

/** The QoS the broker granted; mqtt.js rejects a refused (128) subscription, carrying the SUBACK. */
async function grantedQos(client: MqttClient, filter: string): Promise<number | undefined> {
  try {
    const granted = await client.subscribeAsync(filter, { qos: 0 });
    return granted[0]?.qos;
  } catch (err) {
    const granted = (err as { packet?: { granted?: (number | { qos: number })[] } }).packet?.granted?.[0];
    return typeof granted === 'number' ? granted : granted?.qos;
  }
}

function nextMessage(client: MqttClient, timeoutMs = 2000): Promise<{ topic: string; body: unknown } | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    client.once('message', (topic, payload) => {
      clearTimeout(timer);
      resolve({ topic, body: JSON.parse(payload.toString()) });
    });
  });
}

function closed(client: MqttClient, timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    client.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

beforeAll(async () => {
  broker = await startMqtt({ tcpPort: 0, authenticate, rightsTtlMs: RIGHTS_TTL_MS });
  broker.onPublish((topic, payload, principal) => {
    hookCalls.push({ topic, payload: payload.toString(), principal });
  });
  server = createServer((_req, res) => res.writeHead(404).end());
  server.on('upgrade', (req, socket, head) => {
    if (req.url === '/mqtt') broker.handleUpgrade(req, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  wsUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/mqtt`;
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  hookCalls.length = 0;
  timerRights = async () => TIMER_RIGHTS;
  resolutions.length = 0;
});

afterAll(async () => {
  await broker?.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('a browser over WebSocket', () => {
  it('receives what the server publishes on its notification topic', async () => {
    // Prepare
    const client = await browser();
    await client.subscribeAsync('user/u1/notifications');
    const received = nextMessage(client);

    // Act
    await broker.publish('user/u1/notifications', { type: 'booking_confirmed', id: 'b1' });

    // Assess
    expect(await received).toEqual({
      topic: 'user/u1/notifications',
      body: { type: 'booking_confirmed', id: 'b1' },
    });
  });

  it('is refused a subscription to another user and gets nothing published there', async () => {
    // Prepare
    const client = await browser();

    // Act
    const qos = await grantedQos(client, 'user/u2/#');
    const received = nextMessage(client, 300);
    await broker.publish('user/u2/notifications', { secret: true });

    // Assess
    expect(qos).toBe(128);
    expect(await received).toBeNull();
    expect(client.connected).toBe(true);
  });

  it("gets the organization's messages through org/o1/# but never the withheld daily sheet's", async () => {
    // Prepare
    const client = await browser();
    await client.subscribeAsync('org/o1/#');
    const received = nextMessage(client);

    // Act
    await broker.publish('org/o1/daily-flight/2026-05-01', { type: 'flight.changed' });
    await broker.publish('org/o1/positions', { type: 'position' });

    // Assess
    expect(await received).toEqual({ topic: 'org/o1/positions', body: { type: 'position' } });
  });

  it.each([
    ['org/o1/daily-flight/#', 128],
    ['org/o1/daily-flight/2026-05-01', 128],
    ['user/u1/notifications', 0],
    ['user/u1/#', 0],
    ['user/u1/+', 0],
    ['org/o1/positions', 0],
    ['user/u2/notifications', 128],
    ['user/+/notifications', 128],
    ['+/u1/notifications', 128],
    ['#', 128],
    ['org/o2/#', 128],
    ['$SYS/#', 128],
  ])('subscribing to %s is granted QoS %i', async (filter, expected) => {
    // Prepare
    const client = await browser();

    // Act
    const qos = await grantedQos(client, filter);

    // Assess
    expect(qos).toBe(expected);
  });

  it('may not publish: the message goes nowhere and the connection is closed', async () => {
    // Prepare
    const listener = await service();
    await listener.subscribeAsync('org/+/positions');
    const client = await browser();
    const received = nextMessage(listener, 500);
    const disconnected = closed(client);

    // Act
    client.publish('org/o1/positions', JSON.stringify({ fake: true }));

    // Assess
    expect(await disconnected).toBe(true);
    expect(await received).toBeNull();
    expect(hookCalls).toEqual([]);
  });
});

describe('rights that change while a browser is connected (issue 11 §3)', () => {
  const timer = () => connect(wsUrl, 'jwt', TIMER_TOKEN);
  const topicsOf = (messages: { topic: string }[]) => messages.map((m) => m.topic);
  function collect(client: MqttClient) {
    const messages: { topic: string }[] = [];
    client.on('message', (topic) => messages.push({ topic }));
    return messages;
  }

  it('recheck() withholds the daily sheet from an existing wider subscription at once', async () => {
    // Prepare
    const client = await timer();
    await client.subscribeAsync('org/o1/#');
    const messages = collect(client);
    await broker.publish('org/o1/daily-flight/2026-05-01', { n: 1 });
    await expect.poll(() => topicsOf(messages)).toEqual(['org/o1/daily-flight/2026-05-01']);
    timerRights = async () => WITHOUT_SHEET;

    // Act
    await broker.recheck(['u3']);
    await broker.publish('org/o1/daily-flight/2026-05-01', { n: 2 });
    await broker.publish('org/o1/positions', { n: 3 });

    // Assess
    await expect.poll(() => topicsOf(messages)).toContain('org/o1/positions');
    expect(topicsOf(messages)).toEqual(['org/o1/daily-flight/2026-05-01', 'org/o1/positions']);
    expect(resolutions).toContain(true);
    expect(await grantedQos(client, 'org/o1/daily-flight/2026-05-02')).toBe(128);
  });

  it('gives only the person’s own channel while the recheck is under way', async () => {
    // Prepare
    const client = await timer();
    await client.subscribeAsync(['org/o1/#', 'user/u3/#']);
    const messages = collect(client);
    let answer: (topics: RealtimeTopics) => void = () => undefined;
    timerRights = () => new Promise((resolve) => (answer = resolve));

    // Act
    const rechecked = broker.recheck(['u3']);
    await broker.publish('org/o1/positions', { n: 1 });
    await broker.publish('user/u3/refresh', { n: 2 });
    await expect.poll(() => topicsOf(messages)).toEqual(['user/u3/refresh']);
    answer(WITHOUT_SHEET);
    await rechecked;
    await broker.publish('org/o1/positions', { n: 3 });

    // Assess
    await expect.poll(() => topicsOf(messages)).toEqual(['user/u3/refresh', 'org/o1/positions']);
  });

  it('re-resolves the rights of every open connection within the cache time, without recheck()', async () => {
    // Prepare
    const client = await timer();
    await client.subscribeAsync('org/o1/#');
    const messages = collect(client);
    timerRights = async () => WITHOUT_SHEET;

    // Act: well past the rights' cache time, no recheck().
    await new Promise((resolve) => setTimeout(resolve, RIGHTS_TTL_MS * 3));
    await broker.publish('org/o1/daily-flight/2026-05-01', { n: 1 });
    await broker.publish('org/o1/positions', { n: 2 });

    // Assess
    await expect.poll(() => topicsOf(messages)).toContain('org/o1/positions');
    expect(topicsOf(messages)).toEqual(['org/o1/positions']);
    expect(resolutions).toContain(false);
  });

  it('closes the connection of a person who may no longer connect', async () => {
    // Prepare
    const client = await timer();
    const disconnected = closed(client);
    timerRights = async () => null;

    // Act
    await broker.recheck(['u3']);

    // Assess
    expect(await disconnected).toBe(true);
  });
});

describe('CONNECT', () => {
  it('refuses a wrong password with "bad username or password"', async () => {
    // Act
    const attempt = connect(wsUrl, 'jwt', 'forged-token');

    // Assess
    await expect(attempt).rejects.toMatchObject({ code: 4 });
  });

  it('refuses a TCP client without credentials', async () => {
    // Act
    const attempt = connect(`mqtt://127.0.0.1:${broker.tcpPort}`, '', '');

    // Assess
    await expect(attempt).rejects.toMatchObject({ code: 4 });
  });
});

describe('a service over TCP', () => {
  it('publishes within its filters to subscribed browsers and the publish hooks', async () => {
    // Prepare
    const client = await browser();
    await client.subscribeAsync('org/o1/#');
    const bridge = await service();
    const received = nextMessage(client);

    // Act
    await bridge.publishAsync('org/o1/positions', JSON.stringify({ id: 'DD1234', alt: 1200 }));

    // Assess
    expect(await received).toEqual({ topic: 'org/o1/positions', body: { id: 'DD1234', alt: 1200 } });
    await expect
      .poll(() => hookCalls)
      .toEqual([
        {
          topic: 'org/o1/positions',
          payload: JSON.stringify({ id: 'DD1234', alt: 1200 }),
          principal: expect.objectContaining({ kind: 'service' }),
        },
      ]);
  });

  it('is disconnected when it publishes outside its filters', async () => {
    // Prepare
    const user = await browser();
    await user.subscribeAsync('user/u1/notifications');
    const received = nextMessage(user, 500);
    const bridge = await service();
    const disconnected = closed(bridge);

    // Act
    bridge.publish('user/u1/notifications', JSON.stringify({ spoofed: true }));

    // Assess
    expect(await disconnected).toBe(true);
    expect(await received).toBeNull();
    expect(hookCalls).toEqual([]);
  });
});
