import type { Align, Measure, PdfPage, PdfWriter } from './pdf-document.ts';

/**
 * A ruled table across pages, laid out so nothing is cut: every column is as wide as its widest cell
 * (and its header's longest word), the text shrinks a step at a time until the columns fit, and
 * the one flexible column (remarks) takes what is left and wraps. Rows grow to their wrapped text;
 * a page takes as many rows as fit above its footer rows (totals), which the caller computes per page.
 */

export interface TableColumn {
  id: string;
  header: string;
  /** Columns with the same group, side by side, share a header above theirs ("Departure": place, time). */
  group?: string;
  align?: Align;
  /** May wrap onto more lines (names, types); the column is then no wider than `maxWidth`. */
  wrap?: boolean;
  /** Takes the width left over (at least `minFlexWidth`) and wraps. */
  flex?: boolean;
}

export interface TableLayout {
  widths: number[];
  size: number;
  headerSize: number;
  lineHeight: number;
  headerLineHeight: number;
}

export interface TableOptions {
  /** Font sizes tried, largest first. */
  sizes?: number[];
  /** Padding left and right of a cell's text. */
  padding?: number;
  minFlexWidth?: number;
  /** The widest a wrapping column gets before it wraps. */
  maxWrapWidth?: number;
  /** Footer rows (in bold, by column id) the columns must fit too: the largest totals. */
  footers?: readonly Readonly<Record<string, string>>[];
}

const DEFAULTS: Required<TableOptions> = {
  sizes: [8, 7.5, 7, 6.5, 6, 5.5],
  padding: 2.5,
  minFlexWidth: 90,
  maxWrapWidth: 70,
  footers: [],
};

const longestWord = (measure: Measure, text: string, size: number, bold = false) =>
  Math.max(0, ...text.split(/\s+/).map((word) => measure.width(word, { size, bold })));

/** The column widths and font size at which the table fits `width`. */
export function layoutTable(
  measure: Measure,
  columns: readonly TableColumn[],
  rows: readonly (readonly string[])[],
  width: number,
  options: TableOptions = {},
): TableLayout {
  const o = { ...DEFAULTS, ...options };
  const attempt = (size: number) => {
    const headerSize = size - 0.5;
    const widths = columns.map((column, index) => {
      if (column.flex) return 0;
      const header = longestWord(measure, column.header, headerSize, true);
      const cells = rows.map((row) => row[index] ?? '');
      const content = column.wrap
        ? Math.max(
            ...cells.map((cell) => longestWord(measure, cell, size)),
            Math.min(o.maxWrapWidth, Math.max(0, ...cells.map((cell) => measure.width(cell, { size })))),
          )
        : Math.max(0, ...cells.map((cell) => measure.width(cell, { size })));
      const footer = Math.max(
        0,
        ...o.footers.map((f) => measure.width(f[column.id] ?? '', { size, bold: true })),
      );
      return Math.ceil(Math.max(header, content, footer) + 2 * o.padding);
    });
    // A group's header (its longest word) fits over its columns: the last one widens if need be.
    columns.forEach((column, index) => {
      if (!column.group || columns[index + 1]?.group === column.group) return;
      let first = index;
      while (first > 0 && columns[first - 1]?.group === column.group) first -= 1;
      const spanned = widths.slice(first, index + 1).reduce((sum, w) => sum + w, 0);
      const needed = Math.ceil(longestWord(measure, column.group, headerSize, true) + 2 * o.padding);
      if (spanned < needed && !column.flex) widths[index] = (widths[index] ?? 0) + needed - spanned;
    });
    const fixed = widths.reduce((sum, w) => sum + w, 0);
    const flexCount = columns.filter((c) => c.flex).length;
    const left = width - fixed;
    return { widths, left, flexCount, size, headerSize };
  };
  let chosen = attempt(o.sizes[0] ?? 8);
  for (const size of o.sizes) {
    chosen = attempt(size);
    if (chosen.left >= o.minFlexWidth * chosen.flexCount) break;
  }
  let { widths } = chosen;
  if (chosen.flexCount > 0) {
    const share = Math.max(0, chosen.left) / chosen.flexCount;
    widths = widths.map((w, index) => (columns[index]?.flex ? share : w));
  }
  const total = widths.reduce((sum, w) => sum + w, 0);
  // Still too wide at the smallest size (a very long word): every column gives up the same share.
  if (total > width) widths = widths.map((w) => (w * width) / total);
  return {
    widths,
    size: chosen.size,
    headerSize: chosen.headerSize,
    lineHeight: chosen.size * 1.2,
    headerLineHeight: chosen.headerSize * 1.15,
  };
}

/** A row as it prints: each cell's lines. */
export type WrappedRow = string[][];

export function wrapRow(
  pdf: Pick<PdfWriter, 'wrap'>,
  layout: TableLayout,
  columns: readonly TableColumn[],
  row: readonly string[],
  padding = DEFAULTS.padding,
): WrappedRow {
  return columns.map((column, index) => {
    const text = row[index] ?? '';
    if (!column.wrap && !column.flex) return text ? [text] : [];
    return pdf.wrap(text, (layout.widths[index] ?? 0) - 2 * padding, { size: layout.size });
  });
}

const VERTICAL_PADDING = 2.5;

export const rowHeight = (layout: TableLayout, row: WrappedRow) =>
  Math.max(1, ...row.map((lines) => lines.length)) * layout.lineHeight + 2 * VERTICAL_PADDING;

/** One footer row: a label over the leading columns that have no value, then the values. */
export interface FooterRow {
  label: string;
  cells: Readonly<Record<string, string>>;
}

export const footerRowHeight = (layout: TableLayout) => layout.lineHeight + 2 * VERTICAL_PADDING;

interface HeaderCell {
  text: string;
  x: number;
  width: number;
  /** 0: the group row; 1: the column row; 'both': a column without a group spans both. */
  row: 0 | 1 | 'both';
}

function headerCells(layout: TableLayout, columns: readonly TableColumn[], x0: number) {
  const cells: HeaderCell[] = [];
  const grouped = columns.some((c) => c.group);
  let x = x0;
  let group: HeaderCell | undefined;
  columns.forEach((column, index) => {
    const width = layout.widths[index] ?? 0;
    if (!column.group) {
      group = undefined;
      cells.push({ text: column.header, x, width, row: grouped ? 'both' : 1 });
    } else {
      if (group && columns[index - 1]?.group === column.group) group.width += width;
      else {
        group = { text: column.group, x, width, row: 0 };
        cells.push(group);
      }
      cells.push({ text: column.header, x, width, row: 1 });
    }
    x += width;
  });
  return { cells, grouped };
}

/** How tall the header is: the group row (if any) and the tallest wrapped column header. */
export function headerHeight(pdf: PdfWriter, layout: TableLayout, columns: readonly TableColumn[]) {
  const { cells, grouped } = headerCells(layout, columns, 0);
  const style = { size: layout.headerSize, bold: true };
  const linesOf = (cell: HeaderCell) => pdf.wrap(cell.text, cell.width - 2 * DEFAULTS.padding, style).length;
  const groupLines = Math.max(1, ...cells.filter((c) => c.row === 0).map(linesOf));
  const columnLines = Math.max(1, ...cells.filter((c) => c.row === 1).map(linesOf));
  const spanning = Math.max(1, ...cells.filter((c) => c.row === 'both').map(linesOf));
  const groupRow = grouped ? groupLines * layout.headerLineHeight + 2 * VERTICAL_PADDING : 0;
  const columnRow = columnLines * layout.headerLineHeight + 2 * VERTICAL_PADDING;
  const total = Math.max(groupRow + columnRow, spanning * layout.headerLineHeight + 2 * VERTICAL_PADDING);
  return { total, groupRow: grouped ? total - columnRow : 0 };
}

/** Which rows go on which page: as many as fit in `available` points each (at least one). */
export function paginate(heights: readonly number[], available: number): number[][] {
  const pages: number[][] = [];
  let current: number[] = [];
  let used = 0;
  heights.forEach((height, index) => {
    if (current.length > 0 && used + height > available) {
      pages.push(current);
      current = [];
      used = 0;
    }
    current.push(index);
    used += height;
  });
  if (current.length > 0 || pages.length === 0) pages.push(current);
  return pages;
}

/** Draws the header, the rows and the footer rows from `top` down; returns the y under the table. */
export function drawTable(
  pdf: PdfWriter,
  page: PdfPage,
  input: {
    x: number;
    top: number;
    layout: TableLayout;
    columns: readonly TableColumn[];
    rows: readonly WrappedRow[];
    footer: readonly FooterRow[];
  },
): number {
  const { x, layout, columns } = input;
  const padding = DEFAULTS.padding;
  const width = layout.widths.reduce((sum, w) => sum + w, 0);
  const lefts = layout.widths.map((_, index) => x + layout.widths.slice(0, index).reduce((s, w) => s + w, 0));
  const header = headerHeight(pdf, layout, columns);
  let y = input.top;

  // Header: shaded, bold, wrapped on words, bottom-aligned like a printed logbook's.
  page.fill(x, y - header.total, width, header.total, 0.92);
  const headerStyle = { size: layout.headerSize, bold: true };
  for (const cell of headerCells(layout, columns, x).cells) {
    const lines = pdf.wrap(cell.text, cell.width - 2 * padding, headerStyle);
    const rowTop = cell.row === 1 ? y - header.groupRow : y;
    const rowBottom = cell.row === 0 ? y - header.groupRow : y - header.total;
    const centre = cell.x + cell.width / 2;
    const textBottom = rowBottom + VERTICAL_PADDING + layout.headerSize * 0.25;
    lines.forEach((line, index) => {
      const baseline = textBottom + (lines.length - 1 - index) * layout.headerLineHeight;
      page.text(line, centre, baseline, { ...headerStyle, align: 'center' });
    });
    if (cell.row === 0) page.line(cell.x, rowBottom, cell.x + cell.width, rowBottom);
    page.line(cell.x, rowTop, cell.x, rowBottom);
  }
  page.line(x, y, x + width, y);
  y -= header.total;
  page.line(x, y, x + width, y, 0.8);

  const cellText = (lines: readonly string[], index: number, rowTop: number, bold = false) => {
    const column = columns[index];
    const left = lefts[index] ?? x;
    const w = layout.widths[index] ?? 0;
    const align = column?.align ?? 'left';
    const anchor =
      align === 'right' ? left + w - padding : align === 'center' ? left + w / 2 : left + padding;
    lines.forEach((line, n) => {
      const baseline = rowTop - VERTICAL_PADDING - layout.size * 0.95 - n * layout.lineHeight;
      page.text(line, anchor, baseline, { size: layout.size, align, bold });
    });
  };

  for (const row of input.rows) {
    const h = rowHeight(layout, row);
    row.forEach((lines, index) => {
      cellText(lines, index, y);
    });
    y -= h;
    page.line(x, y, x + width, y, 0.3);
  }

  // Footer rows: the label spans the leading columns without a value.
  const firstValue = (cells: FooterRow['cells']) =>
    Math.max(
      1,
      columns.findIndex((c) => Boolean(cells[c.id])),
    );
  page.line(x, y, x + width, y, 0.8);
  for (const footer of input.footer) {
    const h = footerRowHeight(layout);
    page.fill(x, y - h, width, h, 0.96);
    const span = firstValue(footer.cells);
    page.text(footer.label, x + padding, y - VERTICAL_PADDING - layout.size * 0.95, {
      size: layout.size,
      bold: true,
    });
    columns.forEach((column, index) => {
      if (index < span) return;
      const value = footer.cells[column.id];
      if (value) cellText([value], index, y, true);
    });
    page.line(x, y, x, y - h);
    columns.forEach((_, index) => {
      if (index >= span) page.line(lefts[index] ?? x, y, lefts[index] ?? x, y - h);
    });
    page.line(x + width, y, x + width, y - h);
    y -= h;
    page.line(x, y, x + width, y, 0.3);
  }

  // Column rules through the rows.
  const rowsTop = input.top - header.total;
  const rowsBottom = y + input.footer.length * footerRowHeight(layout);
  lefts.forEach((left) => {
    page.line(left, rowsTop, left, rowsBottom);
  });
  page.line(x + width, input.top, x + width, rowsBottom);
  return y;
}
