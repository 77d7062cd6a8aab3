import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../bin/local/seed.ts';
import { CHROMIUM, CHROMIUM_ARGS, chromiumAvailable } from '../helpers/browser.ts';
import { type LocalProcess, startLocalProcess } from '../helpers/local-process.ts';

/**
 * Issue 14's acceptance on `npm start`: a member tops up the balance by card on a phone — through
 * the fake Stripe's checkout page and its signed webhook — and sees the money on the statement; a
 * timer operator lands a flight on the daily sheet, and the treasurer finds its charge in the
 * ledger and opens why it costs what it costs.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
const PILOT = 'Molnár Anna';

describe.runIf(chromiumAvailable())('money: a card top-up and a flight charge explained', () => {
  let stack: LocalProcess;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    stack = await startLocalProcess();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await stack?.stop();
  });

  const signIn = async (email: string, viewport: { width: number; height: number }): Promise<Page> => {
    const context = await browser.newContext({ viewport, hasTouch: viewport === PHONE, locale: 'hu-HU' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${stack.url}/login`);
    await page.locator('[data-testid="login-email"] input').fill(email);
    await page.locator('[data-testid="login-password"] input').fill(DEMO_PASSWORD);
    await page.locator('[data-testid="login-submit"]').click();
    await page.locator('[data-testid="dashboard-organization-name"]').waitFor();
    return page;
  };

  const balanceOn = async (page: Page) => {
    const value = page.locator('[data-testid="own-statement-balance"] [data-value]');
    // The first finance screen of a fresh stack compiles in Vite's dev server: give it time.
    await value.waitFor({ timeout: 60_000 });
    return Number(await value.getAttribute('data-value'));
  };

  it('a member tops up by card on a phone and sees the balance grow', async () => {
    expect(stack.output()).toContain('card payments: fake Stripe');
    const member = await signIn('pilot@demo.windsock.aero', PHONE);
    await member.goto(`${stack.url}/profile/transactions`);
    const before = await balanceOn(member);

    await member.locator('[data-testid="own-statement-top-up"]').click();
    await member.locator('[data-testid="payment-start-amount"] input').fill('20000');
    await member.locator('[data-testid="payment-start-pay"]').click();

    // Stripe's checkout page (the local stand-in, on its own origin): the member pays.
    const pay = member.locator('[data-testid="fake-stripe-pay"]');
    await pay.waitFor();
    expect(new URL(member.url()).origin).not.toBe(stack.url);
    await pay.click();

    // Back in Windsock once the signed webhook has credited the balance.
    await member.locator('[data-testid="payment-succeeded"]').waitFor({ timeout: 30_000 });
    expect(new URL(member.url()).origin).toBe(stack.url);
    await member.goto(`${stack.url}/profile/transactions`);
    expect(await balanceOn(member)).toBe(before + 2_000_000);
  });

  it('a flight landed on the sheet is charged, and the treasurer sees why', async () => {
    const timer = await signIn('instructor@demo.windsock.aero', DESKTOP);
    await timer.goto(`${stack.url}/daily-flight/`);
    await timer.locator('[data-testid="daily-flights-today"]').click();
    await timer.locator('[data-testid="daily-sheet"]').waitFor({ timeout: 60_000 });
    await timer.locator('[data-testid="sheet-live"][data-live="true"]').waitFor();

    const pick = async (testId: string, name: string) => {
      await timer.locator(`[data-testid="${testId}"] button`).first().click();
      await timer
        .getByRole('option', { name: new RegExp(name) })
        .first()
        .click();
    };
    const card = (status: string) =>
      timer.locator(
        `[data-testid="sheet-flight"][data-reg="HA-4370"][data-status="${status}"][data-pending="false"]`,
      );
    await timer.locator('[data-testid="launch-plane-HA-4370"]').click();
    await timer.locator('[data-testid="launch-method-3"]').click();
    await pick('launch-pic', PILOT);
    await pick('launch-winch-operator', 'Nagy László');
    await timer.locator('[data-testid="launch-now"]').click();
    await card('airborne').waitFor();
    const flightId = await card('airborne').getAttribute('data-flight-id');
    await card('airborne').locator('[data-testid="sheet-flight-land"]').click();
    // A landing within the launch's minute would be 0:00: the sheet asks first (issue 13 §5).
    const zero = timer.locator('[data-testid="sheet-zero"]');
    await zero.or(card('landed')).first().waitFor();
    if (await zero.isVisible()) await timer.locator('[data-testid="sheet-zero-confirm"]').click();
    await card('landed').waitFor();

    // The landing reaches the finance domain as an event; the treasurer finds the charge in the ledger.
    const treasurer = await signIn('finance@demo.windsock.aero', DESKTOP);
    const why = treasurer.locator(`[data-testid^="transaction-why-fc-${flightId}-"]`);
    const deadline = Date.now() + 60_000;
    for (;;) {
      await treasurer.goto(`${stack.url}/transactions`);
      await treasurer.locator('[data-testid="transactions-table"]').waitFor({ timeout: 60_000 });
      if (
        await why
          .first()
          .isVisible({ timeout: 5_000 })
          .catch(() => false)
      )
        break;
      if (Date.now() > deadline) throw new Error(`no charge for flight ${flightId}`);
    }
    expect(await why.count()).toBe(1);
    await why.click();

    // Every line of the price, and the total the ledger holds.
    const explanation = treasurer.locator('[data-testid="charge-explanation"]');
    await explanation.waitFor();
    const lines = await explanation.locator('tbody tr').allInnerTexts();
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.join('\n')).toMatch(/Csörlés|csörlés/);
    const total = await treasurer.locator('[data-testid="charge-explanation-total"]').innerText();
    expect(total).toMatch(/\d/);
  });
});
