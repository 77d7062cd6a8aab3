import { describe, expect, it } from 'vitest';
import { FILE_FEATURES, FILE_TYPES, type FileType } from '../../contracts/file-types.ts';
import { PHOTO_EXTENSIONS, photoUploadInput } from '../../contracts/schemas/faults.ts';
import { contentDisposition, sniffFileType } from '../../functions/platform/files/file-types.ts';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)),
  );

const EVERY_TYPE = Object.keys(FILE_TYPES) as FileType[];

/** Active content dressed up as something a feature accepts (issue 11 §7). */
const ACTIVE = {
  'an SVG named .jpg': bytes(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
  ),
  'an SVG without a prolog': bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  'an HTML page named .csv': bytes('\n  <html><script>alert(document.domain)</script></html>'),
  'an HTML page with a BOM': bytes([0xef, 0xbb, 0xbf], '<!doctype html><script>1</script>'),
};

describe('what a file really is, by its first bytes', () => {
  it.each([
    ['a JPEG', bytes([0xff, 0xd8, 0xff, 0xe1, 0, 0x10], 'Exif'), 'image/jpeg'],
    ['a PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), 'image/png'],
    ['a WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ["an iPhone's HEIC", bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0]), 'image/heic'],
    ['a GIF', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif'],
    ['a BMP', bytes('BM', [0x46, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 40, 0, 0, 0]), 'image/bmp'],
    ['a PDF', bytes('%PDF-1.7\n%âãÏÓ'), 'application/pdf'],
    [
      'an Excel 97 workbook',
      bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
      'application/vnd.ms-excel',
    ],
    [
      'an Excel workbook (xlsx)',
      bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0], '[Content_Types].xml'),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    [
      'a CSV in UTF-8 with a BOM',
      bytes([0xef, 0xbb, 0xbf], 'date;reg;minutes\r\n2026.05.01;HA-1234;42\r\n'),
      'text/csv',
    ],
  ])('recognises %s', (_, input, expected) => {
    expect(sniffFileType(input, EVERY_TYPE)).toBe(expected);
  });

  it.each([
    ['"BM" text for a bitmap', bytes('BMW service record, 2026'), 'image/bmp'],
    [
      '"PK" text for a workbook',
      bytes('PK is a callsign'),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    ['a binary for a CSV', bytes([0x00, 0x01, 0x02, 0x03, 0x41, 0x42]), 'text/csv'],
    ['nothing for a CSV', bytes(), 'text/csv'],
  ] as const)('does not take %s', (_, input, type) => {
    expect(sniffFileType(input, [type])).toBeNull();
  });

  it.each(Object.entries(ACTIVE))('refuses %s for every feature', (_, input) => {
    for (const [feature, types] of Object.entries(FILE_FEATURES))
      expect(sniffFileType(input, types), feature).toBeNull();
  });

  it('answers only a type the feature accepts: a PDF is no fault photo', () => {
    expect(sniffFileType(bytes('%PDF-1.4'), FILE_FEATURES.faultPhoto)).toBeNull();
    expect(sniffFileType(bytes('%PDF-1.4'), FILE_FEATURES.document)).toBe('application/pdf');
  });
});

describe('how a file is served', () => {
  it('shows raster images inline and sends everything else as an attachment', () => {
    expect(contentDisposition('image/jpeg', 'wing.jpg')).toMatch(/^inline; /);
    expect(contentDisposition('image/heic', 'IMG_0001.HEIC')).toMatch(/^inline; /);
    for (const type of ['application/pdf', 'text/csv', 'application/vnd.ms-excel'] as const)
      expect(contentDisposition(type, 'x')).toMatch(/^attachment; /);
    expect(
      Object.entries(FILE_TYPES)
        .filter(([, info]) => info.inline)
        .map(([type]) => type),
    ).toEqual(expect.arrayContaining(['image/jpeg', 'image/png']));
    for (const [type, info] of Object.entries(FILE_TYPES)) if (info.inline) expect(type).toMatch(/^image\//);
  });

  it('names the file by what it is, safely quoted, with the UTF-8 name beside it', () => {
    // A JPEG that was uploaded as "repülő.png": its name follows its bytes.
    expect(contentDisposition('image/jpeg', 'repülő "bal" szárny.png')).toBe(
      `inline; filename="rep_l_ _bal_ sz_rny.jpg"; filename*=UTF-8''rep%C3%BCl%C5%91%20%22bal%22%20sz%C3%A1rny.jpg`,
    );
    expect(contentDisposition('application/pdf', 'a\r\nSet-Cookie: x=1')).not.toMatch(/[\r\n]/);
  });
});

describe('the fault photo presign', () => {
  const input = (content_type: string, name = 'wing.jpg') => ({ name, content_type, size: 1000 });

  it('accepts the photo types a phone declares and refuses SVG, HTML and other types', () => {
    expect(PHOTO_EXTENSIONS).toEqual(['jpg', 'jpeg', 'png', 'webp', 'heic', 'heif']);
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'])
      expect(photoUploadInput.safeParse(input(type)).success, type).toBe(true);
    for (const type of ['image/svg+xml', 'text/html', 'image/gif', 'application/pdf', 'image/jpeg; x=1'])
      expect(photoUploadInput.safeParse(input(type)).success, type).toBe(false);
    expect(photoUploadInput.safeParse(input('image/jpeg', 'wing.svg')).success).toBe(false);
  });
});
