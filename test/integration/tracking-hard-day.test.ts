import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALPINE_GLIDER,
  cableBreaks,
  crossClubAerotow,
  landingGap,
  privateFlights,
  retrieveTow,
  type SimStream,
} from '../../bin/local/ogn-sim.ts';
import { todayIn } from '../../contracts/calendar.ts';
import type { BeaconBatch } from '../../contracts/schemas/tracking.ts';
import { dynamo, tableName } from '../../functions/platform/db/client.ts';
import { ingestBatch } from '../../functions/tracking/ingest.ts';
import { resetIngestCachesForTests } from '../../functions/tracking/ingest-caches.ts';
import { emptyStats } from '../../functions/tracking/ingest-stats.ts';
import { ingestStore } from '../../functions/tracking/ingest-store.ts';
import { QUIET_MS, sweepOrganization } from '../../functions/tracking/sweep.ts';
import { batchesOf, merged, partitionItems, redelivered } from '../helpers/ogn.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * A real flying day's hard cases (issue 18) through the OGN ingest on the embedded DynamoDB, each
 * flown by the project's simulator (bin/local/ogn-sim.ts): the pilots' privacy bits (no trace in
 * any table or push, what was stored removed when the bit appears mid-flight), cable breaks,
 * a landing inside a reception gap, a 10-minute retrieve tow, and one club's tug towing another
 * club's glider — then everything delivered again, shuffled and twice, changes nothing.
 */
const DEMO = 'org-demo';
const ALPINE = 'org-alpine';
const HOUR = 3_600_000;
// Yesterday, 12:00 in Budapest; the privacy flights the day before.
const START = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR - 24 * HOUR + 10 * HOUR;
const DATE = todayIn('Europe/Budapest', new Date(START));
const PRIVATE_START = START - 24 * HOUR;
const PRIVATE_DATE = todayIn('Europe/Budapest', new Date(PRIVATE_START));

const breaks = cableBreaks({ start: new Date(START) });
const gap = landingGap({ start: new Date(START + HOUR) });
const retrieve = retrieveTow({ start: new Date(START + 2 * HOUR) });
const crossClub = crossClubAerotow({ start: new Date(START + 3 * HOUR) });
const privacy = privateFlights({ start: new Date(PRIVATE_START) });
const [noTracking, stealth, switched] = privacy.truth.privacy!;

const day = merged(breaks, gap, retrieve, crossClub);
const dayBatches = batchesOf(day);
const privateBatches = batchesOf(privacy);

const pushes: { topic: string; payload: any }[] = [];
const publish = async (topic: string, payload: unknown) => {
  pushes.push({ topic, payload });
};
const ingestAll = async (batches: readonly BeaconBatch[]) => {
  const sum = emptyStats();
  for (const batch of batches) {
    const stats = await ingestBatch(batch, { publish });
    for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += stats[key];
  }
  return sum;
};

const partition = partitionItems;
/** The whole table: a test may look everywhere for a trace (no screen ever Scans). */
const everything = async () => {
  const items: Record<string, any>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
};
const snapshot = async (org: string, date: string) => ({
  live: (await partition(`org#${org}#live`)).map(({ ttl: _, receiver: __, ...rest }) => rest),
  track: await partition(`org#${org}#track#${date}`),
  detector: (await partition(`org#${org}#detector`)).map(({ version: _, heard_at: __, ...rest }) => rest),
  proposals: (await partition(`org#${org}#proposals`)).map(
    ({ version: _, created_at: __, updated_at: ___, ...rest }) => rest,
  ),
});
const proposalsOf = async (org: string, address: string) =>
  (await partition(`org#${org}#proposals`)).filter((p) => p.address === address);
const truthOf = (stream: SimStream, address: string, type: 'takeoff' | 'landing') =>
  stream.truth.events.find((e) => e.address === address && e.type === type)!.at;
const near = (iso: string | undefined, at: number, ms = 10_000) =>
  iso !== undefined && Math.abs(Date.parse(iso) - at) < ms;

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
  // The Alpine club flies from LHDK as well: its base moves there (a known airport).
  const alpineAdmin = subOf('admin@alpine.windsock.aero');
  const own = await platform.invoke('getOwnOrganization', { sub: alpineAdmin });
  const moved = await platform.invoke('updateOwnOrganization', {
    sub: alpineAdmin,
    body: {
      organization_name: own.body.organization_name,
      short_name: own.body.short_name,
      timezone: 'Europe/Budapest',
      base_airport: 'LHDK',
      version: own.body.version,
    },
  });
  expect(moved.status).toBe(200);
  resetIngestCachesForTests();
}, 300_000);
afterAll(async () => {
  await platform?.close();
});

describe('privacy bits are law', () => {
  // The flag of HA-4012 appears five minutes into its flight: what came before is stored first.
  const beforeFlag = privateBatches.filter((b) => Date.parse(b.received_at) < switched!.from - 30_000);
  const afterFlag = privateBatches.slice(beforeFlag.length);
  let pushedBefore = 0;

  it('before its bit appears, HA-4012 is tracked and proposed like any flight', {
    timeout: 120_000,
  }, async () => {
    await ingestAll(beforeFlag);
    pushedBefore = pushes.length;
    const track = (await partition(`org#${DEMO}#track#${PRIVATE_DATE}`)).filter(
      (t) => t.address === switched!.address,
    );

    expect(track.length).toBeGreaterThan(50);
    expect(await proposalsOf(DEMO, switched!.address)).toHaveLength(1);
    expect((await proposalsOf(DEMO, switched!.address))[0]).toMatchObject({ date: PRIVATE_DATE });
    expect((await partition(`org#${DEMO}#live`)).some((l) => l.address === switched!.address)).toBe(true);
  });

  it('no-tracking and stealth from the start: no trace in any table or push; the tug is tracked', {
    timeout: 120_000,
  }, async () => {
    await ingestAll(afterFlag);

    const traces = (address: string) =>
      everything().then((items) =>
        items.filter(
          (item) => JSON.stringify(item).includes(address) && !String(item.sk).startsWith('plane#'),
        ),
      );
    for (const address of [noTracking!.address, stealth!.address]) {
      const left = await traces(address);
      // What remains is the detector's mark (the bit is honoured for the day) without a position.
      expect(left.map((item) => item.__edb_e__)).toEqual(['detectorState']);
      expect(JSON.parse(left[0]!.state)).toEqual({
        address,
        pending: [],
        recent: [],
        stopped: 0,
        phase: null,
      });
      expect(pushes.some((p) => JSON.stringify(p.payload).includes(address))).toBe(false);
    }
    const tug = await proposalsOf(DEMO, '4D2A11');
    expect(tug).toHaveLength(1);
    expect(tug[0]!.tow_proposal_id).toBeUndefined();
    expect(near(tug[0]!.takeoff_time, truthOf(privacy, '4D2A11', 'takeoff'))).toBe(true);
  });

  it('switched on mid-flight: what was stored of the flight is removed, and the sheet and map are told', async () => {
    const { address } = switched!;
    const left = (await everything()).filter(
      (item) => JSON.stringify(item).includes(address) && !String(item.sk).startsWith('plane#'),
    );
    const removals = pushes.slice(pushedBefore);

    // The whole flight went: its take-off was five minutes before the bit.
    expect(left.map((item) => item.__edb_e__)).toEqual(['detectorState']);
    expect(left[0]).toMatchObject({ private_day: PRIVATE_DATE });
    expect(JSON.parse(left[0]!.state).recent).toEqual([]);
    expect(removals).toContainEqual({
      topic: `org/${DEMO}/live`,
      payload: { type: 'removed', addresses: [address] },
    });
    expect(
      removals.some(
        (p) =>
          p.topic === `org/${DEMO}/daily-flight/${PRIVATE_DATE}` &&
          p.payload.type === 'proposal.removed' &&
          p.payload.proposal_id.startsWith(`${address}-`),
      ),
    ).toBe(true);
    // Nothing of it pushed from the bit on: no position stamped after it, nothing after the removal.
    const positions = removals.flatMap((p) => (p.payload.type === 'positions' ? p.payload.items : []));
    expect(positions.some((item: any) => item.address === address && item.timestamp >= switched!.from)).toBe(
      false,
    );
    const removedAt = removals.findIndex((p) => p.payload.type === 'removed');
    const after = removals.slice(removedAt + 1).filter((p) => p.payload.type !== 'proposal.removed');
    expect(after.some((p) => JSON.stringify(p.payload).includes(address))).toBe(false);
  });

  it('delivered again, shuffled and twice, the private flights stay gone', { timeout: 120_000 }, async () => {
    const before = await snapshot(DEMO, PRIVATE_DATE);
    const pushed = pushes.length;

    await ingestAll(redelivered(privateBatches));
    resetIngestCachesForTests();
    const cold = await ingestAll(redelivered(privateBatches, { seed: 3 }));

    expect(await snapshot(DEMO, PRIVATE_DATE)).toEqual(before);
    expect(cold.hidden).toBeGreaterThan(1000);
    const again = pushes.slice(pushed);
    for (const p of [noTracking!, stealth!, switched!])
      expect(again.some((push) => JSON.stringify(push.payload).includes(p.address))).toBe(false);
  });
});

describe('a batch racing the removal', () => {
  it('what it wrote after the first removal goes when the sweep finds the device quiet, once', async () => {
    // Prepare: as if a container still working on an older batch wrote after the removal
    const { address, from } = switched!;
    const at = from + 60_000;
    await ingestStore.putTrackPoints([
      {
        organization_id: DEMO,
        date: PRIVATE_DATE,
        address,
        timestamp: at,
        latitude: 47.62,
        longitude: 19.15,
        altitude: 900,
        ground_speed: 90,
        climb_rate: 1,
        ttl: Math.floor(at / 1000) + 86_400,
      },
    ]);
    await ingestStore.putLivePosition({
      organization_id: DEMO,
      address,
      plane_id: 'plane-ha-4012',
      reg_num: 'HA-4012',
      plane_category: 'plc_02',
      timestamp: at,
      latitude: 47.62,
      longitude: 19.15,
      altitude: 900,
      ground_speed: 90,
      climb_rate: 1,
      track: 0,
      ttl: Math.floor(Date.now() / 1000) + 3600,
    });
    const record = (await ingestStore.detectorState(DEMO, address))!;
    expect(record.private_checked).toBeUndefined();

    // Act
    const early = await sweepOrganization(DEMO, record.heard_at! + 1000, { publish });
    const quiet = await sweepOrganization(DEMO, record.heard_at! + QUIET_MS, { publish });
    const again = await sweepOrganization(DEMO, record.heard_at! + QUIET_MS + 60_000, { publish });

    // Assess
    expect(early.swept).toBe(0);
    expect(quiet.swept).toBeGreaterThanOrEqual(1);
    expect(again.swept).toBe(0);
    expect((await ingestStore.detectorState(DEMO, address))!.private_checked).toBe(true);
    const track = await partition(`org#${DEMO}#track#${PRIVATE_DATE}`);
    expect(track.some((t) => t.address === address)).toBe(false);
    expect((await partition(`org#${DEMO}#live`)).some((l) => l.address === address)).toBe(false);
    expect(pushes.at(-1)).toEqual({
      topic: `org/${DEMO}/live`,
      payload: { type: 'removed', addresses: [address] },
    });
  });
});

describe('the hard cases of a flying day', () => {
  beforeAll(async () => {
    await ingestAll(dayBatches);
  }, 300_000);

  it('cable breaks at 60 and 140 m: winch launches marked short, with their landings', async () => {
    for (const address of ['DD4012', 'DD4370']) {
      const mine = (await proposalsOf(DEMO, address)).filter((p) => p.date === DATE);
      const takeoff = truthOf(breaks, address, 'takeoff');
      const flight = mine.find((p) => near(p.takeoff_time, takeoff))!;

      expect(flight).toMatchObject({
        takeoff_type_id: 3,
        launch_inferred: true,
        short_launch: true,
        takeoff_airport: 'LHDK',
        landing_airport: 'LHDK',
      });
      expect(near(flight.landing_time, truthOf(breaks, address, 'landing'))).toBe(true);
      expect(flight.landing_uncertain).toBeUndefined();
    }
  });

  it('a landing inside two minutes without reception: estimated, and marked uncertain', async () => {
    const landing = truthOf(gap, 'DD4012', 'landing');
    const flight = (await proposalsOf(DEMO, 'DD4012')).find((p) =>
      near(p.takeoff_time, truthOf(gap, 'DD4012', 'takeoff')),
    )!;

    expect(flight).toMatchObject({ landing_uncertain: true, landing_airport: 'LHDK', takeoff_type_id: 3 });
    expect(near(flight.landing_time, landing, 20_000)).toBe(true);
    expect(flight.short_launch).toBeUndefined();
    // The sheet's channel said so.
    const pushed = pushes.filter(
      (p) => p.payload.type === 'proposal.changed' && p.payload.proposal.proposal_id === flight.proposal_id,
    );
    expect(pushed.at(-1)!.payload.proposal).toMatchObject({ landing_uncertain: true, short_launch: false });
  });

  it('a 10-minute retrieve tow from Budaörs: both proposals paired, with the release height', async () => {
    const simulated = retrieve.truth.launches.find((l) => l.takeoff_type === 5)!;
    const glider = (await proposalsOf(DEMO, 'DD4455')).find((p) => p.date === DATE)!;
    const tug = (await proposalsOf(DEMO, '4D2A11')).find((p) =>
      near(p.takeoff_time, truthOf(retrieve, '4D2A11', 'takeoff')),
    )!;

    expect(simulated.released_at! - simulated.at).toBeGreaterThan(10 * 60_000);
    expect(glider).toMatchObject({
      takeoff_airport: 'LHBS',
      landing_airport: 'LHDK',
      takeoff_type_id: 5,
      tow_role: 'glider',
      tow_proposal_id: tug.proposal_id,
      tow_plane_id: 'plane-ha-sbx',
    });
    expect(tug).toMatchObject({ tow_role: 'tug', tow_proposal_id: glider.proposal_id });
    expect(Math.abs(glider.release_height - simulated.release_height!)).toBeLessThan(50);
    expect(tug.release_height).toBe(glider.release_height);
  });

  it("one club's tug tows another club's glider: both say aerotow and the release, neither names the other's", async () => {
    const simulated = crossClub.truth.launches.find((l) => l.takeoff_type === 5)!;
    const glider = (await proposalsOf(ALPINE, ALPINE_GLIDER))[0]!;
    const tug = (await proposalsOf(DEMO, '4D2A11')).find((p) =>
      near(p.takeoff_time, truthOf(crossClub, '4D2A11', 'takeoff')),
    )!;
    const alpine = JSON.stringify(await snapshot(ALPINE, DATE));
    const demo = JSON.stringify(await snapshot(DEMO, DATE));

    expect(glider).toMatchObject({ takeoff_type_id: 5, tow_role: 'glider', launch_inferred: true });
    expect(glider.tow_proposal_id).toBeUndefined();
    expect(glider.tow_plane_id).toBeUndefined();
    expect(Math.abs(glider.release_height - simulated.release_height!)).toBeLessThan(50);
    expect(tug).toMatchObject({ takeoff_type_id: 1, tow_role: 'tug', release_height: glider.release_height });
    expect(tug.tow_proposal_id).toBeUndefined();
    for (const theirs of ['4D2A11', 'plane-ha-sbx', 'HA-SBX']) expect(alpine).not.toContain(theirs);
    for (const theirs of [ALPINE_GLIDER, 'plane-oe-5678', 'OE-5678']) expect(demo).not.toContain(theirs);
    expect(
      pushes.some((p) => p.topic.startsWith(`org/${ALPINE}/`) && JSON.stringify(p).includes('4D2A11')),
    ).toBe(false);

    // The Alpine timer operator's sheet: the aerotow, no tow plane of ours named.
    const sheet = await platform.invoke('getDailySheet', {
      sub: subOf('admin@alpine.windsock.aero'),
      params: { date: DATE },
    });
    expect(sheet.status).toBe(200);
    expect(sheet.body.proposals).toEqual([
      expect.objectContaining({ reg_num: 'OE-5678', takeoff_type_id: 5, tow_plane_id: null }),
    ]);
    expect(JSON.stringify(sheet.body)).not.toContain('HA-SBX');
  });

  it('the same batches again, shuffled and twice, warm and cold: byte-identical data, nothing pushed', {
    timeout: 240_000,
  }, async () => {
    const before = { demo: await snapshot(DEMO, DATE), alpine: await snapshot(ALPINE, DATE) };
    const pushed = pushes.length;

    const warm = await ingestAll(redelivered(dayBatches));
    resetIngestCachesForTests();
    const cold = await ingestAll(redelivered(dayBatches, { seed: 5, every: 2 }));

    expect(warm.proposals + cold.proposals + warm.live + cold.live).toBe(0);
    expect({ demo: await snapshot(DEMO, DATE), alpine: await snapshot(ALPINE, DATE) }).toEqual(before);
    expect(pushes.length).toBe(pushed);
  });
});
