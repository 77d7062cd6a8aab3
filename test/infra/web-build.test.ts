import { describe, expect, it } from 'vitest';
import { LIMITS, measureWebBundles } from '../helpers/web-bundles.ts';

/**
 * Issue 12 §9/§10: `npm run build` is part of the suite. The web app is built once (vite build with
 * frontend/vite.config.ts, as `npm run build`), and what a browser fetches is held to the budgets:
 * the sign-in route and what the dashboard adds after sign-in (test/helpers/web-bundles.ts;
 * `npm run bench -- bundles` prints the same figures).
 */
describe('the web build', () => {
  it('builds, and the sign-in route and the dashboard stay within their gzip budgets', () => {
    const figures = measureWebBundles();
    expect(figures.signIn).toBeGreaterThan(0);
    expect(figures.signIn, `sign-in route ${figures.signIn} B gzip`).toBeLessThanOrEqual(LIMITS.signIn);
    expect(
      figures.dashboardAddition,
      `dashboard addition ${figures.dashboardAddition} B gzip`,
    ).toBeLessThanOrEqual(LIMITS.dashboardAddition);
  });
});
