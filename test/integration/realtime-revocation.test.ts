import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../bin/local/stack.ts';
import { accessTokenOf } from '../helpers/cognito.ts';

/**
 * Issue 11 §3: rights taken away reach a connection that is already open. A timer operator's
 * browser watches the daily sheet's and the live OGN channel over `npm start`'s broker; an admin
 * narrows their rights through the API in each of the four ways an organization can; the same
 * connection then gets nothing more on those channels, while their own channel still works.
 */
const ORG = 'org-demo';
const OPERATOR = 'user-instructor';
const SHEET = `org/${ORG}/daily-flight/2026-06-01`;
const LIVE = `org/${ORG}/live`;
const REFRESH = `user/${OPERATOR}/refresh`;
/** Long enough for a message that would still get through to arrive on this machine. */
const QUIET_MS = 1500;

let stack: LocalStack;
let dataDir: string;
let adminToken: string;
let operatorToken: string;
const clients: MqttClient[] = [];

const signIn = (email: string) => accessTokenOf(stack.url, email, { clientId: stack.cognito.clientId });

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** The operator's browser: one WebSocket connection watching the sheet, the live map and the refresh channel. */
async function operatorBrowser() {
  const client = mqtt.connect(`${stack.url.replace('http', 'ws')}/mqtt`, {
    username: 'jwt',
    password: operatorToken,
    clientId: `web-${OPERATOR}-${clients.length}`,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  clients.push(client);
  const received: string[] = [];
  client.on('message', (topic, payload) => received.push(`${topic} ${payload.toString()}`));
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  await client.subscribeAsync([SHEET, LIVE, REFRESH], { qos: 0 });
  return { client, received };
}

/** Waits until `received` holds an entry starting with `prefix`, or gives up after `ms`. */
async function arrival(received: string[], prefix: string, ms = 5000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (received.some((line) => line.startsWith(prefix))) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

const quiet = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS));

/** Publishes on both withheld channels, as the flights service and the OGN ingest do. */
async function publishTimerChannels(tag: string) {
  await stack.mqtt.publish(SHEET, { type: 'flight.changed', tag });
  await stack.mqtt.publish(LIVE, { type: 'positions', tag });
}

/** Before: the operator's open connection gets both channels. */
async function receivingBoth() {
  const browser = await operatorBrowser();
  await publishTimerChannels('before');
  expect(await arrival(browser.received, `${SHEET} `)).toBe(true);
  expect(await arrival(browser.received, `${LIVE} `)).toBe(true);
  return browser;
}

/**
 * After: the person is told (refresh channel, on the same connection), then nothing more on the
 * withheld channels within QUIET_MS, while the connection itself still delivers their own channel.
 */
async function expectWithheld(received: string[]) {
  expect(await arrival(received, `${REFRESH} `)).toBe(true);
  received.length = 0;
  await publishTimerChannels('after');
  await quiet();
  await stack.mqtt.publish(REFRESH, { reason: 'control' });
  expect(await arrival(received, `${REFRESH} `)).toBe(true);
  expect(received.filter((line) => line.startsWith(`${SHEET} `) || line.startsWith(`${LIVE} `))).toEqual([]);
}

async function membershipVersion() {
  const member = await api('GET', `/api/users/${OPERATOR}`);
  expect(member.status).toBe(200);
  return member.body.membership as { role_ids: string[]; status: string; version: number };
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'windsock-revocation-'));
  stack = await startLocalStack({
    port: 0,
    mqttPort: 0,
    host: '127.0.0.1',
    dataDir,
    reset: false,
    web: 'none',
    log: () => {},
  });
  [adminToken, operatorToken] = await Promise.all([
    signIn('admin@demo.windsock.aero'),
    signIn('instructor@demo.windsock.aero'),
  ]);
  // The demo instructor's instructor role carries daily-flight-edit as well: here they are a timer
  // operator and a pilot only, so that the timer operator role is what gives them the channels.
  const membership = await membershipVersion();
  const roles = await api('PUT', `/api/users/${OPERATOR}/roles`, {
    role_ids: ['timer_operator', 'pilot'],
    version: membership.version,
  });
  expect(roles.status).toBe(200);
});
afterAll(async () => {
  for (const client of clients) client.end(true);
  await stack?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('revocation on an open MQTT connection (local broker)', () => {
  it('stops the sheet and live channels when the timer operator role is taken away', async () => {
    // Prepare
    const { client, received } = await receivingBoth();
    const membership = await membershipVersion();

    // Act
    const changed = await api('PUT', `/api/users/${OPERATOR}/roles`, {
      role_ids: membership.role_ids.filter((id) => id !== 'timer_operator'),
      version: membership.version,
    });

    // Assess
    expect(changed.status).toBe(200);
    await expectWithheld(received);
    // A new subscription on the same connection is refused too.
    await expect(client.subscribeAsync(`${SHEET}x`)).rejects.toThrow();

    // Prepare the next case: the role back.
    const restored = await api('PUT', `/api/users/${OPERATOR}/roles`, {
      role_ids: membership.role_ids,
      version: membership.version + 1,
    });
    expect(restored.status).toBe(200);
  });

  it('stops them when daily-flight-edit is removed from the role the operator holds', async () => {
    // Prepare
    const { received } = await receivingBoth();
    const role = (await api('GET', '/api/roles/timer_operator')).body;
    const { role_id: _id, version, ...fields } = role;

    // Act
    const changed = await api('PATCH', '/api/roles/timer_operator', {
      ...fields,
      permissions: role.permissions.filter((p: string) => p !== 'daily-flight-edit'),
      version,
    });

    // Assess
    expect(changed.status).toBe(200);
    await expectWithheld(received);

    const restored = await api('PATCH', '/api/roles/timer_operator', { ...fields, version: version + 1 });
    expect(restored.status).toBe(200);
  });

  it('stops them when the member is suspended', async () => {
    // Prepare
    const { received } = await receivingBoth();
    const membership = await membershipVersion();

    // Act
    const changed = await api('PATCH', `/api/users/${OPERATOR}/status`, {
      status: 'suspended',
      version: membership.version,
    });

    // Assess
    expect(changed.status).toBe(200);
    await expectWithheld(received);

    const restored = await api('PATCH', `/api/users/${OPERATOR}/status`, {
      status: 'active',
      version: membership.version + 1,
    });
    expect(restored.status).toBe(200);
  });

  it('stops them when the member is removed from the organization', async () => {
    // Prepare
    const { received } = await receivingBoth();

    // Act
    const removed = await api('DELETE', `/api/users/${OPERATOR}`);

    // Assess
    expect(removed.status).toBe(204);
    await expectWithheld(received);
  });
});
