import { addDays, daysBetween, todayIn } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import { transactionList } from '../../contracts/routes/finance.ts';
import { reportEditors } from '../../contracts/routes/reports.ts';
import {
  BUILT_IN_REPORTS,
  type BuiltInReport,
  type CreateReportInput,
  type ExportReportQuery,
  isBuiltInReport,
  LEDGER_GROUPINGS,
  type ListReportsQuery,
  MAX_REPORT_DAYS,
  type ReportOutput,
  type ReportRunOutput,
  type RunReportQuery,
  type UpdateReportInput,
} from '../../contracts/schemas/reports.ts';
import { fleet } from '../aircraft/public.ts';
import { ledgerPage } from '../finance/public.ts';
import { flightsOfPeriod } from '../flights/public.ts';
import { activeMemberIds, recordNames } from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { checkGuard } from '../platform/auth/guard.ts';
import { found, HttpError, missingPermissions, notFound, validationFailed } from '../platform/http/errors.ts';
import { exportFile } from './report-export.ts';
import {
  type ReportContext,
  type ReportDefinition,
  type ReportFlight,
  type ReportLedgerLine,
  sectionsOf,
} from './report-rules.ts';
import { reportStore, type StoredReport } from './report-store.ts';

/**
 * Reports (issue 17 §4): the built-in ones and the organization's saved definitions, run over a
 * period of the organization's days. Reads other domains only through their public.ts: the
 * flights of the period (a Query by date), the fleet, the members and their names.
 */
export interface ReportDeps {
  store: typeof reportStore;
  flightsOfPeriod: (organizationId: string, from: string, to: string) => Promise<ReportFlight[]>;
  fleet: (organizationId: string) => Promise<{ plane_id: string; reg_num: string }[]>;
  memberIds: (organizationId: string) => Promise<string[]>;
  names: (userIds: readonly string[]) => Promise<Map<string, string>>;
  /** The organization's ledger entries of the period (every page of a Query by date). */
  ledgerOfPeriod: (organizationId: string, from: string, to: string) => Promise<ReportLedgerLine[]>;
  now: () => Date;
}

async function ledgerOfPeriod(organizationId: string, from: string, to: string) {
  const entries: ReportLedgerLine[] = [];
  let cursor: string | null = null;
  do {
    const page = await ledgerPage(organizationId, { from, to, cursor, limit: 500 });
    entries.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return entries;
}

export const reportDeps: ReportDeps = {
  store: reportStore,
  flightsOfPeriod: async (organizationId, from, to) =>
    (await flightsOfPeriod(organizationId, from, to)) as ReportFlight[],
  fleet,
  memberIds: activeMemberIds,
  names: recordNames,
  ledgerOfPeriod,
  now: () => new Date(),
};

const organizationOf = (actor: Actor) => {
  if (!actor.organizationId || !actor.organization) throw missingPermissions();
  return { organizationId: actor.organizationId, timeZone: actor.organization.timezone };
};

/** A ledger report is read as the finance screens read the ledger: transaction-list, financial module. */
const checkSource = (actor: Actor, source: string) => {
  if (source === 'ledger') checkGuard(transactionList, actor);
};

/** The same guard as the editing routes: the flags the screens show buttons by. */
const mayEdit = (actor: Actor) => {
  try {
    checkGuard(reportEditors, actor);
    return true;
  } catch (error) {
    if (error instanceof HttpError) return false;
    throw error;
  }
};

const BUILT_IN_DEFINITIONS: Record<BuiltInReport, ReportDefinition> = {
  'yearly-statistics': { source: 'statistics', group_by: 'none', filters: {}, chart: true },
  'aircraft-utilisation': { source: 'aircraft_usage', group_by: 'plane', filters: {}, chart: true },
  'members-hours': { source: 'members', group_by: 'member', filters: {}, chart: true },
};

const builtInOutput = (id: BuiltInReport): ReportOutput => ({
  report_id: id,
  built_in: true,
  name: null,
  description: null,
  ...BUILT_IN_DEFINITIONS[id],
  version: 0,
  updated_at: null,
  can_edit: false,
  can_delete: false,
});

export const reportOutputOf = (actor: Actor, stored: StoredReport): ReportOutput => ({
  report_id: stored.report_id,
  built_in: false,
  name: stored.name,
  description: stored.description ?? null,
  source: stored.source,
  group_by: stored.group_by,
  filters: {
    plane_id: stored.filters.plane_id,
    member_id: stored.filters.member_id,
    kind: stored.filters.kind,
    takeoff_type_id: stored.filters.takeoff_type_id,
  },
  chart: stored.chart,
  version: stored.version,
  updated_at: stored.updated_at,
  can_edit: mayEdit(actor),
  can_delete: mayEdit(actor),
});

/** reports: the built-in reports on the first page, then the saved ones, newest first. */
export async function listReports(deps: ReportDeps, actor: Actor, query: ListReportsQuery) {
  const { organizationId } = organizationOf(actor);
  const page = await deps.store.page(organizationId, { cursor: query.cursor, limit: query.limit ?? 50 });
  return {
    items: [
      ...(query.cursor ? [] : BUILT_IN_REPORTS.map(builtInOutput)),
      ...page.items.map((r) => reportOutputOf(actor, r)),
    ],
    cursor: page.cursor,
    can_create: mayEdit(actor),
  };
}

export async function getReport(deps: ReportDeps, actor: Actor, reportId: string): Promise<ReportOutput> {
  if (isBuiltInReport(reportId)) return builtInOutput(reportId);
  const { organizationId } = organizationOf(actor);
  return reportOutputOf(actor, found(await deps.store.report(organizationId, reportId)));
}

/** A filter naming an aircraft must name one of the organization's. */
async function checkFilters(deps: ReportDeps, organizationId: string, input: CreateReportInput) {
  if (input.source === 'ledger') {
    if (!(LEDGER_GROUPINGS as readonly string[]).includes(input.group_by))
      throw validationFailed({ group_by: ['invalid_value'] });
    if (input.filters.plane_id || input.filters.kind || input.filters.takeoff_type_id)
      throw validationFailed({ filters: ['invalid_value'] });
  } else if (input.group_by === 'type') throw validationFailed({ group_by: ['invalid_value'] });
  if (input.filters.plane_id) {
    const planes = await deps.fleet(organizationId);
    if (!planes.some((p) => p.plane_id === input.filters.plane_id))
      throw validationFailed({ 'filters.plane_id': ['invalid_value'] });
  }
  if (input.filters.member_id) {
    const members = await deps.memberIds(organizationId);
    if (!members.includes(input.filters.member_id))
      throw validationFailed({ 'filters.member_id': ['invalid_value'] });
  }
}

const definitionOf = (input: CreateReportInput) => ({
  name: input.name,
  description: input.description || undefined,
  source: input.source,
  group_by:
    input.source === 'flights' || input.source === 'ledger'
      ? input.group_by
      : input.source === 'members'
        ? 'member'
        : 'plane',
  filters: Object.fromEntries(Object.entries(input.filters).filter(([, v]) => v !== undefined && v !== '')),
  chart: input.chart,
});

export async function createReport(deps: ReportDeps, actor: Actor, input: CreateReportInput) {
  const { organizationId } = organizationOf(actor);
  checkSource(actor, input.source);
  await checkFilters(deps, organizationId, input);
  const reportId = timeOrderedId(deps.now().getTime());
  const item = {
    organization_id: organizationId,
    report_id: reportId,
    ...definitionOf(input),
    created_by: actor.userId,
    version: 1,
  } as StoredReport;
  await deps.store.create(actor, item, {
    action: 'report.create',
    target_type: 'report',
    target_id: reportId,
  });
  return getReport(deps, actor, reportId);
}

const savedReport = async (deps: ReportDeps, actor: Actor, reportId: string) => {
  if (isBuiltInReport(reportId)) throw validationFailed({ report_id: ['not_editable'] });
  const { organizationId } = organizationOf(actor);
  const stored = await deps.store.report(organizationId, reportId);
  if (!stored) throw notFound();
  return stored;
};

export async function updateReport(
  deps: ReportDeps,
  actor: Actor,
  reportId: string,
  input: UpdateReportInput,
) {
  const stored = await savedReport(deps, actor, reportId);
  checkSource(actor, stored.source);
  checkSource(actor, input.source);
  await checkFilters(deps, stored.organization_id, input);
  const { filters, description, ...rest } = definitionOf(input);
  await deps.store.update(
    actor,
    { organization_id: stored.organization_id, report_id: reportId },
    // The filters map is replaced whole; a cleared description is removed.
    {
      set: { ...rest, filters, ...(description ? { description } : {}) },
      remove: description ? [] : ['description'],
    },
    input.version,
    { action: 'report.update', target_type: 'report', target_id: reportId },
  );
  return getReport(deps, actor, reportId);
}

export async function deleteReport(deps: ReportDeps, actor: Actor, reportId: string, version: number) {
  const stored = await savedReport(deps, actor, reportId);
  await deps.store.remove(actor, { organization_id: stored.organization_id, report_id: reportId }, version, {
    action: 'report.delete',
    target_type: 'report',
    target_id: reportId,
  });
  return null;
}

/** The period asked for, or the organization's current calendar year; at most MAX_REPORT_DAYS. */
export function periodOf(query: RunReportQuery, today: string) {
  const from =
    query.from ?? (query.to ? addDays(query.to, -(MAX_REPORT_DAYS - 1)) : `${today.slice(0, 4)}-01-01`);
  const to =
    query.to ??
    (query.from
      ? minDay(addDays(from, MAX_REPORT_DAYS - 1), `${from.slice(0, 4)}-12-31`)
      : `${today.slice(0, 4)}-12-31`);
  if (to < from) throw validationFailed({ to: ['period_end_before_start'] });
  if (daysBetween(from, to) >= MAX_REPORT_DAYS) throw validationFailed({ to: ['period_too_long'] });
  return { from, to };
}
const minDay = (a: string, b: string) => (a < b ? a : b);

/** report/{id}: the report's sections over the period. */
export async function runReport(
  deps: ReportDeps,
  actor: Actor,
  reportId: string,
  query: RunReportQuery,
): Promise<ReportRunOutput> {
  const { organizationId, timeZone } = organizationOf(actor);
  const report = await getReport(deps, actor, reportId);
  checkSource(actor, report.source);
  const period = periodOf(query, todayIn(timeZone, deps.now()));
  const ledger = report.source === 'ledger';
  const [flights, planes, memberIds, entries] = await Promise.all([
    ledger ? [] : deps.flightsOfPeriod(organizationId, period.from, period.to),
    deps.fleet(organizationId),
    deps.memberIds(organizationId),
    ledger ? deps.ledgerOfPeriod(organizationId, period.from, period.to) : [],
  ]);
  const people = [
    ...new Set([
      ...memberIds,
      ...entries.map((e) => e.user_id),
      ...flights.flatMap((f) => [f.pic_id, f.instructor_id].filter((id): id is string => !!id)),
    ]),
  ];
  const context: ReportContext = {
    names: await deps.names(people),
    fleet: planes,
    memberIds,
    timeZone,
    ledger: entries,
    currencyId: actor.organization?.currency_id,
  };
  const builtIn = isBuiltInReport(reportId) ? reportId : null;
  return { report, ...period, sections: sectionsOf(builtIn, report, flights, period, context) };
}

/** report/export/{id}: the run as a CSV or XLSX file in the reader's language. */
export async function exportReport(
  deps: ReportDeps,
  actor: Actor,
  reportId: string,
  query: ExportReportQuery,
) {
  const { format, ...period } = query;
  return exportFile(await runReport(deps, actor, reportId, period), format, actor.lang);
}
