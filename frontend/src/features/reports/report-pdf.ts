import type { ReportRunOutput } from '../../../../contracts/schemas/reports.ts';
import type { Translate } from '../../lib/i18n-keys.ts';
import { A4_PORTRAIT, createPdf, MM, type PdfFonts } from '../../lib/pdf/pdf-document.ts';
import {
  drawTable,
  headerHeight,
  layoutTable,
  paginate,
  rowHeight,
  type TableColumn,
  wrapRow,
} from '../../lib/pdf/table.ts';
import { cellText, numeric } from './report-cells.ts';

/**
 * A report as a PDF (issue 17 §4), made in the browser from the run on the screen with the shared PDF
 * module (lib/pdf): the title and period, then each section under its name as a ruled table whose
 * cells read as on the screen (h:mm, YYYY.MM.DD, money in the organization's currency, codes
 * translated). A section starts on a new page; a long one continues on the next with its header.
 * Loaded lazily by the export menu, with pdf-lib and the fonts.
 */
const MARGIN = 12 * MM;
const TITLE_SIZE = 13;
const SECTION_SIZE = 10.5;
const FOOTER_SIZE = 7;

export async function reportPdf(
  input: { run: ReportRunOutput; title: string; period: string; t: Translate; lang: string; created: Date },
  fonts: PdfFonts,
): Promise<Uint8Array> {
  const { run, t } = input;
  const pdf = await createPdf(fonts, {
    title: input.title,
    subject: input.period,
    lang: input.lang,
    created: input.created,
  });
  const [pageWidth, pageHeight] = A4_PORTRAIT;
  const tableWidth = pageWidth - 2 * MARGIN;
  const titleBlock = TITLE_SIZE * 1.6 + SECTION_SIZE * 2.2;
  let pageNumber = 0;

  for (const section of run.sections) {
    const money = section.currency_id ? { currency: section.currency_id, locale: input.lang } : undefined;
    const columns: TableColumn[] = section.columns.map((column, index) => ({
      id: `${column.key}-${index}`,
      header: t(`reports:column.${column.key}`),
      align: numeric(column) ? 'right' : 'left',
      wrap: !numeric(column),
    }));
    const cells = section.rows.map((row) =>
      row.map((cell, i) => cellText(cell, section.columns[i], t, money)),
    );
    const layout = layoutTable(pdf, columns, cells, tableWidth, { sizes: [9, 8.5, 8, 7.5, 7, 6.5, 6] });
    const rows = cells.map((row) => wrapRow(pdf, layout, columns, row));
    const available =
      pageHeight - 2 * MARGIN - titleBlock - headerHeight(pdf, layout, columns).total - FOOTER_SIZE * 3;
    const pages = rows.length
      ? paginate(
          rows.map((row) => rowHeight(layout, row)),
          available,
        )
      : [[]];
    for (const indexes of pages) {
      pageNumber += 1;
      const page = pdf.addPage(A4_PORTRAIT);
      const top = pageHeight - MARGIN;
      page.text(input.title, MARGIN, top - TITLE_SIZE, { size: TITLE_SIZE, bold: true });
      page.text(input.period, pageWidth - MARGIN, top - TITLE_SIZE, {
        size: FOOTER_SIZE + 2,
        align: 'right',
      });
      page.text(t(`reports:section.${section.key}`), MARGIN, top - TITLE_SIZE * 1.6 - SECTION_SIZE * 1.2, {
        size: SECTION_SIZE,
        bold: true,
      });
      if (indexes.length === 0)
        page.text(t('reports:view.no_rows'), MARGIN, top - titleBlock - SECTION_SIZE, {
          size: SECTION_SIZE - 1,
        });
      else
        drawTable(pdf, page, {
          x: MARGIN,
          top: top - titleBlock,
          layout,
          columns,
          rows: indexes.map((index) => rows[index] ?? []),
          footer: [],
        });
      page.text(String(pageNumber), pageWidth / 2, MARGIN / 2, {
        size: FOOTER_SIZE,
        align: 'center',
        grey: 0.4,
      });
    }
  }
  return pdf.save();
}
