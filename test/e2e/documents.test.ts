import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../bin/local/seed.ts';
import { addDays, todayIn } from '../../contracts/calendar.ts';
import { CHROMIUM, CHROMIUM_ARGS, chromiumAvailable } from '../helpers/browser.ts';
import { type LocalProcess, startLocalProcess } from '../helpers/local-process.ts';

/**
 * Issue 17 §9: a pilot uploads a medical from a phone — Anna Molnár's (demo seed) expires in three
 * weeks, so she uploads the renewed one; the file goes up with its progress bar — and the club's
 * admin sees it valid, on the members' overview and on the pilot's documents, and opens the file.
 */
const MEDICAL = fileURLToPath(new URL('../fixtures/medical.pdf', import.meta.url));

describe.runIf(chromiumAvailable())('a medical uploaded from a phone', () => {
  let stack: LocalProcess;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startLocalProcess();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const signIn = async (email: string, phone: boolean): Promise<Page> => {
    const context = await browser.newContext({
      viewport: phone ? { width: 390, height: 844 } : { width: 1366, height: 768 },
      ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
      locale: 'hu-HU',
    });
    const page = await context.newPage();
    await page.goto(`${stack.url}/login`);
    await page.locator('[data-testid="login-email"] input').fill(email);
    await page.locator('[data-testid="login-password"] input').fill(DEMO_PASSWORD);
    await page.locator('[data-testid="login-submit"]').click();
    await page.locator('[data-testid="dashboard-user-name"]').waitFor();
    return page;
  };

  it('is valid for the admin as soon as the pilot has uploaded it', async () => {
    const expires = addDays(todayIn('Europe/Budapest'), 400);
    const phone = await signIn('pilot@demo.windsock.aero', true);
    await phone.goto(`${stack.url}/profile/documents/`);
    await phone.locator('[data-testid="requirement-medical"][data-state="expiring"]').waitFor();

    // From the expiring requirement: the form comes with the medical chosen.
    await phone.locator('[data-testid="requirement-medical-upload"]').click();
    await phone.locator('[data-testid="document-form"]').waitFor();
    await phone.locator('[data-testid="document-expiration_date"] input').fill(expires.replaceAll('-', '/'));
    // Nothing chosen yet: the spec's please_select_a_file.
    await phone.locator('[data-testid="document-form-submit"]').click();
    await phone
      .locator('[data-testid="document-files"]', { hasText: 'Kérjük, válasszon ki egy fájlt.' })
      .waitFor();
    await phone.locator('[data-testid="document-files-input"] input[type="file"]').setInputFiles(MEDICAL);
    await phone.locator('[data-testid="document-files-item"][data-status="pending"]').waitFor();
    await phone.locator('[data-testid="document-form-submit"]').click();
    await phone.locator('[data-testid="document-form"]').waitFor({ state: 'detached' });
    await phone.locator('[data-testid="requirement-medical"][data-state="valid"]').waitFor();
    await phone.locator('[data-testid="document-state-medical"][data-state="valid"]').first().waitFor();

    const admin = await signIn('admin@demo.windsock.aero', false);
    await admin.goto(`${stack.url}/documents/`);
    await admin.locator('[data-testid="overview-user-pilot-medical"][data-state="valid"]').waitFor();
    await admin.locator('[data-testid="overview-open-user-pilot"]').click();
    await admin.locator('[data-testid="documents-holder"]', { hasText: 'Molnár Anna' }).waitFor();
    await admin.locator('[data-testid="document-state-medical"][data-state="valid"]').first().waitFor();

    // The file opens through a short-lived link, as the PDF it is.
    await admin.locator('[data-testid="document-open-medical"]').first().click();
    await admin.locator('[data-testid="document-detail-state"][data-state="valid"]').waitFor();
    const link = admin.waitForResponse((r) => r.url().includes('/api/files/'));
    await admin.locator('[data-testid="document-file-open"]').click();
    const { url } = (await (await link).json()) as { url: string };
    const served = await fetch(url);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
  });
});
