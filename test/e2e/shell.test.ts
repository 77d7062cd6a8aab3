import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from '../helpers/browser.ts';
import { type LocalProcess, startLocalProcess } from '../helpers/local-process.ts';
import { signInAs } from '../helpers/sign-in.ts';

const LANGUAGE_MENU = /Nyelv|Language|Sprache|Jazyk|Język|Langue|Lingua/;

describe.runIf(chromiumAvailable())('the app shell in Chromium against npm start', () => {
  let stack: LocalProcess;
  const browsers: { context: BrowserContext; close: () => Promise<void> }[] = [];

  beforeAll(async () => {
    stack = await startLocalProcess();
  });
  afterAll(async () => {
    for (const b of browsers) await b.close();
    await stack?.stop();
  });

  const freshPage = async (): Promise<Page> => {
    const browser = await launchChromium();
    browsers.push(browser);
    return browser.context.pages()[0] ?? browser.context.newPage();
  };

  // Where each test goes after the click is what it checks: no element waited for here.
  const signIn = (page: Page, email: string, password?: string) =>
    signInAs(page, stack.url, email, { password, ready: null });

  it('signs the demo pilot in to a Hungarian dashboard; English chosen there survives a reload', async () => {
    const page = await freshPage();

    await signIn(page, 'pilot@demo.windsock.aero');
    const organization = page.locator('[data-testid="dashboard-organization-name"]');
    await organization.waitFor();

    expect(new URL(page.url()).pathname).toBe('/');
    expect(await organization.textContent()).toContain('Szélzsák Repülő Egyesület');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hu');
    await page.getByText('Aktuális szervezet').waitFor();
    expect(await page.locator('[data-testid="dashboard-modules"]').textContent()).toContain('Napi repülés');

    await page.getByRole('button', { name: LANGUAGE_MENU }).first().click();
    await page.locator('[data-testid="lang-en"]').click();
    await page.getByText('Current organization').waitFor();
    await page.reload();
    await page.getByText('Current organization').waitFor();

    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.locator('[data-testid="dashboard-modules"]').textContent()).toContain('Daily flight');
  });

  it('sends a pilot who opens an admin-only address back to / with the missing-permissions message', async () => {
    const page = await freshPage();
    await signIn(page, 'student@demo.windsock.aero');
    await page.locator('[data-testid="dashboard-organization-name"]').waitFor();

    await page.goto(`${stack.url}/profile/organization-edit/`);
    const flash = page.locator('[data-testid="flash-missing_permissions"]');
    await flash.waitFor();

    await page.waitForURL((url) => url.pathname === '/');
    expect(await flash.textContent()).toMatch(/jogosults|permission/i);
    expect(await page.locator('[data-testid="organization-form"]').count()).toBe(0);
  });

  it('shows the invalid-credentials text for a wrong password and stays on the login page', async () => {
    const page = await freshPage();

    await signIn(page, 'pilot@demo.windsock.aero', 'not-the-password');
    const flash = page.locator('[data-testid="flash-invalid_credentials"]');
    await flash.waitFor();

    expect(await flash.textContent()).toContain('Sikertelen bejelentkezés: hibás e-mail-cím vagy jelszó.');
    expect(new URL(page.url()).pathname).toBe('/login/');
  });
});
