/** How a validity date stands (pilot-info, permits): shown highlighted when expired or close to it. */
export type Validity = 'none' | 'valid' | 'expiring' | 'expired';

/** Days before the end of validity from which a date counts as expiring. */
export const EXPIRY_WARNING_DAYS = 30;

const DAY_MS = 24 * 3600 * 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today as yyyy-mm-dd in the organization's time zone (validity dates are calendar dates). */
export const todayIn = (timeZone: string, now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );

/** Whole days from `today` to `date` (both yyyy-mm-dd); negative when in the past. */
export const daysUntil = (date: string, today: string) =>
  Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);

/**
 * A document valid until a date is still valid on that day. From 30 days before it is expiring,
 * the day after it is expired. No date (or an unreadable one) is 'none'.
 */
export const validityOf = (validUntil: string | null | undefined, today: string): Validity => {
  if (!validUntil || !DATE.test(validUntil) || Number.isNaN(Date.parse(`${validUntil}T00:00:00Z`)))
    return 'none';
  const days = daysUntil(validUntil, today);
  if (days < 0) return 'expired';
  if (days <= EXPIRY_WARNING_DAYS) return 'expiring';
  return 'valid';
};
