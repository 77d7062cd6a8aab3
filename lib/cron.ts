/**
 * Croner's five-field cron (`m h dom mon dow`, the syntax of contracts/schedules.ts and of the local
 * stack) → an EventBridge Scheduler expression `cron(m h dom mon dow year)`.
 *
 * The two dialects differ in ways that silently shift a job if copied verbatim:
 * - EventBridge needs one of day-of-month / day-of-week to be `?`.
 * - Day-of-week numbers: croner 0–7 with 0 and 7 = Sunday; EventBridge 1–7 with 1 = Sunday. Days
 *   are therefore emitted as names (`MON-FRI`), which mean the same in both.
 * - A job restricted by both day-of-month and day-of-week runs when EITHER matches in croner (its
 *   default, Vixie-cron behaviour); EventBridge cannot say that, so such a pattern is rejected.
 */

const NICKNAMES: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

interface FieldSpec {
  name: string;
  min: number;
  max: number;
  /** Names allowed in place of numbers (month names), mapped to their number. */
  names?: Record<string, number>;
}

const MINUTE: FieldSpec = { name: 'minute', min: 0, max: 59 };
const HOUR: FieldSpec = { name: 'hour', min: 0, max: 23 };
const DAY_OF_MONTH: FieldSpec = { name: 'day of month', min: 1, max: 31 };
const MONTH: FieldSpec = {
  name: 'month',
  min: 1,
  max: 12,
  names: Object.fromEntries(MONTH_NAMES.map((n, i) => [n, i + 1])),
};

export class CronConversionError extends Error {
  override name = 'CronConversionError';
}

const isWildcard = (field: string) => field === '*' || field === '?';

/** Convert one croner pattern; throws CronConversionError when EventBridge cannot express it. */
export function toEventBridgeCron(pattern: string): string {
  const trimmed = pattern.trim();
  const expanded = NICKNAMES[trimmed.toLowerCase()] ?? trimmed;
  const fields = expanded.split(/\s+/);
  if (fields.length !== 5) {
    throw new CronConversionError(
      `"${pattern}": expected 5 fields (minute hour day-of-month month day-of-week), got ${fields.length}`,
    );
  }
  const [minute, hour, dom, month, dow] = fields as [string, string, string, string, string];

  const days = isWildcard(dow) ? undefined : dayOfWeek(dow, pattern);
  const domRestricted = !isWildcard(dom);
  if (days !== undefined && domRestricted) {
    throw new CronConversionError(
      `"${pattern}": restricts both day of month and day of week (croner runs when either matches); ` +
        'EventBridge needs one of them to be "?" — split it into two schedules',
    );
  }

  const parts = [
    numeric(minute, MINUTE, pattern),
    numeric(hour, HOUR, pattern),
    days !== undefined ? '?' : domRestricted ? dayOfMonth(dom, pattern) : '*',
    numeric(month, MONTH, pattern),
    days ?? '?',
    '*',
  ];
  return `cron(${parts.join(' ')})`;
}

/** Minutes, hours, months: same syntax in both dialects, except croner's `*\/n` and `a-b/n`. */
function numeric(field: string, spec: FieldSpec, pattern: string): string {
  if (isWildcard(field)) return '*';
  return field
    .split(',')
    .map((token) => {
      const step = /^\*\/(\d+)$/.exec(token);
      if (step) return `${spec.min}/${positive(step[1]!, spec, pattern)}`;
      const rangeStep = /^([^-/]+)-([^-/]+)\/(\d+)$/.exec(token);
      if (rangeStep) {
        // EventBridge documents `start/step` but not `a-b/step`: spell the values out.
        const from = value(rangeStep[1]!, spec, pattern);
        const to = value(rangeStep[2]!, spec, pattern);
        const by = positive(rangeStep[3]!, spec, pattern);
        if (from > to)
          throw new CronConversionError(`"${pattern}": ${spec.name} range ${token} runs backwards`);
        const values: number[] = [];
        for (let v = from; v <= to; v += by) values.push(v);
        return values.join(',');
      }
      const startStep = /^([^-/]+)\/(\d+)$/.exec(token);
      if (startStep)
        return `${value(startStep[1]!, spec, pattern)}/${positive(startStep[2]!, spec, pattern)}`;
      const range = /^([^-/]+)-([^-/]+)$/.exec(token);
      if (range) {
        const from = value(range[1]!, spec, pattern);
        const to = value(range[2]!, spec, pattern);
        if (from > to)
          throw new CronConversionError(`"${pattern}": ${spec.name} range ${token} runs backwards`);
        return `${from}-${to}`;
      }
      return String(value(token, spec, pattern));
    })
    .join(',');
}

/** Day of month: numbers as above, plus `L`, `LW` and `nW`, which both dialects share. */
function dayOfMonth(field: string, pattern: string): string {
  if (/^(L|LW|\d{1,2}W)$/i.test(field)) return field.toUpperCase();
  return numeric(field, DAY_OF_MONTH, pattern);
}

/**
 * Day of week → EventBridge names (`MON-FRI`, `SUN,FRI-SAT`). The nth (`5#2`) and last (`5L`)
 * weekday forms stand alone and keep numbers, EventBridge's own (Sunday = 1).
 */
function dayOfWeek(field: string, pattern: string): string {
  const nth = /^([^#]+)#([1-5])$/.exec(field);
  if (nth) return `${day(nth[1]!, pattern) + 1}#${nth[2]}`;
  const last = /^([^,]+)L$/i.exec(field);
  if (last) return `${day(last[1]!, pattern) + 1}L`;
  if (/[#L]/i.test(field.replace(/[A-Z]{3}/gi, ''))) {
    throw new CronConversionError(`"${pattern}": "#" and "L" in day of week must stand alone`);
  }

  const selected = new Set<number>();
  for (const token of field.split(',')) {
    const match = /^(\*|[^-/]+)(?:-([^-/]+))?(?:\/(\d+))?$/.exec(token);
    if (!match) throw new CronConversionError(`"${pattern}": cannot read day of week "${token}"`);
    const [, fromText, toText, stepText] = match;
    const step = stepText ? Number(stepText) : 1;
    if (step < 1) throw new CronConversionError(`"${pattern}": day-of-week step must be at least 1`);
    // 7 is Sunday again in croner; ranges may end on it (`5-7` = Friday to Sunday).
    const from = fromText === '*' ? 0 : dayNumber(fromText!, pattern);
    const to = fromText === '*' ? 6 : toText !== undefined ? dayNumber(toText, pattern) : stepText ? 6 : from;
    if (from > to) throw new CronConversionError(`"${pattern}": day-of-week range ${token} runs backwards`);
    for (let d = from; d <= to; d += step) selected.add(d % 7);
  }
  if (selected.size === 7) return '*';

  // EventBridge counts Sunday first (1) and Saturday last (7): group consecutive days in that order.
  const sorted = [...selected].sort((a, b) => a - b);
  const groups: number[][] = [];
  for (const d of sorted) {
    const current = groups.at(-1);
    if (current && current.at(-1) === d - 1) current.push(d);
    else groups.push([d]);
  }
  return groups
    .map((g) =>
      g.length === 1
        ? DAY_NAMES[g[0]!]
        : `${DAY_NAMES[g[0]!]}${g.length === 2 ? ',' : '-'}${DAY_NAMES[g.at(-1)!]}`,
    )
    .join(',');
}

/** A croner day-of-week token → 0 (Sunday) … 6, accepting 7 and names. */
function day(token: string, pattern: string): number {
  return dayNumber(token, pattern) % 7;
}

function dayNumber(token: string, pattern: string): number {
  const byName = DAY_NAMES.indexOf(token.toUpperCase() as (typeof DAY_NAMES)[number]);
  if (byName >= 0) return byName;
  if (!/^\d+$/.test(token) || Number(token) > 7) {
    throw new CronConversionError(`"${pattern}": day of week "${token}" is not 0–7 or SUN–SAT`);
  }
  return Number(token);
}

function value(token: string, spec: FieldSpec, pattern: string): number {
  const named = spec.names?.[token.toUpperCase()];
  if (named !== undefined) return named;
  if (!/^\d+$/.test(token))
    throw new CronConversionError(`"${pattern}": cannot read ${spec.name} "${token}"`);
  const n = Number(token);
  if (n < spec.min || n > spec.max) {
    throw new CronConversionError(`"${pattern}": ${spec.name} ${n} is outside ${spec.min}–${spec.max}`);
  }
  return n;
}

function positive(token: string, spec: FieldSpec, pattern: string): number {
  const n = Number(token);
  if (n < 1) throw new CronConversionError(`"${pattern}": ${spec.name} step must be at least 1`);
  return n;
}
