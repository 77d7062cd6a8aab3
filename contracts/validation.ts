import * as z from 'zod/mini';
import { FIELD_MESSAGES, type FieldMessage } from './errors.ts';

/**
 * Every zod issue becomes an i18n message key (spec §5), so the browser form and the Lambda show
 * the same text for the same mistake. A schema may name its own key with `{ error: 'time_format' }`.
 */
const messageFor = (issue: z.core.$ZodRawIssue): FieldMessage => {
  if (issue.code !== 'unrecognized_keys' && (issue.input === undefined || issue.input === null))
    return 'field_required';
  switch (issue.code) {
    case 'invalid_format':
      return issue.format === 'email' ? 'email_invalid' : 'invalid_value';
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'field_required' : 'too_short';
      return 'too_small';
    case 'too_big':
      return issue.origin === 'string' ? 'too_long' : 'too_big';
    case 'unrecognized_keys':
      return 'unknown_field';
    default:
      return 'invalid_value';
  }
};

z.config({ customError: (issue) => messageFor(issue) });

const isFieldMessage = (value: string): value is FieldMessage =>
  (FIELD_MESSAGES as readonly string[]).includes(value);

/** zod issues → `{ 'field.path': ['message_key'] }`, the `errors` map of a 422 (docs/ARCHITECTURE.md "Errors"). */
export const fieldErrors = (issues: readonly z.core.$ZodIssue[]): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  const add = (field: string, key: string) => {
    const list = errors[field] ?? [];
    errors[field] = list;
    if (!list.includes(key)) list.push(key);
  };
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(path ? `${path}.${key}` : key, 'unknown_field');
      continue;
    }
    add(path || '_', isFieldMessage(issue.message) ? issue.message : 'invalid_value');
  }
  return errors;
};

// Primitives every schema builds on -----------------------------------------------------------------

/**
 * A whole number JavaScript holds exactly. `Number.isInteger(1e300)` is true, and such a "version"
 * would reach DynamoDB (38 digits at most) as a server error; unlike `z.int()` a failure does not stop
 * the record's cross-field rules.
 */
export const whole = z.refine<number>((value) => Number.isSafeInteger(value), { error: 'invalid_value' });

/** An optimistic-concurrency version as the editor read it (0: not saved yet). */
export const version = z.number().check(whole, z.nonnegative());

/** Controls other than tab and newline (C0, DEL, C1), bidi embeddings/overrides/isolates, lone surrogates. */
const FORBIDDEN_IN_TEXT = new RegExp(
  [
    '[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069]',
    '[\\ud800-\\udbff](?![\\udc00-\\udfff])',
    '(?<![\\ud800-\\udbff])[\\udc00-\\udfff]',
  ].join('|'),
);
const TAB_OR_NEWLINE = /[\t\n]/;

/** Whether a text holds only characters a person meant to type (`multiline`: tab and newline too). */
const isCleanText = (value: string, multiline = false) =>
  !FORBIDDEN_IN_TEXT.test(value) && (multiline || !TAB_OR_NEWLINE.test(value));

/**
 * User text (issue 11 §6), the one primitive of every free-text field: trimmed, within `max`
 * characters (and `min`, when given), and free of control characters, lone surrogates and the bidi
 * controls that make a text read differently from what is stored (CVE-2021-42574). A multi-line
 * field keeps tab and newline; its Windows line ends become `\n`.
 */
export const userText = (max: number, options: { min?: number; multiline?: boolean } = {}) => {
  const multiline = options.multiline ?? false;
  return z.string().check(
    ...(multiline ? [z.overwrite((value: string) => value.replace(/\r\n?/g, '\n'))] : []),
    z.trim(),
    ...(options.min ? [z.minLength(options.min)] : []),
    z.maxLength(max),
    z.refine((value: string) => isCleanText(value, multiline), { error: 'invalid_characters' }),
  );
};

/**
 * An id of a stored item as paths and bodies name it (uuids, time-ordered ids, `org-demo`,
 * `rent-ask-21`): letters, digits, `-` and `_`, bounded far below DynamoDB's 1 KB key limits.
 */
export const entityId = z
  .string()
  .check(z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9_-]*$/, { error: 'invalid_value' }));

/** The opaque paging cursor a list hands out (signed by the router, functions/platform/http/cursor.ts). */
export const cursor = z
  .string()
  .check(z.minLength(1), z.maxLength(2048), z.regex(/^[A-Za-z0-9_.-]*$/, { error: 'invalid_value' }));

/** Calendar years the product deals in: birth dates to validity dates, never year 0000 or 10000. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2199;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;

const isLeap = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A day that exists in the calendar: no 30 February (Date would move it to March), no year 0000. */
const realDate = (year: number, month: number, day: number) =>
  year >= 1 &&
  month >= 1 &&
  month <= 12 &&
  day >= 1 &&
  day <= (month === 2 && isLeap(year) ? 29 : MONTH_DAYS[month - 1]!);

const isRealDate = (value: string) => {
  const m = DATE.exec(value);
  return m !== null && realDate(Number(m[1]), Number(m[2]), Number(m[3]));
};

/** Epoch ms of an ISO date-time (`Z` or an offset), or NaN when it is unreadable or not a real instant. */
const instantMs = (value: string): number => {
  const m = INSTANT.exec(value);
  if (!m) return Number.NaN;
  const part = (index: number) => Number(m[index] ?? 0);
  const [year, month, day, hour, minute, second] = [part(1), part(2), part(3), part(4), part(5), part(6)];
  const ms = Number((m[7] ?? '').padEnd(3, '0'));
  const [offsetHours, offsetMinutes] = [part(9), part(10)];
  if (!realDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return Number.NaN;
  if (offsetHours > 23 || offsetMinutes > 59) return Number.NaN;
  const offset = (m[8] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  const at = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, ms));
  at.setUTCFullYear(year); // Date.UTC reads years 0–99 as 1900–1999
  return at.getTime() - offset * 60_000;
};

/** Out of MIN_YEAR–MAX_YEAR: too small or too big, said only of a value that is readable at all. */
const withinYears = (readable: (value: string) => boolean) => [
  z.refine<string>((value) => !readable(value) || Number(value.slice(0, 4)) >= MIN_YEAR, {
    error: 'too_small',
  }),
  z.refine<string>((value) => !readable(value) || Number(value.slice(0, 4)) <= MAX_YEAR, {
    error: 'too_big',
  }),
];

/** yyyy-mm-dd, a real day (spec §5 "Date format must be yyyy-mm-dd."), the one date of every schema. */
export const isoDate = z
  .string()
  .check(z.refine(isRealDate, { error: 'date_format' }), ...withinYears(isRealDate));

const isInstant = (value: string) => !Number.isNaN(instantMs(value));

/**
 * `2026-08-15T09:00Z`, `2026-08-15T11:00:00.000+02:00` → the full UTC ISO form (spec §5 date-time
 * format), the one date-time of every schema. An impossible instant (30 February, 24:00) is refused,
 * never moved to another day.
 */
export const isoInstant = z.string().check(
  z.refine(isInstant, { error: 'datetime_format' }),
  ...withinYears(isInstant),
  // Checks do not stop the pipeline: an unreadable value must pass through untouched.
  z.overwrite((value) => (isInstant(value) ? new Date(instantMs(value)).toISOString() : value)),
);

/**
 * A cross-field rule runs once the fields it compares are valid, even while other fields are not:
 * the form shows every problem at once, not in rounds.
 */
export const whenFieldsValid =
  (fields: readonly string[]) =>
  (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => fields.includes(String(issue.path?.[0])));
