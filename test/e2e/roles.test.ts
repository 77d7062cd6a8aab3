import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from '../helpers/browser.ts';
import { type LocalProcess, startLocalProcess } from '../helpers/local-process.ts';
import { signInAs } from '../helpers/sign-in.ts';

/**
 * Spec §6 end to end: a role built in the roles screen with some permissions gives exactly those
 * screens. The admin creates a role with the member list only, gives it (alone) to the student,
 * and the student's side menu then holds the dashboard, the screens every member has (the address
 * book, fault reporting, the flight lists, the OGN log and their own logbooks: no permission) and
 * the member list — nothing else.
 */
describe.runIf(chromiumAvailable())('a role built in the roles screen', () => {
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
    await signInAs(page, stack.url, email);
    return page;
  };

  const menuHrefs = async (page: Page) => {
    const links = page.locator('[data-testid="side-navigation"] a');
    await links.first().waitFor();
    const hrefs = await links.evaluateAll((anchors) =>
      anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
    );
    // The menu header links to / as well as the dashboard item.
    return [...new Set(hrefs)].sort();
  };

  it('gives the member exactly the screens of its permissions', async () => {
    const admin = await signedIn('admin@demo.windsock.aero');
    await admin.goto(`${stack.url}/roles/`);
    await admin.locator('[data-testid="roles-create"]').click();
    await admin.locator('[data-testid="role-role_name"] input').fill('Taglista-olvasó');
    await admin.locator('[data-testid="permission-user-list"] input').check();
    await admin.locator('[data-testid="role-save"]').click();
    await admin.locator('[data-testid="role-editor"]').waitFor({ state: 'hidden' });
    await admin.getByText('Taglista-olvasó').first().waitFor();

    await admin.goto(`${stack.url}/user/user-student/`);
    const roles = admin.locator('[data-testid="user-role_ids"]');
    await roles.waitFor();
    await roles.locator('[data-testid^="user-role-"]', { hasText: 'Növendék' }).locator('input').uncheck();
    await roles
      .locator('[data-testid^="user-role-"]', { hasText: 'Taglista-olvasó' })
      .locator('input')
      .check();
    const saved = admin.waitForResponse(
      (r) => r.url().endsWith('/api/users/user-student/roles') && r.status() === 200,
    );
    await admin.locator('[data-testid="user-save"]').click();
    await saved;

    const student = await signedIn('student@demo.windsock.aero');
    expect(await menuHrefs(student)).toEqual(
      [
        '/',
        '/address-book/',
        // The calendar shows each member what they may see (issue 17 §6): every member has it.
        '/calendar/',
        '/flight/general/',
        '/flight/glider/',
        '/logbook/general/',
        '/logbook/glider/',
        // Every member's own screens: the airfield map and, with the quiz module, their quizzes and results.
        '/maps/',
        '/ogn-log/',
        '/plane-fault/new/',
        '/profile/user-quizzes/',
        '/user-quizzes/',
        '/users/',
      ].sort(),
    );

    await student.goto(`${stack.url}/users/`);
    await student.getByText('Molnár Anna').first().waitFor();
    await student.goto(`${stack.url}/roles/`);
    await student.locator('[data-testid="flash-missing_permissions"]').waitFor();
    await student.waitForURL((url) => url.pathname === '/');
  });
});
