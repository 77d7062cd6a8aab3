import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { winchLaunch } from '../../bin/local/ogn-sim.ts';
import { todayIn } from '../../contracts/calendar.ts';
import { schedules } from '../../contracts/schedules.ts';
import type { BeaconBatch } from '../../contracts/schemas/tracking.ts';
import { setLocalPublisher } from '../../functions/platform/events/push.ts';
import { fixOf } from '../../functions/tracking/detection.ts';
import { ingestBatch } from '../../functions/tracking/ingest.ts';
import { resetIngestCachesForTests } from '../../functions/tracking/ingest-caches.ts';
import { ingestStore } from '../../functions/tracking/ingest-store.ts';
import { sweepQuietDevices } from '../../functions/tracking/jobs.ts';
import { parse } from '../../functions/tracking/ogn-parser.ts';
import { QUIET_MS, sweepOrganization } from '../../functions/tracking/sweep.ts';
import { batchesOf } from '../helpers/ogn.ts';
import { type Platform, startPlatform } from '../helpers/platform.ts';

/**
 * The sweep of quiet OGN devices (tracking-sweep, issue 6 §5): a tracker switched off right after
 * its landing roll-out leaves its last fixes in the detector's reorder buffer; the job settles
 * them, the landing reaches the proposal, and a second run changes nothing.
 */
const ORG = 'org-demo';
const ADDRESS = 'DD4012';
const HOUR = 3_600_000;
// Yesterday, 12:00 in Budapest: every flight lies on one operating day.
const START = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR - 24 * HOUR + 10 * HOUR;
const DATE = todayIn('Europe/Budapest', new Date(START));

/** The winch launch cut right after the landing's three slow fixes: nothing later is heard. */
function cutAfterLanding(start: number) {
  const stream = winchLaunch({ start: new Date(start) });
  const fixes = stream.lines.map((line, i) => {
    try {
      const fix = fixOf(parse(line, new Date(stream.at[i]!)));
      return fix?.address === ADDRESS ? fix : null;
    } catch {
      return null;
    }
  });
  const ordered = [...new Map(fixes.filter((f) => f !== null).map((f) => [f.timestamp, f])).values()].sort(
    (a, b) => a.timestamp - b.timestamp,
  );
  // The landing rule's fixes: one still rolling faster than 40 km/h, then three slower ones.
  const landingAt = stream.truth.events.find((e) => e.type === 'landing')!.at;
  const first = ordered.findIndex(
    (f, i) =>
      i > 0 && f.timestamp >= landingAt - 30_000 && f.ground_speed < 40 && ordered[i - 1]!.ground_speed > 40,
  );
  expect(first).toBeGreaterThan(0);
  const last = ordered[first + 2]!.timestamp;
  const kept = stream.lines
    .map((line, i) => ({ line, at: stream.at[i]!, fix: fixes[i] }))
    .filter(({ fix, line }) => (fix ? fix.timestamp <= last : !line.includes(`${ADDRESS}>`)));
  const cut = kept.filter(({ at }) => at <= Math.max(...kept.filter((k) => k.fix).map((k) => k.at)));
  return {
    batches: batchesOf({ lines: cut.map((k) => k.line), at: cut.map((k) => k.at) }),
    last,
    landingAt,
  };
}

const pushes: { topic: string; payload: any }[] = [];
const sheetTopic = `org/${ORG}/daily-flight/${DATE}`;

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
  resetIngestCachesForTests();
  setLocalPublisher(async (topic, payload) => {
    pushes.push({ topic, payload });
  });
}, 120_000);
afterAll(async () => {
  setLocalPublisher(undefined);
  await platform?.close();
});

const detector = () => ingestStore.detectorState(ORG, ADDRESS);
const proposalsOf = async () =>
  (await ingestStore.deviceProposals(ORG, DATE, ADDRESS)).sort((a, b) =>
    a.proposal_id.localeCompare(b.proposal_id),
  );
/** Ingests the batches as the receiving container would, its clock at each batch's receive time. */
const ingest = async (batches: BeaconBatch[], clock: 'received' | 'wall') => {
  for (const batch of batches)
    await ingestBatch(batch, clock === 'received' ? { now: () => Date.parse(batch.received_at) } : {});
};
const job = (at: number) =>
  sweepQuietDevices({ scheduleId: 'tracking-sweep', scheduledTime: new Date(at).toISOString() });

describe('tracking-sweep', () => {
  it('is scheduled every minute for the tracking domain', () => {
    expect(schedules.find((s) => s.id === 'tracking-sweep')).toMatchObject({
      cron: '* * * * *',
      timezone: 'Europe/Budapest',
      domain: 'tracking',
      handler: 'sweepQuietDevices',
    });
  });

  const flight = cutAfterLanding(START);

  it('a landing right before switch-off waits in the reorder buffer; still sending: not flushed', async () => {
    await ingest(flight.batches, 'received');
    const before = await detector();
    const [proposal] = await proposalsOf();

    expect(proposal).toMatchObject({ status: 'open', takeoff_airport: 'LHDK' });
    expect(proposal!.landing_time).toBeUndefined();
    // The landing needs the fix after its middle one settled: the last fixes still wait.
    const waiting = JSON.parse(before!.state).pending as { timestamp: number }[];
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.at(-1)!.timestamp).toBe(flight.last);

    // Its newest fix 2 s old: the tracker may still be sending.
    const stats = await sweepOrganization(ORG, flight.last + 2_000);
    expect(stats).toMatchObject({ swept: 0, events: 0, proposals: 0 });
    expect((await detector())!.version).toBe(before!.version);
  });

  it('the job settles a quiet device: the landing and the launch reach the proposal, pushed', async () => {
    const pushed = pushes.length;

    const totals = await job(flight.last + QUIET_MS + 5_000);
    const [proposal] = await proposalsOf();
    const after = await detector();

    expect(totals).toMatchObject({ swept: 1, raced: 0, events: 1 });
    expect(totals.organizations).toBeGreaterThanOrEqual(2);
    expect(Math.abs(Date.parse(proposal!.landing_time!) - flight.landingAt)).toBeLessThan(10_000);
    expect(proposal).toMatchObject({
      landing_airport: 'LHDK',
      outlanding: false,
      takeoff_type_id: 3,
      launch_inferred: true,
    });
    expect(JSON.parse(after!.state)).toMatchObject({ pending: [], phase: 'ground' });
    expect(after!.outbox).toBeUndefined();
    expect(after!.launch_pending).toBeUndefined();
    const changed = pushes.slice(pushed).filter((p) => p.topic === sheetTopic);
    expect(changed.length).toBeGreaterThanOrEqual(1);
    expect(changed.at(-1)!.payload).toMatchObject({
      type: 'proposal.changed',
      proposal: { proposal_id: proposal!.proposal_id, landing_time: proposal!.landing_time },
    });
  });

  it('runs twice: the second run changes nothing', async () => {
    const before = { detector: await detector(), proposals: await proposalsOf() };
    const pushed = pushes.length;

    const totals = await job(flight.last + QUIET_MS + 5_000);
    const later = await job(flight.last + QUIET_MS + 65_000);

    expect(totals).toMatchObject({ swept: 0, events: 0, proposals: 0 });
    expect(later).toMatchObject({ swept: 0, events: 0, proposals: 0 });
    expect(await detector()).toEqual(before.detector);
    expect(await proposalsOf()).toEqual(before.proposals);
    expect(pushes.length).toBe(pushed);
  });

  it('a replay (old stamps, heard just now) is left to the ingest until it has been quiet', async () => {
    resetIngestCachesForTests();
    const replayed = cutAfterLanding(START + 2 * HOUR);
    await ingest(replayed.batches, 'wall');
    const heard = await detector();

    // By the stamps it has been quiet for long; by the receive clock it is still coming in.
    const early = await sweepOrganization(ORG, replayed.last + 30_000);
    expect(early.swept).toBe(0);
    expect((await detector())!.version).toBe(heard!.version);

    const late = await sweepOrganization(ORG, heard!.heard_at! + QUIET_MS);
    const landed = (await proposalsOf()).filter((p) => p.landing_time !== undefined);
    expect(late).toMatchObject({ swept: 1, events: 1 });
    expect(landed).toHaveLength(2);
    expect(Math.abs(Date.parse(landed[1]!.landing_time!) - replayed.landingAt)).toBeLessThan(10_000);
  });
});
