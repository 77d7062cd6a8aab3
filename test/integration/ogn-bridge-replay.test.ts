import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LocalMqtt, startMqtt } from '../../bin/local/mqtt.ts';
import { runReplay } from '../../bin/ogn-bridge/bridge.ts';
import { readRecording } from '../../bin/ogn-bridge/replay.ts';

const FIXTURE = fileURLToPath(new URL('../fixtures/ogn-replay-dunakeszi.tsv', import.meta.url));
const BRIDGE_CLI = fileURLToPath(new URL('../../bin/ogn-bridge.ts', import.meta.url));
const BRIDGE = { username: 'ogn-bridge', password: 'bridge-secret' };

let broker: LocalMqtt;
const published: { topic: string; lines: string[]; received_at: string }[] = [];

/** The fixture's APRS lines in file order (without receive stamps and server comments). */
const fixtureLines = () =>
  readFileSync(FIXTURE, 'utf8')
    .split('\n')
    .map((l) => l.split('\t')[1])
    .filter((l): l is string => Boolean(l) && !l?.startsWith('#'));

const TOPIC = 'ogn/beacons/windsock-replay-test';
const MQTT = { ...BRIDGE, clientId: 'windsock-replay-test' };

beforeAll(async () => {
  broker = await startMqtt({
    tcpPort: 0,
    authenticate: async (username, password) =>
      username === BRIDGE.username && password === BRIDGE.password
        ? { kind: 'service', publish: ['ogn/beacons/#'], subscribe: [] }
        : null,
  });
  broker.onPublish((topic, payload) => {
    published.push({ topic, ...JSON.parse(payload.toString()) });
  });
});

afterEach(() => {
  published.length = 0;
});

afterAll(async () => {
  await broker?.close();
});

describe('replaying a recording', () => {
  it('publishes every line of the fixture, in order, at full speed', async () => {
    // Prepare
    const expected = fixtureLines();
    const recording = readRecording(readFileSync(FIXTURE, 'utf8'));

    // Act
    const stats = await runReplay({
      recording,
      speed: 0,
      mqtt: { url: `mqtt://127.0.0.1:${broker.tcpPort}`, ...MQTT },
      statsEveryMs: 0,
      log: () => undefined,
    });

    // Assess
    expect(expected).toHaveLength(19);
    expect(stats).toMatchObject({ linesIn: 19, publishedLines: 19, droppedLines: 0, badLines: 0 });
    expect(published.map((p) => p.topic)).toEqual([TOPIC]);
    expect(published.flatMap((p) => p.lines)).toEqual(expected);
  });

  it('never drops a line at full speed, however small the buffer: it waits for MQTT instead', async () => {
    // Prepare: 3,000 lines, a 50-line buffer, batches of 20
    const recording = readRecording(
      Array.from(
        { length: 3000 },
        (_, i) =>
          `FLRDD4012>OGFLR,qAS,R${i % 7}:/12${String(Math.floor(i / 60) % 60).padStart(2, '0')}${String(i % 60).padStart(2, '0')}h4737.00N/01908.60E #${i}`,
      ).join('\n'),
    );

    // Act
    const stats = await runReplay({
      recording,
      speed: 0,
      bufferLines: 50,
      batchLines: 20,
      mqtt: { url: `mqtt://127.0.0.1:${broker.tcpPort}`, ...MQTT },
      statsEveryMs: 0,
      log: () => undefined,
    });

    // Assess
    expect(stats).toMatchObject({ linesIn: 3000, publishedLines: 3000, droppedLines: 0 });
    expect(published.flatMap((p) => p.lines)).toEqual(recording.map((r) => r.line));
    expect(Math.max(...published.map((p) => p.lines.length))).toBeLessThanOrEqual(20);
  });

  it('really batches: N lines paced as a live feed go out as about N/200 messages', async () => {
    // Prepare: 2,000 beacons of four receivers 50 ms apart (100 s), played at 25× (a line every 2 ms)
    const recording = readRecording(
      Array.from({ length: 2000 }, (_, i) => {
        const at = new Date(Date.parse('2026-05-01T12:00:00Z') + i * 50);
        const hhmmss = at.toISOString().slice(11, 19).replaceAll(':', '');
        return `${at.toISOString()}\tFLRDD4012>OGFLR,qAS,R${i % 4}:/${hhmmss}h4737.00N/01908.60E'090/000/A=000413 #${i}`;
      }).join('\n'),
    );

    // Act: the bridge's own defaults (no batch options given)
    const stats = await runReplay({
      recording,
      speed: 25,
      mqtt: { url: `mqtt://127.0.0.1:${broker.tcpPort}`, ...MQTT },
      statsEveryMs: 0,
      log: () => undefined,
    });

    // Assess: a batch every 200 lines (400 ms of feed, within the one-second window)
    expect(stats).toMatchObject({ linesIn: 2000, publishedLines: 2000, droppedLines: 0 });
    expect(published.length).toBeGreaterThanOrEqual(10);
    expect(published.length).toBeLessThanOrEqual(12);
    expect(stats.publishedBatches).toBe(published.length);
    expect(published.flatMap((p) => p.lines)).toEqual(recording.map((r) => r.line));
  });

  it('runs as `npm run ogn:replay -- FILE --speed 60` against the broker', async () => {
    // Act: the fixture spans 21 s, so about 0.35 s at 60×
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [BRIDGE_CLI, 'replay', FIXTURE, '--speed', '60'],
      {
        env: {
          ...process.env,
          OGN_MQTT_URL: `mqtt://127.0.0.1:${broker.tcpPort}`,
          OGN_MQTT_USERNAME: BRIDGE.username,
          OGN_MQTT_PASSWORD: BRIDGE.password,
        },
        timeout: 20_000,
      },
    );

    // Assess
    expect(stdout).toContain('replaying 19 lines (21 s recorded) at 60×');
    expect(stdout).toMatch(/replay done: 19\/19 lines published in \d+ batches, 0 dropped, 0 bad/);
    expect(published.flatMap((p) => p.lines).sort()).toEqual(fixtureLines().sort());
  });
});
