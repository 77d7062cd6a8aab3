import { DEMO_REPORTS } from '../../../bin/local/seed-reports.ts';
import type { WalkArea } from './area.ts';

const saved = () => ({ id: DEMO_REPORTS.winchByMonth });

/** The tenant walk over the reports domain (org-demo's saved report from the seed). */
export const reportsWalk: WalkArea = {
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
