import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startS3 } from '../../../bin/local/s3.ts';
import { DEMO_REPORTS } from '../../../bin/local/seed-reports.ts';
import { resetEnvForTests } from '../../../functions/platform/config/env.ts';
import type { WalkArea } from './area.ts';

const saved = () => ({ id: DEMO_REPORTS.winchByMonth });

/** The tenant walk over the reports domain (org-demo's saved report from the seed). */
export const reportsWalk: WalkArea = {
  // B's import upload is a real presigned POST (under B's own prefix): the walk needs a bucket.
  setup: async () => {
    const s3 = await startS3({
      dir: await mkdtemp(join(tmpdir(), 'windsock-walk-s3-')),
      buckets: ['windsock-walk'],
    });
    Object.assign(process.env, {
      FILES_BUCKET: 'windsock-walk',
      S3_ENDPOINT: s3.endpoint,
      S3_LOCAL_SECRET: s3.credentials.secretAccessKey,
    });
    resetEnvForTests();
  },
  ids: {
    getReport: saved,
    updateReport: saved,
    deleteReport: saved,
    runReport: saved,
    exportReport: saved,
    // The templates are the same for every club: B gets its own, nothing of A's.
    getImportTemplate: () => ({ source: 'aircraft' }),
  },
  bodies: {
    createReport: { name: 'Walk', source: 'flights', group_by: 'month', filters: {}, chart: false },
    updateReport: {
      name: 'Walk',
      source: 'flights',
      group_by: 'month',
      filters: {},
      chart: false,
      version: 1,
    },
    createImportUpload: { name: 'walk.csv', content_type: 'text/csv', size: 100 },
    // An upload key of A's: B's import refuses it before reading anything.
    runImport: {
      import_file: 'org/org-demo/imports/00000000-0000-4000-8000-000000000000.csv',
      sourceType: 'aircraft',
      uploadParams: { dry_run: true },
    },
  },
  // The walk sends no query string: a delete without its version and an export without its format
  // are refused on their input before anything is read (nothing of A's is reached either way).
  expected: {
    deleteReport: [404, 422],
    exportReport: [404, 422],
    getImportTemplate: [422],
    runImport: [422],
  },
};
