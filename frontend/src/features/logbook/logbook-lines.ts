import { emptyTotals } from '../../../../contracts/logbook-totals.ts';
import { type TakeoffTypeId, takeoffTypeOf } from '../../../../contracts/schemas/flight-enums.ts';
import type {
  LogbookBookOutput,
  LogbookEntryOutput,
  LogbookTotals,
} from '../../../../contracts/schemas/logbook.ts';
import { formatDate, formatMinutes } from '../../lib/format.ts';
import { wallClockOf } from '../../lib/zoned-time.ts';

/**
 * A logbook line as the EASA layouts print it (Part-FCL FCL.050 for aeroplanes and TMGs, Part-SFCL
 * SFCL.050 for sailplanes), shared by the screen, the CSV and the printable PDF so all three agree.
 */

type Kind = LogbookEntryOutput['kind'];
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * The previous totals (spec §3 prev_*) in the totals' shape. Their total time is PIC + dual +
 * instructor time, as the logged total is the sum of the pilot-function times; prev_glider and
 * prev_tmg say which aircraft that time was on, so they are not added again.
 */
export function prevTotalsOf(prev: LogbookBookOutput['prev']): LogbookTotals {
  const p = (field: string) => prev[field] ?? 0;
  return {
    ...emptyTotals(),
    minutes: p('prev_pic') + p('prev_dual') + p('prev_instructor'),
    launches: p('prev_launches'),
    landings: p('prev_landings'),
    pic_minutes: p('prev_pic'),
    dual_minutes: p('prev_dual'),
    instructor_minutes: p('prev_instructor'),
    night_minutes: p('prev_night'),
    ifr_minutes: p('prev_ifr'),
  };
}

/** EASA "name of PIC": SELF when the pilot was in command (or instructing), else the commander. */
export const picNameOf = (e: LogbookEntryOutput, t: Translate) => {
  if (e.role === 'pic' || e.role === 'instructor') return t('line.self');
  if (e.role === 'dual') return e.instructor_name ?? e.pic_name ?? '';
  return e.pic_name ?? '';
};

/** The signature state for the remarks column. */
export const signatureText = (e: LogbookEntryOutput, t: Translate, timeZone: string) => {
  if (e.status === 'signed' && e.signature)
    return t('line.signed_by', {
      name: e.signature.signer_name,
      date: formatDate(e.signature.signed_at, timeZone),
    });
  if (e.status === 'awaiting_signature')
    return e.instructor_name ? t('line.awaiting_by', { name: e.instructor_name }) : t('line.awaiting');
  return '';
};

export const launchMethodOf = (e: LogbookEntryOutput, t: Translate) =>
  t(`flights:takeoff_type.${takeoffTypeOf(e.takeoff_type_id as TakeoffTypeId)}`);

/** Single-pilot time goes under single- or multi-engine; multi-pilot time has its own column. */
const singlePilot = (e: LogbookEntryOutput) => Math.max(0, e.flight_minutes - e.multi_pilot_minutes);
const roleMinutes = (e: LogbookEntryOutput, role: LogbookEntryOutput['role']) =>
  e.role === role ? formatMinutes(e.flight_minutes) : '';
const minutesOrEmpty = (value: number) => (value > 0 ? formatMinutes(value) : '');

export interface Column {
  id: string;
  /** i18n key in the logbook namespace */
  header: string;
  value: (e: LogbookEntryOutput, t: Translate, timeZone: string) => string;
}

/** The columns of each kind's logbook, in the EASA order. */
export function columnsOf(kind: Kind): Column[] {
  const head: Column[] = [
    { id: 'date', header: 'column.date', value: (e) => formatDate(e.date) },
    { id: 'departure_place', header: 'column.departure_place', value: (e) => e.takeoff_airport ?? '' },
    {
      id: 'departure_time',
      header: 'column.departure_time',
      value: (e, _t, tz) => wallClockOf(e.takeoff_time, tz).time,
    },
    { id: 'arrival_place', header: 'column.arrival_place', value: (e) => e.landing_airport ?? '' },
    {
      id: 'arrival_time',
      header: 'column.arrival_time',
      value: (e, _t, tz) => wallClockOf(e.landing_time, tz).time,
    },
    { id: 'aircraft_type', header: 'column.aircraft_type', value: (e) => e.plane_type ?? '' },
    { id: 'reg_num', header: 'column.reg_num', value: (e) => e.reg_num },
  ];
  const remarks: Column = {
    id: 'remarks',
    header: 'column.remarks',
    value: (e, t, tz) =>
      [e.remarks ?? '', e.proficiency_check ? t('line.proficiency_check') : '', signatureText(e, t, tz)]
        .filter(Boolean)
        .join(' · '),
  };
  if (kind === 'glider')
    return [
      ...head,
      { id: 'total', header: 'column.total', value: (e) => formatMinutes(e.flight_minutes) },
      { id: 'pic_name', header: 'column.pic_name', value: (e, t) => picNameOf(e, t) },
      { id: 'launches', header: 'column.launches', value: (e) => String(e.launches) },
      { id: 'launch_method', header: 'column.launch_method', value: (e, t) => launchMethodOf(e, t) },
      { id: 'pic', header: 'column.pic', value: (e) => roleMinutes(e, 'pic') },
      { id: 'dual', header: 'column.dual', value: (e) => roleMinutes(e, 'dual') },
      { id: 'instructor', header: 'column.instructor', value: (e) => roleMinutes(e, 'instructor') },
      remarks,
    ];
  return [
    ...head,
    {
      id: 'single_se',
      header: 'column.single_se',
      value: (e) => (e.multi_engine ? '' : minutesOrEmpty(singlePilot(e))),
    },
    {
      id: 'single_me',
      header: 'column.single_me',
      value: (e) => (e.multi_engine ? minutesOrEmpty(singlePilot(e)) : ''),
    },
    { id: 'multi_pilot', header: 'column.multi_pilot', value: (e) => minutesOrEmpty(e.multi_pilot_minutes) },
    { id: 'total', header: 'column.total', value: (e) => formatMinutes(e.flight_minutes) },
    { id: 'pic_name', header: 'column.pic_name', value: (e, t) => picNameOf(e, t) },
    { id: 'landings', header: 'column.landings', value: (e) => String(e.landings) },
    { id: 'night', header: 'column.night', value: (e) => minutesOrEmpty(e.night_minutes) },
    { id: 'ifr', header: 'column.ifr', value: (e) => minutesOrEmpty(e.ifr_minutes) },
    { id: 'pic', header: 'column.pic', value: (e) => roleMinutes(e, 'pic') },
    { id: 'copilot', header: 'column.copilot', value: (e) => roleMinutes(e, 'sic') },
    { id: 'dual', header: 'column.dual', value: (e) => roleMinutes(e, 'dual') },
    { id: 'instructor', header: 'column.instructor', value: (e) => roleMinutes(e, 'instructor') },
    {
      id: 'sim',
      header: 'column.sim',
      value: (e) => (e.sim_minutes > 0 ? `${e.sim_type ?? ''} ${formatMinutes(e.sim_minutes)}`.trim() : ''),
    },
    remarks,
  ];
}

/** A totals row under the same columns (empty where a column has no total). */
export function totalsCells(kind: Kind, totals: LogbookTotals): Record<string, string> {
  const m = formatMinutes;
  const common = {
    total: m(totals.minutes),
    pic: m(totals.pic_minutes),
    dual: m(totals.dual_minutes),
    instructor: m(totals.instructor_minutes),
  };
  if (kind === 'glider') return { ...common, launches: String(totals.launches) };
  return {
    ...common,
    landings: String(totals.landings),
    night: m(totals.night_minutes),
    ifr: m(totals.ifr_minutes),
    copilot: m(totals.sic_minutes),
  };
}

/**
 * Spreadsheet separators: a semicolon, as Excel expects in the product's European languages (where
 * the comma is the decimal sign); quoted per RFC 4180; CRLF line ends; a byte-order mark in front
 * so Excel reads the file as UTF-8 and keeps the accents.
 */
const SEPARATOR = ';';
export const BOM = '\uFEFF';
const quote = (value: string) => (/[";\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

export function logbookCsv(
  kind: Kind,
  entries: readonly LogbookEntryOutput[],
  t: Translate,
  timeZone: string,
  footer: { label: string; totals: LogbookTotals }[] = [],
): string {
  const columns = columnsOf(kind);
  const lines = [
    columns.map((c) => quote(t(c.header))),
    ...entries.map((e) => columns.map((c) => quote(c.value(e, t, timeZone)))),
    ...footer.map(({ label, totals }) => {
      const cells = totalsCells(kind, totals);
      return columns.map((c, index) => quote(index === 0 ? label : (cells[c.id] ?? '')));
    }),
  ];
  return `${BOM}${lines.map((cells) => cells.join(SEPARATOR)).join('\r\n')}\r\n`;
}

/** `windsock-logbook-glider-2026-11-22.csv` */
export const exportFileName = (kind: Kind, extension: string, now = new Date()) =>
  `windsock-logbook-${kind}-${now.toISOString().slice(0, 10)}.${extension}`;

/** The day and time a line was signed, for the entry page. */
