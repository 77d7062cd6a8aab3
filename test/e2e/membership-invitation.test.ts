import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from '../helpers/browser.ts';
import { type LocalProcess, startLocalProcess } from '../helpers/local-process.ts';
import { signInAs } from '../helpers/sign-in.ts';

/**
 * Issue 11 §1 end to end: the admin of the Alpine club adds the e-mail of a member of the demo club.
 * That person has an account, so an invitation goes out: the Alpine club sees only the e-mail and
 * "invited" — no name — until the person accepts on the dashboard; then the club sees the member.
 */
describe.runIf(chromiumAvailable())('joining a second club by invitation', () => {
  let stack: LocalProcess;
  const browsers: { context: BrowserContext; close: () => Promise<void> }[] = [];

  beforeAll(async () => {
    stack = await startLocalProcess();
  });
  afterAll(async () => {
    for (const b of browsers) await b.close();
    await stack?.stop();
  });

  const signedIn = async (email: string): Promise<Page> => {
    const browser = await launchChromium();
    browsers.push(browser);
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    return signInAs(page, stack.url, email, { ready: '[data-testid="dashboard-user-name"]' });
  };

  const status = (page: Page, userId: string) =>
    page.locator(`[data-testid="member-status-${userId}"]`).first().getAttribute('data-status');

  it('the Alpine admin invites a demo member, who accepts on the dashboard; then the club sees the member', async () => {
    // The Alpine admin adds pilot@demo by e-mail alone, with the Pilot role.
    const alpine = await signedIn('admin@alpine.windsock.aero');
    await alpine.goto(`${stack.url}/users/`);
    await alpine.locator('[data-testid="users-add"]').click();
    await alpine.locator('[data-testid="add-member-invitation-note"]').waitFor();
    await alpine.locator('[data-testid="add-member-email"] input').fill('pilot@demo.windsock.aero');
    await alpine.locator('[data-testid="add-member-role-pilot"] input').check();
    await alpine.locator('[data-testid="add-member-save"]').click();
    await alpine.locator('[data-testid="flash-member_invited"]').waitFor();

    // The club sees the e-mail and "invited", not the person's name.
    await alpine.locator('[data-testid="users-filter"] input').fill('pilot@demo');
    await expect.poll(() => status(alpine, 'user-pilot')).toBe('invited');
    const row = alpine
      .locator('tr', { has: alpine.locator('[data-testid="member-status-user-pilot"]') })
      .first();
    expect(await row.textContent()).toContain('pilot@demo.windsock.aero');
    expect(await row.textContent()).not.toContain('Molnár');

    // The pilot sees the invitation on the dashboard and accepts it.
    const pilot = await signedIn('pilot@demo.windsock.aero');
    const card = pilot.locator('[data-testid="invitation-org-alpine"]');
    await card.waitFor();
    expect(await card.textContent()).toContain('Alpine Soaring Club');
    await pilot.locator('[data-testid="invitation-accept-org-alpine"]').click();
    await pilot.locator('[data-testid="flash-invitation_accepted"]').waitFor();
    await card.waitFor({ state: 'detached' });
    // A member of the second club now: it is in the organization switch.
    await pilot.locator('[data-testid="organization-org-alpine"]').waitFor();

    // The Alpine admin's list now names the member, active.
    await alpine.reload();
    await alpine.locator('[data-testid="users-filter"] input').fill('molnar');
    await expect.poll(() => status(alpine, 'user-pilot')).toBe('active');
    expect(await alpine.locator('[data-testid="member-user-pilot"]').first().textContent()).toBe(
      'Anna Molnár',
    );
  });
});
