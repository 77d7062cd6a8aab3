/**
 * Today for validity highlighting on the organization's screens (pilot-info, permits). The rule
 * itself — expired, expiring within EXPIRY_WARNING_DAYS, valid — is `validityState` in
 * contracts/schemas/people.ts, shared with profile/pilot-info-edit.
 */

