import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_NAME } from '../../bin/local/stack.ts';
import { todayIn } from '../../contracts/calendar.ts';
import { resetEnvForTests } from '../../functions/platform/config/env.ts';
import { resetDynamoForTests } from '../../functions/platform/db/client.ts';
import { db, resetDbForTests } from '../../functions/platform/db/service.ts';
import { CHROMIUM, CHROMIUM_ARGS, chromiumAvailable } from '../helpers/browser.ts';
import { type LocalProcess, startLocalProcess } from '../helpers/local-process.ts';
import { signInAs } from '../helpers/sign-in.ts';

/**
 * Issue 6 §5 at the launch point: flights the OGN detector proposed (seeded in the local stack's
 * DynamoDB as the ingest writes them) are on the timer operator's sheet — on a 10-inch tablet and on
 * a phone — and one tap takes each: "Add to sheet" for a detection no flight matches, "Apply" on
 * the waiting flight a detection matches. Offline, the taps wait with a note.
 */
const TABLET = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const ORG = 'org-demo';

describe.runIf(chromiumAvailable())('detected flights on the daily sheet', () => {
  let stack: LocalProcess;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const today = todayIn('Europe/Budapest', new Date());

  beforeAll(async () => {
    stack = await startLocalProcess();
    // The stack's own DynamoDB (printed in its banner): the test writes proposals as the ingest would.
    const endpoint = /DynamoDB: (http:\/\/\S+)/.exec(stack.output())?.[1];
    if (!endpoint) throw new Error(`no DynamoDB endpoint in:\n${stack.output()}`);
    Object.assign(process.env, {
      STAGE: 'test',
      TABLE_NAME,
      DYNAMODB_ENDPOINT: endpoint,
      LOG_LEVEL: 'ERROR',
    });
    resetEnvForTests();
    resetDynamoForTests();
    resetDbForTests();
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

  const seed = (
    reg: string,
    planeId: string,
    address: string,
    minutesAgo: number,
    patch: { landedMinutesAgo?: number; short_launch?: true; landing_uncertain?: true } = {},
  ) => {
    const at = Date.now() - minutesAgo * 60_000;
    const { landedMinutesAgo, ...marks } = patch;
    return db()
      .entities.flightProposal.create({
        organization_id: ORG,
        date: today,
        proposal_id: `${address}-${at}`,
        address,
        plane_id: planeId,
        reg_num: reg,
        plane_category: 'plc_02',
        takeoff_time: new Date(at).toISOString(),
        takeoff_airport: 'LHDK',
        takeoff_type_id: 3,
        launch_inferred: true,
        ...(landedMinutesAgo !== undefined && {
          landing_time: new Date(Date.now() - landedMinutesAgo * 60_000).toISOString(),
          landing_airport: 'LHDK',
        }),
        ...marks,
      })
      .go();
  };
  /** WINDSOCK_SCREENSHOTS=<dir>: the screens as the timer operator sees them, to look at. */
  const screenshot = async (page: Page, name: string) => {
    const dir = process.env.WINDSOCK_SCREENSHOTS;
    if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
  };

  const signIn = async (viewport: { width: number; height: number }): Promise<Page> => {
    const context = await browser.newContext({ viewport, hasTouch: true, locale: 'hu-HU' });
    contexts.push(context);
    const page = await context.newPage();
    await signInAs(page, stack.url, 'instructor@demo.windsock.aero');
    await page.goto(`${stack.url}/daily-flight/${today}`);
    // The first sheet of a fresh stack compiles the screen in Vite's dev server: give it time.
    await page.locator('[data-testid="daily-sheet"]').waitFor({ timeout: 60_000 });
    return page;
  };

  const detected = (page: Page, reg: string) =>
    page.locator(`[data-testid="sheet-proposal"][data-reg="${reg}"]`);
  const card = (page: Page, reg: string, status: string) =>
    page.locator(
      `[data-testid="sheet-flight"][data-reg="${reg}"][data-status="${status}"][data-pending="false"]`,
    );

  it('on a tablet: one tap adds an unmatched detection, one tap applies a matched one', async () => {
    await seed('HA-4012', 'plane-ha-4012', 'DD4012', 4);
    const timer = await signIn(TABLET);

    // Unmatched: its own card with the detected time and launch; one tap puts it on the sheet.
    const proposal = detected(timer, 'HA-4012');
    await proposal.waitFor();
    expect(await proposal.innerText()).toMatch(/felszállás \d\d:\d\d:\d\d \(LHDK\) · Csörlő/);
    await proposal.locator('[data-testid="sheet-proposal-add"]').click();
    await card(timer, 'HA-4012', 'airborne').waitFor();
    await proposal.waitFor({ state: 'detached' });
    // Recorded without crew, its dialog opens asking who flew; the timer leaves that for later.
    await timer.locator('[data-testid="flight-edit-ask-crew"]').waitFor();
    await timer.locator('[data-testid="flight-edit-cancel"]').click();
    await timer.locator('[data-testid="flight-edit"]').waitFor({ state: 'detached' });

    // A glider waiting on the sheet, then its take-off detected: the detection sits on its card.
    await timer.locator('[data-testid="launch-plane-HA-4370"]').click();
    await timer.locator('[data-testid="launch-method-3"]').click();
    await timer.locator('[data-testid="launch-plan"]').click();
    await card(timer, 'HA-4370', 'planned').waitFor();
    await seed('HA-4370', 'plane-ha-4370', 'DD4370', 2);
    await timer.reload();
    const waiting = card(timer, 'HA-4370', 'planned');
    await waiting.locator('[data-testid="sheet-flight-detected"]').waitFor();
    expect(await detected(timer, 'HA-4370').count()).toBe(0);
    await waiting.locator('[data-testid="sheet-flight-apply"]').click();
    await card(timer, 'HA-4370', 'airborne').waitFor();
    expect(await timer.locator('[data-testid="sheet-flight"][data-reg="HA-4370"]').count()).toBe(1);
    // The applied proposal's strip goes once the sheet has its answer; a pushed update of the
    // proposal may land just before the HTTP answer, so wait for the strip to go, not count at once.
    await timer.locator('[data-testid="sheet-flight-detected"]').first().waitFor({ state: 'detached' });
  });

  it('on a phone: big enough to tap, and waiting with a note while offline', async () => {
    await seed('HA-4455', 'plane-ha-4455', 'DD4455', 1);
    const phone = await signIn(PHONE);
    const proposal = detected(phone, 'HA-4455');
    await proposal.waitFor();
    const add = proposal.locator('[data-testid="sheet-proposal-add"]');
    const box = await add.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(56);
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= PHONE.width).toBe(true);

    await phone.context().setOffline(true);
    await phone.locator('[data-testid="sheet-proposals-offline"]').waitFor();
    expect(await add.isDisabled()).toBe(true);
    await phone.context().setOffline(false);
    await expect.poll(() => add.isDisabled()).toBe(false);
    await add.click();
    await card(phone, 'HA-4455', 'airborne').waitFor();
  });

  it('shows at a glance a short winch launch and a landing time estimated across a reception gap', async () => {
    // Prepare: a cable break landed straight ahead, and a flight whose landing fell into a gap
    await seed('HA-4012', 'plane-ha-4012', 'DD4012', 30, { landedMinutesAgo: 29, short_launch: true });
    await seed('HA-4370', 'plane-ha-4370', 'DD4370', 50, { landedMinutesAgo: 3, landing_uncertain: true });

    for (const [name, viewport] of [
      ['tablet', TABLET],
      ['phone', PHONE],
    ] as const) {
      // Act
      const page = await signIn(viewport);
      const short = detected(page, 'HA-4012');
      const uncertain = detected(page, 'HA-4370');
      await short.waitFor();
      await uncertain.waitFor();

      // Assess: the marks in Hungarian, on the cards the operator adds with one tap
      expect(await short.locator('[data-testid="sheet-proposal-short"]').innerText()).toBe('rövid indítás');
      expect(await short.innerText()).toMatch(/Csörlő/);
      expect(await short.locator('[data-testid="sheet-proposal-uncertain"]').count()).toBe(0);
      expect(await uncertain.locator('[data-testid="sheet-proposal-uncertain"]').innerText()).toBe(
        'bizonytalan leszállási idő',
      );
      expect(await uncertain.innerText()).toMatch(/leszállás ≈\d\d:\d\d:\d\d \(LHDK\)/);
      expect(await uncertain.locator('[data-testid="sheet-proposal-short"]').count()).toBe(0);
      for (const mark of [
        short.locator('[data-testid="sheet-proposal-short"]'),
        uncertain.locator('[data-testid="sheet-proposal-uncertain"]'),
      ]) {
        const box = await mark.boundingBox();
        expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= viewport.width).toBe(true);
      }
      await screenshot(page, `sheet-marks-${name}`);
    }
  });
});
