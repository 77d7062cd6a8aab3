import { type Lang, weekStartsOn } from '../../../contracts/langs.ts';

/**
 * Display formats of spec §5/§9. Instants are stored as UTC ISO strings and shown in the
 * organization's time zone; calendar dates (`2026-05-01`) are shown as they are.
 */

const pad = (value: number) => String(value).padStart(2, '0');
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const partsIn = (instant: Date, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
  };
};

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** YYYY.MM.DD; empty for a missing or unreadable value. */
export const formatDate = (value: string | Date | null | undefined, timeZone = 'UTC'): string => {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const dateOnly = DATE_ONLY.exec(value);
    if (dateOnly) return `${dateOnly[1]}.${dateOnly[2]}.${dateOnly[3]}`;
  }
  const instant = toDate(value);
  if (Number.isNaN(instant.getTime())) return '';
  const { year, month, day } = partsIn(instant, timeZone);
  return `${year}.${month}.${day}`;
};

/** YYYY.MM.DD HH:mm in the given time zone (the organization's). */
export const formatDateTime = (value: string | Date | null | undefined, timeZone = 'UTC'): string => {
  if (value === null || value === undefined || value === '') return '';
  const instant = toDate(value);
  if (Number.isNaN(instant.getTime())) return '';
  const { year, month, day, hour, minute } = partsIn(instant, timeZone);
  return `${year}.${month}.${day} ${hour}:${minute}`;
};

/** Minutes as signed hours:minutes: 95 → '1:35', -5 → '-0:05', 0 → '0:00'. */
export const formatMinutes = (minutes: number | null | undefined): string => {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '';
  const whole = Math.round(minutes);
  const sign = whole < 0 ? '-' : '';
  const absolute = Math.abs(whole);
  return `${sign}${Math.floor(absolute / 60)}:${pad(absolute % 60)}`;
};

/**
 * A quantity with its unit (`1 234,5 l`, `750 kg`) in the language's digits; the unit is joined by a
 * no-break space, so a narrow column never wraps it under the number. Empty for none.
 */
export const formatQuantity = (
  value: number | null | undefined,
  unit: string,
  lang: string,
  maximumFractionDigits = 2,
): string =>
  value === null || value === undefined
    ? ''
    : `${new Intl.NumberFormat(lang, { maximumFractionDigits }).format(value)}\u00a0${unit}`;

/** First day of the week for calendars: Monday (1) for hu, Sunday (0) otherwise (spec §9). */
export const firstDayOfWeek = (lang: Lang): 0 | 1 => weekStartsOn(lang);
