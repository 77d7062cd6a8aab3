import type { DomainOps } from '../platform/http/router.ts';
import * as imports from './import-service.ts';
import { importDeps } from './import-service.ts';
import * as reports from './report-service.ts';
import { reportDeps as deps } from './report-service.ts';

/** HTTP adaptor of the reports domain (docs/ARCHITECTURE.md "Adding a domain"). */
export const ops: DomainOps<'reports'> = {
  listReports: ({ actor, query }) => reports.listReports(deps, actor, query),
  createReport: ({ actor, body }) => reports.createReport(deps, actor, body),
  getReport: ({ actor, params }) => reports.getReport(deps, actor, params.id),
  updateReport: ({ actor, params, body }) => reports.updateReport(deps, actor, params.id, body),
  deleteReport: ({ actor, params, query }) => reports.deleteReport(deps, actor, params.id, query.version),
  runReport: ({ actor, params, query }) => reports.runReport(deps, actor, params.id, query),
  exportReport: ({ actor, params, query }) => reports.exportReport(deps, actor, params.id, query),
  getImportTemplate: ({ params, query }) => imports.importTemplate(params.source, query.format),
  createImportUpload: ({ actor, body }) => imports.createImportUpload(importDeps, actor, body),
  runImport: ({ actor, body, remainingMs }) => imports.runImport(importDeps, actor, body, remainingMs),
};
