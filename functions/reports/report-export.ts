import type { Lang } from '../../contracts/langs.ts';
import type {
  ExportFormat,
  ExportOutput,
  ReportRunOutput,
  ReportSection,
} from '../../contracts/schemas/reports.ts';
import csLedger from '../../frontend/src/locales/cs/ledger.json' with { type: 'json' };
import cs from '../../frontend/src/locales/cs/reports.json' with { type: 'json' };
import deLedger from '../../frontend/src/locales/de/ledger.json' with { type: 'json' };
import de from '../../frontend/src/locales/de/reports.json' with { type: 'json' };
import enLedger from '../../frontend/src/locales/en/ledger.json' with { type: 'json' };
import en from '../../frontend/src/locales/en/reports.json' with { type: 'json' };
import frLedger from '../../frontend/src/locales/fr/ledger.json' with { type: 'json' };
import fr from '../../frontend/src/locales/fr/reports.json' with { type: 'json' };
import huLedger from '../../frontend/src/locales/hu/ledger.json' with { type: 'json' };
import hu from '../../frontend/src/locales/hu/reports.json' with { type: 'json' };
import itLedger from '../../frontend/src/locales/it/ledger.json' with { type: 'json' };
import it from '../../frontend/src/locales/it/reports.json' with { type: 'json' };
import plLedger from '../../frontend/src/locales/pl/ledger.json' with { type: 'json' };
import pl from '../../frontend/src/locales/pl/reports.json' with { type: 'json' };
import skLedger from '../../frontend/src/locales/sk/ledger.json' with { type: 'json' };
import sk from '../../frontend/src/locales/sk/reports.json' with { type: 'json' };
import { type Cell, CSV_TYPE, csvOf, type Sheet, XLSX_TYPE, xlsxOf } from '../platform/spreadsheet.ts';

/**
 * report/export/{id} (issue 17 §4): the run's sections as a file in the reader's language (the
 * `reports` namespace the screen uses; transaction types from `ledger`): XLSX with a sheet per section, CSV with the sections one
 * under the other. Durations as decimal hours (2 decimals), launch methods and kinds translated.
 */

const TEXTS: Record<Lang, Record<string, unknown>> = { hu, en, de, sk, cs, pl, fr, it };
/** The transaction types are named as the finance screens name them (the `ledger` namespace). */
const LEDGER: Record<Lang, Record<string, unknown>> = {
  hu: huLedger,
  en: enLedger,
  de: deLedger,
  sk: skLedger,
  cs: csLedger,
  pl: plLedger,
  fr: frLedger,
  it: itLedger,
};

export function translator(lang: Lang) {
  const lookup = (texts: Record<string, unknown>, path: string) => {
    let value: unknown = texts;
    for (const part of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
    return typeof value === 'string' ? value : undefined;
  };
  return (path: string) =>
    path.startsWith('ledger:')
      ? (lookup(LEDGER[lang], path.slice(7)) ?? lookup(LEDGER.en, path.slice(7)) ?? path)
      : (lookup(TEXTS[lang], path) ?? lookup(TEXTS.en, path) ?? path);
}

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** One section as rows: a header of translated column names, then the cells. */
export function sectionRows(section: ReportSection, t: (path: string) => string): Cell[][] {
  const header = section.columns.map((c) =>
    c.type === 'minutes' ? t(`column_hours.${c.key}`) : t(`column.${c.key}`),
  );
  const rows = section.rows.map((row) =>
    row.map((cell, i): Cell => {
      const type = section.columns[i]?.type;
      if (cell === null) return null;
      if (type === 'minutes') return hours(Number(cell));
      if (type === 'launch_method') return t(`launch.${cell}`);
      if (type === 'kind') return t(`kind.${cell}`);
      // Money in the currency's major unit, as finance's exports write it (minor units / 100).
      if (type === 'money') return Number(cell) / 100;
      if (type === 'transaction_type') return t(`ledger:type.${cell}`);
      if (type === 'state') return t(`state.${cell}`);
      return cell;
    }),
  );
  return [header, ...rows];
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 60) || 'report';

export function exportFile(run: ReportRunOutput, format: ExportFormat, lang: Lang): ExportOutput {
  const t = translator(lang);
  const title = run.report.name ?? t(`built_in.${run.report.report_id}.name`);
  const name = `${slug(title)}-${run.from}-${run.to}`;
  const sheets: Sheet[] = run.sections.map((section) => {
    const rows = sectionRows(section, t);
    return {
      name: t(`section.${section.key}`),
      rows,
      widths: section.columns.map((_, i) =>
        Math.min(40, Math.max(10, ...rows.map((r) => String(r[i] ?? '').length + 2))),
      ),
    };
  });
  if (format === 'xlsx')
    return { filename: `${name}.xlsx`, content_type: XLSX_TYPE, data: xlsxOf(sheets).toString('base64') };
  // CSV: the title and period, then each section under its name, a blank line between.
  const rows: Cell[][] = [[title], [`${run.from} – ${run.to}`]];
  for (const sheet of sheets) rows.push([], [sheet.name], ...sheet.rows);
  return {
    filename: `${name}.csv`,
    content_type: CSV_TYPE,
    data: Buffer.from(csvOf(rows)).toString('base64'),
  };
}
