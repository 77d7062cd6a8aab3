import { createHash, randomUUID } from 'node:crypto';
import { FILE_FEATURES } from '../../contracts/file-types.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import { LANGS } from '../../contracts/langs.ts';
import { parseMoney } from '../../contracts/money.ts';
import { transactionEdit } from '../../contracts/routes/finance.ts';
import { createPlaneInput } from '../../contracts/schemas/aircraft.ts';
import { airportInput } from '../../contracts/schemas/airports.ts';
import { createTransactionInput } from '../../contracts/schemas/finance.ts';
import { createFlightInput } from '../../contracts/schemas/flights.ts';
import {
  IMPORT_EXAMPLES,
  IMPORT_TEMPLATES,
  type ImportInput,
  type ImportOutput,
  type ImportRowOutput,
  type ImportSource,
  type ImportUploadInput,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
} from '../../contracts/schemas/import.ts';
import { addMemberInput } from '../../contracts/schemas/members.ts';
import type { ExportFormat, ExportOutput } from '../../contracts/schemas/reports.ts';
import { fieldErrors } from '../../contracts/validation.ts';
import { fleet, importPlane } from '../aircraft/public.ts';
import { importTransaction, ledgerCurrency, postedTransactions } from '../finance/public.ts';
import { existingFlights, importFlight } from '../flights/public.ts';
import { airportIcaos, importAirport } from '../operations/public.ts';
import { importMember, membersByEmail, rolesOf } from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { checkGuard } from '../platform/auth/guard.ts';
import { SNIFF_BYTES, sniffFileType } from '../platform/files/file-types.ts';
import * as files from '../platform/files/s3.ts';
import { HttpError, missingPermissions, validationFailed } from '../platform/http/errors.ts';
import { CSV_TYPE, csvOf, XLSX_TYPE, xlsxOf } from '../platform/spreadsheet.ts';
import { type Rows, readCsv, readXlsx } from '../platform/spreadsheet-read.ts';

/**
 * Data import (spec §7 POST /api/import; issue 17 §5). The file is read, its header held to the
 * template's stated fields in their order, and every row checked with the same schema and rules as
 * the screen that adds one (plane/new, users/new): a dry run answers what each row would do and
 * writes nothing; an import with any bad row is refused (422, per row and field) and writes
 * nothing; otherwise each new row is written through its owning domain (organizations, aircraft),
 * and a row already there — the same registration, the same member's e-mail — is left as it is, so
 * importing the same file again changes nothing.
 */
export interface ImportDeps {
  files: Pick<typeof files, 'presignedPost' | 'objectSize' | 'objectStart' | 'deleteObject'>;
  fleet: (organizationId: string) => Promise<{ plane_id: string; reg_num: string }[]>;
  importPlane: typeof importPlane;
  importFlight: typeof importFlight;
  /** Which of the rows' flights are stored (BatchGetItem). */
  existingFlights: typeof existingFlights;
  /** The people behind the rows' e-mails and their membership here (one lookup per distinct e-mail). */
  membersByEmail: typeof membersByEmail;
  importMember: typeof importMember;
  roleIds: (organizationId: string) => Promise<string[]>;
  /** The reference airports' ICAO codes (operations). */
  airportIcaos: () => Promise<Set<string>>;
  importAirport: typeof importAirport;
  importTransaction: typeof importTransaction;
  /** Which of the rows' ledger entries are posted (BatchGetItem). */
  postedTransactions: typeof postedTransactions;
  ledgerCurrency: typeof ledgerCurrency;
}

export const importDeps: ImportDeps = {
  files,
  fleet,
  importPlane,
  importFlight,
  existingFlights,
  membersByEmail,
  importMember,
  roleIds: async (organizationId) => (await rolesOf(organizationId)).map((r) => r.role_id),
  airportIcaos: () => airportIcaos(),
  importAirport: (actor, input) => importAirport(actor, input),
  importTransaction,
  postedTransactions,
  ledgerCurrency,
};

const organizationOf = (actor: Actor) => {
  if (!actor.organizationId) throw missingPermissions();
  return actor.organizationId;
};

const prefixOf = (organizationId: string) => `org/${organizationId}/imports/`;

/** The presigned POST for one file (spec §5: csv, xls, xlsx). */
export async function createImportUpload(deps: ImportDeps, actor: Actor, input: ImportUploadInput) {
  const organizationId = organizationOf(actor);
  const extension = /\.(csv|xlsx|xls)$/i.exec(input.name)?.[1]?.toLowerCase();
  if (!extension) throw validationFailed({ import_file: ['could_not_upload_the_file'] });
  const key = `${prefixOf(organizationId)}${randomUUID()}.${extension}`;
  const post = await deps.files.presignedPost({
    key,
    contentType: input.content_type,
    maxBytes: MAX_IMPORT_BYTES,
  });
  return { ...post, key, max_bytes: MAX_IMPORT_BYTES };
}

/** The template: the stated fields in their order, and an example row under them. */
export function importTemplate(source: ImportSource, format: ExportFormat): ExportOutput {
  const rows = [[...IMPORT_TEMPLATES[source]], [...IMPORT_EXAMPLES[source]]];
  return format === 'xlsx'
    ? {
        filename: `windsock-import-${source}.xlsx`,
        content_type: XLSX_TYPE,
        data: xlsxOf([{ name: source, rows, widths: rows[0]!.map(() => 18) }]).toString('base64'),
      }
    : {
        filename: `windsock-import-${source}.csv`,
        content_type: CSV_TYPE,
        data: Buffer.from(csvOf(rows)).toString('base64'),
      };
}

const fileError = (key: string) => validationFailed({ import_file: [key] });

/** The uploaded file's rows: only a key this organization was handed, only a real CSV or XLSX. */
async function rowsOf(deps: ImportDeps, organizationId: string, key: string): Promise<Rows> {
  const name = key.slice(prefixOf(organizationId).length);
  if (!key.startsWith(prefixOf(organizationId)) || !/^[0-9a-f-]{36}\.(csv|xlsx|xls)$/.test(name))
    throw fileError('invalid_value');
  const size = await deps.files.objectSize(key);
  if (size === null || size === 0) throw fileError('could_not_upload_the_file');
  if (size > MAX_IMPORT_BYTES) throw fileError('too_big');
  const bytes = await deps.files.objectStart(key, size);
  const type = sniffFileType(bytes.subarray(0, SNIFF_BYTES), FILE_FEATURES.report);
  if (type === 'application/vnd.ms-excel') throw fileError('import_xls_unsupported');
  try {
    if (type === 'text/csv') return readCsv(new TextDecoder('utf-8').decode(bytes));
    if (type) return readXlsx(Buffer.from(bytes));
  } catch {
    // An archive that is not a workbook: the same answer as a file of another kind.
  }
  throw fileError('could_not_upload_the_file');
}

const YES = new Set(['1', 'true', 'yes', 'igen', 'ja', 'áno', 'ano', 'tak', 'oui', 'si', 'sì', 'x']);
const NO = new Set(['', '0', 'false', 'no', 'nem', 'nein', 'nie', 'ne', 'non']);

/** A cell as the schema expects it: numbers for number fields, flags for flags; empty is absent. */
function planeRow(cells: Record<string, string>) {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(cells)) {
    if (value === '') continue;
    if (field === 'year_of_manufacture' || field === 'seats')
      out[field] = /^\d+$/.test(value) ? Number(value) : value;
    else if (field === 'is_tmg')
      out[field] = YES.has(value.toLowerCase()) ? true : NO.has(value.toLowerCase()) ? false : value;
    else out[field] = value;
  }
  return out;
}

function memberRow(cells: Record<string, string>) {
  const out: Record<string, unknown> = { role_ids: [] as string[] };
  for (const [field, value] of Object.entries(cells)) {
    if (value === '') continue;
    if (field === 'role_ids')
      out.role_ids = value
        .split(/[,\s]+/)
        .map((id) => id.trim())
        .filter(Boolean);
    else if (field === 'lang')
      out.lang = (LANGS as readonly string[]).includes(value.toLowerCase()) ? value.toLowerCase() : value;
    else out[field] = value;
  }
  return out;
}

const NUMBER = /^-?\d+(?:[.,]\d+)?$/;
const numberOf = (value: string) => (NUMBER.test(value) ? Number(value.replace(',', '.')) : value);

/** An airports row as the airport screen's schema takes it: its main runway when one is given. */
function airportRow(cells: Record<string, string>) {
  const flag = (value: string) =>
    YES.has(value.toLowerCase()) ? true : NO.has(value.toLowerCase()) ? false : value;
  const runwayGiven = ['runway_designator', 'runway_heading', 'runway_length', 'runway_surface'].some(
    (field) => (cells[field] ?? '') !== '',
  );
  return {
    icao: (cells.icao ?? '').toUpperCase(),
    iata_faa: cells.iata_faa ? cells.iata_faa.toUpperCase() : null,
    name: cells.name ?? '',
    latitude: numberOf(cells.latitude ?? ''),
    longitude: numberOf(cells.longitude ?? ''),
    altitude: numberOf(cells.altitude ?? ''),
    airport_category: cells.airport_category || undefined,
    show_in_map: flag(cells.show_in_map ?? ''),
    country: (cells.country ?? '').toUpperCase(),
    city: cells.city || null,
    runways: runwayGiven
      ? [
          {
            designator: cells.runway_designator ?? '',
            heading: numberOf(cells.runway_heading ?? ''),
            length: numberOf(cells.runway_length ?? ''),
            width: cells.runway_width ? numberOf(cells.runway_width) : null,
            surface: cells.runway_surface || undefined,
          },
        ]
      : [],
    landing_fees: [],
    fee_currency_id: 'EUR',
    version: 0,
  };
}

/** The errors of an airport row under the template's names (runways.0.length → runway_length). */
const airportErrors = (errors: Record<string, string[]>) =>
  Object.fromEntries(
    Object.entries(errors).map(([path, keys]) => [path.replace(/^runways\.0\./, 'runway_'), keys]),
  );

/** The UTC instant of a local wall-clock time of the organization (`10:05` on `2026-05-01`, Budapest). */
export function localInstant(date: string, time: string, timeZone: string): string | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return null;
  const guess = Date.parse(`${date}T${match[1]!.padStart(2, '0')}:${match[2]}:00.000Z`);
  if (Number.isNaN(guess)) return null;
  const offsetAt = (ms: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .formatToParts(new Date(ms))
        .map((p) => [p.type, p.value]),
    );
    return (
      Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!) -
      ms
    );
  };
  let instant = guess - offsetAt(guess);
  instant = guess - offsetAt(instant);
  return new Date(instant).toISOString();
}

/** A flights row as POST /api/flights takes it; errors of cells that name things (aircraft, pilot, times). */
function flightRow(
  activeMemberId: (email: string) => string | null,
  organizationId: string,
  timeZone: string,
  cells: Record<string, string>,
  planes: readonly { plane_id: string; reg_num: string }[],
) {
  const errors: Record<string, string[]> = {};
  const date = cells.date ?? '';
  const plane = planes.find((p) => p.reg_num.toUpperCase() === (cells.reg_num ?? '').toUpperCase());
  if (!plane) errors.reg_num = [cells.reg_num ? 'invalid_value' : 'field_required'];
  const takeoff = localInstant(date, cells.takeoff_time ?? '', timeZone);
  const landing = localInstant(date, cells.landing_time ?? '', timeZone);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) errors.date = ['date_format'];
  if (!takeoff) errors.takeoff_time = ['time_format'];
  if (!landing) errors.landing_time = ['time_format'];
  const picId = cells.pic_email ? activeMemberId(cells.pic_email) : null;
  if (!picId) errors.pic_email = [cells.pic_email ? 'invalid_value' : 'field_required'];
  const input: Record<string, unknown> = {
    date,
    plane_id: plane?.plane_id ?? 'none',
    takeoff_type_id: /^\d+$/.test(cells.takeoff_type_id ?? '')
      ? Number(cells.takeoff_type_id)
      : cells.takeoff_type_id,
    takeoff_time: takeoff ?? '',
    landing_time: landing ?? '',
    pic_id: picId ?? 'none',
    ...(cells.remarks ? { remarks: cells.remarks } : {}),
  };
  if (takeoff) {
    // The same row always gets the same id (a re-import finds its flight): time-ordered, and a
    // hash of the organization and the row.
    const hash = createHash('sha256')
      .update(`${organizationId}|${Object.values(cells).join('|')}`)
      .digest('hex');
    input.client_id = timeOrderedId(Date.parse(takeoff), hash.slice(0, 10));
  }
  return { input, errors };
}

/**
 * A transactions row as POST /api/transactions takes it: the member by e-mail, the amount in the
 * currency's units, the organization's currency. The row's id (`client_id`) is its day and a hash
 * of the organization and the row, so the same row imported again finds its entry.
 */
function transactionRow(
  activeMemberId: (email: string) => string | null,
  organizationId: string,
  currencyId: string | null,
  cells: Record<string, string>,
) {
  const errors: Record<string, string[]> = {};
  const date = cells.date ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) errors.date = ['date_format'];
  const userId = cells.member_email ? activeMemberId(cells.member_email) : null;
  if (!userId) errors.member_email = [cells.member_email ? 'invalid_value' : 'field_required'];
  const amount = parseMoney(cells.amount ?? '');
  if (amount === null) errors.amount = ['field_required'];
  else if (Number.isNaN(amount)) errors.amount = ['invalid_value'];
  const currency = (cells.currency_id ?? '').toUpperCase();
  if (currency && currency !== currencyId) errors.currency_id = ['invalid_value'];
  const hash = createHash('sha256')
    .update(`${organizationId}|${Object.values(cells).join('|')}`)
    .digest('hex');
  const input: Record<string, unknown> = {
    client_id: timeOrderedId(errors.date ? 0 : Date.parse(date), hash.slice(0, 10)),
    user_id: userId ?? 'none',
    transaction_type: cells.transaction_type,
    amount: amount ?? Number.NaN,
    date,
    ...(cells.comment ? { comment: cells.comment } : {}),
  };
  return { input, errors };
}

/** The column that names a person by e-mail, per template (none: the rows name no one). */
const EMAIL_FIELDS: Record<ImportSource, string | null> = {
  aircraft: null,
  members: 'email',
  flights: 'pic_email',
  airports: null,
  transactions: 'member_email',
};

interface CheckedRow extends ImportRowOutput {
  input?: unknown;
}

/** Every row checked against the schema, the file itself (a duplicate) and what is stored. */
async function checkRows(
  deps: ImportDeps,
  organizationId: string,
  timeZone: string,
  source: ImportSource,
  rows: Rows,
) {
  const fields = IMPORT_TEMPLATES[source];
  const [header = [], ...body] = rows;
  if (header.length !== fields.length || header.some((name, i) => name.toLowerCase() !== fields[i]))
    throw fileError('import_header_mismatch');
  if (body.length === 0) throw fileError('import_no_rows');
  if (body.length > MAX_IMPORT_ROWS) throw fileError('import_too_many_rows');

  const seen = new Set<string>();
  const [planes, roleIds] = await Promise.all([
    source === 'aircraft' || source === 'flights' ? deps.fleet(organizationId) : Promise.resolve([]),
    source === 'members' ? deps.roleIds(organizationId) : Promise.resolve([]),
  ]);
  const stored = new Set(planes.map((p) => p.reg_num));
  const icaos = source === 'airports' ? await deps.airportIcaos() : new Set<string>();
  const currencyId = source === 'transactions' ? await deps.ledgerCurrency(organizationId) : null;
  // The people the rows name by e-mail, each asked once; an import of a season's transactions names
  // the same few dozen members on every row.
  const emailField = EMAIL_FIELDS[source];
  const people = emailField
    ? await deps.membersByEmail(
        organizationId,
        body.map((cellsRow) => cellsRow[fields.indexOf(emailField)] ?? ''),
      )
    : new Map<string, { user_id: string; status: string | null }>();
  const personOf = (email: string) => people.get(email.trim().toLowerCase());
  const activeMemberId = (email: string) => {
    const person = personOf(email);
    return person?.status === 'active' ? person.user_id : null;
  };
  // Rows whose stored twin is looked up after the loop, in BatchGetItem requests.
  const flightChecks: { row: CheckedRow; flight_id: string; date: string }[] = [];
  const transactionChecks: { row: CheckedRow; client_id: string; user_id: string; date: string }[] = [];
  const checked: CheckedRow[] = [];
  for (const [index, cellsRow] of body.entries()) {
    const cells = Object.fromEntries(fields.map((field, i) => [field, cellsRow[i] ?? '']));
    const row = index + 2;
    if (cellsRow.length > fields.length && cellsRow.slice(fields.length).some((c) => c !== '')) {
      checked.push({
        row,
        label: cellsRow[0] ?? '',
        status: 'error',
        errors: { row: ['import_extra_cells'] },
      });
      continue;
    }
    if (source === 'flights') {
      const { input, errors } = flightRow(activeMemberId, organizationId, timeZone, cells, planes);
      const parsed = createFlightInput.safeParse(input);
      const schemaErrors = parsed.success ? {} : fieldErrors(parsed.error.issues);
      // The schema's names for what the row names otherwise.
      for (const [from, to] of [
        ['plane_id', 'reg_num'],
        ['pic_id', 'pic_email'],
      ] as const)
        if (schemaErrors[from]) {
          schemaErrors[to] ??= schemaErrors[from]!;
          delete schemaErrors[from];
        }
      const all = { ...schemaErrors, ...errors };
      const label = `${cells.date} ${cells.reg_num} ${cells.takeoff_time}`.trim();
      const id = String(input.client_id ?? '');
      if (Object.keys(all).length > 0 || !parsed.success) {
        checked.push({ row, label, status: 'error', errors: all });
      } else if (seen.has(id)) {
        checked.push({ row, label, status: 'error', errors: { row: ['duplicate_value'] } });
      } else {
        seen.add(id);
        const ready: CheckedRow = { row, label, status: 'new', errors: {}, input: parsed.data };
        checked.push(ready);
        flightChecks.push({ row: ready, flight_id: id, date: parsed.data.date ?? cells.date ?? '' });
      }
      continue;
    }
    if (source === 'airports') {
      const parsed = airportInput.safeParse(airportRow(cells));
      const label = (cells.icao ?? '').toUpperCase();
      if (!parsed.success || !parsed.data.icao) {
        const errors = parsed.success
          ? { icao: ['field_required'] }
          : airportErrors(fieldErrors(parsed.error.issues));
        if (!parsed.success && !label) errors.icao ??= ['field_required'];
        checked.push({ row, label, status: 'error', errors });
      } else if (seen.has(label)) {
        checked.push({ row, label, status: 'error', errors: { icao: ['duplicate_value'] } });
      } else {
        seen.add(label);
        checked.push({
          row,
          label,
          status: icaos.has(label) ? 'unchanged' : 'new',
          errors: {},
          input: parsed.data,
        });
      }
      continue;
    }
    if (source === 'transactions') {
      const { input, errors } = transactionRow(activeMemberId, organizationId, currencyId, cells);
      const parsed = createTransactionInput.safeParse(input);
      const schemaErrors = parsed.success ? {} : fieldErrors(parsed.error.issues);
      if (schemaErrors.user_id) {
        schemaErrors.member_email ??= schemaErrors.user_id;
        delete schemaErrors.user_id;
      }
      const all = { ...schemaErrors, ...errors };
      const label = `${cells.date} ${cells.member_email} ${cells.amount}`.trim();
      const id = String(input.client_id);
      if (Object.keys(all).length > 0 || !parsed.success) {
        checked.push({ row, label, status: 'error', errors: all });
      } else if (seen.has(id)) {
        checked.push({ row, label, status: 'error', errors: { row: ['duplicate_value'] } });
      } else {
        seen.add(id);
        const ready: CheckedRow = { row, label, status: 'new', errors: {}, input: parsed.data };
        checked.push(ready);
        transactionChecks.push({
          row: ready,
          client_id: id,
          user_id: parsed.data.user_id,
          date: parsed.data.date,
        });
      }
      continue;
    }
    const schema = source === 'aircraft' ? createPlaneInput : addMemberInput;
    const parsed = schema.safeParse(source === 'aircraft' ? planeRow(cells) : memberRow(cells));
    if (!parsed.success) {
      checked.push({
        row,
        label: cells[fields[0]!] ?? '',
        status: 'error',
        errors: fieldErrors(parsed.error.issues),
      });
      continue;
    }
    const input = parsed.data as { reg_num?: string; email?: string; role_ids?: string[] };
    const identity = (input.reg_num ?? input.email ?? '').toLowerCase();
    const label = input.reg_num ?? input.email ?? '';
    if (seen.has(identity)) {
      checked.push({ row, label, status: 'error', errors: { [fields[0]!]: ['duplicate_value'] } });
      continue;
    }
    seen.add(identity);
    if (source === 'members') {
      const unknown = (input.role_ids ?? []).filter((id) => !roleIds.includes(id));
      if (unknown.length > 0) {
        checked.push({ row, label, status: 'error', errors: { role_ids: ['invalid_value'] } });
        continue;
      }
      const state = personOf(input.email!)?.status ?? null;
      const present = state === 'active' || state === 'suspended' || state === 'invited';
      checked.push({ row, label, status: present ? 'unchanged' : 'new', errors: {}, input });
    } else {
      checked.push({
        row,
        label,
        status: stored.has(input.reg_num!) ? 'unchanged' : 'new',
        errors: {},
        input,
      });
    }
  }
  if (flightChecks.length > 0) {
    const stored = await deps.existingFlights(organizationId, flightChecks);
    for (const check of flightChecks) if (stored.has(check.flight_id)) check.row.status = 'unchanged';
  }
  if (transactionChecks.length > 0) {
    const posted = await deps.postedTransactions(organizationId, transactionChecks);
    for (const check of transactionChecks) if (posted.has(check.client_id)) check.row.status = 'unchanged';
  }
  return checked;
}

const countOf = (rows: readonly ImportRowOutput[], status: ImportRowOutput['status']) =>
  rows.filter((r) => r.status === status).length;

const outputOf = (rows: CheckedRow[], dryRun: boolean, written: boolean, message: string): ImportOutput => ({
  message,
  dry_run: dryRun,
  written,
  created: countOf(rows, 'new'),
  unchanged: countOf(rows, 'unchanged'),
  failed: countOf(rows, 'error'),
  rows: rows.map(({ input: _, ...row }) => row),
});

/** Spec §7 POST /api/import. */
/**
 * Writing stops when less than this is left of the function's time (a row's write takes well under
 * a second; the answer has to leave before the function is stopped).
 */
export const IMPORT_TIME_RESERVE_MS = 2500;

export async function runImport(
  deps: ImportDeps,
  actor: Actor,
  input: ImportInput,
  remainingMs: () => number = () => Number.POSITIVE_INFINITY,
): Promise<ImportOutput> {
  const organizationId = organizationOf(actor);
  // The reference airports are every club's: only a supervisor imports them (spec §2 "Airports").
  if (input.sourceType === 'airports' && !actor.roles.has('supervisor')) throw missingPermissions();
  // Ledger entries are written as the finance screens write them: transaction-edit, financial module.
  if (input.sourceType === 'transactions') checkGuard(transactionEdit, actor);
  const timeZone = actor.organization?.timezone ?? 'UTC';
  const rows = await checkRows(
    deps,
    organizationId,
    timeZone,
    input.sourceType,
    await rowsOf(deps, organizationId, input.import_file),
  );
  const failed = rows.filter((r) => r.status === 'error');
  if (input.uploadParams.dry_run)
    return outputOf(
      rows,
      true,
      false,
      failed.length > 0 ? 'import.message.has_errors' : 'import.message.checked',
    );
  // Any bad row: nothing is written; the errors per row and field, as the dry run shows them.
  if (failed.length > 0)
    throw validationFailed(
      Object.fromEntries(
        failed.flatMap((r) =>
          Object.entries(r.errors).map(([field, keys]) => [`rows.${r.row}.${field}`, keys]),
        ),
      ),
    );
  let created = 0;
  for (const row of rows) {
    if (row.status !== 'new') continue;
    if (remainingMs() < IMPORT_TIME_RESERVE_MS) {
      // A long file does not fit in one request: what is written stays, the rest is named, and the
      // same file imported again writes exactly the rest (every row finds its own entry).
      for (const later of rows.slice(rows.indexOf(row)).filter((r) => r.status === 'new')) {
        later.status = 'error';
        later.errors = { row: ['import_time_ran_out'] };
      }
      return outputOf(rows, false, created > 0, 'import.message.continue');
    }
    try {
      if (input.sourceType === 'aircraft') await deps.importPlane(actor, row.input as never);
      else if (input.sourceType === 'flights') await deps.importFlight(actor, row.input as never);
      else if (input.sourceType === 'airports') await deps.importAirport(actor, row.input as never);
      else if (input.sourceType === 'transactions') await deps.importTransaction(actor, row.input as never);
      else await deps.importMember(actor, row.input as never);
      created++;
    } catch (error) {
      // A rule that only the write sees (the package's aircraft limit, a registration taken
      // meanwhile): the rows before stay written, this one and the rest are not. Importing the
      // file again after the cause is fixed adds exactly the rest.
      if (!(error instanceof HttpError)) throw error;
      row.status = 'error';
      row.errors = error.errors ?? { [IMPORT_TEMPLATES[input.sourceType][0]!]: [error.code] };
      const rest = rows.slice(rows.indexOf(row) + 1).filter((r) => r.status === 'new');
      for (const later of rest) later.status = 'error';
      for (const later of rest) later.errors = { row: ['import_not_reached'] };
      return outputOf(rows, false, created > 0, 'import.message.partial');
    }
  }
  await deps.files.deleteObject(input.import_file);
  return outputOf(
    rows,
    false,
    created > 0,
    created > 0 ? 'import.message.imported' : 'import.message.nothing_new',
  );
}
