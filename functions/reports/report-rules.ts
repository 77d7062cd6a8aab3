import { TAKEOFF_TYPES, type TakeoffTypeId, takeoffTypeOf } from '../../contracts/schemas/flight-enums.ts';
import type {
  BuiltInReport,
  ReportCell,
  ReportColumn,
  ReportFilters,
  ReportGrouping,
  ReportSection,
  ReportSource,
} from '../../contracts/schemas/reports.ts';

/**
 * The reports' arithmetic (issue 17 §4), without I/O: flights in, tables out. A flight counts once
 * it has landed (a planned or airborne one has no time yet). A member's hours are the flights they
 * were pilot in command of, or instructor on; a launch is a flight's take-off by its method.
 */

/** What a report needs of a club flight (functions/flights/public.ts `flightsOfPeriod`). */
export interface ReportFlight {
  flight_id: string;
  date: string;
  status: string;
  kind: 'glider' | 'general';
  plane_id: string;
  reg_num: string;
  takeoff_type_id: number;
  takeoff_time?: string;
  landing_time?: string;
  flight_time?: number;
  pic_id?: string;
  pic_name?: string;
  instructor_id?: string;
}

export interface ReportContext {
  /** Member names by user id, family name first. */
  names: ReadonlyMap<string, string>;
  /** The fleet: every aircraft, also those that did not fly. */
  fleet: readonly { plane_id: string; reg_num: string }[];
  /** The active members (a members report lists those without flights too). */
  memberIds: readonly string[];
  /** The organization's time zone: take-off and landing times are shown in it. */
  timeZone: string;
  /** A ledger report's entries of the period (functions/finance/public.ts `ledgerPage`). */
  ledger?: readonly ReportLedgerLine[];
  /** The organization's currency (a ledger report's money columns). */
  currencyId?: string;
  /** A training report's trainings (functions/training/public.ts `trainingLines`). */
  training?: readonly ReportTrainingLine[];
  /** A maintenance report's dues and faults (functions/aircraft/public.ts `maintenanceLines`). */
  maintenance?: { dues: readonly ReportDueLine[]; faults: readonly ReportFaultLine[] };
  /** An expiring-documents report's documents (functions/documents/public.ts `expiringDocuments`). */
  documents?: readonly ReportDocumentLine[];
  /** Document type names by code, in the reader's language. */
  documentTypeNames?: ReadonlyMap<string, string>;
}

export interface ReportTrainingLine {
  user_id: string;
  training_name: string;
  status: string;
  training_start_date: string;
  tasks_done: number;
  tasks_total: number;
  checks_in_period: number;
  last_activity_date: string | null;
}

export interface ReportDueLine {
  plane_id: string;
  reg_num: string;
  name: string;
  state: string;
  due_date: string | null;
}

export interface ReportFaultLine {
  plane_id: string;
  reg_num: string;
  status: string;
  reported_on: string;
}

export interface ReportDocumentLine {
  source_type: string;
  holder_id: string;
  holder_name: string;
  document_type_id: string;
  expiration_date: string;
  state: string;
}

/** What a report needs of a ledger entry: the day, the member, the type, the signed minor units. */
export interface ReportLedgerLine {
  date: string;
  user_id: string;
  transaction_type: string;
  amount: number;
}

export interface ReportDefinition {
  source: ReportSource | 'statistics';
  group_by: ReportGrouping;
  filters: ReportFilters;
  chart: boolean;
}

const col = (key: string, type: ReportColumn['type']): ReportColumn => ({ key, type });

export const landed = (flights: readonly ReportFlight[]) => flights.filter((f) => f.status === 'landed');

const minutesOf = (f: ReportFlight) => f.flight_time ?? 0;

const pilotKey = (f: ReportFlight) => f.pic_id ?? (f.pic_name ? `name:${f.pic_name}` : '');
const pilotName = (key: string, context: ReportContext) =>
  key.startsWith('name:') ? key.slice(5) : (context.names.get(key) ?? '');

const launchMethod = (f: ReportFlight) =>
  f.takeoff_type_id >= 1 && f.takeoff_type_id <= 6 ? takeoffTypeOf(f.takeoff_type_id as TakeoffTypeId) : null;

interface Tally {
  flights: number;
  minutes: number;
  days: Set<string>;
}
const tally = (): Tally => ({ flights: 0, minutes: 0, days: new Set() });
const add = (t: Tally, f: ReportFlight) => {
  t.flights += 1;
  t.minutes += minutesOf(f);
  t.days.add(f.date);
};

function tallyBy(flights: readonly ReportFlight[], keyOf: (f: ReportFlight) => string | null) {
  const tallies = new Map<string, Tally>();
  for (const f of flights) {
    const key = keyOf(f);
    if (key === null) continue;
    const t = tallies.get(key) ?? tally();
    add(t, f);
    tallies.set(key, t);
  }
  return tallies;
}

const byLabel = (a: ReportCell[], b: ReportCell[]) =>
  String(a[0] ?? '').localeCompare(String(b[0] ?? ''), 'hu');
const byMinutesDesc = (a: ReportCell[], b: ReportCell[]) =>
  Number(b[2] ?? 0) - Number(a[2] ?? 0) || byLabel(a, b);

/** The months of the period, yyyy-mm, each listed even when nothing flew. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) break;
    months.push(key);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return months;
}

/** The club's yearly statistics: totals, per month, launches by method, per aircraft, per member. */
export function yearlyStatistics(
  all: readonly ReportFlight[],
  from: string,
  to: string,
  context: ReportContext,
): ReportSection[] {
  const flights = landed(all);
  const total = tally();
  for (const f of flights) add(total, f);
  const perMonth = tallyBy(flights, (f) => f.date.slice(0, 7));
  const perMethod = tallyBy(flights, launchMethod);
  const perPlane = tallyBy(flights, (f) => f.reg_num);
  const perPilot = tallyBy(flights, (f) => pilotKey(f) || null);
  return [
    {
      key: 'totals',
      columns: [
        col('flights', 'count'),
        col('minutes', 'minutes'),
        col('days', 'count'),
        col('aircraft', 'count'),
        col('pilots', 'count'),
      ],
      rows: [[total.flights, total.minutes, total.days.size, perPlane.size, perPilot.size]],
      chart: null,
    },
    {
      key: 'by_month',
      columns: [col('month', 'month'), col('flights', 'count'), col('minutes', 'minutes')],
      rows: monthsOf(from, to).map((m) => [m, perMonth.get(m)?.flights ?? 0, perMonth.get(m)?.minutes ?? 0]),
      chart: { value_column: 1 },
    },
    {
      key: 'by_launch_method',
      columns: [col('launch_method', 'launch_method'), col('flights', 'count'), col('minutes', 'minutes')],
      rows: TAKEOFF_TYPES.filter((m) => perMethod.has(m)).map((m) => [
        m,
        perMethod.get(m)?.flights ?? 0,
        perMethod.get(m)?.minutes ?? 0,
      ]),
      chart: { value_column: 1 },
    },
    {
      key: 'by_plane',
      columns: [
        col('reg_num', 'text'),
        col('flights', 'count'),
        col('minutes', 'minutes'),
        col('days', 'count'),
      ],
      rows: [...perPlane]
        .map(([reg, t]): ReportCell[] => [reg, t.flights, t.minutes, t.days.size])
        .sort(byMinutesDesc),
      chart: { value_column: 2 },
    },
    {
      key: 'by_member',
      columns: [col('member', 'text'), col('flights', 'count'), col('minutes', 'minutes')],
      rows: [...perPilot]
        .map(([key, t]): ReportCell[] => [pilotName(key, context), t.flights, t.minutes])
        .sort(byMinutesDesc),
      chart: null,
    },
  ];
}

/** Aircraft utilisation: every aircraft of the fleet, flown or not, by hours flown. */
export function aircraftUtilisation(all: readonly ReportFlight[], context: ReportContext): ReportSection[] {
  const perPlane = tallyBy(landed(all), (f) => f.plane_id);
  const known = new Set(context.fleet.map((p) => p.plane_id));
  const regOf = new Map(all.map((f) => [f.plane_id, f.reg_num]));
  const ids = [
    ...context.fleet.map((p) => p.plane_id),
    ...[...perPlane.keys()].filter((id) => !known.has(id)),
  ];
  const reg = (id: string) => context.fleet.find((p) => p.plane_id === id)?.reg_num ?? regOf.get(id) ?? id;
  const rows = ids.map((id): ReportCell[] => {
    const t = perPlane.get(id);
    const flights = t?.flights ?? 0;
    const minutes = t?.minutes ?? 0;
    return [reg(id), flights, minutes, t?.days.size ?? 0, flights ? Math.round(minutes / flights) : 0];
  });
  return [
    {
      key: 'utilisation',
      columns: [
        col('reg_num', 'text'),
        col('flights', 'count'),
        col('minutes', 'minutes'),
        col('days', 'count'),
        col('average_minutes', 'minutes'),
      ],
      rows: rows.sort(byMinutesDesc),
      chart: { value_column: 2 },
    },
  ];
}

/** Members' hours: every active member (and named guests who flew) as PIC and as instructor. */
export function membersHours(all: readonly ReportFlight[], context: ReportContext): ReportSection[] {
  const flights = landed(all);
  const asPic = tallyBy(flights, (f) => pilotKey(f) || null);
  const asInstructor = tallyBy(flights, (f) => f.instructor_id ?? null);
  const keys = new Set([...context.memberIds, ...asPic.keys(), ...asInstructor.keys()]);
  const rows = [...keys].map((key): ReportCell[] => [
    pilotName(key, context),
    asPic.get(key)?.flights ?? 0,
    asPic.get(key)?.minutes ?? 0,
    asInstructor.get(key)?.flights ?? 0,
    asInstructor.get(key)?.minutes ?? 0,
  ]);
  return [
    {
      key: 'members_hours',
      columns: [
        col('member', 'text'),
        col('flights', 'count'),
        col('minutes', 'minutes'),
        col('instructor_flights', 'count'),
        col('instructor_minutes', 'minutes'),
      ],
      rows: rows.filter((row) => row[0] !== '').sort(byMinutesDesc),
      chart: { value_column: 2 },
    },
  ];
}

/** A saved definition's filters: the aircraft, the member (as PIC or instructor), the kind, the launch. */
export function filtered(flights: readonly ReportFlight[], filters: ReportFilters): ReportFlight[] {
  return flights.filter(
    (f) =>
      (!filters.plane_id || f.plane_id === filters.plane_id) &&
      (!filters.member_id || f.pic_id === filters.member_id || f.instructor_id === filters.member_id) &&
      (!filters.kind || f.kind === filters.kind) &&
      (!filters.takeoff_type_id || f.takeoff_type_id === filters.takeoff_type_id),
  );
}

const clock = (iso: string | undefined, timeZone: string) =>
  iso
    ? new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(iso))
    : null;

/** A saved flights report: one row per flight, or the flights grouped (count, time, days). */
export function flightsReport(
  all: readonly ReportFlight[],
  definition: ReportDefinition,
  context: ReportContext,
): ReportSection[] {
  const flights = filtered(landed(all), definition.filters).sort(
    (a, b) => a.date.localeCompare(b.date) || (a.takeoff_time ?? '').localeCompare(b.takeoff_time ?? ''),
  );
  const chart = definition.chart ? { value_column: 2 } : null;
  const grouped = (
    key: string,
    label: ReportColumn,
    keyOf: (f: ReportFlight) => string | null,
    sort = byLabel,
  ) => ({
    key,
    columns: [label, col('flights', 'count'), col('minutes', 'minutes'), col('days', 'count')],
    rows: [...tallyBy(flights, keyOf)]
      .map(([k, t]): ReportCell[] => [k, t.flights, t.minutes, t.days.size])
      .sort(sort),
    chart,
  });
  switch (definition.group_by) {
    // `type` groups a ledger report; a flights report never has it (refused when saved).
    case 'type':
    case 'month':
      return [grouped('by_month', col('month', 'month'), (f) => f.date.slice(0, 7))];
    case 'plane':
      return [grouped('by_plane', col('reg_num', 'text'), (f) => f.reg_num, byMinutesDesc)];
    case 'launch_method':
      return [
        grouped('by_launch_method', col('launch_method', 'launch_method'), launchMethod, byMinutesDesc),
      ];
    case 'kind':
      return [grouped('by_kind', col('kind', 'kind'), (f) => f.kind)];
    case 'member': {
      const section = grouped('by_member', col('member', 'text'), (f) => pilotKey(f) || null, byMinutesDesc);
      section.rows = section.rows
        .map((row) => [pilotName(String(row[0]), context), ...row.slice(1)])
        .sort(byMinutesDesc);
      return [section];
    }
    default:
      return [
        {
          key: 'flights',
          columns: [
            col('date', 'date'),
            col('reg_num', 'text'),
            col('kind', 'kind'),
            col('launch_method', 'launch_method'),
            col('member', 'text'),
            col('takeoff_time', 'time'),
            col('landing_time', 'time'),
            col('minutes', 'minutes'),
          ],
          rows: flights.map((f) => [
            f.date,
            f.reg_num,
            f.kind,
            launchMethod(f),
            pilotName(pilotKey(f), context) || null,
            clock(f.takeoff_time, context.timeZone),
            clock(f.landing_time, context.timeZone),
            minutesOf(f),
          ]),
          chart: null,
        },
      ];
  }
}

/**
 * A ledger report: the period's entries (of one member, if filtered) per member, month or type —
 * how many, the credits, the charges (negative) and the net, in minor units. Every month of the
 * period is listed, also one without entries.
 */
export function ledgerReport(
  entries: readonly ReportLedgerLine[],
  definition: ReportDefinition,
  period: { from: string; to: string },
  context: ReportContext,
): ReportSection[] {
  const member = definition.filters.member_id;
  const selected = member ? entries.filter((e) => e.user_id === member) : entries;
  const grouping =
    definition.group_by === 'month' || definition.group_by === 'member' ? definition.group_by : 'type';
  const keyOf = (e: ReportLedgerLine) =>
    grouping === 'month' ? e.date.slice(0, 7) : grouping === 'member' ? e.user_id : e.transaction_type;
  const sums = new Map<string, { entries: number; credits: number; debits: number }>();
  if (grouping === 'month')
    for (const m of monthsOf(period.from, period.to)) sums.set(m, { entries: 0, credits: 0, debits: 0 });
  for (const e of selected) {
    const key = keyOf(e);
    const sum = sums.get(key) ?? { entries: 0, credits: 0, debits: 0 };
    sum.entries += 1;
    if (e.amount >= 0) sum.credits += e.amount;
    else sum.debits += e.amount;
    sums.set(key, sum);
  }
  const label =
    grouping === 'month'
      ? col('month', 'month')
      : grouping === 'member'
        ? col('member', 'text')
        : col('transaction_type', 'transaction_type');
  const rows = [...sums].map(([key, s]): ReportCell[] => [
    grouping === 'member' ? context.names.get(key) || key : key,
    s.entries,
    s.credits,
    s.debits,
    s.credits + s.debits,
  ]);
  if (grouping !== 'month') rows.sort(byLabel);
  return [
    {
      key: `by_${grouping}`,
      columns: [
        label,
        col('entries', 'count'),
        col('credits', 'money'),
        col('debits', 'money'),
        col('net', 'money'),
      ],
      rows,
      chart: definition.chart ? { value_column: 4 } : null,
      ...(context.currencyId ? { currency_id: context.currencyId } : {}),
    },
  ];
}

/**
 * A training report: each training open in the period — the student, the programme, its state,
 * the tasks done of all and the task checks signed in the period; or per student (trainings,
 * tasks done, checks).
 */
export function trainingReport(
  lines: readonly ReportTrainingLine[],
  definition: ReportDefinition,
  context: ReportContext,
): ReportSection[] {
  const member = definition.filters.member_id;
  const selected = (member ? lines.filter((l) => l.user_id === member) : lines).map((l) => ({
    ...l,
    name: context.names.get(l.user_id) || l.user_id,
  }));
  if (definition.group_by === 'member') {
    const sums = new Map<string, { trainings: number; tasks: number; checks: number }>();
    for (const l of selected) {
      const sum = sums.get(l.name) ?? { trainings: 0, tasks: 0, checks: 0 };
      sum.trainings += 1;
      sum.tasks += l.tasks_done;
      sum.checks += l.checks_in_period;
      sums.set(l.name, sum);
    }
    return [
      {
        key: 'by_member',
        columns: [
          col('member', 'text'),
          col('trainings', 'count'),
          col('tasks_done', 'count'),
          col('checks', 'count'),
        ],
        rows: [...sums]
          .map(([name, s]): ReportCell[] => [name, s.trainings, s.tasks, s.checks])
          .sort(byLabel),
        chart: definition.chart ? { value_column: 2 } : null,
      },
    ];
  }
  return [
    {
      key: 'trainings',
      columns: [
        col('member', 'text'),
        col('training', 'text'),
        col('state', 'state'),
        col('start_date', 'date'),
        col('tasks_done', 'count'),
        col('tasks_total', 'count'),
        col('checks', 'count'),
        col('last_activity', 'date'),
      ],
      rows: selected
        .map((l): ReportCell[] => [
          l.name,
          l.training_name,
          l.status,
          l.training_start_date,
          l.tasks_done,
          l.tasks_total,
          l.checks_in_period,
          l.last_activity_date,
        ])
        .sort(byLabel),
      chart: definition.chart ? { value_column: 4 } : null,
    },
  ];
}

const DUE_ORDER: Record<string, number> = { overdue: 0, due_soon: 1, ok: 2 };

/**
 * A maintenance report: every tracked due item (overdue first, then by due day); or per aircraft
 * the due items, how many are overdue or due soon, the open faults and the faults reported in the
 * period.
 */
export function maintenanceReport(
  data: NonNullable<ReportContext['maintenance']>,
  definition: ReportDefinition,
  period: { from: string; to: string },
  context: ReportContext,
): ReportSection[] {
  const plane = definition.filters.plane_id;
  const dues = plane ? data.dues.filter((d) => d.plane_id === plane) : data.dues;
  const faults = plane ? data.faults.filter((f) => f.plane_id === plane) : data.faults;
  if (definition.group_by === 'plane') {
    const fleet = plane ? context.fleet.filter((p) => p.plane_id === plane) : context.fleet;
    const rows = fleet.map((p): ReportCell[] => {
      const own = dues.filter((d) => d.plane_id === p.plane_id);
      const its = faults.filter((f) => f.plane_id === p.plane_id);
      return [
        p.reg_num,
        own.length,
        own.filter((d) => d.state === 'overdue').length,
        own.filter((d) => d.state === 'due_soon').length,
        its.filter((f) => f.status === 'open').length,
        its.filter((f) => f.reported_on >= period.from && f.reported_on <= period.to).length,
      ];
    });
    return [
      {
        key: 'by_plane',
        columns: [
          col('reg_num', 'text'),
          col('due_items', 'count'),
          col('overdue', 'count'),
          col('due_soon', 'count'),
          col('open_faults', 'count'),
          col('faults_reported', 'count'),
        ],
        rows: rows.sort(byLabel),
        chart: definition.chart ? { value_column: 4 } : null,
      },
    ];
  }
  return [
    {
      key: 'due_items',
      columns: [col('reg_num', 'text'), col('item', 'text'), col('state', 'state'), col('due_date', 'date')],
      rows: [...dues]
        .sort(
          (a, b) =>
            (DUE_ORDER[a.state] ?? 3) - (DUE_ORDER[b.state] ?? 3) ||
            (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999') ||
            a.reg_num.localeCompare(b.reg_num),
        )
        .map((d): ReportCell[] => [d.reg_num, d.name, d.state, d.due_date]),
      chart: null,
    },
  ];
}

/**
 * An expiring-documents report: the documents in force whose expiry falls in the period (of one
 * member or aircraft, if filtered), by expiry day; or how many per state.
 */
export function documentsReport(
  lines: readonly ReportDocumentLine[],
  definition: ReportDefinition,
  context: ReportContext,
): ReportSection[] {
  const holder = definition.filters.member_id ?? definition.filters.plane_id;
  const selected = holder ? lines.filter((l) => l.holder_id === holder) : lines;
  if (definition.group_by === 'state') {
    const counts = new Map<string, number>([
      ['expired', 0],
      ['expiring', 0],
      ['valid', 0],
    ]);
    for (const l of selected) counts.set(l.state, (counts.get(l.state) ?? 0) + 1);
    return [
      {
        key: 'by_state',
        columns: [col('state', 'state'), col('documents', 'count')],
        rows: [...counts].map(([state, n]): ReportCell[] => [state, n]),
        chart: definition.chart ? { value_column: 1 } : null,
      },
    ];
  }
  return [
    {
      key: 'documents',
      columns: [
        col('holder', 'text'),
        col('holder_type', 'state'),
        col('document_type', 'text'),
        col('expiration_date', 'date'),
        col('state', 'state'),
      ],
      rows: selected.map((l): ReportCell[] => [
        l.holder_name,
        l.source_type,
        context.documentTypeNames?.get(l.document_type_id) ?? l.document_type_id,
        l.expiration_date,
        l.state,
      ]),
      chart: null,
    },
  ];
}

/** What a report shows: its sections over the period's flights. */
export function sectionsOf(
  builtIn: BuiltInReport | null,
  definition: ReportDefinition,
  flights: readonly ReportFlight[],
  period: { from: string; to: string },
  context: ReportContext,
): ReportSection[] {
  if (builtIn === 'yearly-statistics') return yearlyStatistics(flights, period.from, period.to, context);
  if (builtIn === 'aircraft-utilisation') return aircraftUtilisation(flights, context);
  if (builtIn === 'members-hours') return membersHours(flights, context);
  if (builtIn === 'expiring-documents' || definition.source === 'expiring_documents')
    return documentsReport(context.documents ?? [], definition, context);
  if (definition.source === 'ledger') return ledgerReport(context.ledger ?? [], definition, period, context);
  if (definition.source === 'training') return trainingReport(context.training ?? [], definition, context);
  if (definition.source === 'maintenance')
    return maintenanceReport(context.maintenance ?? { dues: [], faults: [] }, definition, period, context);
  const selected = filtered(flights, definition.filters);
  if (definition.source === 'aircraft_usage') {
    const fleet = definition.filters.plane_id
      ? context.fleet.filter((p) => p.plane_id === definition.filters.plane_id)
      : context.fleet;
    return withChart(aircraftUtilisation(selected, { ...context, fleet }), definition.chart);
  }
  if (definition.source === 'members') {
    const memberIds = definition.filters.member_id ? [definition.filters.member_id] : context.memberIds;
    return withChart(membersHours(selected, { ...context, memberIds }), definition.chart);
  }
  return flightsReport(flights, definition, context);
}

const withChart = (sections: ReportSection[], chart: boolean) =>
  sections.map((s) => ({ ...s, chart: chart ? s.chart : null }));
