import * as z from 'zod/mini';
import { declaredTypesFor, extensionsFor, FILE_FEATURES } from '../file-types.ts';
import { entityId, cursor as pageCursor, userText, version as versionNumber } from '../validation.ts';
import { FAULT_SEVERITIES, FAULT_STATUSES, PLANE_STATUSES } from './aircraft-enums.ts';

/**
 * Fault reports (spec §2 plane-faults, plane-fault/{edit_type}/{id?}): what is broken on an
 * aircraft, how badly, with photos from the reporter's phone. A `grounding` fault makes the aircraft
 * inoperable until the last such fault on it is closed.
 */

/** Photos per fault: a phone's worth of close-ups, not an album. */
export const MAX_FAULT_PHOTOS = 8;
/** Largest photo accepted (a phone's full-resolution JPEG or HEIC). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** What the photo picker offers and the server accepts (checked by the file's first bytes). */
export const PHOTO_EXTENSIONS: readonly string[] = extensionsFor(FILE_FEATURES.faultPhoto);
/** The content types a browser may declare for a photo; the stored type is sniffed all the same. */
const PHOTO_DECLARED_TYPES: readonly string[] = declaredTypesFor(FILE_FEATURES.faultPhoto);
/** Why an uploaded photo was refused: keys of `faults:photo_error.`. */
export const PHOTO_ERRORS = [
  'photo_not_an_image',
  'photo_too_large',
  'photo_missing',
  'photo_limit',
] as const;
export type PhotoError = (typeof PHOTO_ERRORS)[number];

const id = entityId;
const cursor = z.optional(pageCursor);
const description = userText(2000, { min: 1, multiline: true });
const version = versionNumber.check(z.minimum(1));

export const listFaultsQuery = z.strictObject({
  cursor,
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  status: z.optional(z.enum(FAULT_STATUSES)),
  plane_id: z.optional(id),
});
export type ListFaultsQuery = z.infer<typeof listFaultsQuery>;

export const createFaultInput = z.strictObject({
  plane_id: id,
  severity: z.enum(FAULT_SEVERITIES),
  description,
});
export type CreateFaultInput = z.infer<typeof createFaultInput>;

export const updateFaultInput = z.strictObject({
  severity: z.optional(z.enum(FAULT_SEVERITIES)),
  description: z.optional(description),
  version,
});
export type UpdateFaultInput = z.infer<typeof updateFaultInput>;

export const closeFaultInput = z.strictObject({
  closing_comment: userText(2000, { min: 1, multiline: true }),
  version,
});
export type CloseFaultInput = z.infer<typeof closeFaultInput>;

const fileName = userText(200, { min: 1 });

/** Asks for a presigned POST for one photo: its name (for the extension), type and size. */
export const photoUploadInput = z.strictObject({
  name: fileName.check(
    z.refine((name) => PHOTO_EXTENSIONS.includes(extensionOf(name)), {
      error: 'invalid_value',
    }),
  ),
  // An SVG (`image/svg+xml`) or anything else a photo is not is refused before any upload.
  content_type: z
    .string()
    .check(z.refine((type) => PHOTO_DECLARED_TYPES.includes(type), { error: 'invalid_value' })),
  size: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_PHOTO_BYTES)),
});
export type PhotoUploadInput = z.infer<typeof photoUploadInput>;

/** A presigned POST: the browser posts `fields` and then the file (as `file`, last) to `url`. */
export const photoUploadOutput = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  max_bytes: z.number(),
});

/** After the upload: the server checks the object and adds it to the fault. */
export const addPhotoInput = z.strictObject({
  key: z.string().check(z.minLength(1), z.maxLength(300), z.regex(/^[\w./-]+$/, { error: 'invalid_value' })),
  name: fileName,
});
export type AddPhotoInput = z.infer<typeof addPhotoInput>;

const faultPhotoOutput = z.object({
  key: z.string(),
  name: z.string(),
  size: z.number(),
  content_type: z.string(),
  /** Short-lived presigned GET; only in a single fault's answer. */
  url: z.nullable(z.string()),
});

export const faultOutput = z.object({
  fault_id: z.string(),
  plane_id: z.string(),
  reg_num: z.string(),
  description: z.string(),
  severity: z.enum(FAULT_SEVERITIES),
  status: z.enum(FAULT_STATUSES),
  photos: z.array(faultPhotoOutput),
  photo_count: z.number(),
  reported_by: z.string(),
  reported_by_name: z.string(),
  reported_at: z.string(),
  status_before: z.nullable(z.enum(PLANE_STATUSES)),
  closed_by: z.nullable(z.string()),
  closed_by_name: z.nullable(z.string()),
  closed_at: z.nullable(z.string()),
  closing_comment: z.nullable(z.string()),
  version: z.number(),
  /** What the caller may do with it (the screen shows buttons by these; the API checks again). */
  can_edit: z.boolean(),
  can_add_photos: z.boolean(),
});
export type FaultOutput = z.infer<typeof faultOutput>;

export const faultListOutput = z.object({
  items: z.array(faultOutput),
  cursor: z.nullable(z.string()),
});

/** `IMG_2041.HEIC` → `heic`. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}
