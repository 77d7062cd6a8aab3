/**
 * Today for validity highlighting on the organization's screens (pilot-info, permits). The rule
 * itself — expired, expiring within EXPIRY_WARNING_DAYS, valid — is `validityState` in
 * contracts/schemas/people.ts, shared with profile/pilot-info-edit.
 */

/** Today as yyyy-mm-dd in the organization's time zone (validity dates are calendar dates). */
export const todayIn = (timeZone: string, now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
