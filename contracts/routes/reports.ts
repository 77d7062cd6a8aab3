import * as z from 'zod/mini';
import type { Guard, RouteDef } from '../route-types.ts';
import * as imports from '../schemas/import.ts';
import type { ReportSource } from '../schemas/reports.ts';
import * as reports from '../schemas/reports.ts';
import { entityId } from '../validation.ts';
import { documentRoutes } from './documents.ts';
import { transactionList } from './finance.ts';
import { maintenanceRoutes } from './maintenance.ts';
import { trainingRoutes } from './training.ts';

/** Spec §6: report-list reads and runs reports, report-edit saves report definitions. */
export const reportReaders: Guard = { auth: 'user', permission: 'report-list' };
export const reportEditors: Guard = { auth: 'user', permission: 'report-edit' };

/** The reports domain (spec §2 reports, report/{id}, report/export/{id}; issue 17 §4). */
export const reportsRoutes = {
  /** reports: the built-in reports, then the saved definitions by name. */
  listReports: {
    method: 'GET',
    path: '/api/reports',
    domain: 'reports',
    guard: reportReaders,
    query: reports.listReportsQuery,
    output: reports.reportListOutput,
  },
  createReport: {
    method: 'POST',
    path: '/api/reports',
    domain: 'reports',
    guard: reportEditors,
    body: reports.createReportInput,
    output: reports.reportOutput,
  },
  getReport: {
    method: 'GET',
    path: '/api/reports/{id}',
    params: { id: entityId },
    domain: 'reports',
    guard: reportReaders,
    output: reports.reportOutput,
  },
  updateReport: {
    method: 'PATCH',
    path: '/api/reports/{id}',
    params: { id: entityId },
    domain: 'reports',
    guard: reportEditors,
    body: reports.updateReportInput,
    output: reports.reportOutput,
  },
  deleteReport: {
    method: 'DELETE',
    path: '/api/reports/{id}',
    params: { id: entityId },
    domain: 'reports',
    guard: reportEditors,
    query: reports.deleteReportQuery,
    output: z.null(),
  },
  /** report/{id}: the report's tables (and what its charts draw) over a period. */
  runReport: {
    method: 'GET',
    path: '/api/reports/{id}/run',
    params: { id: entityId },
    domain: 'reports',
    guard: reportReaders,
    query: reports.runReportQuery,
    output: reports.reportRunOutput,
  },
  /** report/export/{id}: the same tables as a CSV or XLSX file in the reader's language. */
  exportReport: {
    method: 'GET',
    path: '/api/reports/{id}/export',
    params: { id: entityId },
    domain: 'reports',
    guard: reportReaders,
    query: reports.exportReportQuery,
    output: reports.exportOutput,
  },
  /** A template (the stated fields in their order and an example row) as CSV or XLSX. */
  getImportTemplate: {
    method: 'GET',
    path: '/api/import/templates/{source}',
    params: { source: z.enum(imports.IMPORT_SOURCES) },
    domain: 'reports',
    guard: reportEditors,
    query: imports.importTemplateQuery,
    output: reports.exportOutput,
  },
  /** A presigned S3 POST for one import file (spec §5: csv, xls, xlsx, one file). */
  createImportUpload: {
    method: 'POST',
    path: '/api/import/upload',
    domain: 'reports',
    guard: reportEditors,
    body: imports.importUploadInput,
    output: imports.importUploadOutput,
  },
  /** Spec §7 POST /api/import: a dry run or the import of the uploaded file; the response has a message. */
  runImport: {
    method: 'POST',
    path: '/api/import',
    domain: 'reports',
    guard: reportEditors,
    body: imports.importInput,
    output: imports.importOutput,
  },
} as const satisfies Record<string, RouteDef>;

/**
 * Who may read a source's data, as that data's own screens guard it (issue 17 §4): a report over it
 * is offered, saved and run only for them. The flights' sources need nothing beyond report-list.
 */
export const REPORT_SOURCE_GUARDS: Partial<Record<ReportSource, Guard>> = {
  ledger: transactionList,
  training: trainingRoutes.listEnrolments.guard,
  maintenance: maintenanceRoutes.getFleetOverview.guard,
  // Members' documents are read with user-edit (documents/ of the members), the aircraft's too.
  expiring_documents: documentRoutes.listMemberDocuments.guard,
};
