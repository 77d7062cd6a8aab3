import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, chromiumAvailable } from '../helpers/browser.ts';
import { type LocalProcess, startLocalProcess } from '../helpers/local-process.ts';
import { signInAs } from '../helpers/sign-in.ts';

/**
 * Issue 4's acceptance, on a phone: the technical operator reports a grounding fault on HA-4012
 * with a photo taken on the spot, watches the upload finish, finds the aircraft inoperable in the
 * fleet list, then closes the fault from its report and the aircraft is back in service.
 */
const PHOTO = fileURLToPath(new URL('../fixtures/fault-photo.jpg', import.meta.url));
const aircraftText = JSON.parse(
  readFileSync(new URL('../../frontend/src/locales/hu/aircraft.json', import.meta.url), 'utf8'),
) as { status: Record<string, string> };

describe.runIf(chromiumAvailable())('a grounding fault reported from a phone', () => {
  let stack: LocalProcess;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startLocalProcess();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const phone = async (): Promise<Page> => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      locale: 'hu-HU',
    });
    return context.newPage();
  };

  const planeStatus = async (page: Page, regNum: string, status: string) => {
    await page.goto(`${stack.url}/planes/`);
    await page
      .locator(`[data-testid="plane-status-${regNum}"]`, { hasText: aircraftText.status[status] })
      .first()
      .waitFor();
  };

  it('grounds HA-4012 until the technical operator closes the fault', async () => {
    const page = await phone();
    await signInAs(page, stack.url, 'technical@demo.windsock.aero');
    await planeStatus(page, 'HA-4012', 'functional');

    // Report a fault, from the fault list's button.
    await page.goto(`${stack.url}/plane-faults/`);
    await page.locator('[data-testid="faults-report"]').click();
    await page.locator('[data-testid="fault-form"]').waitFor();
    await page.locator('[data-testid="fault-plane_id"] button').first().click();
    await page.getByRole('option', { name: /HA-4012/ }).click();
    await page.locator('[data-testid="fault-severity"] input[value="grounding"]').check({ force: true });
    await page
      .locator('[data-testid="fault-description"] textarea')
      .fill('Az első kabintető reteszének csapja nem akad be, a tető kotyog.');
    await page.locator('[data-testid="fault-photos-input"] input[type="file"]').setInputFiles(PHOTO);
    await page.locator('[data-testid="fault-photos-item"][data-status="pending"]').waitFor();
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/faults') && r.request().method() === 'POST',
    );
    await page.locator('[data-testid="fault-submit"]').click();
    const faultId = ((await (await created).json()) as { fault_id: string }).fault_id;

    // The upload finished: the file's progress bar says so.
    await page.locator('[data-testid="fault-reported-alert"]').waitFor();
    await page.locator('[data-testid="fault-photos-item"][data-status="done"]').waitFor();
    expect(await page.locator('[data-testid="fault-photos-item"][data-status="failed"]').count()).toBe(0);

    // The fleet list shows the aircraft grounded.
    await planeStatus(page, 'HA-4012', 'inoperable');

    // The operator opens the report (its photo is there) and closes the fault.
    await page.goto(`${stack.url}/plane-fault/view/${faultId}/`);
    await page.locator('[data-testid="fault-grounded"]').waitFor();
    await expect
      .poll(() =>
        page.locator('[data-testid="fault-photo"]').evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await page.locator('[data-testid="fault-close"]').click();
    await page
      .locator('[data-testid="fault-closing_comment"] textarea')
      .fill('Reteszcsap cserélve, próbazárás rendben.');
    await page.locator('[data-testid="fault-close-confirm"]').click();
    await page.locator('[data-testid="fault-status"][data-status="closed"]').first().waitFor();

    // Back in service.
    await planeStatus(page, 'HA-4012', 'functional');
  });
});
