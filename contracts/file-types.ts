/**
 * Every kind of file Windsock stores, and which kinds each feature accepts (issue 11 §7): one table
 * for the upload picker (browser), the presign and the check after upload (Lambda), and how a file
 * is served. What a file really is comes from its first bytes (functions/platform/files/file-types.ts),
 * never from its name or the content type the browser declares.
 */

interface FileTypeInfo {
  /** File name extensions the picker offers (first: the one a stored file gets). */
  extensions: readonly string[];
  /** What browsers declare for such a file; the presign accepts these and nothing else. */
  declared: readonly string[];
  /**
   * Shown in the page (`Content-Disposition: inline`): raster images only, which a browser cannot
   * run. Everything else is served as `attachment`.
   */
  inline: boolean;
}

export const FILE_TYPES = {
  'image/jpeg': { extensions: ['jpg', 'jpeg'], declared: ['image/jpeg', 'image/pjpeg'], inline: true },
  'image/png': { extensions: ['png'], declared: ['image/png'], inline: true },
  'image/webp': { extensions: ['webp'], declared: ['image/webp'], inline: true },
  // iPhones save HEIC by default; a browser that cannot draw it shows nothing, it runs nothing.
  'image/heic': { extensions: ['heic', 'heif'], declared: ['image/heic', 'image/heif'], inline: true },
  'image/gif': { extensions: ['gif'], declared: ['image/gif'], inline: true },
  'image/bmp': { extensions: ['bmp'], declared: ['image/bmp', 'image/x-ms-bmp'], inline: true },
  // A PDF viewer runs the document's scripts in some browsers: downloaded, not shown.
  'application/pdf': { extensions: ['pdf'], declared: ['application/pdf'], inline: false },
  // Windows declares .csv as Excel's type.
  'text/csv': { extensions: ['csv'], declared: ['text/csv', 'application/vnd.ms-excel'], inline: false },
  'application/vnd.ms-excel': { extensions: ['xls'], declared: ['application/vnd.ms-excel'], inline: false },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    extensions: ['xlsx'],
    declared: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    inline: false,
  },
} as const satisfies Record<string, FileTypeInfo>;

export type FileType = keyof typeof FILE_TYPES;

const IMAGES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/gif', 'image/bmp'] as const;

/**
 * What each feature accepts. A feature adds its row here and checks its uploads with
 * `sniffFileType(bytes, FILE_FEATURES.<feature>)`; SVG and HTML are in no row, on purpose.
 */
export const FILE_FEATURES = {
  /** Fault photos from the reporter's phone (aircraft). */
  faultPhoto: ['image/jpeg', 'image/png', 'image/webp', 'image/heic'],
  /** Documents (spec: jpg, png, bmp, pdf). */
  document: ['image/jpeg', 'image/png', 'image/bmp', 'application/pdf'],
  /** Report imports and exports (spec: csv, xls, xlsx). */
  report: [
    'text/csv',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ],
  /** A person's or an organization's picture: any raster image. */
  avatar: IMAGES,
} as const satisfies Record<string, readonly FileType[]>;

/** The file name extensions a feature's picker offers. */
export const extensionsFor = (types: readonly FileType[]): string[] =>
  types.flatMap((type) => FILE_TYPES[type].extensions);

/** The content types a browser may declare for a feature's files. */
export const declaredTypesFor = (types: readonly FileType[]): string[] => [
  ...new Set(types.flatMap((type) => FILE_TYPES[type].declared)),
];

/**
 * The top-level key prefixes files live under (`org/<id>/…`, a person's own documents under
 * `person/<id>/…`). In AWS each is served through the web
 * app's CloudFront distribution at `/<prefix>/*` with FILE_RESPONSE_HEADERS (lib/web-stack.ts);
 * a feature storing files under another prefix adds it here.
 */
export const FILE_KEY_PREFIXES = ['org', 'person'] as const;

/**
 * Headers every file download answers with, whatever its type: the browser must not guess another
 * type than the one we sniffed (`nosniff`), and a file that still reaches the page as a document
 * runs nothing and reaches nothing (`sandbox`, no sources). CloudFront adds them in AWS, the local
 * S3 does locally.
 */
export const FILE_RESPONSE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
} as const;
