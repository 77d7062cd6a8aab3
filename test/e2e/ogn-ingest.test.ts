import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toRecording, winchLaunch } from '../../bin/local/ogn-sim.ts';
import { todayIn } from '../../contracts/calendar.ts';
import { CHROMIUM, CHROMIUM_ARGS, chromiumAvailable } from '../helpers/browser.ts';
import { type LocalProcess, ROOT, startLocalProcess } from '../helpers/local-process.ts';
import { signInAs } from '../helpers/sign-in.ts';

/**
 * Issue 6 §7, the whole way: a recorded winch launch of HA-4012 (the beacon simulator's, timed to
 * have just happened) is replayed by the bridge's own CLI (`npm run ogn:replay`) into `npm start`'s
 * MQTT broker → the aedes hook → the ingest → DynamoDB. The timer operator, with the OGN log and the
 * daily sheet open, sees the glider arrive on the map by push (no reload), the detected flight
 * proposed on the sheet with its times and the inferred winch launch, and puts it on the sheet with
 * one tap; the flight's screen then draws its route.
 */
const TABLET = { width: 1280, height: 800 };
const BRIDGE_PASSWORD = 'e2e-ogn-ingest-secret';

describe.runIf(chromiumAvailable())('OGN beacons to the sheet and the map', () => {
  let stack: LocalProcess;
  let browser: Browser;
  let dir: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'windsock-ogn-e2e-'));
    stack = await startLocalProcess({ env: { OGN_BRIDGE_PASSWORD: BRIDGE_PASSWORD } });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await stack?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const signIn = async (path: string, ready: string): Promise<Page> => {
    const context = await browser.newContext({ viewport: TABLET, hasTouch: true, locale: 'hu-HU' });
    contexts.push(context);
    const page = await context.newPage();
    await signInAs(page, stack.url, 'instructor@demo.windsock.aero');
    await page.goto(`${stack.url}${path}`);
    // A fresh stack compiles the screen in Vite's dev server first: give it time.
    await page.locator(ready).waitFor({ timeout: 60_000 });
    return page;
  };

  /** `npm run ogn:replay -- FILE --speed 0` against the stack's broker, as a developer runs it. */
  const replay = async (file: string) => {
    const mqttPort = /MQTT: tcp:\/\/127\.0\.0\.1:(\d+)/.exec(stack.output())?.[1];
    if (!mqttPort) throw new Error(`no MQTT port in:\n${stack.output()}`);
    const child = spawn(process.execPath, ['bin/ogn-bridge.ts', 'replay', file, '--speed', '0'], {
      cwd: ROOT,
      env: {
        ...process.env,
        OGN_MQTT_URL: `mqtt://127.0.0.1:${mqttPort}`,
        OGN_MQTT_PASSWORD: BRIDGE_PASSWORD,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    expect(code, output).toBe(0);
  };

  it('replays a winch launch: live position by push, the flight proposed, one tap puts it on the sheet', async () => {
    // Prepare: the simulator's winch launch and landing of HA-4012, ending a minute ago.
    const probe = winchLaunch();
    const span = probe.at.at(-1)! - probe.at[0]!;
    const stream = winchLaunch({ start: new Date(Date.now() - span - 60_000) });
    const launch = stream.truth.events.find((e) => e.type === 'takeoff')!;
    const landing = stream.truth.events.find((e) => e.type === 'landing')!;
    const file = join(dir, 'winch.tsv');
    await writeFile(file, toRecording(stream));
    const today = todayIn('Europe/Budapest', new Date(launch.at));

    const map = await signIn('/ogn-log/', '[data-testid="ogn-log-heard"]');
    const sheet = await signIn(`/daily-flight/${today}`, '[data-testid="daily-sheet"]');
    expect(await map.locator('[data-testid="heard-DD4012"]').count()).toBe(0);
    expect(await sheet.locator('[data-testid="sheet-proposal"][data-reg="HA-4012"]').count()).toBe(0);

    // Act
    await replay(file);

    // Assess: the map gets the glider by push (the timer operator's map does not poll for it).
    await map.locator('[data-testid="heard-DD4012"]').waitFor({ timeout: 30_000 });
    // The sheet gets the proposal by push too, with the detected times and the winch launch.
    const proposal = sheet.locator('[data-testid="sheet-proposal"][data-reg="HA-4012"]');
    await expect
      .poll(async () => ((await proposal.count()) > 0 ? proposal.innerText() : ''), { timeout: 30_000 })
      .toMatch(/leszállás/);
    const text = await proposal.innerText();
    expect(text).toContain('Csörlő');
    // The detected times are within seconds of when the simulated glider crossed the thresholds
    // (the detector's event sits on the middle of three fixes; the sheet shows whole seconds).
    const shown = (word: string) => {
      const [, hh, mm, ss] = new RegExp(`${word} (\\d\\d):(\\d\\d):(\\d\\d) \\(LHDK\\)`).exec(text) ?? [];
      expect(hh, text).toBeDefined();
      return Number(hh) * 3600 + Number(mm) * 60 + Number(ss);
    };
    const secondsOfDay = (ms: number) => {
      const [hh, mm, ss] = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Budapest',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      })
        .format(new Date(ms))
        .split(':')
        .map(Number);
      return hh! * 3600 + mm! * 60 + ss!;
    };
    expect(Math.abs(shown('felszállás') - secondsOfDay(launch.at))).toBeLessThanOrEqual(15);
    expect(Math.abs(shown('leszállás') - secondsOfDay(landing.at))).toBeLessThanOrEqual(15);

    await proposal.locator('[data-testid="sheet-proposal-add"]').click();
    const card = sheet.locator('[data-testid="sheet-flight"][data-reg="HA-4012"][data-pending="false"]');
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('landed');
    await proposal.waitFor({ state: 'detached' });

    // The flight's own screen draws its route from the stored track points.
    const flightId = await card.getAttribute('data-flight-id');
    await sheet.goto(`${stack.url}/flight/glider/${flightId}`);
    await sheet.locator('[data-testid="entry-route-show"]').click({ timeout: 60_000 });
    await sheet.locator('[data-testid="entry-route-map"][data-tracks="1"]').waitFor();
  });
});
