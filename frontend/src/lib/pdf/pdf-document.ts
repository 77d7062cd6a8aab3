import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';

/**
 * The browser's one way to write a real PDF (a logbook, a training record, a report): pdf-lib with a
 * TrueType font embedded as a subset of the glyphs used, so every letter of the eight languages
 * (ő ű, ł ż, ř ů, ľ ť …) prints and a PDF reader finds it as text. Only screens that export import
 * this module, each from a lazy chunk, and the fonts are fetched when the first export starts
 * (fonts.ts): nobody who does not export downloads any of it.
 */

export interface PdfFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

/** Points per millimetre. */
export const MM = 72 / 25.4;
/** A4 in points, landscape and portrait. */
export const A4_LANDSCAPE: [number, number] = [297 * MM, 210 * MM];
export const A4_PORTRAIT: [number, number] = [210 * MM, 297 * MM];

export type Align = 'left' | 'right' | 'center';

export interface TextStyle {
  size: number;
  bold?: boolean;
  align?: Align;
  /** Grey 0 (black) … 1 (white). */
  grey?: number;
}

/** Text measurement, without a page: what layouts are computed with. */
export interface Measure {
  width(text: string, style: Pick<TextStyle, 'size' | 'bold'>): number;
}

export interface PdfWriter extends Measure {
  /** A new page; y grows upwards from the bottom edge, as in PDF. */
  addPage(size?: [number, number]): PdfPage;
  /** Splits text on spaces into lines no wider than `width` (a word longer than that stays whole). */
  wrap(text: string, width: number, style: Pick<TextStyle, 'size' | 'bold'>): string[];
  save(): Promise<Uint8Array>;
}

export interface PdfPage {
  width: number;
  height: number;
  /** Text whose baseline is at y; `x` is its left, right or centre edge by `align`. */
  text(text: string, x: number, y: number, style: TextStyle): void;
  line(x1: number, y1: number, x2: number, y2: number, thickness?: number): void;
  /** A filled rectangle (grey 0…1) with its lower-left corner at (x, y). */
  fill(x: number, y: number, width: number, height: number, grey: number): void;
}

const characterSets = new WeakMap<PDFFont, Set<number>>();

/** Characters a font has no glyph for print as "?" instead of failing the whole document. */
const printable = (font: PDFFont, text: string) => {
  let supported = characterSets.get(font);
  if (!supported) {
    supported = new Set(font.getCharacterSet());
    characterSets.set(font, supported);
  }
  let out = '';
  for (const char of text.replace(/[\r\n\t]+/g, ' ')) {
    const code = char.codePointAt(0) ?? 0;
    out += supported.has(code) ? char : '?';
  }
  return out;
};

export function wrapText(measure: (text: string) => number, text: string, width: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (current && measure(next) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

export interface PdfMeta {
  title: string;
  author?: string;
  subject?: string;
  /** BCP 47, e.g. "hu". */
  lang: string;
  /** The creation time (the caller's clock). */
  created: Date;
}

/** A new PDF with the fonts embedded (as subsets) and its document information set. */
export async function createPdf(fonts: PdfFonts, meta: PdfMeta): Promise<PdfWriter> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([
    doc.embedFont(fonts.regular, { subset: true }),
    doc.embedFont(fonts.bold, { subset: true }),
  ]);
  doc.setTitle(meta.title, { showInWindowTitleBar: true });
  if (meta.author) doc.setAuthor(meta.author);
  if (meta.subject) doc.setSubject(meta.subject);
  doc.setLanguage(meta.lang);
  doc.setCreator('Windsock');
  doc.setProducer('Windsock');
  doc.setCreationDate(meta.created);
  doc.setModificationDate(meta.created);

  const fontOf = (style: Pick<TextStyle, 'bold'>) => (style.bold ? bold : regular);
  const width = (text: string, style: Pick<TextStyle, 'size' | 'bold'>) => {
    const font = fontOf(style);
    return font.widthOfTextAtSize(printable(font, text), style.size);
  };

  const pageOf = (page: PDFPage): PdfPage => ({
    width: page.getWidth(),
    height: page.getHeight(),
    text(text, x, y, style) {
      const font = fontOf(style);
      const shown = printable(font, text);
      if (!shown.trim()) return;
      const w = font.widthOfTextAtSize(shown, style.size);
      const left = style.align === 'right' ? x - w : style.align === 'center' ? x - w / 2 : x;
      const grey = style.grey ?? 0;
      page.drawText(shown, { x: left, y, size: style.size, font, color: rgb(grey, grey, grey) });
    },
    line(x1, y1, x2, y2, thickness = 0.4) {
      page.drawLine({
        start: { x: x1, y: y1 },
        end: { x: x2, y: y2 },
        thickness,
        color: rgb(0.25, 0.25, 0.25),
      });
    },
    fill(x, y, w, h, grey) {
      page.drawRectangle({ x, y, width: w, height: h, color: rgb(grey, grey, grey) });
    },
  });

  return {
    width,
    wrap: (text, max, style) => wrapText((t) => width(t, style), text, max),
    addPage: (size = A4_LANDSCAPE) => pageOf(doc.addPage(size)),
    save: () => doc.save(),
  };
}
