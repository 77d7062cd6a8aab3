import * as z from 'zod/mini';
import { isoDate, userText, version } from '../validation.ts';

/**
 * A person's own data (spec §3 "User / pilot"), shared by profile/edit (the person), user/{id}
 * (the organization's user-edit) and the pilot-info screens. Field names as spelt in the spec.
 */

const text = (max: number) => z.optional(z.nullable(userText(max)));
const optionalDate = z.optional(z.nullable(isoDate));
const phone = z.optional(
  z.nullable(z.string().check(z.trim(), z.regex(/^\+?[0-9 ()/-]{6,20}$/, { error: 'invalid_value' }))),
);

/** Notification switches (spec §3: flags ending in _on). */
export const NOTIFICATION_FLAGS = [
  'email_notification_on',
  'push_notification_on',
  'document_expiry_notification_on',
  'balance_notification_on',
  'flight_notification_on',
  'message_notification_on',
  'operating_day_notification_on',
] as const;
export type NotificationFlag = (typeof NOTIFICATION_FLAGS)[number];

export const PROFILE_TYPES = ['club_member', 'private_pilot', 'student', 'instructor', 'guest'] as const;

/** Identity, contact, billing, consent and notification switches: what profile/edit saves. */
export const personFields = {
  first_name: userText(60, { min: 1 }),
  last_name: userText(60, { min: 1 }),
  phone,
  mobile: phone,
  birth_date: optionalDate,
  birth_place: text(80),
  mother_name: text(120),
  emergency_contact: text(200),
  profile_type: z.optional(z.nullable(z.enum(PROFILE_TYPES))),
  callsign: text(20),
  billing_name: text(120),
  vat_number: text(40),
  public_privatedata: z.optional(z.boolean()),
  newsletter_on: z.optional(z.boolean()),
  betatester: z.optional(z.boolean()),
  email_notification_on: z.optional(z.boolean()),
  push_notification_on: z.optional(z.boolean()),
  document_expiry_notification_on: z.optional(z.boolean()),
  balance_notification_on: z.optional(z.boolean()),
  flight_notification_on: z.optional(z.boolean()),
  message_notification_on: z.optional(z.boolean()),
  operating_day_notification_on: z.optional(z.boolean()),
};

export const personInput = z.strictObject({
  ...personFields,
  /** Optimistic concurrency: the version the editor loaded; a stale one answers 409. */
  version,
});
export type PersonInput = z.infer<typeof personInput>;

export const personOutput = z.object({
  user_id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.nullable(z.string()),
  mobile: z.nullable(z.string()),
  birth_date: z.nullable(z.string()),
  birth_place: z.nullable(z.string()),
  mother_name: z.nullable(z.string()),
  emergency_contact: z.nullable(z.string()),
  profile_avatar: z.nullable(z.string()),
  profile_type: z.nullable(z.enum(PROFILE_TYPES)),
  callsign: z.nullable(z.string()),
  billing_name: z.nullable(z.string()),
  vat_number: z.nullable(z.string()),
  public_privatedata: z.boolean(),
  newsletter_on: z.boolean(),
  betatester: z.boolean(),
  email_notification_on: z.boolean(),
  push_notification_on: z.boolean(),
  document_expiry_notification_on: z.boolean(),
  balance_notification_on: z.boolean(),
  flight_notification_on: z.boolean(),
  message_notification_on: z.boolean(),
  operating_day_notification_on: z.boolean(),
  lang: z.string(),
  version: z.number(),
});
export type PersonOutput = z.infer<typeof personOutput>;

/** Licence kinds with a validity (spec §3: general, glider, PPL, LAPL, SPL). */
export const LICENCE_TYPES = ['general', 'glider', 'PPL', 'LAPL', 'SPL'] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];

/** Ratings with exam dates (spec §3). */
export const RATINGS = [
  'sep',
  'mep',
  'tmg',
  'student',
  'sailplane',
  'fia',
  'fea',
  'aerobatics',
  'cloud_flying',
  'passenger_transport',
] as const;
export type Rating = (typeof RATINGS)[number];

export const licence = z.strictObject({
  type: z.enum(LICENCE_TYPES),
  number: userText(40, { min: 1 }),
  issued_at: optionalDate,
  valid_until: optionalDate,
});

const ratingEntry = z.strictObject({
  exam_date: optionalDate,
  valid_until: optionalDate,
});

export const pilotInfoInput = z.strictObject({
  licences: z.array(licence).check(z.maxLength(10)),
  medical_licence_number: text(40),
  medical_class: z.optional(z.nullable(z.enum(['class1', 'class2', 'lapl']))),
  medical_valid_until: optionalDate,
  fai_id: text(20),
  fai_level: text(20),
  mrlsz_id: text(20),
  ratings: z.partialRecord(z.enum(RATINGS), ratingEntry),
  version,
});
export type PilotInfoInput = z.infer<typeof pilotInfoInput>;

export const pilotInfoOutput = z.object({
  user_id: z.string(),
  licences: z.array(
    z.object({
      type: z.enum(LICENCE_TYPES),
      number: z.string(),
      issued_at: z.nullable(z.string()),
      valid_until: z.nullable(z.string()),
    }),
  ),
  medical_licence_number: z.nullable(z.string()),
  medical_class: z.nullable(z.enum(['class1', 'class2', 'lapl'])),
  medical_valid_until: z.nullable(z.string()),
  fai_id: z.nullable(z.string()),
  fai_level: z.nullable(z.string()),
  mrlsz_id: z.nullable(z.string()),
  ratings: z.partialRecord(
    z.enum(RATINGS),
    z.object({ exam_date: z.nullable(z.string()), valid_until: z.nullable(z.string()) }),
  ),
  version: z.number(),
});
export type PilotInfoOutput = z.infer<typeof pilotInfoOutput>;

/**
 * One rule for every validity date (licences, medical, ratings, permits) on every screen that
 * highlights it (pilot-info/{id}, profile/pilot-info-edit, permits): "expiring within 30 days".
 */
export const EXPIRY_WARNING_DAYS = 30;

/** How a validity date stands: 'none' when there is no (readable) date, nothing to highlight. */
export type ValidityState = 'none' | 'valid' | 'expiring' | 'expired';

const DAY_MS = 24 * 3600 * 1000;
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whole calendar days from `today` to `date` (both yyyy-mm-dd); negative when in the past. */
export const daysUntil = (date: string, today: string) =>
  Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);

/**
 * A document valid until a date is still valid on that day; from EXPIRY_WARNING_DAYS before it, it
 * is expiring; the day after, expired. `today` is yyyy-mm-dd where the viewer is (pure: no clock).
 */
export const validityState = (date: string | null | undefined, today: string): ValidityState => {
  if (!date || !CALENDAR_DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return 'none';
  const days = daysUntil(date, today);
  if (days < 0) return 'expired';
  return days <= EXPIRY_WARNING_DAYS ? 'expiring' : 'valid';
};
