import { defineConfig } from 'vitest/config';

/**
 * Four projects, named by the boundary the tests cross (docs/ARCHITECTURE.md "Tests and benchmarks"). Every project runs
 * with TZ=UTC; tests that need a local day boundary set the organization's timezone explicitly.
 */
export default defineConfig({
  test: {
    env: { TZ: 'UTC', LOG_LEVEL: 'ERROR', POWERTOOLS_LOG_LEVEL: 'ERROR' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          env: { TZ: 'UTC', LOG_LEVEL: 'ERROR', POWERTOOLS_LOG_LEVEL: 'ERROR' },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          env: { TZ: 'UTC', LOG_LEVEL: 'ERROR', POWERTOOLS_LOG_LEVEL: 'ERROR' },
          testTimeout: 90_000,
          hookTimeout: 60_000,
          // The emulators are shared per file; files run one at a time to keep the 2-core CI steady.
          fileParallelism: false,
          // The demo seed, made once per run; each file's startPlatform() starts on a copy of it.
          globalSetup: ['test/helpers/seed-snapshot-setup.ts'],
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          env: { TZ: 'UTC', LOG_LEVEL: 'ERROR', POWERTOOLS_LOG_LEVEL: 'ERROR' },
          testTimeout: 120_000,
          // One synthesis (esbuild per domain) is shared by the file's tests.
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          env: { TZ: 'UTC', LOG_LEVEL: 'ERROR', POWERTOOLS_LOG_LEVEL: 'ERROR' },
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // `npm start`'s data dir, seeded once per run; each file's stack starts on a copy of it.
          globalSetup: ['test/helpers/e2e-snapshot-setup.ts'],
        },
      },
    ],
  },
});
