import { addTotals, totalsOf } from '../../../../contracts/logbook-totals.ts';
import type { LogbookEntryOutput, LogbookTotals } from '../../../../contracts/schemas/logbook.ts';
import { A4_LANDSCAPE, type Align, createPdf, MM, type PdfFonts } from '../../lib/pdf/pdf-document.ts';
import {
  drawTable,
  footerRowHeight,
  headerHeight,
  layoutTable,
  paginate,
  rowHeight,
  type TableColumn,
  wrapRow,
} from '../../lib/pdf/table.ts';
import { columnsOf, type Translate, totalsCells } from './logbook-lines.ts';

/**
 * The logbook as a real PDF in the EASA layout (Part-FCL FCL.050, Part-SFCL SFCL.050): A4
 * landscape, oldest line first, the same columns as the screen and the CSV (logbook-lines.ts) with
 * every date, place, time and registration whole, and under every page the totals of the page, the
 * totals brought forward from the previous pages (the previous totals included) and the running
 * total. Built in the browser from the shared PDF module (lib/pdf), in a chunk of its own.
 */

export interface LogbookPdfInput {
  kind: LogbookEntryOutput['kind'];
  /** Every line, in any order (printed oldest first). */
  entries: readonly LogbookEntryOutput[];
  /** What the first page brings forward (the previous totals). */
  prev: LogbookTotals;
  pilotName: string;
  title: string;
  lang: string;
  timeZone: string;
  t: Translate;
  created: Date;
}

/** How each logbook column prints: its group header, alignment, and whether it may wrap. */
const PRINT: Record<
  string,
  { group?: string; header?: string; align?: Align; wrap?: boolean; flex?: boolean }
> = {
  date: { align: 'center' },
  departure_place: { group: 'column.departure', header: 'column.place', align: 'center' },
  departure_time: { group: 'column.departure', header: 'column.time', align: 'center' },
  arrival_place: { group: 'column.arrival', header: 'column.place', align: 'center' },
  arrival_time: { group: 'column.arrival', header: 'column.time', align: 'center' },
  aircraft_type: { group: 'column.aircraft', wrap: true },
  reg_num: { group: 'column.aircraft', align: 'center' },
  single_se: { align: 'right' },
  single_me: { align: 'right' },
  multi_pilot: { align: 'right' },
  total: { align: 'right' },
  pic_name: { wrap: true },
  launches: { align: 'right' },
  launch_method: { wrap: true },
  landings: { align: 'right' },
  night: { group: 'column.operational_condition', align: 'right' },
  ifr: { group: 'column.operational_condition', align: 'right' },
  pic: { group: 'column.pilot_function', align: 'right' },
  copilot: { group: 'column.pilot_function', align: 'right' },
  dual: { group: 'column.pilot_function', align: 'right' },
  instructor: { group: 'column.pilot_function', align: 'right' },
  sim: { wrap: true },
  remarks: { flex: true },
};

const MARGIN = 10 * MM;
const TITLE_SIZE = 11;
const FOOTER_SIZE = 7;

/** Oldest first, as a paper logbook is written. */
const chronological = (entries: readonly LogbookEntryOutput[]) =>
  [...entries].sort(
    (a, b) => a.takeoff_time.localeCompare(b.takeoff_time) || a.entry_id.localeCompare(b.entry_id),
  );

export async function logbookPdf(input: LogbookPdfInput, fonts: PdfFonts): Promise<Uint8Array> {
  const { kind, t, timeZone } = input;
  const pdf = await createPdf(fonts, {
    title: input.pilotName ? `${input.title} — ${input.pilotName}` : input.title,
    author: input.pilotName,
    lang: input.lang,
    created: input.created,
  });
  const logbookColumns = columnsOf(kind);
  const columns: TableColumn[] = logbookColumns.map((column) => {
    const print = PRINT[column.id] ?? {};
    return {
      id: column.id,
      header: t(print.header ?? column.header),
      group: print.group ? t(print.group) : undefined,
      align: print.align,
      wrap: print.wrap,
      flex: print.flex,
    };
  });
  const lines = chronological(input.entries);
  const cells = lines.map((e) => logbookColumns.map((c) => c.value(e, t, timeZone)));
  const [pageWidth, pageHeight] = A4_LANDSCAPE;
  const tableWidth = pageWidth - 2 * MARGIN;
  // The last page's grand total has the largest numbers a totals cell will hold.
  const grand = addTotals(input.prev, totalsOf(lines));
  const layout = layoutTable(pdf, columns, cells, tableWidth, { footers: [totalsCells(kind, grand)] });
  const rows = cells.map((row) => wrapRow(pdf, layout, columns, row));

  const titleBlock = TITLE_SIZE * 1.8;
  const signatureBlock = FOOTER_SIZE * 6;
  const footerRows = 3;
  const available =
    pageHeight -
    2 * MARGIN -
    titleBlock -
    headerHeight(pdf, layout, columns).total -
    footerRows * footerRowHeight(layout) -
    signatureBlock;
  const pages = paginate(
    rows.map((row) => rowHeight(layout, row)),
    available,
  );

  let forward = input.prev;
  pages.forEach((indexes, pageIndex) => {
    const page = pdf.addPage(A4_LANDSCAPE);
    const top = pageHeight - MARGIN;
    const baseline = top - TITLE_SIZE;
    page.text(input.title, MARGIN, baseline, { size: TITLE_SIZE, bold: true });
    page.text(input.pilotName, pageWidth / 2, baseline, { size: TITLE_SIZE, align: 'center' });
    page.text(t('print.page', { page: pageIndex + 1, pages: pages.length }), pageWidth - MARGIN, baseline, {
      size: FOOTER_SIZE + 1,
      align: 'right',
    });

    const pageTotals = totalsOf(indexes.map((index) => lines[index] as LogbookEntryOutput));
    const running = addTotals(forward, pageTotals);
    const bottom = drawTable(pdf, page, {
      x: MARGIN,
      top: top - titleBlock,
      layout,
      columns,
      rows: indexes.map((index) => rows[index] as string[][]),
      footer: [
        { label: t('totals.this_page'), cells: totalsCells(kind, pageTotals) },
        { label: t('totals.brought_forward'), cells: totalsCells(kind, forward) },
        { label: t('totals.grand'), cells: totalsCells(kind, running) },
      ],
    });
    forward = running;

    // The pilot's certification and signature line, as on the paper book's every page.
    const certifyAt = bottom - FOOTER_SIZE * 2.5;
    page.text(t('print.certify'), MARGIN, certifyAt, { size: FOOTER_SIZE });
    const lineLeft = pageWidth - MARGIN - 70 * MM;
    page.line(lineLeft, certifyAt, pageWidth - MARGIN, certifyAt, 0.5);
    page.text(t('print.pilot_signature'), lineLeft + 35 * MM, certifyAt - FOOTER_SIZE * 1.4, {
      size: FOOTER_SIZE,
      align: 'center',
      grey: 0.3,
    });
  });
  return pdf.save();
}
