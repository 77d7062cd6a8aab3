/**
 * Validity of a licence, the medical certificate or a rating on profile/pilot-info-edit: a date
 * already passed is expired (red), one within EXPIRING_DAYS expires soon (orange), later is valid.
 * Dates are calendar days (yyyy-mm-dd) compared with today's date where the pilot is.
 */
export type Validity = 'expired' | 'expiring' | 'valid';

export const EXPIRING_DAYS = 60;

const DAY_MS = 24 * 3600 * 1000;
const dayNumber = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;

/** Today as yyyy-mm-dd in the browser's time zone. */
export const localToday = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** null when there is no (readable) date: nothing to highlight. The last valid day is still valid. */
export function validityOf(validUntil: string | null | undefined, today: string): Validity | null {
  if (!validUntil || !/^\d{4}-\d{2}-\d{2}$/.test(validUntil)) return null;
  const left = dayNumber(validUntil) - dayNumber(today);
  if (Number.isNaN(left)) return null;
  if (left < 0) return 'expired';
  return left <= EXPIRING_DAYS ? 'expiring' : 'valid';
}
