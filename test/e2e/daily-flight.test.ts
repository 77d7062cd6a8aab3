import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubEntryId } from '../../functions/flights/completion.ts';
import { CHROMIUM, CHROMIUM_ARGS, chromiumAvailable } from '../helpers/browser.ts';
import { accessTokenOf } from '../helpers/cognito.ts';
import { type LocalProcess, startLocalProcess } from '../helpers/local-process.ts';
import { signInAs } from '../helpers/sign-in.ts';

/**
 * Issue 5's acceptance at the launch point, on a 10-inch tablet (1280×800): the timer operator
 * records a winch launch and an aerotow with ONE tap each (the tow plane goes up with its glider),
 * lands all three with one tap each — one of them while the network is gone — and a second timer
 * operator's tablet shows every change live, without a reload. The pilot then finds both flights
 * in their glider logbook.
 */
const TABLET = { width: 1280, height: 800 };
const PILOT = 'Molnár Anna';
const INSTRUCTOR = 'Nagy László';

describe.runIf(chromiumAvailable())('the daily flight sheet on a tablet', () => {
  let stack: LocalProcess;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    stack = await startLocalProcess();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await stack?.stop();
  });

  const tablet = async (email: string): Promise<Page> => {
    const context = await browser.newContext({ viewport: TABLET, hasTouch: true, locale: 'hu-HU' });
    contexts.push(context);
    return signInAs(await context.newPage(), stack.url, email);
  };

  const openToday = async (page: Page) => {
    await page.goto(`${stack.url}/daily-flight/`);
    await page.locator('[data-testid="daily-flights-today"]').click();
    // The first sheet of a fresh stack compiles the screen in Vite's dev server: give it time.
    await page.locator('[data-testid="daily-sheet"]').waitFor({ timeout: 60_000 });
    // Live before anyone taps: what follows must arrive by push, not by a reload.
    await page.locator('[data-testid="sheet-live"][data-live="true"]').waitFor();
  };

  const pick = async (page: Page, testId: string, name: string) => {
    await page.locator(`[data-testid="${testId}"] button`).first().click();
    await page
      .getByRole('option', { name: new RegExp(name) })
      .first()
      .click();
  };

  const card = (page: Page, reg: string, status: string): Locator =>
    page.locator(
      `[data-testid="sheet-flight"][data-reg="${reg}"][data-status="${status}"][data-pending="false"]`,
    );

  /**
   * One tap on Land. A flight landed within a minute of its take-off (as these are, seconds after
   * their launch) would be 0:00: the sheet asks first, and the operator says yes.
   */
  const land = (page: Page, reg: string) =>
    landOn(
      page,
      card(page, reg, 'airborne'),
      page.locator(`[data-testid="sheet-flight"][data-reg="${reg}"][data-status="landed"]`),
    );
  const landOn = async (page: Page, airborne: Locator, landed: Locator) => {
    await airborne.locator('[data-testid="sheet-flight-land"]').click();
    const zero = page.locator('[data-testid="sheet-zero"]');
    await zero.or(landed).first().waitFor();
    if (await zero.isVisible()) await page.locator('[data-testid="sheet-zero-confirm"]').click();
  };

  it('one tap per launch and per landing, live on a second tablet, and into the pilot’s logbook', async () => {
    const timer = await tablet('instructor@demo.windsock.aero');
    const other = await tablet('admin@demo.windsock.aero');
    await openToday(timer);
    await openToday(other);

    // A winch launch: the glider, the pilot, the winch operator — then ONE tap.
    await timer.locator('[data-testid="launch-plane-HA-4370"]').click();
    await timer.locator('[data-testid="launch-method-3"]').click();
    await pick(timer, 'launch-pic', PILOT);
    await pick(timer, 'launch-winch-operator', INSTRUCTOR);
    await timer.locator('[data-testid="launch-now"]').click();
    await card(timer, 'HA-4370', 'airborne').waitFor();
    await timer
      .locator('[data-testid="sheet-group-airborne"] [data-testid="sheet-flight-timer"]')
      .first()
      .waitFor();

    // The other timer operator sees it without a reload.
    await card(other, 'HA-4370', 'airborne').waitFor();

    // An aerotow: the glider, the pilot, the tow plane and its pilot — then ONE tap; the tow plane is up too.
    await timer.locator('[data-testid="launch-plane-HA-4455"]').click();
    await timer.locator('[data-testid="launch-method-5"]').click();
    await pick(timer, 'launch-pic', PILOT);
    await timer.locator('[data-testid="launch-tow-plane-HA-SBX"]').click();
    await pick(timer, 'launch-tow-pilot', INSTRUCTOR);
    await timer.locator('[data-testid="launch-now"]').click();
    await card(timer, 'HA-4455', 'airborne').waitFor();
    await card(timer, 'HA-SBX', 'airborne').waitFor();
    await card(other, 'HA-SBX', 'airborne').waitFor();
    const reload = await timer.evaluate(() => performance.getEntriesByType('navigation').length);

    // The tow plane lands first, with one tap.
    await land(timer, 'HA-SBX');
    await card(timer, 'HA-SBX', 'landed').waitFor();

    // The network goes at the launch point: the landing is kept, shown pending, sent when it returns.
    await timer.context().setOffline(true);
    const tapped = Date.now();
    await land(timer, 'HA-4370');
    await timer.locator('[data-testid="sheet-offline"]').waitFor();
    await timer
      .locator('[data-testid="sheet-flight"][data-reg="HA-4370"][data-status="landed"][data-pending="true"]')
      .waitFor();
    const landed = timer.waitForResponse(
      (r) => r.url().includes('/landing') && r.request().method() === 'POST' && r.status() === 200,
    );
    await timer.context().setOffline(false);
    const landing = (await (await landed).json()) as { landing_time: string };
    await card(timer, 'HA-4370', 'landed').waitFor();
    expect(Math.abs(Date.parse(landing.landing_time) - tapped)).toBeLessThan(5_000);

    await land(timer, 'HA-4455');
    await card(timer, 'HA-4455', 'landed').waitFor();

    // Everything reached the other tablet live, and nobody reloaded a page.
    for (const reg of ['HA-4370', 'HA-4455', 'HA-SBX']) await card(other, reg, 'landed').waitFor();
    expect(await timer.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(reload);
    expect(await timer.locator('[data-testid="sheet-flight"][data-pending="true"]').count()).toBe(0);
    const ids = await Promise.all(
      ['HA-4370', 'HA-4455'].map((reg) => card(timer, reg, 'landed').getAttribute('data-flight-id')),
    );

    // The pilot signs in; both flights are in the glider logbook.
    const pilot = await tablet('pilot@demo.windsock.aero');
    await pilot.goto(`${stack.url}/logbook/glider/`);
    const logbook = await fetch(`${stack.url}/api/logbook/glider?limit=50`, {
      headers: { authorization: `Bearer ${await accessTokenOf(stack.url, 'pilot@demo.windsock.aero')}` },
    });
    expect(logbook.status).toBe(200);
    const { items } = (await logbook.json()) as { items: { entry_id: string; flight_id?: string | null }[] };
    const inLogbook = items.map((entry) => entry.flight_id ?? entry.entry_id);
    for (const id of ids) expect(inLogbook).toContain(id);
    // …and on the logbook screen the pilot has open (a club line's id carries its club and flight).
    for (const id of ids)
      await pilot
        .locator(`[data-testid="logbook-row-${clubEntryId('org-demo', id ?? '')}"]`)
        .first()
        .waitFor();
  });
  it('two timer operators change the same flight: the second sees both versions and chooses', async () => {
    const timer = await tablet('instructor@demo.windsock.aero');
    const other = await tablet('admin@demo.windsock.aero');
    await openToday(timer);
    await openToday(other);
    await timer.locator('[data-testid="launch-plane-HA-4012"]').click();
    await timer.locator('[data-testid="launch-method-3"]').click();
    await pick(timer, 'launch-pic', 'Kiss Bence');
    await timer.locator('[data-testid="launch-plan"]').click();
    const waiting = (page: Page) => card(page, 'HA-4012', 'planned');
    await waiting(timer).waitFor();
    await waiting(other).waitFor();
    const flightId = await waiting(timer).getAttribute('data-flight-id');

    // Both open the flight; the first saves a remark, then the second saves another.
    await waiting(timer).locator('[data-testid="sheet-flight-open"]').click();
    await waiting(other).locator('[data-testid="sheet-flight-open"]').click();
    await timer.locator('[data-testid="flight-edit-remarks"] textarea').fill('Kötélcsere után');
    const saved = timer.waitForResponse((r) => r.request().method() === 'PATCH' && r.status() === 200);
    await timer.locator('[data-testid="flight-edit-save"]').click();
    await saved;
    await other.locator('[data-testid="flight-edit-remarks"] textarea').fill('Vitorlázó a sorban');
    await other.locator('[data-testid="flight-edit-save"]').click();

    // Never a silent overwrite: both versions on screen, the operator decides.
    const conflict = other.locator('[data-testid="sheet-conflict"]');
    await conflict.waitFor();
    expect(await conflict.locator('[data-testid="sheet-conflict-mine-value"]').innerText()).toBe(
      'Vitorlázó a sorban',
    );
    expect(await conflict.locator('[data-testid="sheet-conflict-theirs-value"]').innerText()).toBe(
      'Kötélcsere után',
    );
    await conflict.locator('[data-testid="sheet-conflict-mine"]').click();
    await conflict.waitFor({ state: 'detached' });
    await waiting(other).waitFor();
    expect(await other.locator('[data-testid="sheet-flight"][data-pending="true"]').count()).toBe(0);

    const flight = await fetch(`${stack.url}/api/flights/${flightId}`, {
      headers: { authorization: `Bearer ${await accessTokenOf(stack.url, 'admin@demo.windsock.aero')}` },
    });
    expect(((await flight.json()) as { remarks: string }).remarks).toBe('Vitorlázó a sorban');
  });

  it('takes back a mis-tap in one tap: a launch, a take-off and a landing, online and offline', async () => {
    const timer = await tablet('instructor@demo.windsock.aero');
    await openToday(timer);
    const token = await accessTokenOf(stack.url, 'instructor@demo.windsock.aero');
    const onServer = async (id: string) => {
      const response = await fetch(`${stack.url}/api/flights/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.status === 404) return null;
      return (await response.json()) as {
        status: string;
        takeoff_time: string | null;
        landing_time: string | null;
      };
    };
    const undoBar = timer.locator('[data-testid="sheet-undo"]');
    const undo = () => timer.locator('[data-testid="sheet-undo-action"]').click();

    // The wrong glider launched at once: Undo takes the flight off the sheet and off the server.
    await timer.locator('[data-testid="launch-plane-HA-4370"]').click();
    await timer.locator('[data-testid="launch-method-3"]').click();
    await timer.locator('[data-testid="launch-now"]').click();
    const launched = card(timer, 'HA-4370', 'airborne');
    await launched.waitFor();
    const launchedId = (await launched.getAttribute('data-flight-id')) ?? '';
    expect(await onServer(launchedId)).not.toBeNull();
    await undoBar.waitFor();
    expect(await undoBar.innerText()).toContain('HA-4370');
    await undo();
    await undoBar.waitFor({ state: 'detached' });
    await expect.poll(() => timer.locator(`[data-flight-id="${launchedId}"]`).count()).toBe(0);
    await expect.poll(() => onServer(launchedId)).toBeNull();

    // Queued, then taken off by mistake: Undo puts it back among the waiting, on the server too.
    await timer.locator('[data-testid="launch-plane-HA-4370"]').click();
    await timer.locator('[data-testid="launch-plan"]').click();
    const queued = card(timer, 'HA-4370', 'planned');
    await queued.waitFor();
    const id = (await queued.getAttribute('data-flight-id')) ?? '';
    const flight = (status: string) =>
      timer.locator(
        `[data-testid="sheet-flight"][data-flight-id="${id}"][data-status="${status}"][data-pending="false"]`,
      );
    await flight('planned').locator('[data-testid="sheet-flight-takeoff"]').click();
    await flight('airborne').waitFor();
    await undo();
    await flight('planned').waitFor();
    await expect.poll(async () => (await onServer(id))?.status).toBe('planned');

    // Taken off, then the landing was the mis-tap: Undo makes it airborne again, on the server too.
    await flight('planned').locator('[data-testid="sheet-flight-takeoff"]').click();
    await flight('airborne').waitFor();
    await landOn(timer, flight('airborne'), flight('landed'));
    await flight('landed').waitFor();
    await undo();
    await flight('airborne').waitFor();
    const back = await onServer(id);
    expect(back?.status).toBe('airborne');
    expect(back?.landing_time).toBeNull();
    expect(back?.takeoff_time).not.toBeNull();

    // Offline the landing never leaves the tablet: Undo takes it out of the outbox, nothing is sent.
    await timer.context().setOffline(true);
    await landOn(
      timer,
      flight('airborne'),
      timer.locator(`[data-testid="sheet-flight"][data-flight-id="${id}"][data-status="landed"]`),
    );
    await timer.locator(`[data-flight-id="${id}"][data-status="landed"][data-pending="true"]`).waitFor();
    await undo();
    await flight('airborne').waitFor();
    expect(await timer.locator('[data-testid="sheet-flight"][data-pending="true"]').count()).toBe(0);
    await timer.context().setOffline(false);
    await timer.locator('[data-testid="sheet-live"][data-live="true"]').waitFor();
    expect((await onServer(id))?.status).toBe('airborne');
  });
});
