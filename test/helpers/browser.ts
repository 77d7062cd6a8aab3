import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, no sandbox (root in CI), and no background network of its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Whether the e2e tests can run. In CI a missing Chromium is a failure (the tests run and fail to
 * launch); on a laptop they are skipped with a loud message.
 */
export const chromiumAvailable = () => {
  if (existsSync(CHROMIUM) || process.env.CI) return true;
  console.warn(
    `\n!!! e2e tests SKIPPED: no Chromium at ${CHROMIUM}. Install it with \`apt-get install chromium\` (or set CHROMIUM_PATH).\n`,
  );
  return false;
};

/**
 * Debian's Chromium, headless, with a fresh profile directory and no background network
 * (docs/ARCHITECTURE.md "Tests and benchmarks"). One persistent context per launch: tests that need a second person launch again.
 */
export async function launchChromium(
  options: { viewport?: { width: number; height: number }; locale?: string } = {},
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = await mkdtemp(join(tmpdir(), 'windsock-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: options.locale ?? 'hu-HU',
    args: CHROMIUM_ARGS,
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
