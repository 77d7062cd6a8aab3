import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from '../helpers/browser.ts';
import { type LocalProcess, startLocalProcess } from '../helpers/local-process.ts';

/**
 * A pilot registers alone (spec §1, §2 register): the three tabs, the confirmation code from the
 * local outbox, and the dashboard of a private profile — no organization, the logbooks on.
 */
describe.runIf(chromiumAvailable())('registration in Chromium against npm start', () => {
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

  const signUpCode = async (email: string) => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const outbox = (await (await fetch(`${stack.url}/_local/outbox`)).json()) as {
        to: string;
        kind: string;
        code: string;
      }[];
      const code = outbox.findLast((m) => m.to === email && m.kind === 'sign_up')?.code;
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`no sign-up code for ${email} in the outbox`);
  };

  it('signs a pilot up through the three tabs to a private profile with the logbook on', async () => {
    const page = await freshPage();
    const email = `reka.fekete.${Date.now()}@example.org`;

    // Tab 1: about the product
    await page.goto(`${stack.url}/register`);
    await page.locator('[data-testid="registration-free"]').waitFor();
    expect(await page.locator('[data-testid="registration-free"]').textContent()).toContain(
      'Elektronikus repülési napló',
    );
    await page.locator('[data-testid="registration-start"]').click();

    // Tab 2: enter data (the e-mail typed in mixed case is registered lower case)
    await page.locator('[data-testid="registration-email"] input').fill(email.replace('reka', 'Reka'));
    await page.locator('[data-testid="registration-password"] input').fill('Glide-Ratio-42!');
    await page.locator('[data-testid="registration-repeat"] input').fill('Glide-Ratio-42!');
    await page.locator('[data-testid="registration-last_name"] input').fill('Fekete');
    await page.locator('[data-testid="registration-first_name"] input').fill('Réka');
    await page.locator('[data-testid="registration-continue"]').click();
    // Without accepting the terms nothing is sent; sharing contact details stays optional (left off).
    await page.getByText('Regisztrálni csak ezek elfogadásával lehet.').waitFor();
    expect(await page.locator('[data-testid="registration-public-privatedata"] input').isChecked()).toBe(
      false,
    );
    await page.locator('[data-testid="registration-consent"] input').check();
    await page.locator('[data-testid="registration-continue"]').click();

    // Tab 3: finalize with the code Cognito "sent"
    await page.locator('[data-testid="registration-code-form"]').waitFor();
    expect(await page.locator('[data-testid="registration-code-intro"]').textContent()).toContain(email);
    await page.locator('[data-testid="registration-code"] input').fill(await signUpCode(email));
    await page.locator('[data-testid="registration-finish"]').click();

    // Signed in, on the dashboard of a private pilot
    const noOrganization = page.locator('[data-testid="dashboard-no-organization"]');
    await noOrganization.waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.locator('[data-testid="dashboard-user-name"]').textContent()).toBe(
      'Üdvözöljük, Fekete Réka!',
    );
    expect(await noOrganization.textContent()).toBe('Még nem tagja egyetlen szervezetnek sem.');
    // The private profile says what the pilot has: free logbooks, documents with reminders, statistics.
    const privateProfile = page.locator('[data-testid="dashboard-private-profile"]');
    await privateProfile.waitFor();
    expect(await privateProfile.isVisible()).toBe(true);
    const panelText = await privateProfile.textContent();
    expect(panelText).toContain('Privát profilja');
    expect(panelText).toContain('Ingyenes vitorlázó repülési napló');
    expect(panelText).toContain('Dokumentumtár');
    expect(panelText).toContain('Repülési statisztika');
    expect(await page.locator('[data-testid="dashboard-private-profile-status"]').textContent()).toBe(
      'Aktív',
    );
    for (const feature of ['logbook_glider', 'logbook_general', 'documents', 'statistics']) {
      expect(await page.locator(`[data-testid="private-feature-${feature}"]`).getAttribute('data-on')).toBe(
        'true',
      );
    }
    const profile = await page.evaluate(() => JSON.parse(localStorage.getItem('windsock.profile') ?? 'null'));
    expect(profile).toMatchObject({
      email,
      organization: null,
      logbook_glider_on: true,
      logbook_general_on: true,
      private_profile_status: 'active',
      settings: { documents_on: true, statistics_on: true },
    });
    // The welcome notification is waiting in the bell.
    await page.getByRole('button', { name: /Értesítések: Olvasatlan: 1/ }).waitFor();

    // First steps: nothing recorded yet; each open step links to the screen where it is done.
    const firstSteps = page.locator('[data-testid="first-steps"]');
    await firstSteps.waitFor();
    expect(await firstSteps.textContent()).toContain('Első lépések');
    for (const step of ['licence', 'medical', 'previous_totals', 'club'])
      expect(await page.locator(`[data-testid="first-step-${step}"]`).getAttribute('data-done')).toBe(
        'false',
      );
    expect(await page.locator('[data-testid="first-step-licence-link"]').getAttribute('href')).toBe(
      '/profile/pilot-info-edit/',
    );
    expect(await page.locator('[data-testid="first-step-previous_totals-link"]').getAttribute('href')).toBe(
      '/logbook/glider/',
    );
    expect(await page.locator('[data-testid="first-step-club"]').textContent()).toContain(email);
    // The licence step leads to the pilot data form.
    await page.locator('[data-testid="first-step-licence-link"]').click();
    await page.waitForURL('**/profile/pilot-info-edit/');
    await page.goBack();
    // Dismissed, it stays away for this person (remembered in the browser).
    await page.locator('[data-testid="first-steps-dismiss"]').click();
    await firstSteps.waitFor({ state: 'detached' });
    await page.reload();
    await page.locator('[data-testid="dashboard-no-organization"]').waitFor();
    expect(await firstSteps.count()).toBe(0);
  });
});
