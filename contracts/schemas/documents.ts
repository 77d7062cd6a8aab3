import * as z from 'zod/mini';
import {
  CERTIFICATE_POLICIES,
  DOCUMENT_PHASES,
  DOCUMENT_SOURCE_TYPES,
  DOCUMENT_STATES,
  REQUIREMENTS,
  type Requirement,
} from '../documents.ts';
import { declaredTypesFor, extensionsFor, FILE_FEATURES } from '../file-types.ts';
import { isoDate, cursor as pageCursor, userText, version as versionNumber } from '../validation.ts';
import { extensionOf } from './faults.ts';

/**
 * Documents of a person, an aircraft or the organization (spec §2 documents/{sourcetype?}/{id?},
 * profile/documents; §3 Document; §5 "a document upload accepts jpg, png, bmp and pdf, several
 * files"; §7 GET /files and POST /api/profile/search-documents). Field names as spelt in the spec.
 */

/** Files per document: the pages of a licence, both sides of a medical, a policy's schedule. */
export const MAX_DOCUMENT_FILES = 10;
/** A scanned multi-page PDF or a phone photo. */
export const MAX_DOCUMENT_BYTES = 15 * 1024 * 1024;
export const DOCUMENT_EXTENSIONS: readonly string[] = extensionsFor(FILE_FEATURES.document);
const DOCUMENT_DECLARED_TYPES: readonly string[] = declaredTypesFor(FILE_FEATURES.document);
/** Why an uploaded file was refused: keys of `documents:file_error.`. */
export const DOCUMENT_FILE_ERRORS = [
  'file_not_accepted',
  'file_too_large',
  'file_missing',
  'file_limit',
] as const;
export type DocumentFileError = (typeof DOCUMENT_FILE_ERRORS)[number];

export const sourceType = z.enum(DOCUMENT_SOURCE_TYPES);
const cursor = z.optional(pageCursor);
const limit = z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)));
const version = versionNumber.check(z.minimum(1));
/** A type list code (`medical`, `licence_spl`): the global documentTypes list's entries. */
const typeCode = z
  .string()
  .check(z.minLength(1), z.maxLength(64), z.regex(/^[a-z0-9_-]+$/, { error: 'invalid_value' }));

/** The dates and the note a document carries, with the rules between them. */
const documentFields = {
  issue_date: z.optional(z.nullable(isoDate)),
  expiration_date: z.optional(z.nullable(isoDate)),
  no_expiry: z.boolean(),
  note: z.optional(z.nullable(userText(500, { multiline: true }))),
};

type DatedInput = { issue_date?: string | null; expiration_date?: string | null; no_expiry: boolean };

/** Without an expiration date a document is `no_expiry` (a logcard); with one, it is not. */
const datesAgree = <T extends DatedInput>() => [
  z.refine<T>((input) => input.no_expiry || Boolean(input.expiration_date), {
    error: 'field_required',
    path: ['expiration_date'],
  }),
  z.refine<T>((input) => !input.no_expiry || !input.expiration_date, {
    error: 'invalid_value',
    path: ['expiration_date'],
  }),
  z.refine<T>(
    (input) => !input.issue_date || !input.expiration_date || input.issue_date <= input.expiration_date,
    {
      error: 'invalid_value',
      path: ['expiration_date'],
    },
  ),
];

export const listDocumentsQuery = z.strictObject({ cursor, limit });
export type ListDocumentsQuery = z.infer<typeof listDocumentsQuery>;

/** A new document starts `in_progress`; its files are uploaded next and it is completed after. */
export const createDocumentInput = z
  .strictObject({ document_type_id: typeCode, ...documentFields })
  .check(...datesAgree());
export type CreateDocumentInput = z.infer<typeof createDocumentInput>;

export const updateDocumentInput = z.strictObject({ ...documentFields, version }).check(...datesAgree());
export type UpdateDocumentInput = z.infer<typeof updateDocumentInput>;

export const versionInput = z.strictObject({ version });
export type VersionInput = z.infer<typeof versionInput>;

const fileName = userText(200, { min: 1 });

/** Asks for a presigned POST for one file of a document: its name (for the extension), type and size. */
export const documentUploadInput = z.strictObject({
  name: fileName.check(
    z.refine((name) => DOCUMENT_EXTENSIONS.includes(extensionOf(name)), { error: 'invalid_value' }),
  ),
  content_type: z
    .string()
    .check(z.refine((type) => DOCUMENT_DECLARED_TYPES.includes(type), { error: 'invalid_value' })),
  size: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_DOCUMENT_BYTES)),
});
export type DocumentUploadInput = z.infer<typeof documentUploadInput>;

export const documentUploadOutput = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  max_bytes: z.number(),
});

/** After the upload: the server checks the object (size, first bytes) and adds it to the document. */
export const addDocumentFileInput = z.strictObject({
  key: z.string().check(z.minLength(1), z.maxLength(300), z.regex(/^[\w./-]+$/, { error: 'invalid_value' })),
  name: fileName,
});
export type AddDocumentFileInput = z.infer<typeof addDocumentFileInput>;

export const documentFileOutput = z.object({
  file_id: z.string(),
  name: z.string(),
  size: z.number(),
  content_type: z.string(),
  uploaded_at: z.string(),
});

export const documentOutput = z.object({
  document_id: z.string(),
  source_type: sourceType,
  holder_id: z.string(),
  document_type_id: z.string(),
  issue_date: z.nullable(z.string()),
  expiration_date: z.nullable(z.string()),
  no_expiry: z.boolean(),
  note: z.nullable(z.string()),
  phase: z.enum(DOCUMENT_PHASES),
  /** On the holder's organization's today (the person's own: UTC). */
  state: z.enum(DOCUMENT_STATES),
  notice_days: z.number(),
  files: z.array(documentFileOutput),
  /** The earlier version this one replaced, and the newer one that replaced this. */
  replaces: z.nullable(z.string()),
  replaced_by: z.nullable(z.string()),
  created_by_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number(),
  /** What the caller may do (the screen shows buttons by these; the API checks again). */
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_upload: z.boolean(),
  can_complete: z.boolean(),
  can_renew: z.boolean(),
});
export type DocumentOutput = z.infer<typeof documentOutput>;

export const holderOutput = z.object({
  source_type: sourceType,
  holder_id: z.string(),
  /** The person's name, the aircraft's registration, the organization's name. */
  name: z.string(),
});
export type HolderOutput = z.infer<typeof holderOutput>;

const requirementKeys = Object.keys(REQUIREMENTS) as [Requirement, ...Requirement[]];

/** A requirement of the holder (issue 17 §1 "missing") and how it stands. */
export const requirementOutput = z.object({
  requirement: z.enum(requirementKeys),
  /** The types that meet it. */
  document_type_ids: z.array(z.string()),
  state: z.enum(DOCUMENT_STATES),
  document_id: z.nullable(z.string()),
  expiration_date: z.nullable(z.string()),
});
export type RequirementOutput = z.infer<typeof requirementOutput>;

export const documentListOutput = z.object({
  holder: holderOutput,
  items: z.array(documentOutput),
  cursor: z.nullable(z.string()),
  requirements: z.array(requirementOutput),
  can_create: z.boolean(),
});
export type DocumentListOutput = z.infer<typeof documentListOutput>;

export const documentDetailOutput = z.object({
  holder: holderOutput,
  document: documentOutput,
  /** Earlier and later versions of the same type (a renewed medical's predecessors), newest first. */
  versions: z.array(documentOutput),
});
export type DocumentDetailOutput = z.infer<typeof documentDetailOutput>;

/** Spec §7 GET /files: a short-lived link to one stored file of a document the caller may read. */
export const fileLinkOutput = z.object({
  url: z.string(),
  name: z.string(),
  content_type: z.string(),
  size: z.number(),
  /** Shown in the page (images) or downloaded (PDF). */
  inline: z.boolean(),
});
export type FileLinkOutput = z.infer<typeof fileLinkOutput>;

/** POST /api/profile/search-documents: the caller's own documents, by type, state and text. */
export const searchDocumentsInput = z.strictObject({
  document_type_id: z.optional(typeCode),
  state: z.optional(z.enum(DOCUMENT_STATES)),
  /** Searches the note and the file names. */
  text: z.optional(userText(100)),
  cursor,
  limit: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(100))),
});
export type SearchDocumentsInput = z.infer<typeof searchDocumentsInput>;

export const searchDocumentsOutput = z.object({
  holder: holderOutput,
  items: z.array(documentOutput),
  cursor: z.nullable(z.string()),
  requirements: z.array(requirementOutput),
});

/** documents/ (no sourcetype): how each member and each aircraft stands, for the organization's responsible people. */
export const holderSummaryOutput = z.object({
  holder_id: z.string(),
  name: z.string(),
  state: z.nullable(z.enum(DOCUMENT_STATES)),
  requirements: z.array(requirementOutput),
  /** Current documents (not replaced). */
  documents: z.number(),
});
export type HolderSummaryOutput = z.infer<typeof holderSummaryOutput>;

export const memberDocumentsOutput = z.object({
  items: z.array(holderSummaryOutput),
  cursor: z.nullable(z.string()),
});

export const planeDocumentsOutput = z.object({
  items: z.array(holderSummaryOutput),
  cursor: z.nullable(z.string()),
  policy: z.enum(CERTIFICATE_POLICIES),
});

export const listHoldersQuery = z.strictObject({ cursor, limit });
export type ListHoldersQuery = z.infer<typeof listHoldersQuery>;

/** 204: a deletion answers nothing. */
export const noContent = z.null();
