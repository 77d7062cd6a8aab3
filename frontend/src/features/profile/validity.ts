/**
 * Today for validity highlighting on profile/pilot-info-edit. The rule itself — expired, expiring
 * within EXPIRY_WARNING_DAYS, valid — is `validityState` in contracts/schemas/people.ts, shared with
 * the organization's pilot-info/{id} screen.
 */

/** Today as yyyy-mm-dd in the browser's time zone. */
export const localToday = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
