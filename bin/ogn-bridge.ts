import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as z from 'zod/mini';
import pkg from '../package.json' with { type: 'json' };
import { type AirfieldLookup, resolveAirfields } from './ogn-bridge/airfields.ts';
import { CALLSIGN } from './ogn-bridge/aprs.ts';
import { type PipelineOptions, runReplay, startBridge } from './ogn-bridge/bridge.ts';
import { readRecording } from './ogn-bridge/replay.ts';

/**
 * OGN bridge: APRS-IS (the Open Glider Network) → MQTT `ogn/beacons/<bridge>`, batches of raw
 * lines for the tracking ingest (docs/ARCHITECTURE.md "OGN tracking"). Runs anywhere Node 22 runs (Fargate, a club's
 * Raspberry Pi); nothing here needs AWS credentials.
 *
 *   npm run ogn:bridge -- --airfields LHDK,LOWZ [--radius 50]
 *   npm run ogn:replay -- FILE [--speed 60] [--loop] [--retime]
 *
 * A recording is one APRS line per line, optionally `<ISO instant><TAB>` first (see replay.ts).
 * `--retime` rewrites the lines' HHMMSSh stamps so they read as live; use it with `--loop`, or the
 * ingest sees the second pass as duplicates of the first (and rightly ignores it).
 *
 * Settings (flag, else environment):
 *   --server / OGN_APRS_SERVER (aprs.glidernet.org), --port / OGN_APRS_PORT (14580),
 *   --callsign / OGN_CALLSIGN (a random read-only one), --airfields / OGN_AIRFIELDS (ICAO codes or
 *   lat/lon, comma-separated), --radius / OGN_RADIUS_KM (50),
 *   --mqtt-url / OGN_MQTT_URL (mqtt://127.0.0.1:1883), OGN_MQTT_USERNAME (ogn-bridge),
 *   OGN_MQTT_PASSWORD or OGN_BRIDGE_PASSWORD (else the local stack's `<WINDSOCK_DATA_DIR or .local>/ogn-bridge.secret`),
 *   OGN_MQTT_CLIENT_ID, OGN_MQTT_CA / OGN_MQTT_CERT / OGN_MQTT_KEY (PEM files: an AWS IoT thing
 *   certificate over mqtts://<endpoint>:8883), OGN_BUFFER_LINES (50000).
 * ICAO codes resolve against the table's airports where TABLE_NAME is set, else the seeded list.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    server: { type: 'string' },
    port: { type: 'string' },
    callsign: { type: 'string' },
    airfields: { type: 'string' },
    radius: { type: 'string' },
    'mqtt-url': { type: 'string' },
    speed: { type: 'string' },
    loop: { type: 'boolean', default: false },
    retime: { type: 'boolean', default: false },
  },
});

const env = process.env;
const settings = z
  .object({
    server: z.string().check(z.minLength(1)),
    port: z.coerce.number().check(z.int(), z.gte(1), z.lte(65_535)),
    callsign: z.string().check(z.regex(CALLSIGN)),
    airfields: z.string(),
    radiusKm: z.coerce.number().check(z.gt(0), z.lte(500)),
    mqttUrl: z.string().check(z.regex(/^(mqtts?|wss?):\/\//)),
    speed: z.coerce.number().check(z.gte(0)),
    bufferLines: z.coerce.number().check(z.int(), z.gte(1000)),
  })
  .safeParse({
    server: values.server ?? env.OGN_APRS_SERVER ?? 'aprs.glidernet.org',
    port: values.port ?? env.OGN_APRS_PORT ?? 14580,
    callsign: (values.callsign ?? env.OGN_CALLSIGN ?? randomCallsign()).toUpperCase(),
    airfields: values.airfields ?? env.OGN_AIRFIELDS ?? '',
    radiusKm: values.radius ?? env.OGN_RADIUS_KM ?? 50,
    mqttUrl: values['mqtt-url'] ?? env.OGN_MQTT_URL ?? 'mqtt://127.0.0.1:1883',
    speed: values.speed ?? 1,
    bufferLines: env.OGN_BUFFER_LINES ?? 50_000,
  });
if (!settings.success)
  fail(`invalid settings: ${settings.error.issues.map((i) => i.path.join('.')).join(', ')}`);
const config = settings.data;

const pipeline: PipelineOptions = {
  mqtt: {
    url: config.mqttUrl,
    username: env.OGN_MQTT_USERNAME ?? (env.OGN_MQTT_CERT ? undefined : 'ogn-bridge'),
    password: env.OGN_MQTT_PASSWORD ?? env.OGN_BRIDGE_PASSWORD ?? localSecret(),
    clientId: env.OGN_MQTT_CLIENT_ID,
    caFile: env.OGN_MQTT_CA,
    certFile: env.OGN_MQTT_CERT,
    keyFile: env.OGN_MQTT_KEY,
  },
  bufferLines: config.bufferLines,
};

// The first signal stops cleanly (a replay ends its loop and drains; the live bridge disconnects
// and drains), a second one exits at once.
const controller = new AbortController();
let stopping: (() => Promise<void>) | undefined;
const onSignal = (signal: string) => {
  if (controller.signal.aborted) process.exit(130);
  console.log(`[ogn-bridge] ${signal}: stopping`);
  controller.abort();
  if (stopping) void stopping().then(() => process.exit(0));
};
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));

if (positionals[0] === 'replay') {
  const file = positionals[1];
  if (!file) fail('usage: npm run ogn:replay -- FILE [--speed 60] [--loop] [--retime]');
  const recording = readRecording(await readFile(file, 'utf8').catch(() => fail(`cannot read ${file}`)));
  const span =
    recording.length > 1 ? ((recording.at(-1)?.playMs ?? 0) - (recording[0]?.playMs ?? 0)) / 1000 : 0;
  console.log(
    `[ogn-bridge] replaying ${recording.length} lines (${Math.round(span)} s recorded) at ${config.speed === 0 ? 'full speed' : `${config.speed}×`}${values.loop ? ', looping' : ''} to ${config.mqttUrl}`,
  );
  const started = Date.now();
  const stats = await runReplay({
    ...pipeline,
    recording,
    speed: config.speed,
    loop: values.loop,
    retime: values.retime,
    signal: controller.signal,
  });
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `[ogn-bridge] replay done: ${stats.publishedLines}/${stats.linesIn} lines published in ${stats.publishedBatches} batches, ${stats.droppedLines} dropped, ${stats.badLines} bad, ${seconds.toFixed(1)} s`,
  );
  process.exit(stats.publishedLines === stats.linesIn - stats.badLines || controller.signal.aborted ? 0 : 1);
} else if (positionals.length === 0 || positionals[0] === 'live') {
  if (!config.airfields) fail('no airfields: --airfields LHDK,LOWZ (or OGN_AIRFIELDS); lat/lon works too');
  const airfields = await resolveAirfields(config.airfields, await airfieldLookup()).catch((error: Error) =>
    fail(error.message),
  );
  console.log(
    `[ogn-bridge] ${config.callsign} → ${config.server}:${config.port}, ${config.radiusKm} km around ${airfields.map((a) => a.name).join(', ')}; MQTT ${config.mqttUrl}`,
  );
  const bridge = startBridge({
    ...pipeline,
    server: config.server,
    port: config.port,
    callsign: config.callsign,
    version: pkg.version,
    airfields,
    radiusKm: config.radiusKm,
  });
  stopping = () => bridge.stop();
} else {
  fail(`unknown command ${positionals[0]}: live (default) or replay FILE`);
}

/** Where the local stack is configured, its table; otherwise the seeded reference list. */
async function airfieldLookup(): Promise<AirfieldLookup> {
  if (env.TABLE_NAME) {
    const { db } = await import('../functions/platform/db/service.ts');
    return async (icao) => {
      const { data } = await db().entities.airport.get({ airport_id: icao.toLowerCase() }).go();
      return data ? { name: icao, latitude: data.latitude, longitude: data.longitude } : undefined;
    };
  }
  const { AIRPORTS } = await import('./local/seed-lookups.ts');
  return async (icao) => {
    const found = AIRPORTS.find((a) => a.icao === icao);
    return found ? { name: icao, latitude: found.latitude, longitude: found.longitude } : undefined;
  };
}

/** `npm start` keeps the local bridge principal's password in its data directory. */
function localSecret(): string | undefined {
  const file = join(env.WINDSOCK_DATA_DIR ?? '.local', 'ogn-bridge.secret');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/** Read-only logins need no registered callsign, only one unlikely to collide with another client's. */
function randomCallsign(): string {
  return `WSK${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .toUpperCase()
    .padStart(6, '0')}`;
}

function fail(message: string): never {
  console.error(`[ogn-bridge] ${message}`);
  process.exit(2);
}
