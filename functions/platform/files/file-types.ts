import { FILE_TYPES, type FileType } from '../../../contracts/file-types.ts';

/**
 * What an uploaded file really is, by its first bytes (docs/ARCHITECTURE.md "Files", issue 11 §7): the browser's
 * content type and the file name are the user's claim, not a fact. The stored type, the record and
 * the download's Content-Type all come from here.
 */

/** How many leading bytes `sniffFileType` needs (a CSV is judged on this much text). */
export const SNIFF_BYTES = 512;

/** ISO-BMFF brands of HEIC/HEIF still images (`ftyp` box), as phones write them. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);
/** BITMAPINFOHEADER and its relatives: the DIB header sizes a real BMP carries at offset 14. */
const BMP_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0) =>
  bytes.length >= at + magic.length && magic.every((byte, index) => bytes[at + index] === byte);
const u32le = (bytes: Uint8Array, at: number) =>
  (bytes[at] ?? 0) |
  ((bytes[at + 1] ?? 0) << 8) |
  ((bytes[at + 2] ?? 0) << 16) |
  ((bytes[at + 3] ?? 0) << 24);

/**
 * Text a spreadsheet can import: no NUL or other control bytes than tab and line ends, and not
 * markup (`<` first: HTML or SVG dressed as .csv).
 */
function isCsvText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  const body = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes;
  const first = body.find((byte) => byte !== 0x20 && byte !== 0x09 && byte !== 0x0d && byte !== 0x0a);
  if (first === undefined || first === 0x3c) return false;
  return body.every((byte) => byte >= 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d);
}

const SNIFFERS: Record<FileType, (bytes: Uint8Array) => boolean> = {
  'image/jpeg': (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  'image/png': (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/webp': (b) => b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP',
  'image/heic': (b) => b.length >= 12 && ascii(b, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(b, 8, 12)),
  'image/gif': (b) => b.length >= 6 && ['GIF87a', 'GIF89a'].includes(ascii(b, 0, 6)),
  'image/bmp': (b) =>
    b.length >= 18 && ascii(b, 0, 2) === 'BM' && u32le(b, 6) === 0 && BMP_HEADER_SIZES.has(u32le(b, 14)),
  'application/pdf': (b) => b.length >= 5 && ascii(b, 0, 5) === '%PDF-',
  'text/csv': isCsvText,
  // OLE2 compound document (Excel 97–2003).
  'application/vnd.ms-excel': (b) => startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  // A ZIP container (Office Open XML); it is only ever downloaded, never shown.
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': (b) =>
    startsWith(b, [0x50, 0x4b, 0x03, 0x04]),
};

/** The first of `allowed` the bytes really are, or null (a file no feature here accepts). */
export function sniffFileType(bytes: Uint8Array, allowed: readonly FileType[]): FileType | null {
  return allowed.find((type) => SNIFFERS[type](bytes)) ?? null;
}

/** The extension a stored file gets, from what it really is. */
const extensionFor = (type: FileType): string => FILE_TYPES[type].extensions[0];

/**
 * `Content-Disposition` for a download: raster images inline, anything else as an attachment, with
 * the name (its extension set to what the file is) as an ASCII fallback and in UTF-8 (RFC 6266).
 */
export function contentDisposition(type: FileType, name: string): string {
  const base = name.replace(/\.[^.]*$/, '').trim() || 'file';
  const fileName = `${base}.${extensionFor(type)}`;
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${FILE_TYPES[type].inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
