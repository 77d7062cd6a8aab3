import { addDays, daysBetween, todayIn } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import { REPORT_SOURCE_GUARDS, reportEditors } from '../../contracts/routes/reports.ts';
import {
  BUILT_IN_REPORTS,
  type BuiltInReport,
  type CreateReportInput,
  type ExportReportQuery,
  isBuiltInReport,
  type ListReportsQuery,
  MAX_REPORT_DAYS,
  type ReportOutput,
  type ReportRunOutput,
  type ReportSource,
  type RunReportQuery,
  SOURCE_FILTERS,
  SOURCE_GROUPINGS,
  type UpdateReportInput,
} from '../../contracts/schemas/reports.ts';
import { fleet, maintenanceLines } from '../aircraft/public.ts';
import { expiringDocuments } from '../documents/public.ts';
import { ledgerPage } from '../finance/public.ts';
import { flightsOfPeriod } from '../flights/public.ts';
import { activeMemberIds, recordNames, typeListEntries } from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { checkGuard } from '../platform/auth/guard.ts';
import { found, HttpError, missingPermissions, notFound, validationFailed } from '../platform/http/errors.ts';
import { trainingLines } from '../training/public.ts';
import { exportFile } from './report-export.ts';
import {
  type ReportContext,
  type ReportDefinition,
  type ReportDocumentLine,
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
  /** The trainings open in the period (functions/training/public.ts). */
  trainingLines: typeof trainingLines;
  /** The maintenance dues as of a day and the fault reports (functions/aircraft/public.ts). */
  maintenanceLines: typeof maintenanceLines;
  /** The documents in force expiring in the period (functions/documents/public.ts). */
  expiringDocuments: (
    organizationId: string,
    range: { from: string; to: string },
    now: Date,
  ) => Promise<ReportDocumentLine[]>;
  /** The document types' names (the documentTypes type list): code → names per language. */
  documentTypes: () => Promise<{ code: string; names: Partial<Record<string, string>> }[]>;
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
  trainingLines,
  maintenanceLines,
  expiringDocuments,
  documentTypes: () => typeListEntries('documentTypes'),
  now: () => new Date(),
};

const organizationOf = (actor: Actor) => {
  if (!actor.organizationId || !actor.organization) throw missingPermissions();
  return { organizationId: actor.organizationId, timeZone: actor.organization.timezone };
};

/**
 * A report over a source is read as that data's own screens read it (contracts/routes/reports.ts
 * REPORT_SOURCE_GUARDS): the ledger with transaction-list, trainings with training-administration,
 * maintenance with component-list, members' documents with user-edit.
 */
const checkSource = (actor: Actor, source: ReportSource | 'statistics') => {
  const guard = source === 'statistics' ? undefined : REPORT_SOURCE_GUARDS[source];
  if (guard) checkGuard(guard, actor);
};
const mayRead = (actor: Actor, source: ReportSource | 'statistics') => {
  try {
    checkSource(actor, source);
    return true;
  } catch (error) {
    if (error instanceof HttpError) return false;
    throw error;
  }
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
  'expiring-documents': { source: 'expiring_documents', group_by: 'none', filters: {}, chart: false },
};

/** A built-in report as the organization's item: what the demo seed writes and a club gets on first read. */
export const builtInItem = (organizationId: string, id: BuiltInReport): StoredReport =>
  ({
    organization_id: organizationId,
    report_id: id,
    name: id,
    ...BUILT_IN_DEFINITIONS[id],
    built_in: true,
    created_by: 'system',
    version: 1,
  }) as StoredReport;

/**
 * The organization's built-in reports, in their order. They are items of the organization; one
 * that is missing (a club created before, or a new club's first read) is created from its
 * definition here, only where absent — so every club has them, and the seed's are the same items.
 */
export async function builtInReports(deps: ReportDeps, organizationId: string): Promise<StoredReport[]> {
  let stored = await deps.store.builtIns(organizationId, BUILT_IN_REPORTS);
  const missing = BUILT_IN_REPORTS.filter((id) => !stored.some((r) => r.report_id === id));
  if (missing.length > 0) {
    for (const id of missing) await deps.store.createBuiltIn(builtInItem(organizationId, id));
    stored = await deps.store.builtIns(organizationId, BUILT_IN_REPORTS);
  }
  return BUILT_IN_REPORTS.flatMap((id) => stored.filter((r) => r.report_id === id));
}

const builtInOutput = (stored: StoredReport): ReportOutput => ({
  report_id: stored.report_id,
  built_in: true,
  name: null,
  description: null,
  source: stored.source,
  group_by: stored.group_by,
  filters: {},
  chart: stored.chart,
  version: stored.version,
  updated_at: stored.updated_at ?? null,
  can_edit: false,
  can_delete: false,
});

export const reportOutputOf = (actor: Actor, stored: StoredReport): ReportOutput => ({
  report_id: stored.report_id,
  built_in: false,
  name: stored.name,
  description: stored.description ?? null,
  source: stored.source as ReportSource,
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

/**
 * reports: the built-in reports on the first page, then the saved ones, newest first — only those
 * over data the caller may read.
 */
export async function listReports(deps: ReportDeps, actor: Actor, query: ListReportsQuery) {
  const { organizationId } = organizationOf(actor);
  const page = await deps.store.page(organizationId, { cursor: query.cursor, limit: query.limit ?? 50 });
  return {
    items: [
      ...(query.cursor ? [] : (await builtInReports(deps, organizationId)).map(builtInOutput)),
      ...page.items.map((r) => reportOutputOf(actor, r)),
    ].filter((r) => mayRead(actor, r.source)),
    cursor: page.cursor,
    can_create: mayEdit(actor),
  };
}

export async function getReport(deps: ReportDeps, actor: Actor, reportId: string): Promise<ReportOutput> {
  const { organizationId } = organizationOf(actor);
  if (isBuiltInReport(reportId))
    return builtInOutput(
      found((await builtInReports(deps, organizationId)).find((r) => r.report_id === reportId)),
    );
  return reportOutputOf(actor, found(await deps.store.report(organizationId, reportId)));
}

/**
 * The grouping must be one the source offers (a source with one has it whatever was sent), the
 * filters ones it takes; a filter naming an aircraft or a member must name one of the organization's.
 */
async function checkFilters(deps: ReportDeps, organizationId: string, input: CreateReportInput) {
  const groupings = SOURCE_GROUPINGS[input.source];
  if (groupings.length > 1 && !groupings.includes(input.group_by))
    throw validationFailed({ group_by: ['invalid_value'] });
  const taken: readonly string[] = SOURCE_FILTERS[input.source];
  if (Object.entries(input.filters).some(([key, value]) => value !== undefined && !taken.includes(key)))
    throw validationFailed({ filters: ['invalid_value'] });
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
  group_by: SOURCE_GROUPINGS[input.source].length > 1 ? input.group_by : SOURCE_GROUPINGS[input.source][0]!,
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
  const today = todayIn(timeZone, deps.now());
  const source = report.source;
  // Documents: by default the quarter before and after today (what expired lately, what expires soon).
  const period =
    source === 'expiring_documents' && !query.from && !query.to
      ? { from: addDays(today, -90), to: addDays(today, 90) }
      : periodOf(query, today);
  const ofFlights =
    source === 'flights' || source === 'aircraft_usage' || source === 'members' || source === 'statistics';
  const [flights, planes, memberIds, entries, training, maintenance, documents, types] = await Promise.all([
    ofFlights ? deps.flightsOfPeriod(organizationId, period.from, period.to) : [],
    deps.fleet(organizationId),
    deps.memberIds(organizationId),
    source === 'ledger' ? deps.ledgerOfPeriod(organizationId, period.from, period.to) : [],
    source === 'training' ? deps.trainingLines(organizationId, period) : [],
    source === 'maintenance' ? deps.maintenanceLines(organizationId, today) : undefined,
    source === 'expiring_documents' ? deps.expiringDocuments(organizationId, period, deps.now()) : [],
    source === 'expiring_documents' ? deps.documentTypes() : [],
  ]);
  const people = [
    ...new Set([
      ...memberIds,
      ...entries.map((e) => e.user_id),
      ...training.map((l) => l.user_id),
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
    training,
    ...(maintenance && { maintenance }),
    documents,
    documentTypeNames: new Map(
      types.map((type) => [type.code, type.names[actor.lang] ?? type.names.en ?? type.code]),
    ),
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
