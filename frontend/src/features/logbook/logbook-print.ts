import { addTotals, totalsOf } from '../../../../contracts/logbook-totals.ts';
import type { LogbookEntryOutput, LogbookTotals } from '../../../../contracts/schemas/logbook.ts';
import { columnsOf, type Translate, totalsCells } from './logbook-lines.ts';

/**
 * The logbook as the EASA paper book lays it out, for the browser to print or save as PDF: A4
 * landscape, oldest line first, a fixed number of lines per page, and under every page the totals
 * of the page, the totals brought forward from the previous pages (the previous totals included)
 * and the running total. Loaded only when someone asks for the PDF.
 *
 * The browser renders it, not a PDF library: the fonts a browser has cover every accent of the
 * eight languages (ő, ł, č, ř …), where a PDF library's built-in fonts stop at Western European
 * characters, and no dependency is added.
 */

export const LINES_PER_PAGE = 18;

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

interface PrintInput {
  kind: LogbookEntryOutput['kind'];
  /** Every line, in any order (printed oldest first). */
  entries: readonly LogbookEntryOutput[];
  prev: LogbookTotals;
  pilotName: string;
  title: string;
  lang: string;
  timeZone: string;
  t: Translate;
}

/** Oldest first, as a paper logbook is written. */
const chronological = (entries: readonly LogbookEntryOutput[]) =>
  [...entries].sort((a, b) => a.takeoff_time.localeCompare(b.takeoff_time));

export function logbookPrintHtml(input: PrintInput): string {
  const { kind, t, timeZone } = input;
  const columns = columnsOf(kind);
  const lines = chronological(input.entries);
  const pages: LogbookEntryOutput[][] = [];
  for (let index = 0; index < lines.length; index += LINES_PER_PAGE)
    pages.push(lines.slice(index, index + LINES_PER_PAGE));
  if (pages.length === 0) pages.push([]);

  let forward = input.prev;
  const body = pages
    .map((page, pageIndex) => {
      const pageTotals = totalsOf(page);
      const running = addTotals(forward, pageTotals);
      const totalsRow = (label: string, totals: LogbookTotals, testId: string) => {
        const cells = totalsCells(kind, totals);
        return `<tr class="totals" data-testid="${testId}"><th scope="row">${escapeHtml(label)}</th>${columns
          .slice(1)
          .map((c) => `<td>${escapeHtml(cells[c.id] ?? '')}</td>`)
          .join('')}</tr>`;
      };
      const blank = Array.from(
        { length: LINES_PER_PAGE - page.length },
        () => `<tr class="blank">${columns.map(() => '<td>&nbsp;</td>').join('')}</tr>`,
      ).join('');
      const html = `<section class="page">
<header><strong>${escapeHtml(input.title)}</strong><span>${escapeHtml(input.pilotName)}</span><span>${escapeHtml(
        t('print.page', { page: pageIndex + 1, pages: pages.length }),
      )}</span></header>
<table><colgroup>${columns.map((c) => `<col class="col-${c.id}">`).join('')}</colgroup><thead><tr>${columns.map((c) => `<th>${escapeHtml(t(c.header))}</th>`).join('')}</tr></thead>
<tbody>${page
        .map(
          (e) => `<tr>${columns.map((c) => `<td>${escapeHtml(c.value(e, t, timeZone))}</td>`).join('')}</tr>`,
        )
        .join('')}${blank}</tbody>
<tfoot>${totalsRow(t('totals.this_page'), pageTotals, 'print-page-totals')}${totalsRow(
        t('totals.brought_forward'),
        forward,
        'print-forward-totals',
      )}${totalsRow(t('totals.grand'), running, 'print-running-totals')}</tfoot></table>
<footer>${escapeHtml(t('print.certify'))}<span class="signature">${escapeHtml(t('print.pilot_signature'))}</span></footer>
</section>`;
      forward = running;
      return html;
    })
    .join('\n');

  return `<!doctype html><html lang="${escapeHtml(input.lang)}"><head><meta charset="utf-8"><title>${escapeHtml(
    input.title,
  )}</title><style>
@page { size: A4 landscape; margin: 10mm; }
* { box-sizing: border-box; }
body { font-family: "Noto Sans", "DejaVu Sans", Arial, sans-serif; font-size: 7.5pt; margin: 0; color: #000; }
.page { page-break-after: always; }
.page:last-child { page-break-after: auto; }
header { display: flex; justify-content: space-between; margin-bottom: 2mm; font-size: 9pt; }
table { width: 100%; border-collapse: collapse; table-layout: fixed; }
th, td { border: 0.3pt solid #444; padding: 0.8mm 1mm; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
thead th { background: #eee; font-weight: 600; white-space: normal; vertical-align: bottom; }
tr.blank td { height: 5.2mm; }
tfoot th { text-align: left; font-weight: 600; white-space: normal; }
col.col-date { width: 7%; }
col.col-remarks { width: 20%; }
col.col-pic_name { width: 9%; }
col.col-aircraft_type, col.col-launch_method { width: 7%; }
tfoot tr.totals td, tfoot tr.totals th { background: #f6f6f6; }
footer { margin-top: 3mm; display: flex; justify-content: space-between; font-size: 7pt; }
.signature { border-top: 0.3pt solid #000; min-width: 60mm; text-align: center; padding-top: 1mm; }
</style></head><body>${body}</body></html>`;
}

/**
 * Prints the logbook through a hidden frame, so the app's own page and styles stay as they are; the
 * browser's print dialog offers "Save as PDF".
 */
export function printLogbook(input: PrintInput) {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden;';
  frame.dataset.testid = 'logbook-print-frame';
  document.body.append(frame);
  const doc = frame.contentDocument;
  const view = frame.contentWindow;
  if (!doc || !view) {
    frame.remove();
    return;
  }
  doc.open();
  doc.write(logbookPrintHtml(input));
  doc.close();
  // The frame stays until the dialog closes; printing blocks until then in every browser we target.
  view.addEventListener('afterprint', () => setTimeout(() => frame.remove(), 0));
  view.focus();
  view.print();
}
