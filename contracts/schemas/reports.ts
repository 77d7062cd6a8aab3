import * as z from 'zod/mini';
import {
  entityId,
  isoDate,
  cursor as pageCursor,
  userText,
  version as versionNumber,
} from '../validation.ts';
import { FLIGHT_KINDS } from './flight-enums.ts';

/**
 * Reports (spec §2 reports, report/{id}, report/export/{id}; issue 17 §4): the built-in reports
 * (the club's yearly statistics, aircraft utilisation, members' hours) and saved report
 * definitions — a view over a source with filters and a grouping. A report is run over a period
 * (from..to, days of the organization) and exported as CSV or XLSX in the reader's language.
 */

/** The built-in reports: every organization has them, nobody edits them. */
export const BUILT_IN_REPORTS = [
  'yearly-statistics',
  'aircraft-utilisation',
  'members-hours',
  'expiring-documents',
] as const;
export type BuiltInReport = (typeof BUILT_IN_REPORTS)[number];
export const isBuiltInReport = (id: string): id is BuiltInReport =>
  (BUILT_IN_REPORTS as readonly string[]).includes(id);

/**
 * What a saved report reads: the club's flights, its aircraft's usage, its members' hours, the
 * ledger, the trainings (progress, task checks), the maintenance (dues, faults) and the documents
 * that expire in the period.
 */
export const REPORT_SOURCES = [
  'flights',
  'aircraft_usage',
  'members',
  'ledger',
  'training',
  'maintenance',
  'expiring_documents',
] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

/** How a flights report groups its rows (`none`: one row per flight). */
export const REPORT_GROUPINGS = [
  'none',
  'month',
  'plane',
  'member',
  'launch_method',
  'kind',
  'type',
  'state',
] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** The groupings of a ledger report: per member, per month, per transaction type. */
export const LEDGER_GROUPINGS = ['member', 'month', 'type'] as const satisfies readonly ReportGrouping[];
/** The groupings of a flights report. */
export const FLIGHT_GROUPINGS = ['none', 'month', 'plane', 'member', 'launch_method', 'kind'] as const;

/** The groupings each source offers (the first is the default; one alone is fixed). */
export const SOURCE_GROUPINGS: Record<ReportSource, readonly ReportGrouping[]> = {
  flights: FLIGHT_GROUPINGS,
  aircraft_usage: ['plane'],
  members: ['member'],
  ledger: LEDGER_GROUPINGS,
  // One row per training, or per student.
  training: ['none', 'member'],
  // One row per due item, or per aircraft (with its faults).
  maintenance: ['none', 'plane'],
  // One row per document, or per state (valid, expiring, expired).
  expiring_documents: ['none', 'state'],
};

/** The filters each source takes; another filter on a saved report is refused. */
export const SOURCE_FILTERS: Record<ReportSource, readonly (keyof ReportFilters)[]> = {
  flights: ['plane_id', 'member_id', 'kind', 'takeoff_type_id'],
  aircraft_usage: ['plane_id', 'member_id', 'kind', 'takeoff_type_id'],
  members: ['plane_id', 'member_id', 'kind', 'takeoff_type_id'],
  ledger: ['member_id'],
  training: ['member_id'],
  maintenance: ['plane_id'],
  // The holder: a member's or an aircraft's documents.
  expiring_documents: ['plane_id', 'member_id'],
};

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** At most this many days per run: a year and a day. */
export const MAX_REPORT_DAYS = 366;

const takeoffTypeId = z.number().check(z.int(), z.minimum(1), z.maximum(6));

export const reportFilters = z.strictObject({
  plane_id: z.optional(entityId),
  member_id: z.optional(entityId),
  kind: z.optional(z.enum(FLIGHT_KINDS)),
  takeoff_type_id: z.optional(takeoffTypeId),
});
export type ReportFilters = z.infer<typeof reportFilters>;

const definitionFields = {
  name: userText(80, { min: 1 }),
  description: z.optional(userText(500, { multiline: true })),
  source: z.enum(REPORT_SOURCES),
  group_by: z.enum(REPORT_GROUPINGS),
  filters: reportFilters,
  chart: z.boolean(),
};

export const createReportInput = z.strictObject(definitionFields);
export type CreateReportInput = z.infer<typeof createReportInput>;

export const updateReportInput = z.strictObject({
  ...definitionFields,
  version: versionNumber.check(z.minimum(1)),
});
export type UpdateReportInput = z.infer<typeof updateReportInput>;

export const deleteReportQuery = z.strictObject({
  version: z.coerce.number().check(z.int(), z.minimum(1)),
});

export const listReportsQuery = z.strictObject({
  cursor: z.optional(pageCursor),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
});
export type ListReportsQuery = z.infer<typeof listReportsQuery>;

/** A report as the list and the editor show it; a built-in one has no name (the screen names it). */
export const reportOutput = z.object({
  report_id: z.string(),
  built_in: z.boolean(),
  name: z.nullable(z.string()),
  description: z.nullable(z.string()),
  source: z.enum([...REPORT_SOURCES, 'statistics']),
  group_by: z.enum(REPORT_GROUPINGS),
  filters: reportFilters,
  chart: z.boolean(),
  version: z.number(),
  updated_at: z.nullable(z.string()),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});
export type ReportOutput = z.infer<typeof reportOutput>;

export const reportListOutput = z.object({
  /** The built-in reports (on the first page only), then the saved ones by name. */
  items: z.array(reportOutput),
  cursor: z.nullable(z.string()),
  can_create: z.boolean(),
});

/** The period of a run; absent: the current calendar year of the organization. */
export const runReportQuery = z.strictObject({
  from: z.optional(isoDate),
  to: z.optional(isoDate),
});
export type RunReportQuery = z.infer<typeof runReportQuery>;

export const exportReportQuery = z.strictObject({
  from: z.optional(isoDate),
  to: z.optional(isoDate),
  format: z.enum(EXPORT_FORMATS),
});
export type ExportReportQuery = z.infer<typeof exportReportQuery>;

/**
 * How a column's cells read: `text` as is, `count` a whole number, `minutes` a duration (h:mm on
 * the screen, decimal hours in a file), `date` yyyy-mm-dd, `month` yyyy-mm, `launch_method`, `kind`,
 * `transaction_type` and `state` (`reports:state.<code>`: a training's, a due item's, a fault's or a
 * document's state) codes the screen translates, `money` minor units of the section's currency.
 */
export const COLUMN_TYPES = [
  'text',
  'count',
  'minutes',
  'date',
  'month',
  'time',
  'launch_method',
  'kind',
  'money',
  'transaction_type',
  'state',
] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** Column and section keys: `reports:column.<key>`, `reports:section.<key>`. */
export const reportColumn = z.object({ key: z.string(), type: z.enum(COLUMN_TYPES) });
export type ReportColumn = z.infer<typeof reportColumn>;

export const reportCell = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof reportCell>;

export const reportSection = z.object({
  key: z.string(),
  columns: z.array(reportColumn),
  rows: z.array(z.array(reportCell)),
  /** Draw a bar chart of the first numeric column after the label (the first column). */
  chart: z.nullable(z.object({ value_column: z.number() })),
  /** The currency of its `money` columns (a ledger report). */
  currency_id: z.optional(z.string()),
});
export type ReportSection = z.infer<typeof reportSection>;

export const reportRunOutput = z.object({
  report: reportOutput,
  from: z.string(),
  to: z.string(),
  sections: z.array(reportSection),
});
export type ReportRunOutput = z.infer<typeof reportRunOutput>;

export const exportOutput = z.object({
  filename: z.string(),
  content_type: z.string(),
  /** The file, base64. */
  data: z.string(),
});
export type ExportOutput = z.infer<typeof exportOutput>;
