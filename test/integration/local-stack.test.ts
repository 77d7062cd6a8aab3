import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../bin/local/stack.ts';
import { accessTokenOf } from '../helpers/cognito.ts';
import { startLocalProcess } from '../helpers/local-process.ts';

const signIn = (url: string, clientId: string, email: string) => accessTokenOf(url, email, { clientId });

const api = async (url: string, path: string, token?: string, init: RequestInit = {}) => {
  const response = await fetch(`${url}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
};

/**
 * The TCP addresses a process listens on (Linux: its socket inodes in /proc/<pid>/fd, looked up in
 * /proc/<pid>/net/tcp{,6}). `127.0.0.1:3000`, `[::]:1883`.
 */
async function listeningAddresses(pid: number): Promise<string[]> {
  const inodes = new Set<string>();
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode) inodes.add(inode);
  }
  const addresses: string[] = [];
  for (const family of ['tcp', 'tcp6'] as const) {
    const table = await readFile(`/proc/${pid}/net/${family}`, 'utf8').catch(() => '');
    for (const line of table.trim().split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [local = '', , state, , , , , , inode = ''] = fields.slice(1);
      if (state !== '0A' || !inodes.has(inode)) continue; // 0A: LISTEN
      const [hex = '', port = ''] = local.split(':');
      const bytes = Buffer.from(hex, 'hex');
      const host =
        family === 'tcp'
          ? [...bytes].reverse().join('.')
          : `[${[0, 4, 8, 12]
              .map((i) => bytes.readUInt32LE(i).toString(16).padStart(8, '0'))
              .join('')
              .replace(/(.{4})(?!$)/g, '$1:')}]`;
      addresses.push(`${host}:${Number.parseInt(port, 16)}`);
    }
  }
  return addresses;
}

describe('npm start (bin/local.ts as its own process)', () => {
  // Issue 11 §9: the stand-ins are for one developer's machine; nothing may answer from the network.
  it.skipIf(!existsSync('/proc/self/net/tcp'))(
    'listens on 127.0.0.1 only: web app and API, MQTT over TCP and WebSocket, DynamoDB, S3, Cognito, Vite',
    async () => {
      // Prepare: the default web (Vite's dev middleware) and the OGN demo, as `npm start` runs.
      const local = await startLocalProcess({ env: { WINDSOCK_OGN_DEMO: 'on' } });
      try {
        // Act
        const addresses = await listeningAddresses(local.pid);

        // Assess
        const port = (url: string) => new URL(url).port;
        const mqttPort = /MQTT: tcp:\/\/127\.0\.0\.1:(\d+)/.exec(local.output())?.[1];
        const dynamoPort = /DynamoDB: http:\/\/127\.0\.0\.1:(\d+)/.exec(local.output())?.[1];
        expect(addresses).toEqual(
          expect.arrayContaining([
            `127.0.0.1:${port(local.url)}`,
            `127.0.0.1:${mqttPort}`,
            `127.0.0.1:${dynamoPort}`,
          ]),
        );
        // The rest (s3rver, dynalite's backend) are there too, all on the loopback address.
        expect(addresses.length).toBeGreaterThanOrEqual(5);
        expect(addresses.filter((address) => !address.startsWith('127.0.0.1:'))).toEqual([]);
      } finally {
        await local.stop();
      }
    },
  );

  it('starts ready with demo logins, keeps data across a restart and stops cleanly on Ctrl-C', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'windsock-restart-'));
    try {
      const first = await startLocalProcess({ dataDir, args: ['--web', 'none'] });
      expect(first.output()).toContain('pilot@demo.windsock.aero');
      expect(first.output()).toContain('seeded now');
      const config = (await api(first.url, '/config.json')).body;
      const token = await signIn(first.url, config.userPoolClientId, 'pilot@demo.windsock.aero');
      const changed = await api(first.url, '/api/profile/change-language', token, {
        method: 'PATCH',
        body: JSON.stringify({ lang: 'de' }),
      });
      expect(changed.status).toBe(200);
      expect(await first.stop()).toBe(0);

      const second = await startLocalProcess({ dataDir, args: ['--web', 'none'] });
      expect(second.output()).not.toContain('seeded now');
      const config2 = (await api(second.url, '/config.json')).body;
      expect(config2.userPoolId).toBe(config.userPoolId);
      const token2 = await signIn(second.url, config2.userPoolClientId, 'pilot@demo.windsock.aero');
      const profile = await api(second.url, '/api/profile', token2);
      expect(profile.body.lang).toBe('de');
      expect(await second.stop()).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('starts clean with --reset', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'windsock-reset-'));
    try {
      const first = await startLocalProcess({ dataDir, args: ['--web', 'none'] });
      await first.stop();
      const again = await startLocalProcess({ dataDir, args: ['--web', 'none', '--reset'] });
      expect(again.output()).toContain('seeded now');
      await again.stop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the local stack in process', () => {
  let stack: LocalStack;
  let dataDir: string;
  let pilotToken: string;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'windsock-stack-'));
    stack = await startLocalStack({
      port: 0,
      mqttPort: 0,
      host: '127.0.0.1',
      dataDir,
      reset: false,
      web: 'none',
      log: () => {},
    });
    pilotToken = await signIn(stack.url, stack.cognito.clientId, 'pilot@demo.windsock.aero');
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await stack?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const connect = (password: string, clientId = `web-user-pilot-${clients.length}`) => {
    const client = mqtt.connect(`${stack.url.replace('http', 'ws')}/mqtt`, {
      username: 'jwt',
      password,
      clientId,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    clients.push(client);
    return new Promise<MqttClient>((resolve, reject) => {
      client.once('connect', () => resolve(client));
      client.once('error', reject);
    });
  };

  const granted = async (client: MqttClient, filter: string) => {
    try {
      return (await client.subscribeAsync(filter))[0]?.qos;
    } catch (error) {
      const first = (error as { packet?: { granted?: (number | { qos: number })[] } }).packet?.granted?.[0];
      return typeof first === 'number' ? first : first?.qos;
    }
  };

  it('answers API Gateway’s 401 before the Lambda when the token is missing or forged', async () => {
    const missing = await api(stack.url, '/api/profile');
    const forged = await api(stack.url, '/api/profile', `${pilotToken.slice(0, -4)}AAAA`);

    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ message: 'Unauthorized' });
    expect(forged.status).toBe(401);
  });

  it('serves public routes without a token and answers CORS preflights', async () => {
    const health = await api(stack.url, '/api/health');
    const preflight = await fetch(`${stack.url}/api/profile`, {
      method: 'OPTIONS',
      headers: { origin: stack.url, 'access-control-request-method': 'PATCH' },
    });

    expect(health.status).toBe(200);
    expect(health.body.ok).toBe(true);
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(stack.url);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
  });

  it('answers 404 for an unknown API path and 405 for a known path with another method', async () => {
    expect((await api(stack.url, '/api/nothing-here', pilotToken)).status).toBe(404);
    expect((await api(stack.url, '/api/profile', pilotToken, { method: 'DELETE' })).status).toBe(405);
  });

  it('lets a signed-in member subscribe to their own and their organization’s channels only', async () => {
    const client = await connect(pilotToken);

    expect(await granted(client, 'user/user-pilot/#')).toBe(0);
    expect(await granted(client, 'org/org-demo/#')).toBe(0);
    expect(await granted(client, 'org/org-alpine/#')).toBe(128);
    expect(await granted(client, 'user/user-admin/#')).toBe(128);

    const received = new Promise<string>((resolve) => client.once('message', (topic) => resolve(topic)));
    await stack.mqtt.publish('user/user-pilot/notifications', { id: 'n1', message: 'hello' });
    expect(await received).toBe('user/user-pilot/notifications');
  });

  it('refuses an MQTT connection with a token that does not verify', async () => {
    await expect(connect('not-a-token')).rejects.toThrow();
  });

  it('refuses a browser connection under a client id that is not web-<its user id>-…, as the IoT policy', async () => {
    await expect(connect(pilotToken, 'web-user-admin-1')).rejects.toThrow();
    await expect(connect(pilotToken, 'mqttjs_1234')).rejects.toThrow();
  });
});
