import * as z from 'zod/mini';
import { declaredTypesFor, FILE_FEATURES } from '../file-types.ts';
import { userText } from '../validation.ts';

/**
 * Data import (spec §7 POST /api/import with import_file, sourceType, uploadParams; §5 "The import
 * spreadsheet must contain the stated fields, with names and order unchanged"; issue 17 §5). The
 * browser uploads the file straight to S3 (presigned POST, with progress), then posts its key.
 * A dry run checks every row and writes nothing; a real run writes only when every row is good,
 * each row through its owning domain, and a row already there is left as it is (a re-import of
 * the same file changes nothing).
 */
export const IMPORT_SOURCES = ['aircraft', 'members', 'flights', 'airports', 'transactions'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** The stated fields of each template, in their order: the header row must be exactly these. */
export const IMPORT_TEMPLATES: Record<ImportSource, readonly string[]> = {
  aircraft: [
    'reg_num',
    'plane_category',
    'plane_type',
    'model',
    'manufacturer',
    'serial_number',
    'year_of_manufacture',
    'seats',
    'callsign',
    'is_tmg',
  ],
  members: ['email', 'last_name', 'first_name', 'lang', 'role_ids'],
  /** Times are the organization's local HH:mm on `date`; the pilot in command by their e-mail. */
  flights: ['date', 'reg_num', 'takeoff_type_id', 'takeoff_time', 'landing_time', 'pic_email', 'remarks'],
  /**
   * The reference airports (the supervisor's, issue 15 §1): an airport by its ICAO code, with its
   * main runway when given; an ICAO code already there is left as it is.
   */
  airports: [
    'icao',
    'iata_faa',
    'name',
    'latitude',
    'longitude',
    'altitude',
    'airport_category',
    'show_in_map',
    'country',
    'city',
    'runway_designator',
    'runway_heading',
    'runway_length',
    'runway_width',
    'runway_surface',
  ],
  /**
   * Ledger entries typed in elsewhere: the member by their e-mail, a manual transaction type
   * (payment_received, fee, refund, correction), the amount in the currency's units (`12500`,
   * `25,50`), the organization's currency (empty: it), a comment.
   */
  transactions: ['date', 'member_email', 'transaction_type', 'amount', 'currency_id', 'comment'],
};

/** An example row per template (the downloadable template carries it under the header). */
export const IMPORT_EXAMPLES: Record<ImportSource, readonly string[]> = {
  aircraft: ['HA-4321', 'plc_02', 'ASK-21', 'ASK 21', 'Schleicher', '21456', '1988', '2', 'K21', 'no'],
  members: ['kovacs.janos@example.hu', 'Kovács', 'János', 'hu', 'pilot'],
  flights: ['2026-05-01', 'HA-4012', '3', '10:05', '10:17', 'kovacs.janos@example.hu', 'Iskolakör'],
  airports: [
    'LHGD',
    '',
    'Gödöllő',
    '47.5711',
    '19.3386',
    '219',
    'airfield',
    'yes',
    'HU',
    'Gödöllő',
    '14/32',
    '140',
    '800',
    '40',
    'grass',
  ],
  transactions: ['2026-05-01', 'kovacs.janos@example.hu', 'payment_received', '25000', 'HUF', 'Tagdíj'],
};

/** Largest import file: a club's members or fleet, not a data warehouse. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
/** Rows per file. */
export const MAX_IMPORT_ROWS = 1000;

const IMPORT_DECLARED_TYPES = declaredTypesFor(FILE_FEATURES.report);

export const importUploadInput = z.strictObject({
  name: userText(200, { min: 1 }),
  content_type: z
    .string()
    .check(
      z.refine((value) => IMPORT_DECLARED_TYPES.includes(value), { error: 'could_not_upload_the_file' }),
    ),
  size: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_IMPORT_BYTES, { error: 'too_big' })),
});
export type ImportUploadInput = z.infer<typeof importUploadInput>;

export const importUploadOutput = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  max_bytes: z.number(),
});

export const importInput = z.strictObject({
  /** The key the upload was given (org/<id>/imports/<uuid>.<ext>). */
  import_file: userText(300).check(z.minLength(1, { error: 'please_select_a_file' })),
  sourceType: z.enum(IMPORT_SOURCES),
  uploadParams: z.strictObject({ dry_run: z.boolean() }),
});
export type ImportInput = z.infer<typeof importInput>;

export const IMPORT_ROW_STATES = ['new', 'unchanged', 'error'] as const;

export const importRowOutput = z.object({
  /** The spreadsheet's row number (the header is row 1). */
  row: z.number(),
  /** What identifies the row to a person: the registration, the e-mail. */
  label: z.string(),
  status: z.enum(IMPORT_ROW_STATES),
  /** Field → message keys (`messages:`), as a 422 would carry them. */
  errors: z.record(z.string(), z.array(z.string())),
});
export type ImportRowOutput = z.infer<typeof importRowOutput>;

export const importOutput = z.object({
  /** The spec's response message: a `reports:import.message.*` key. */
  message: z.string(),
  dry_run: z.boolean(),
  written: z.boolean(),
  created: z.number(),
  unchanged: z.number(),
  failed: z.number(),
  rows: z.array(importRowOutput),
});
export type ImportOutput = z.infer<typeof importOutput>;

export const importTemplateQuery = z.strictObject({ format: z.enum(['csv', 'xlsx']) });
