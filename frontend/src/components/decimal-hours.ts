/**
 * Spec §5 "Decimal-hours field: converts h:mm to decimal hours with 2 decimals, minimum 0. An invalid
 * input gives 0." The API keeps time in whole minutes, so a typed h:mm is kept to the minute and
 * only shown as decimal hours; typed decimal hours become the nearest minute.
 */

/** `4300:17` → 258017, `12.5` or `12,5` → 750; null when it is neither (negative, letters, 1:75). */
export const parseHoursText = (text: string): number | null => {
  const compact = text.trim().replace(',', '.');
  const hhmm = /^(\d{1,7}):([0-5]?\d)$/.exec(compact);
  if (hhmm) return Number(hhmm[1]) * 60 + Number(hhmm[2]);
  const decimal = /^(\d{1,7})(?:\.(\d*))?$/.exec(compact);
  if (decimal) return Math.round(Number(`${decimal[1]}.${decimal[2] || '0'}`) * 60);
  return null;
};

/** The spec's field: anything unreadable gives 0. */
export const minutesFromHoursText = (text: string): number => parseHoursText(text) ?? 0;

/** 258017 → `4300.28`: decimal hours with 2 decimals, never below 0. */
export const decimalHoursText = (minutes: number | null | undefined): string =>
  (Math.max(0, minutes ?? 0) / 60).toFixed(2);
