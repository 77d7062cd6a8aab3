import { mkdir } from 'node:fs/promises';
import mqtt from 'mqtt';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afternoon, aircraftLine, DEMO_DEVICES, LHDK, winchLaunch } from '../../bin/local/ogn-sim.ts';
import { todayIn } from '../../contracts/calendar.ts';
import { resetEnvForTests } from '../../functions/platform/config/env.ts';
import { resetDynamoForTests } from '../../functions/platform/db/client.ts';
import { db, resetDbForTests } from '../../functions/platform/db/service.ts';
import { parse } from '../../functions/tracking/ogn-parser.ts';
import { CHROMIUM, CHROMIUM_ARGS, chromiumAvailable } from '../helpers/browser.ts';
import { type LocalProcess, startLocalProcess } from '../helpers/local-process.ts';
import { signInAs } from '../helpers/sign-in.ts';

/**
 * Issue 6 §6 in the browser: the ogn-log screen, the daily sheet's map panel and a logbook line's
 * route, on the plain background the local stack has without internet. The club's afternoon comes
 * from the beacon simulator, parsed and stored as the ingest stores it; one more beacon then goes
 * through MQTT and the ingest, and reaches the timer operator's open map by push.
 *
 * WINDSOCK_SCREENSHOTS=<dir> keeps a PNG of each screen there (to look at them).
 */
const ORG = 'org-demo';
const TIME_ZONE = 'Europe/Budapest';
const BRIDGE_PASSWORD = 'e2e-ogn-bridge-secret';
const SHOTS = process.env.WINDSOCK_SCREENSHOTS;
/** A 1×1 PNG: a tile as far as Leaflet can tell. */
const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const TRACKED = new Map<string, { plane_id: string; reg_num: string }>([
  [DEMO_DEVICES['HA-4012'], { plane_id: 'plane-ha-4012', reg_num: 'HA-4012' }],
  [DEMO_DEVICES['HA-4370'], { plane_id: 'plane-ha-4370', reg_num: 'HA-4370' }],
  [DEMO_DEVICES['HA-4455'], { plane_id: 'plane-ha-4455', reg_num: 'HA-4455' }],
  [DEMO_DEVICES['HA-SBX'], { plane_id: 'plane-ha-sbx', reg_num: 'HA-SBX' }],
  [DEMO_DEVICES['HA-1265'], { plane_id: 'plane-ha-1265', reg_num: 'HA-1265' }],
]);

interface Fix {
  address: string;
  timestamp: number;
  latitude: number;
  longitude: number;
  altitude: number;
  ground_speed: number;
  climb_rate: number;
  track: number;
}

/** The simulator's lines as the ingest reads them: the tracked aircraft's positions. */
const fixesOf = (stream: { lines: string[]; at: number[] }, until: number): Fix[] =>
  stream.lines.flatMap((line, i) => {
    const at = stream.at[i]!;
    if (at > until) return [];
    const beacon = parse(line, new Date(at)) as Record<string, unknown>;
    if (beacon.aprs_type !== 'position' || !TRACKED.has(String(beacon.address))) return [];
    return [
      {
        address: String(beacon.address),
        timestamp: Date.parse(String(beacon.timestamp)),
        latitude: Number(beacon.latitude),
        longitude: Number(beacon.longitude),
        altitude: Number(beacon.altitude),
        ground_speed: Number(beacon.ground_speed ?? 0),
        climb_rate: Number(beacon.climb_rate ?? 0),
        track: Number(beacon.track ?? 0),
      },
    ];
  });

const ttl = () => Math.floor(Date.now() / 1000) + 2 * 86_400;

async function storeTrack(fixes: Fix[]) {
  // Two receivers hear the same beacon: one track point (the key is the device and the time).
  const unique = [...new Map(fixes.map((f) => [`${f.address}#${f.timestamp}`, f])).values()];
  const items = unique.map((f) => ({
    organization_id: ORG,
    date: todayIn(TIME_ZONE, new Date(f.timestamp)),
    address: f.address,
    timestamp: f.timestamp,
    latitude: f.latitude,
    longitude: f.longitude,
    altitude: f.altitude,
    ground_speed: f.ground_speed,
    climb_rate: f.climb_rate,
    ttl: ttl(),
  }));
  for (let i = 0; i < items.length; i += 500)
    await db()
      .entities.trackPoint.put(items.slice(i, i + 500))
      .go();
}

describe.runIf(chromiumAvailable())('the OGN maps', () => {
  let stack: LocalProcess;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let heard: string[] = [];
  let routeEntryId = '';

  beforeAll(async () => {
    stack = await startLocalProcess({ env: { OGN_BRIDGE_PASSWORD: BRIDGE_PASSWORD } });
    const dynamo = /DynamoDB: (\S+) \(table (\S+);/.exec(stack.output());
    expect(dynamo, stack.output()).not.toBeNull();
    Object.assign(process.env, { DYNAMODB_ENDPOINT: dynamo![1], TABLE_NAME: dynamo![2], STAGE: 'local' });
    resetEnvForTests();
    resetDynamoForTests();
    resetDbForTests();

    // Today: the afternoon so far (started 100 minutes ago), and who was heard in the last minutes.
    const now = Date.now();
    const today = afternoon({ seed: 11, start: new Date(now - 100 * 60_000), hours: 3 });
    const fixes = fixesOf(today, now);
    await storeTrack(fixes);
    const latest = new Map<string, Fix>();
    for (const f of fixes)
      if ((latest.get(f.address)?.timestamp ?? 0) < f.timestamp) latest.set(f.address, f);
    const live = [...latest.values()].filter((f) => f.timestamp > now - 10 * 60_000);
    heard = live.map((f) => f.address);
    expect(heard.length).toBeGreaterThan(0);
    await db()
      .entities.livePosition.put(
        live.map((f) => ({
          organization_id: ORG,
          ...f,
          ...TRACKED.get(f.address)!,
          plane_category: (f.address === DEMO_DEVICES['HA-SBX'] || f.address === DEMO_DEVICES['HA-1265']
            ? 'plc_01'
            : 'plc_02') as 'plc_01' | 'plc_02',
          phase: f.ground_speed > 40 ? 'air' : 'ground',
          ttl: ttl(),
        })),
      )
      .go();

    // The demo pilot's latest club glider flight, with its glider's track as the simulator flies it.
    const { data } = await db()
      .entities.logbookEntry.query.byKind({ user_id: 'user-pilot', kind: 'glider' })
      .go({ order: 'desc', limit: 20 });
    const line = data.find((e) => e.flight_id && e.landing_time && e.plane_id);
    expect(line).toBeDefined();
    routeEntryId = line!.entry_id;
    const plane = await db().entities.plane.get({ organization_id: ORG, plane_id: line!.plane_id! }).go();
    const takeoff = Date.parse(line!.takeoff_time);
    const flown = fixesOf(
      winchLaunch({ seed: 3, start: new Date(takeoff - 40_000) }),
      Number.POSITIVE_INFINITY,
    )
      .filter((f) => f.address === DEMO_DEVICES['HA-4012'])
      .map((f) => ({ ...f, address: plane.data!.ogn_id! }));
    await storeTrack(flown);

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    });
    if (SHOTS) await mkdir(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await stack?.stop();
  });

  const signedIn = async (email: string, viewport = { width: 1280, height: 900 }): Promise<Page> => {
    const context = await browser.newContext({ viewport, locale: 'hu-HU' });
    contexts.push(context);
    const page = await context.newPage();
    await signInAs(page, stack.url, email);
    return page;
  };
  const shoot = async (page: Page, name: string) => {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  };

  it('shows a member the club’s aircraft live, the day’s tracks and the aircraft heard', async () => {
    const pilot = await signedIn('pilot@demo.windsock.aero');

    await pilot.goto(`${stack.url}/ogn-log/`);

    // The first visit compiles the screen in Vite's dev server: give it time.
    const map = pilot.locator(`[data-testid="ogn-log-map"][data-aircraft="${heard.length}"]`);
    await map.waitFor({ timeout: 60_000 });
    expect(await map.getAttribute('data-plain')).toBe('true');
    // The day's tracks: read with the live positions, longer to read (a whole afternoon).
    await expect
      .poll(async () => Number(await map.getAttribute('data-points')), { timeout: 30_000 })
      .toBeGreaterThan(1000);
    await expect.poll(() => pilot.locator('.ws-map-aircraft').count()).toBe(heard.length);
    for (const address of heard) await pilot.locator(`[data-testid="heard-${address}"]`).waitFor();
    await pilot.locator('.ws-map-airfield', { hasText: 'LHDK' }).waitFor();
    // Not a timer operator: no push for this member (spec §6), the map is read again instead.
    await pilot.locator('[data-testid="ogn-log-status"]').getByText('15').waitFor();
    // The screen says the product follows the OGN's privacy rules (issue 18).
    expect(await pilot.locator('[data-testid="ogn-log-privacy"]').innerText()).toMatch(
      /OGN adatvédelmi szabályait.*no-tracking.*stealth.*törli/s,
    );
    await shoot(pilot, 'ogn-log');
  });

  it('gives the timer operator the sheet’s map panel and positions by push; a member reads them again', async () => {
    const operator = await signedIn('instructor@demo.windsock.aero');
    const today = todayIn(TIME_ZONE);
    await operator.goto(`${stack.url}/daily-flight/${today}/`);
    await operator.locator('[data-testid="daily-sheet"]').waitFor({ timeout: 60_000 });
    await operator.locator('[data-testid="sheet-map-panel"]').getByRole('button').first().click();
    await operator
      .locator(`[data-testid="sheet-map"][data-aircraft="${heard.length}"]`)
      .waitFor({ timeout: 60_000 });
    await operator.locator('[data-testid="sheet-live"][data-live="true"]').waitFor();

    // A member without daily-flight-edit watches the OGN log meanwhile.
    const member = await signedIn('pilot@demo.windsock.aero');
    await member.goto(`${stack.url}/ogn-log/`);
    await member
      .locator(`[data-testid="ogn-log-map"][data-aircraft="${heard.length}"]`)
      .waitFor({ timeout: 60_000 });

    // A glider not heard so far comes up over the field: bridge → MQTT → ingest → push.
    const newcomer = [...TRACKED.keys()].find((address) => !heard.includes(address));
    expect(newcomer, 'the simulated afternoon heard every aircraft').toBeDefined();
    const port = /MQTT: tcp:\/\/127\.0\.0\.1:(\d+)/.exec(stack.output())![1];
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      username: 'ogn-bridge',
      password: BRIDGE_PASSWORD,
      protocolVersion: 4,
    });
    const at = Date.now() - 1000;
    const beacon = aircraftLine(
      { address: newcomer!, kind: 'glider' },
      'LHDK',
      {
        t: at,
        latitude: LHDK.latitude + 0.01,
        longitude: LHDK.longitude - 0.015,
        alt: 620,
        gs: 95,
        track: 250,
        climb: 2.1,
        turn: 0,
      },
      { snr: 12, errors: 0, offset: 0.4 },
    );
    await client.publishAsync(
      'ogn/beacons/LHDK',
      JSON.stringify({ lines: [beacon], received_at: new Date().toISOString() }),
    );
    await client.endAsync();

    // Well before the next full read (2 minutes for a timer operator): it came by push.
    await operator
      .locator(`[data-testid="sheet-map"][data-aircraft="${heard.length + 1}"]`)
      .waitFor({ timeout: 15_000 });
    await operator.locator('.ws-map-aircraft', { hasText: TRACKED.get(newcomer!)!.reg_num }).waitFor();
    // The member gets it with the next read, every 15 seconds.
    await member
      .locator(`[data-testid="ogn-log-map"][data-aircraft="${heard.length + 1}"]`)
      .waitFor({ timeout: 25_000 });
    const panelMap = operator.locator('[data-testid="sheet-map"]');
    await expect
      .poll(async () => Number(await panelMap.getAttribute('data-points')), { timeout: 30_000 })
      .toBeGreaterThan(1000);
    await operator.locator('[data-testid="sheet-map-panel"]').scrollIntoViewIfNeeded();
    await shoot(operator, 'daily-sheet-map');
  });

  it('draws on tiles from the configured URL, and on the plain background when they do not load', async () => {
    // One page with tiles served, one whose tile server is unreachable (the airfield without internet).
    const withTiles = async (tilesUrl: string) => {
      const page = await signedIn('pilot@demo.windsock.aero');
      await page.route('**/config.json', async (route) => {
        const config = await (await route.fetch()).json();
        await route.fulfill({ json: { ...config, tilesUrl, tilesAttribution: '© Test tiles' } });
      });
      await page.route('https://tiles.example/**', (route) =>
        route.fulfill({ contentType: 'image/png', body: Buffer.from(PIXEL, 'base64') }),
      );
      await page.goto(`${stack.url}/ogn-log/`);
      return page;
    };

    const online = await withTiles('https://tiles.example/{z}/{x}/{y}.png');
    const offline = await withTiles('http://127.0.0.1:9/{z}/{x}/{y}.png');

    await online
      .locator('[data-testid="ogn-log-map"] .leaflet-tile-loaded')
      .first()
      .waitFor({ timeout: 60_000 });
    expect(await online.locator('[data-testid="ogn-log-map"]').getAttribute('data-plain')).toBe('false');
    await online.getByText('© Test tiles').waitFor();
    await offline.locator('[data-testid="ogn-log-map"][data-plain="true"]').waitFor({ timeout: 60_000 });
    await offline.locator('[data-testid="tracking-map-plain"]').waitFor();
    await offline.locator('.ws-map-aircraft').first().waitFor();
  });

  it('draws a logbook line’s route with its take-off and landing', async () => {
    const pilot = await signedIn('pilot@demo.windsock.aero');

    await pilot.goto(`${stack.url}/logbook/glider/${routeEntryId}/`);
    await pilot.locator('[data-testid="entry-route-show"]').click({ timeout: 60_000 });

    const map = pilot.locator('[data-testid="entry-route-map"][data-tracks="1"]');
    await map.waitFor({ timeout: 60_000 });
    await pilot.locator('.ws-map-end--takeoff').waitFor();
    await pilot.locator('.ws-map-end--landing').waitFor();
    // The club's base airfield, named on the map (the airports lookup list).
    await pilot.locator('.ws-map-airfield', { hasText: 'LHDK' }).waitFor();
    expect(Number(await map.getAttribute('data-points'))).toBeGreaterThan(50);
    await pilot.locator('[data-testid="entry-route"]').scrollIntoViewIfNeeded();
    await shoot(pilot, 'logbook-route');
  });
});
