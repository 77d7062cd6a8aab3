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

const linesOn = (topic: string) => published.filter((p) => p.topic === topic).flatMap((p) => p.lines);
const receiverOfLine = (line: string) =>
  line.slice(line.lastIndexOf(',', line.indexOf(':')) + 1, line.indexOf(':'));

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
  it('publishes every line of the fixture, in order per receiver, at full speed', async () => {
    // Prepare
    const expected = fixtureLines();
    const recording = readRecording(readFileSync(FIXTURE, 'utf8'));

    // Act
    const stats = await runReplay({
      recording,
      speed: 0,
      mqtt: { url: `mqtt://127.0.0.1:${broker.tcpPort}`, ...BRIDGE },
      statsEveryMs: 0,
      log: () => undefined,
    });

    // Assess
    expect(expected).toHaveLength(19);
    expect(stats).toMatchObject({ linesIn: 19, publishedLines: 19, droppedLines: 0, badLines: 0 });
    for (const receiver of ['LHDK', 'LHBS', 'GLIDERN2']) {
      expect(linesOn(`ogn/beacons/${receiver}`)).toEqual(
        expected.filter((l) => receiverOfLine(l) === receiver),
      );
    }
    expect(published.flatMap((p) => p.lines).sort()).toEqual([...expected].sort());
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
      mqtt: { url: `mqtt://127.0.0.1:${broker.tcpPort}`, ...BRIDGE },
      statsEveryMs: 0,
      log: () => undefined,
    });

    // Assess
    expect(stats).toMatchObject({ linesIn: 3000, publishedLines: 3000, droppedLines: 0 });
    const r3 = linesOn('ogn/beacons/R3');
    expect(r3).toEqual(recording.map((r) => r.line).filter((l) => l.includes(',R3:')));
    expect(Math.max(...published.map((p) => p.lines.length))).toBeLessThanOrEqual(20);
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
