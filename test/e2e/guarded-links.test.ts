import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from '../helpers/browser.ts';
import { type LocalProcess, startLocalProcess } from '../helpers/local-process.ts';
import { signInAs } from '../helpers/sign-in.ts';

/**
 * Issue 13 §2: no door offered and then shut. A plain pilot (the demo club's `pilot` role: no
 * daily-flight-edit) follows every link the menu and the dashboard offer, and the daily-flight list's
 * links, and is never refused; the day is read on the read-only day view, not the timer's sheet.
 */
describe.runIf(chromiumAvailable())('links a plain pilot is offered open what they name', () => {
  let stack: LocalProcess;
  let browser: { context: BrowserContext; close: () => Promise<void> };
  let page: Page;

  beforeAll(async () => {
    stack = await startLocalProcess();
    browser = await launchChromium({ viewport: { width: 1366, height: 768 } });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await signInAs(page, stack.url, 'pilot@demo.windsock.aero', { ready: null });
    // The first screen compiles on the dev server: more time than a click needs.
    await page.locator('[data-testid="dashboard-organization-name"]').waitFor({ timeout: 120_000 });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** The in-app addresses of the links on the current screen (menu and content). */
  const linksHere = async (): Promise<string[]> => {
    const hrefs = await page
      .locator('a[href^="/"]')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
    return [...new Set(hrefs.filter((href) => href !== '/' && !href.startsWith('/login')))];
  };

  const refused = () => page.locator('[data-testid="flash-missing_permissions"]');

  /** Opens the address as a click would land, and reports where the app ended up. */
  const open = async (href: string): Promise<string> => {
    await page.goto(`${stack.url}${href}`);
    await page.waitForLoadState('networkidle');
    return new URL(page.url()).pathname.replace(/\/$/, '') || '/';
  };

  it('the menu and the dashboard offer the day view, not the editing sheet, and every link opens', async () => {
    await page.waitForLoadState('networkidle');
    const offered = await linksHere();

    expect(offered.some((href) => href.startsWith('/daily-flight/day/'))).toBe(true);
    expect(offered.filter((href) => /^\/daily-flight\/\d{4}-\d{2}-\d{2}/.test(href))).toEqual([]);

    for (const href of offered) {
      const landed = await open(href);
      expect({ href, refused: await refused().count() }).toEqual({ href, refused: 0 });
      expect(landed, href).toBe(href.split('?')[0]?.replace(/\/$/, ''));
    }
    // One full page load per offered link (about 25 for a pilot), each compiled on first visit by the dev server.
  }, 360_000);

  it("the daily-flight list's day links open the read-only day view", async () => {
    await open('/daily-flight');
    await page.locator('[data-testid="daily-flights"]').waitFor();
    await page.waitForLoadState('networkidle');
    const days = (await linksHere()).filter((href) => href.startsWith('/daily-flight/'));

    expect(days.filter((href) => /^\/daily-flight\/\d{4}-\d{2}-\d{2}/.test(href))).toEqual([]);
    for (const href of days.slice(0, 3)) {
      await open(href);
      expect(await refused().count(), href).toBe(0);
    }
    if (days.some((href) => href.startsWith('/daily-flight/day/'))) {
      await open(days.find((href) => href.startsWith('/daily-flight/day/')) ?? '');
      await page.locator('[data-testid="day-title"]').waitFor();
      expect(await page.locator('[data-testid="day-sheet"]').count()).toBe(0);
    }
  });
});
