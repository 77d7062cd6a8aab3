/**
 * What an uploaded file really is, by its first bytes (DESIGN §6: the browser's content type and
 * the file name are the user's claim, not a fact). Photos from phones: JPEG, PNG, WebP and HEIC/HEIF
 * (iPhones save HEIC by default).
 */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic';

/** How many leading bytes `imageTypeOf` needs. */
export const SNIFF_BYTES = 32;

/** ISO-BMFF brands of HEIC/HEIF still images (`ftyp` box), as phones write them. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, index) => bytes[index] === byte)) return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return 'image/webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(bytes, 8, 12)))
    return 'image/heic';
  return null;
}

/** The extension a stored photo gets, from what it really is. */
export const extensionFor: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
};
