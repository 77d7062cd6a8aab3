import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../bin/local/seed.ts';

/**
 * Signs in through the login page as a person does, and waits for the screen that follows: the
 * dashboard unless `ready` names another element (a return address, a refusal).
 */
export async function signInAs(
  page: Page,
  stackUrl: string,
  email: string,
  options: { password?: string; path?: string; ready?: string | null } = {},
): Promise<Page> {
  await page.goto(`${stackUrl}${options.path ?? '/login'}`);
  await page.locator('[data-testid="login-email"] input').fill(email);
  await page.locator('[data-testid="login-password"] input').fill(options.password ?? DEMO_PASSWORD);
  await page.locator('[data-testid="login-submit"]').click();
  const ready = options.ready === undefined ? '[data-testid="dashboard-organization-name"]' : options.ready;
  if (ready) await page.locator(ready).waitFor();
  return page;
}
