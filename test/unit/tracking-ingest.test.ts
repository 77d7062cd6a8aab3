import { describe, expect, it } from 'vitest';
import type { MqttPrincipal, PublishHook } from '../../bin/local/mqtt.ts';
import { startOgnIngest } from '../../bin/local/ogn-ingest.ts';
import { todayIn } from '../../contracts/calendar.ts';
import type { BeaconBatch } from '../../contracts/schemas/tracking.ts';
import { resetEnvForTests } from '../../functions/platform/config/env.ts';
import { db } from '../../functions/platform/db/service.ts';
import { organizationContext, resetDeviceCaches } from '../../functions/tracking/devices.ts';
import { emptyStats, type IngestStats } from '../../functions/tracking/ingest-stats.ts';
import { type IngestStore, trackPointRecord } from '../../functions/tracking/ingest-store.ts';

describe('track points written without ElectroDB', () => {
  it('are the very items ElectroDB would write', () => {
    process.env.TABLE_NAME ??= 'windsock-test';
    resetEnvForTests();
    const items = [
      { organization_id: 'org-demo', date: '2026-06-13', address: 'DD4012', timestamp: 1_781_352_000_123 },
      { organization_id: 'Org-Mixed', date: '2026-12-31', address: '4d2a11', timestamp: 1_798_675_199_999 },
    ].map((key) => ({
      ...key,
      latitude: 47.6167,
      longitude: 19.1433,
      altitude: 126.5,
      ground_speed: 0,
      climb_rate: -0.3,
      ttl: 1_789_128_000,
    }));

    for (const item of items)
      expect(trackPointRecord(item)).toEqual(db().entities.trackPoint.put(item).params().Item);
  });
});

describe('what the ingest remembers of an organization', () => {
  it('sees a changed base airport, time zone or airport list within a minute', async () => {
    // Prepare: a store whose answers the test changes between ingests
    resetDeviceCaches();
    const settings = { timezone: 'Europe/Budapest', base_airport: 'LHDK' as string | null };
    const airports = [
      { icao: 'LHDK', latitude: 47.6167, longitude: 19.1433, altitude: 126, runway_length: null },
      { icao: 'LOWZ', latitude: 47.2925, longitude: 12.7878, altitude: 753, runway_length: 660 },
    ];
    let reads = 0;
    const store = {
      organization: async () => {
        reads++;
        return { ...settings };
      },
      airports: async () => airports.map((a) => ({ ...a })),
    } as unknown as IngestStore;
    const icaos = async (at: number) =>
      (await organizationContext(store, 'org-x', at))!.airfields.map((a) => a.icao).sort();
    const t0 = Date.parse('2026-06-13T12:00:00Z');

    // Act / Assess: the base moves to LOWZ, which then gets a neighbour
    expect(await icaos(t0)).toEqual(['LHDK']);
    settings.base_airport = 'LOWZ';
    settings.timezone = 'Europe/Vienna';
    expect(await icaos(t0 + 30_000)).toEqual(['LHDK']);
    expect(await icaos(t0 + 60_000)).toEqual(['LOWZ']);
    expect((await organizationContext(store, 'org-x', t0 + 60_000))!.timezone).toBe('Europe/Vienna');
    airports.push({ icao: 'LOWS', latitude: 47.3944, longitude: 12.9, altitude: 750, runway_length: 500 });
    expect(await icaos(t0 + 119_999)).toEqual(['LOWZ']);
    expect(await icaos(t0 + 120_000)).toEqual(['LOWS', 'LOWZ']);
    expect(reads).toBe(3);
  });
});

describe('the operating day of a fix', () => {
  const store = (timezone: string) =>
    ({
      organization: async () => ({ timezone, base_airport: null }),
      airports: async () => [],
    }) as unknown as IngestStore;

  it.each(['Europe/Budapest', 'America/St_Johns', 'Asia/Kathmandu', 'Pacific/Chatham', 'UTC'])(
    'matches todayIn around midnights and clock changes in %s',
    async (timezone) => {
      resetDeviceCaches();
      const context = (await organizationContext(store(timezone), `org-${timezone}`, 0))!;
      // Every 17 minutes through a year in time order, then some of them shuffled.
      const instants: number[] = [];
      for (
        let t = Date.parse('2026-01-01T00:00:00Z');
        t < Date.parse('2027-01-01T00:00:00Z');
        t += 17 * 60_000
      )
        instants.push(t);
      const shuffled = instants
        .filter((_, i) => i % 7 === 0)
        .sort((a, b) => ((a * 7919) % 1009) - ((b * 7919) % 1009));
      const all = [...instants, ...shuffled];
      const format = new Intl.DateTimeFormat('en-CA', {
        timeZone: timezone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });

      expect(format.format(all[0]!)).toBe(todayIn(timezone, new Date(all[0]!)));
      expect(all.map((t) => context.dayOf(t))).toEqual(all.map((t) => format.format(t)));
    },
  );
});

describe('the local ingest queue', () => {
  const service: MqttPrincipal = { kind: 'service', publish: ['ogn/beacons/#'], subscribe: [] };
  const user: MqttPrincipal = { kind: 'user', userId: 'u', topics: { subscribe: [], deny: [] } };
  const batch = (n: number, tag: string): BeaconBatch => ({
    lines: Array.from({ length: n }, (_, i) => `${tag}${i}`),
    received_at: '2026-06-13T12:00:00Z',
  });
  const stats = (lines: number): IngestStats => ({ ...emptyStats(), lines });

  function setup(options: { maxLines?: number; mergeLines?: number } = {}) {
    let hook: PublishHook | undefined;
    const runs: BeaconBatch[][] = [];
    const logs: string[] = [];
    let release: () => void = () => undefined;
    let gate = Promise.resolve();
    const ingest = startOgnIngest(
      { onPublish: (h) => (hook = h) },
      {
        ...options,
        log: (line) => logs.push(line),
        ingest: async (batches) => {
          runs.push(batches);
          await gate;
          return stats(batches.reduce((n, b) => n + b.lines.length, 0));
        },
      },
    );
    const send = (topic: string, payload: unknown, principal = service) =>
      hook!(topic, Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload)), principal);
    const hold = () => {
      gate = new Promise((resolve) => (release = resolve));
    };
    return { ingest, runs, logs, send, hold, release: () => release() };
  }

  it('ingests the bridge’s batches, one run at a time, everything that waited in one run', async () => {
    const { ingest, runs, send, hold, release } = setup();
    hold();

    send('ogn/beacons/LHDK', batch(2, 'a'));
    send('ogn/beacons/LHDKwest', batch(3, 'b'));
    send('ogn/beacons/LHDK', batch(1, 'c'));
    await Promise.resolve();
    release();
    await ingest.drained();

    expect(runs.map((r) => r.map((b) => b.lines[0]))).toEqual([['a0'], ['b0', 'c0']]);
    expect(ingest.stats).toMatchObject({ received: 3, lines: 6, runs: 2, dropped: 0 });
  });

  it('drops what is not a beacon batch or not from the bridge, and the oldest when full', async () => {
    const { ingest, runs, send, hold, release, logs } = setup({ maxLines: 5 });
    hold();

    send('ogn/beacons/X', '{not json');
    send('ogn/beacons/X', { lines: 'x' });
    send('ogn/beacons/X', batch(1, 'u'), user);
    send('org/o/live', batch(1, 'o'));
    send('ogn/beacons/X', batch(2, 'first'));
    await Promise.resolve();
    send('ogn/beacons/X', batch(3, 'old'));
    send('ogn/beacons/X', batch(3, 'new'));
    release();
    await ingest.drained();

    expect(runs.map((r) => r.map((b) => b.lines[0]))).toEqual([['first0'], ['new0']]);
    expect(ingest.stats).toMatchObject({ rejected: 2, dropped: 3, received: 3 });
    expect(logs.some((l) => l.includes('queue full'))).toBe(true);
  });

  it('stops taking batches once closed', async () => {
    const { ingest, runs, send } = setup();

    await ingest.close();
    send('ogn/beacons/X', batch(1, 'late'));
    await ingest.drained();

    expect(runs).toEqual([]);
  });
});
