import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { afternoon, DEMO_DEVICES } from '../../bin/local/ogn-sim.ts';
import { startLocalStack } from '../../bin/local/stack.ts';
import { withTimeOfDay } from '../../bin/ogn-bridge/aprs.ts';
import { type Batch, LineBatcher } from '../../bin/ogn-bridge/batcher.ts';
import { MqttPublisher } from '../../bin/ogn-bridge/publisher.ts';
import { resetEnvForTests } from '../../functions/platform/config/env.ts';
import { resetDynamoForTests } from '../../functions/platform/db/client.ts';
import { db, resetDbForTests } from '../../functions/platform/db/service.ts';
import { resetIngestCachesForTests } from '../../functions/tracking/ingest-caches.ts';

/**
 * Issue 6 §8: end-to-end OGN ingest on the local stack — MQTT publish (the bridge's publisher and
 * batcher, logged in as `ogn-bridge`) → aedes publish hook → queue → parse → DynamoDB (dynalite on
 * disk, as `npm start` runs it) → detection and proposals — in beacons per second from the first
 * publish until the ingest queue has drained, against the 2,000/s target (the public network peaks
 * above ~1,700/s).
 *
 * The stream: CLUB_SETS simulated afternoons at the demo club's field (5 devices each: gliders on
 * winch and aerotow, the tug, the TMG; the extra sets are aircraft added to the demo club with
 * their own devices), retimed into one dense stream — every line keeps its simulated receive time,
 * they are just published as fast as the bridge can — and, when ../shared/ogn is there, the
 * corpus' real beacons of ~1,000 devices nobody here has, UNKNOWN_PER_CLUB of them per club line
 * (the network's share is far larger: a club's aircraft are a handful among thousands).
 *
 * The publisher runs in a worker thread, as the bridge runs in a process of its own. A second run
 * on a fresh stack takes the club devices alone (every fix a track point: the worst case).
 * Knobs: OGN_BENCH_SETS (club sets of 5 devices, default 3), OGN_BENCH_HOURS (3),
 * OGN_BENCH_UNKNOWN (the network's lines per club line, 2; 0 for the club run alone).
 */
const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const CORPUS = resolve(ROOT, '../shared/ogn/beacons-sample.txt');
const TARGET = 2_000;
const CLUB_SETS = Number(process.env.OGN_BENCH_SETS ?? 3);
const UNKNOWN_PER_CLUB = Number(process.env.OGN_BENCH_UNKNOWN ?? 2);
const HOURS = Number(process.env.OGN_BENCH_HOURS ?? 3);
const HOUR = 3_600_000;
/** Yesterday at 11:00 UTC: the track points are within their retention (the TTL sweep leaves them). */
const START = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR - 13 * HOUR;

interface PublisherJob {
  role: 'ogn-publisher';
  url: string;
  username: string;
  password: string;
  batches: Batch[];
}

if (!isMainThread && (workerData as PublisherJob | undefined)?.role === 'ogn-publisher') {
  const job = workerData as PublisherJob;
  const publisher = new MqttPublisher({
    target: { url: job.url, username: job.username, password: job.password },
    bufferLines: 1_000_000,
  });
  parentPort!.once('message', async () => {
    const started = performance.now();
    for (const batch of job.batches) {
      publisher.publish(batch);
      await publisher.room();
    }
    await publisher.drained(600_000);
    const lines = publisher.publishedLines;
    await publisher.close();
    parentPort!.postMessage({ published: job.batches.length, lines, ms: performance.now() - started });
  });
  parentPort!.postMessage('ready');
}

/** Device `address` of club set `k`: the demo club's own for k = 0, look-alikes for the others. */
const deviceOf = (address: string, k: number) =>
  k === 0 ? address : `${k.toString(16).toUpperCase()}${address.slice(1)}`;

function stream(unknownPerClub: number) {
  const lines: { line: string; at: number }[] = [];
  for (let k = 0; k < CLUB_SETS; k++) {
    const sim = afternoon({ seed: 6 + k, start: new Date(START + k * 7 * 60_000), hours: HOURS });
    sim.lines.forEach((line, i) => {
      let renamed = line;
      if (k > 0)
        for (const address of Object.values(DEMO_DEVICES))
          renamed = renamed.replaceAll(address, deviceOf(address, k));
      lines.push({ line: renamed, at: sim.at[i]! });
    });
  }
  const club = lines.length;
  if (existsSync(CORPUS) && unknownPerClub > 0) {
    const corpus = readFileSync(CORPUS, 'utf8')
      .split('\n')
      .filter((l) => l.length > 0 && !l.startsWith('#'));
    const from = Math.min(...lines.map((l) => l.at));
    const to = Math.max(...lines.map((l) => l.at));
    const count = club * unknownPerClub;
    for (let i = 0; i < count; i++) {
      // Stamped with the time it is heard at (the bridge's --retime): each pass over the corpus
      // is new beacons, not a resend of the last pass.
      const at = from + Math.floor(((to - from) * i) / count);
      lines.push({ line: withTimeOfDay(corpus[i % corpus.length]!, Math.floor(at / 1000) - 1), at });
    }
  }
  lines.sort((a, b) => a.at - b.at);
  return { lines, club };
}

/**
 * The bridge's batches of a dense feed: its batcher flushes every 200 lines (long before its
 * one-second timer), each batch stamped with its first line's simulated time.
 */
function bridgeBatches(lines: { line: string; at: number }[]) {
  const batches: Batch[] = [];
  let now = 0;
  const batcher = new LineBatcher({
    onFlush: (b) => batches.push(b),
    now: () => new Date(now),
    maxWaitMs: 1e9,
  });
  for (const { line, at } of lines) {
    now = at;
    batcher.add(line);
  }
  batcher.flush();
  return batches;
}

export async function run() {
  const corpus = existsSync(CORPUS);
  if (!corpus) console.log(`(no ${CORPUS}: club devices only, none of the network's other devices)`);
  const mixed = corpus && UNKNOWN_PER_CLUB > 0;
  const rates = [await measure(mixed ? UNKNOWN_PER_CLUB : 0)];
  // The worst case as well: nothing but the club's own aircraft, every fix stored.
  if (mixed) rates.push(await measure(0));
  const rate = rates[0]!;
  console.log(
    `end to end: ${rate.toFixed(0)} beacons/s${mixed ? ` (club devices only: ${rates[1]!.toFixed(0)}/s)` : ''}` +
      `   target ${TARGET}/s: ${(rate / TARGET).toFixed(2)}× ${rate > TARGET ? 'ok' : 'BELOW TARGET'}`,
  );
}

/** One run on a fresh local stack; beacons per second from the first publish to the drained queue. */
async function measure(unknownPerClub: number): Promise<number> {
  // A process runs one stack: the clients and the ingest's caches of the last one go first.
  resetEnvForTests();
  resetDynamoForTests();
  resetDbForTests();
  resetIngestCachesForTests();
  const dataDir = await mkdtemp(join(tmpdir(), 'windsock-ogn-bench-'));
  const stack = await startLocalStack({
    port: 0,
    mqttPort: 0,
    host: '127.0.0.1',
    dataDir,
    reset: true,
    web: 'none',
    log: (line) => {
      if (line.startsWith('[ogn]')) console.log(line);
    },
  });
  try {
    // The extra club sets' aircraft: the demo club's fleet again under other registrations and devices.
    const fleet = await db()
      .entities.plane.query.byOrganization({ organization_id: 'org-demo' })
      .go({ pages: 'all' });
    for (let k = 1; k < CLUB_SETS; k++) {
      for (const plane of fleet.data.filter(
        (p) => p.ogn_id && Object.values(DEMO_DEVICES).includes(p.ogn_id as never),
      )) {
        const ogn = deviceOf(plane.ogn_id!, k);
        await db()
          .entities.plane.put({
            organization_id: 'org-demo',
            plane_id: `plane-bench-${ogn.toLowerCase()}`,
            reg_num: `HA-B${k}${plane.reg_num.slice(3)}`,
            plane_category: plane.plane_category,
            is_tmg: plane.is_tmg,
            ogn_id: ogn,
          })
          .go();
      }
    }

    const { lines, club } = stream(unknownPerClub);
    const batches = bridgeBatches(lines);
    const worker = new Worker(new URL(import.meta.url), {
      workerData: {
        role: 'ogn-publisher',
        url: `mqtt://127.0.0.1:${stack.mqttTcpPort}`,
        username: stack.ognBridge.username,
        password: stack.ognBridge.password,
        batches,
      } satisfies PublisherJob,
    });
    await new Promise<void>((ready) => worker.once('message', () => ready()));

    const started = performance.now();
    const published = new Promise<{ published: number; lines: number; ms: number }>((done) =>
      worker.once('message', done),
    );
    worker.postMessage('go');
    const sent = await published;
    while (stack.ognIngest.stats.received < sent.published) await new Promise((r) => setTimeout(r, 20));
    await stack.ognIngest.drained();
    const seconds = (performance.now() - started) / 1000;
    await worker.terminate();

    const stats = stack.ognIngest.stats;
    const rate = stats.lines / seconds;
    console.log(
      `${lines.length} lines (${club} from ${CLUB_SETS * 5} club devices over ${HOURS} h of flying, ` +
        `${lines.length - club} of devices nobody here has) in ${batches.length} bridge batches:`,
    );
    console.log(
      `  ingested ${stats.positions} positions, ${stats.duplicates} duplicates, ${stats.unknown} unknown, ` +
        `${stats.bad} bad lines, ${stats.stored} track points, ${stats.events} take-offs/landings, ` +
        `${stats.proposals} proposal writes, ${stats.live} live positions; ${stats.runs} queue runs, ` +
        `${stats.dropped} dropped, ${stats.failed} failed`,
    );
    console.log(
      `  ${rate.toFixed(0)} beacons/s (${seconds.toFixed(1)} s); publishing alone ` +
        `${(sent.lines / (sent.ms / 1000)).toFixed(0)} lines/s; machine load (1 min) ` +
        `${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
    );
    return rate;
  } finally {
    await stack.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
