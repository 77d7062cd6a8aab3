import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LocalMqtt, startMqtt } from '../../bin/local/mqtt.ts';
import { Backoff } from '../../bin/ogn-bridge/backoff.ts';
import { type Bridge, startBridge } from '../../bin/ogn-bridge/bridge.ts';

const BRIDGE = { username: 'ogn-bridge', password: 'bridge-secret' };
const LHDK = { name: 'LHDK', latitude: 47.6167, longitude: 19.1433 };
const LOWZ = { name: 'LOWZ', latitude: 47.2925, longitude: 12.7878 };
const BANNER = '# aprsc 2.1.14-g5e22b37 22 Nov 2026 09:00:00 GMT GLIDERN2 37.187.40.234:14580\r\n';

const beacon = (receiver: string, n: number) =>
  `FLRDD40${String(n).padStart(2, '0')}>OGFLR,qAS,${receiver}:/1200${String(n).padStart(2, '0')}h4737.00N/01908.60E'090/000/A=000413 !W12! id06DD40${String(n).padStart(2, '0')}`;

interface AprsConnection {
  socket: Socket;
  received: string[];
}

/** A stand-in for an APRS-IS server: records what each client sends, lets the test talk back. */
let aprs: Server;
let aprsPort: number;
const connections: AprsConnection[] = [];
let broker: LocalMqtt;
const published: { topic: string; lines: string[]; received_at: string }[] = [];
let bridge: Bridge | undefined;
const logs: string[] = [];

async function until<T>(check: () => T | undefined | false, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out; log: ${logs.join(' | ')}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The i-th connection, once the client has sent its login line. */
const loggedIn = (i: number) => () => (connections[i]?.received[0] ? connections[i] : undefined);

function start(overrides: { idleTimeoutMs?: number } = {}): Bridge {
  bridge = startBridge({
    server: '127.0.0.1',
    port: aprsPort,
    callsign: 'WSKTEST',
    version: '0.1.0',
    airfields: [LHDK, LOWZ],
    radiusKm: 50,
    mqtt: { url: `mqtt://127.0.0.1:${broker.tcpPort}`, ...BRIDGE, clientId: 'windsock-test-bridge' },
    batchWaitMs: 100,
    keepaliveMs: 150,
    idleTimeoutMs: overrides.idleTimeoutMs ?? 5000,
    backoff: new Backoff({ baseMs: 50, capMs: 200 }),
    statsEveryMs: 0,
    log: (line) => logs.push(line),
  });
  return bridge;
}

beforeAll(async () => {
  broker = await startMqtt({
    tcpPort: 0,
    // As the local stack does: the bridge principal may publish beacons and nothing else.
    authenticate: async (username, password) =>
      username === BRIDGE.username && password === BRIDGE.password
        ? { kind: 'service', publish: ['ogn/beacons/#'], subscribe: [] }
        : null,
  });
  broker.onPublish((topic, payload) => {
    published.push({ topic, ...JSON.parse(payload.toString()) });
  });
  aprs = createServer((socket) => {
    const connection: AprsConnection = { socket, received: [] };
    connections.push(connection);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => connection.received.push(...chunk.split('\r\n').filter(Boolean)));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => aprs.listen(0, '127.0.0.1', resolve));
  aprsPort = (aprs.address() as { port: number }).port;
});

afterEach(async () => {
  await bridge?.stop(200);
  bridge = undefined;
  for (const c of connections.splice(0)) c.socket.destroy();
  published.length = 0;
  logs.length = 0;
});

afterAll(async () => {
  await broker?.close();
  await new Promise((resolve) => aprs?.close(resolve));
});

describe('the live bridge', () => {
  it('logs in read-only with a range filter around each airfield', async () => {
    // Act
    start();
    const connection = await until(loggedIn(0));

    // Assess
    expect(connection.received[0]).toBe(
      'user WSKTEST pass -1 vers windsock 0.1.0 filter r/47.6167/19.1433/50 r/47.2925/12.7878/50',
    );
  });

  it('forwards lines in arrival order, batched, to ogn/beacons/<bridge>, skipping server comments', async () => {
    // Prepare
    start();
    const connection = await until(loggedIn(0));
    const lines = [
      beacon('LHDK', 1),
      beacon('LHBS', 2),
      beacon('LHDK', 3),
      beacon('LHDK', 4),
      beacon('LHBS', 5),
    ];

    // Act: a banner, the login response, a bad line, and a beacon split across two writes
    connection.socket.write(`${BANNER}# logresp WSKTEST unverified, server GLIDERN2\r\n`);
    connection.socket.write(
      `${lines.slice(0, 3).join('\r\n')}\r\nnot an aprs line\r\n${lines[3]?.slice(0, 30)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    connection.socket.write(`${lines[3]?.slice(30)}\r\n${lines[4]}\r\n`);
    await until(() => published.flatMap((p) => p.lines).length >= 5);

    // Assess
    expect(published.every((p) => p.topic === 'ogn/beacons/windsock-test-bridge')).toBe(true);
    expect(published.flatMap((p) => p.lines)).toEqual(lines);
    // Two writes 20 ms apart, one 100 ms batch window: one message, two at most.
    expect(published.length).toBeLessThanOrEqual(2);
    for (const p of published) expect(Date.parse(p.received_at)).toBeGreaterThan(Date.now() - 10_000);
    expect(logs).toContain('aprs: server GLIDERN2');
    // Counted on PUBACK, which follows the broker's delivery.
    await until(() => bridge?.pipeline.stats().publishedLines === 5);
    expect(bridge?.pipeline.stats()).toMatchObject({ linesIn: 6, badLines: 1, droppedLines: 0 });
  });

  it('sends keepalives while the link is quiet', async () => {
    // Act
    start();
    const connection = await until(() => connections[0]);

    // Assess
    await until(() => connection.received.filter((l) => l === '#keepalive').length >= 2);
  });

  it('logs in again after the server drops it, and forwards what the new connection brings', async () => {
    // Prepare
    start();
    const first = await until(loggedIn(0));
    first.socket.write(`${beacon('LHDK', 1)}\r\n`);
    await until(() => published.length >= 1);

    // Act
    first.socket.destroy();
    const second = await until(loggedIn(1));
    second.socket.write(`${beacon('LHDK', 2)}\r\n`);

    // Assess
    expect(second.received[0]).toBe(first.received[0]);
    await until(() => published.flatMap((p) => p.lines).includes(beacon('LHDK', 2)));
    expect(bridge?.aprs.connections).toBe(2);
  });

  it('treats a connection that went silent as dead and reconnects', async () => {
    // Prepare: the server accepts and then says nothing at all
    start({ idleTimeoutMs: 300 });
    await until(() => connections[0]);

    // Act / Assess
    await until(() => connections[1]?.received[0]);
    expect(logs.some((l) => l.includes('no data from'))).toBe(true);
  });

  it('while MQTT refuses it, keeps the newest lines up to its buffer and counts the oldest as dropped', async () => {
    // Prepare: wrong password, so every publish waits in the bounded queue
    bridge = startBridge({
      server: '127.0.0.1',
      port: aprsPort,
      callsign: 'WSKTEST',
      version: '0.1.0',
      airfields: [LHDK],
      radiusKm: 50,
      mqtt: { url: `mqtt://127.0.0.1:${broker.tcpPort}`, username: 'ogn-bridge', password: 'wrong' },
      bufferLines: 3,
      batchWaitMs: 50,
      statsEveryMs: 0,
      log: (line) => logs.push(line),
    });
    const connection = await until(loggedIn(0));

    // Act
    connection.socket.write(`${[1, 2, 3, 4, 5].map((n) => beacon('LHDK', n)).join('\r\n')}\r\n`);

    // Assess: the buffer holds the three newest; the two oldest are counted as dropped
    await until(() => bridge?.pipeline.stats().droppedLines === 2 && bridge);
    expect(bridge.pipeline.stats()).toMatchObject({ queuedLines: 3, publishedLines: 0 });
    expect(published).toEqual([]);
    expect(logs.some((l) => l.startsWith('mqtt: '))).toBe(true);
  });
});
