import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../../bin/local/cognito.ts';
import { chromiumAvailable, launchChromium } from '../helpers/browser.ts';
import { accessTokenOf } from '../helpers/cognito.ts';
import { type LocalProcess, startLocalProcess } from '../helpers/local-process.ts';
import { signInAs } from '../helpers/sign-in.ts';

/**
 * A member an admin added (POST /api/users) gets a temporary password by e-mail (locally: the outbox),
 * signs in with it, must choose a password of their own, and lands on the club's dashboard.
 */
describe.runIf(chromiumAvailable())('first sign-in of a member added by an admin', () => {
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

  const temporaryPassword = async (email: string) => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const outbox = (await (await fetch(`${stack.url}/_local/outbox`)).json()) as OutboxMessage[];
      const code = outbox.findLast((m) => m.to === email && m.kind === 'temporary_password')?.code;
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`no temporary password for ${email} in the outbox`);
  };

  it('signs in with the temporary password, chooses a new one and sees the demo club', async () => {
    // Prepare: the demo admin adds a pilot with a fresh e-mail through the API
    const email = `bence.kovacs.${Date.now()}@example.org`;
    const added = await fetch(`${stack.url}/api/users`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await accessTokenOf(stack.url, 'admin@demo.windsock.aero')}`,
      },
      body: JSON.stringify({
        email,
        first_name: 'Bence',
        last_name: 'Kovács',
        lang: 'hu',
        role_ids: ['pilot'],
      }),
    });
    expect(added.status).toBe(200);
    expect(await added.json()).toMatchObject({ login_created: true });
    const temporary = await temporaryPassword(email);
    const page = await freshPage();

    // Act 1: the temporary password is asked to be replaced
    await signInAs(page, stack.url, email, {
      password: temporary,
      ready: '[data-testid="first-password-form"]',
    });

    // Assess 1
    await page.getByText('Saját jelszó megadása').waitFor();
    expect(await page.locator('[data-testid="first-email"] input').inputValue()).toBe(email);

    // Act 2: a repetition that differs is refused in the browser
    await page.locator('[data-testid="first-password"] input').fill('Thermal-Climb-2026!');
    await page.locator('[data-testid="first-repeat"] input').fill('Thermal-Climb-2026?');
    await page.locator('[data-testid="first-submit"]').click();
    await page.getByText('A két jelszó nem egyezik').waitFor();

    // Act 3: the same password twice signs the member in
    await page.locator('[data-testid="first-repeat"] input').fill('Thermal-Climb-2026!');
    await page.locator('[data-testid="first-submit"]').click();
    const organization = page.locator('[data-testid="dashboard-organization-name"]');
    await organization.waitFor();

    // Assess 3
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await organization.textContent()).toContain('Szélzsák Repülő Egyesület');
    expect(await page.locator('[data-testid="dashboard-user-name"]').textContent()).toContain('Bence');
    expect(await page.locator('[data-testid="dashboard-club-roles"]').textContent()).toContain('Pilóta');
  });
});
