import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aerotow, aircraftLine, outlanding, touchAndGo, winchLaunch } from '../../bin/local/ogn-sim.ts';
import { todayIn } from '../../contracts/calendar.ts';
import type { BeaconBatch } from '../../contracts/schemas/tracking.ts';
import { dynamo, tableName } from '../../functions/platform/db/client.ts';
import { db } from '../../functions/platform/db/service.ts';
import { ingestBatch } from '../../functions/tracking/ingest.ts';
import { resetIngestCachesForTests } from '../../functions/tracking/ingest-caches.ts';
import { handler } from '../../functions/tracking/ingest-handler.ts';
import { emptyStats, type IngestStats } from '../../functions/tracking/ingest-stats.ts';
import { ingestStore } from '../../functions/tracking/ingest-store.ts';
import { batchesOf, merged, partitionItems, redelivered } from '../helpers/ogn.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * The OGN ingest (issue 6 §4, §5) on the embedded DynamoDB: simulated flights over the demo club's
 * field (bin/local/ogn-sim.ts), cut into per-receiver batches (the harshest delivery: helpers/ogn.ts), through ingestBatch —
 * track points, live positions, the detector and the proposals on the daily sheet; then the same
 * batches again, reordered and resent, must change nothing.
 */
const ORG = 'org-demo';
const ALPINE = 'org-alpine';
const HOUR = 3_600_000;
// Yesterday, 12:00 in Budapest: every flight lies on one operating day.
const START = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR - 24 * HOUR + 10 * HOUR;
const DATE = todayIn('Europe/Budapest', new Date(START));

const winch = winchLaunch({ start: new Date(START) });
const tow = aerotow({ start: new Date(START + HOUR) });
const circuits = touchAndGo({ start: new Date(START + 2 * HOUR) });
const field = outlanding({ start: new Date(START + 3 * HOUR) });
/** The Alpine club's aircraft whose ogn_id is cleared below: its beacons belong to nobody. */
const orphanLines = Array.from({ length: 5 }, (_, i) =>
  aircraftLine(
    { address: '440678', kind: 'glider' },
    'LHDK',
    {
      t: START + i * 2000,
      latitude: 47.62,
      longitude: 19.14,
      alt: 130,
      gs: 0,
      track: 0,
      climb: 0,
      turn: 0,
    },
    { snr: 10, errors: 0, offset: 0 },
  ).replace('FLR440678', 'ICA440678'),
);
const GARBAGE = ['garbage', 'FLRDD4012>OGFLR,qAS,LHDK:/nonsense', 'ICA440678>OGFLR,qAS,LHDK:/25h'];

const stream = merged(winch, tow, circuits, field, {
  lines: orphanLines,
  at: orphanLines.map((_, i) => START + i * 2000 + 500),
});
const batches: BeaconBatch[] = batchesOf(stream);
// Garbage in three batches, among good lines.
for (const [i, line] of GARBAGE.entries()) batches[10 + i * 50]!.lines.splice(1, 0, line);

const pushes: { topic: string; payload: any }[] = [];
const publish = async (topic: string, payload: unknown) => {
  pushes.push({ topic, payload });
};

let platform: Platform;
const totals: IngestStats = emptyStats();

const ingestAll = async (list: readonly BeaconBatch[]) => {
  const sum = { ...totals, ...Object.fromEntries(Object.keys(totals).map((k) => [k, 0])) } as IngestStats;
  for (const batch of list) {
    const stats = await ingestBatch(batch, { publish });
    for (const key of Object.keys(sum) as (keyof IngestStats)[]) sum[key] += stats[key];
  }
  return sum;
};

const partition = partitionItems;
/**
 * What does not depend on when it was written (the live TTL, versions, when a detector last heard
 * its device, who heard a fix first).
 */
const comparable = (s: Awaited<ReturnType<typeof snapshot>>) => ({
  track: s.track,
  live: s.live.map(({ ttl: _, receiver: __, ...rest }) => rest),
  detector: s.detector.map(({ version: _, heard_at: __, ...rest }) => rest),
  proposals: s.proposals.map(({ version: _, created_at: __, updated_at: ___, ...rest }) => rest),
});
const removeAll = async (items: Record<string, unknown>[]) => {
  for (let i = 0; i < items.length; i += 25)
    await dynamo().send(
      new BatchWriteCommand({
        RequestItems: {
          [tableName()]: items
            .slice(i, i + 25)
            .map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })),
        },
      }),
    );
};
const snapshot = async (org: string) => ({
  live: await partition(`org#${org}#live`),
  track: await partition(`org#${org}#track#${DATE}`),
  detector: await partition(`org#${org}#detector`),
  proposals: await partition(`org#${org}#proposals`),
});
const proposals = async () =>
  (await db().entities.flightProposal.query.byDay({ organization_id: ORG, date: DATE }).go({ pages: 'all' }))
    .data;
const uniqueFixes = (address: string, source: { lines: string[] }) =>
  new Set(
    source.lines
      .filter((l) => l.includes(`id`) && l.slice(3, 9) === address)
      .map((l) => l.slice(l.indexOf(':/') + 2, l.indexOf(':/') + 9)),
  ).size;

let first: IngestStats;
beforeAll(async () => {
  platform = await startPlatform();
  resetIngestCachesForTests();
  // The Alpine club's glider loses its tracker: its beacons must not be stored anywhere.
  const technical = subOf('admin@alpine.windsock.aero');
  const plane = await platform.invoke('getPlane', { sub: technical, params: { id: 'plane-oe-5678' } });
  const cleared = await platform.invoke('updatePlane', {
    sub: technical,
    params: { id: 'plane-oe-5678' },
    body: {
      reg_num: plane.body.reg_num,
      plane_category: 'plc_02',
      ogn_id: null,
      version: plane.body.version,
    },
  });
  expect(cleared.status).toBe(200);
  first = await ingestAll(batches);
}, 300_000);
afterAll(async () => {
  await platform?.close();
});

/** Another pass or two over the whole stream: minutes, not seconds, on a busy 2-core machine. */
const PASSES = { timeout: 240_000 };

const near = (iso: string | undefined, at: number, ms = 10_000) =>
  iso !== undefined && Math.abs(Date.parse(iso) - at) < ms;
const truthOf = (s: typeof winch, address: string, type: 'takeoff' | 'landing', nth = 0) =>
  s.truth.events.filter((e) => e.address === address && e.type === type)[nth]!.at;

describe('ingest of simulated flights', () => {
  it('counts lines, bad lines, duplicates and beacons of devices nobody has', () => {
    expect(first.lines).toBe(stream.lines.length + GARBAGE.length);
    expect(first.bad).toBe(GARBAGE.length);
    expect(first.unknown).toBe(orphanLines.length);
    expect(first.duplicates).toBeGreaterThan(0);
    expect(first.positions).toBe(first.stored + first.duplicates + first.unknown);
  });

  it('winch launch: one proposal with both times, LHDK, launch method 3 read from the track', async () => {
    const all = await proposals();
    const mine = all.filter((p) => p.address === 'DD4012');
    const takeoff = truthOf(winch, 'DD4012', 'takeoff');

    expect(mine).toHaveLength(1);
    const [p] = mine;
    expect(p!.proposal_id).toMatch(/^DD4012-\d{13}$/);
    expect(p!.proposal_id).toBe(`DD4012-${Date.parse(p!.takeoff_time!)}`);
    expect(near(p!.takeoff_time, takeoff)).toBe(true);
    expect(near(p!.landing_time, truthOf(winch, 'DD4012', 'landing'))).toBe(true);
    expect(p).toMatchObject({
      plane_id: 'plane-ha-4012',
      reg_num: 'HA-4012',
      status: 'open',
      takeoff_airport: 'LHDK',
      landing_airport: 'LHDK',
      outlanding: false,
      takeoff_type_id: 3,
      launch_inferred: true,
    });
    expect(p!.tow_proposal_id).toBeUndefined();
  });

  it('aerotow: glider (5) and tug paired both ways, the release height as flown', async () => {
    const all = await proposals();
    const glider = all.find((p) => p.address === 'DD4370')!;
    const tug = all.find((p) => p.address === '4D2A11')!;
    const simulated = tow.truth.launches.find((l) => l.takeoff_type === 5)!;

    expect(all.filter((p) => p.address === 'DD4370')).toHaveLength(1);
    expect(all.filter((p) => p.address === '4D2A11')).toHaveLength(1);
    expect(near(glider.takeoff_time, truthOf(tow, 'DD4370', 'takeoff'))).toBe(true);
    expect(near(glider.landing_time, truthOf(tow, 'DD4370', 'landing'))).toBe(true);
    expect(near(tug.landing_time, truthOf(tow, '4D2A11', 'landing'))).toBe(true);
    expect(glider).toMatchObject({
      takeoff_type_id: 5,
      launch_inferred: true,
      tow_role: 'glider',
      tow_proposal_id: tug.proposal_id,
      tow_plane_id: 'plane-ha-sbx',
    });
    expect(tug).toMatchObject({
      takeoff_type_id: 1,
      launch_inferred: true,
      tow_role: 'tug',
      tow_proposal_id: glider.proposal_id,
    });
    expect(Math.abs(glider.release_height! - simulated.release_height!)).toBeLessThan(50);
    expect(tug.release_height).toBe(glider.release_height);
  });

  it('touch-and-go of the TMG: two flights, each its own launch (6)', async () => {
    const mine = (await proposals())
      .filter((p) => p.address === '4D1265')
      .sort((a, b) => a.takeoff_time!.localeCompare(b.takeoff_time!));

    expect(mine).toHaveLength(2);
    for (const [i, p] of mine.entries()) {
      expect(near(p.takeoff_time, truthOf(circuits, '4D1265', 'takeoff', i))).toBe(true);
      expect(near(p.landing_time, truthOf(circuits, '4D1265', 'landing', i))).toBe(true);
      expect(p).toMatchObject({ takeoff_type_id: 6, is_tmg: true, launch_inferred: true });
    }
  });

  it('an outlanding whose take-off went unseen: a landing-only proposal, no airfield', async () => {
    const mine = (await proposals()).filter((p) => p.address === 'DD4455');
    const landing = truthOf(field, 'DD4455', 'landing');

    expect(mine).toHaveLength(1);
    expect(mine[0]!.proposal_id).toBe(`DD4455-L${Date.parse(mine[0]!.landing_time!)}`);
    expect(near(mine[0]!.landing_time, landing)).toBe(true);
    expect(mine[0]).toMatchObject({ outlanding: true, status: 'open' });
    expect(mine[0]!.landing_airport).toBeUndefined();
    expect(mine[0]!.takeoff_time).toBeUndefined();
  });

  it('stores every fix once per device and keeps the newest position of each', async () => {
    const { track, live } = await snapshot(ORG);
    const byDevice = (address: string) => track.filter((t) => t.address === address);

    expect(byDevice('DD4012')).toHaveLength(uniqueFixes('DD4012', winch));
    expect(byDevice('4D2A11')).toHaveLength(uniqueFixes('4D2A11', tow));
    expect(track.every((t) => t.date === DATE && typeof t.ttl === 'number')).toBe(true);
    const ttl = track[0]!;
    expect(ttl.ttl).toBe(Math.floor((ttl.timestamp as number) / 1000) + 90 * 86_400);
    for (const address of ['DD4012', 'DD4370', '4D2A11', '4D1265', 'DD4455']) {
      const newest = Math.max(...byDevice(address).map((t) => t.timestamp as number));
      const position = live.find((l) => l.address === address)!;
      expect(position).toMatchObject({ timestamp: newest, organization_id: ORG });
      expect(position.phase).toBe('ground');
      expect(position.ttl).toBeGreaterThan(Date.now() / 1000 + 3000);
    }
  });

  it('pushes positions to org/<id>/live and every proposal change to the day’s sheet', () => {
    const live = pushes.filter((p) => p.topic === `org/${ORG}/live`);
    const sheet = pushes.filter((p) => p.topic === `org/${ORG}/daily-flight/${DATE}`);

    expect(live.length).toBeGreaterThan(100);
    expect(live.every((p) => p.payload.type === 'positions' && p.payload.items.length >= 1)).toBe(true);
    expect(live[0]!.payload.items[0]).toMatchObject({
      plane_id: expect.any(String),
      reg_num: expect.any(String),
    });
    const phases = new Set(live.flatMap((p) => p.payload.items.map((i: { phase: unknown }) => i.phase)));
    expect([...phases].sort()).toEqual(['air', 'ground', null]);
    expect(sheet.length).toBeGreaterThanOrEqual(7);
    expect(sheet.every((p) => p.payload.type === 'proposal.changed')).toBe(true);
    const last = sheet.filter((p) => p.payload.proposal.address === 'DD4012').at(-1)!.payload.proposal;
    expect(last).toMatchObject({ takeoff_type_id: 3, matched_flight_id: null, status: 'open' });
    expect(pushes.some((p) => p.topic.includes(ALPINE))).toBe(false);
  });

  it('another organization sees nothing; an aircraft without ogn_id is not tracked', async () => {
    const alpine = await snapshot(ALPINE);

    expect(alpine).toEqual({ live: [], track: [], detector: [], proposals: [] });
  });
});

describe('at-least-once delivery', () => {
  it(
    'the same batches again, reordered within seconds and resent, change nothing (warm and cold)',
    PASSES,
    async () => {
      const before = await snapshot(ORG);
      const again = redelivered(batches);
      const pushed = pushes.length;

      // A warm container (its recent-beacon memory), then a cold one (nothing remembered).
      const warm = await ingestAll(again);
      const afterWarm = await snapshot(ORG);
      resetIngestCachesForTests();
      const cold = await ingestAll(again);
      const afterCold = await snapshot(ORG);

      expect(again.length).toBeGreaterThan(batches.length);
      expect(warm.proposals + cold.proposals + warm.live + cold.live).toBe(0);
      expect(cold.stored).toBeGreaterThan(0);
      expect(afterWarm).toEqual(before);
      expect(afterCold).toEqual(before);
      expect(pushes.length).toBe(pushed);
    },
  );
});

describe('delivery order', () => {
  it(
    'from scratch, the reordered and resent batches store what the ordered ones stored',
    PASSES,
    async () => {
      const ordered = await snapshot(ORG);
      for (const items of Object.values(ordered)) await removeAll(items);
      resetIngestCachesForTests();

      await ingestAll(redelivered(batches, { seed: 11, every: 2 }));
      const shuffled = await snapshot(ORG);

      expect(shuffled.proposals.length).toBe(ordered.proposals.length);
      expect(comparable(shuffled)).toEqual(comparable(ordered));
    },
  );
});

describe('concurrent containers', () => {
  it('two batches of the same aircraft at once: the loser re-reads, nothing differs', PASSES, async () => {
    const ordered = await snapshot(ORG);
    for (const items of Object.values(ordered)) await removeAll(items);
    resetIngestCachesForTests();
    let lost = 0;
    const store = {
      ...ingestStore,
      saveDetectorState: async (...args: Parameters<typeof ingestStore.saveDetectorState>) => {
        const saved = await ingestStore.saveDetectorState(...args);
        if (!saved) lost++;
        return saved;
      },
    };

    for (let i = 0; i < batches.length; i += 2)
      await Promise.all(batches.slice(i, i + 2).map((batch) => ingestBatch(batch, { publish, store })));
    const concurrent = await snapshot(ORG);

    expect(lost).toBeGreaterThan(0);
    expect(comparable(concurrent)).toEqual(comparable(ordered));
  });
});

describe('the IoT rule handler', () => {
  it('drops what is not a beacon batch without throwing, and ingests one that is', async () => {
    await expect(handler({ lines: 'x' })).resolves.toBeUndefined();
    await expect(handler(null)).resolves.toBeUndefined();
    await expect(
      handler({ lines: ['garbage'], received_at: new Date().toISOString() }),
    ).resolves.toBeUndefined();
  });
});
