import regularUrl from 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf?url';
import boldUrl from 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf?url';
import type { PdfFonts } from './pdf-document.ts';

/**
 * The PDF fonts: DejaVu Sans Condensed (regular and bold), which has every letter of the eight
 * languages and stays readable in a narrow table column. The files are built into the app as assets
 * and fetched only when the first PDF is made in this tab; the PDF embeds just the glyphs it uses.
 */
let loading: Promise<PdfFonts> | null = null;

const bytesOf = async (url: string) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`font ${url}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
};

export function loadPdfFonts(): Promise<PdfFonts> {
  loading ??= Promise.all([bytesOf(regularUrl), bytesOf(boldUrl)]).then(([regular, bold]) => ({
    regular,
    bold,
  }));
  // A failed fetch (offline) is tried again on the next export.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
