import * as z from 'zod/mini';
import { declaredTypesFor, FILE_FEATURES } from '../file-types.ts';
import { LANGS } from '../langs.ts';
import { MODULES } from '../modules.ts';
import { GUARD_ROLES, PERMISSIONS } from '../permissions.ts';
import { cursor, entityId, userText } from '../validation.ts';
import {
  type OrganizationRecord,
  organizationRecord,
  RECENCY_POLICIES,
  type UpdateOwnOrganizationInput,
  updateOwnOrganizationInput,
} from './organizations.ts';

export const changeLanguageInput = z.strictObject({ lang: z.enum(LANGS) });

export const changeOrganizationInput = z.strictObject({ organization_id: entityId });

/** What a user sees of an organization they belong to (profile header, organization switch). */
const organizationSummary = z.object({
  organization_id: z.string(),
  organization_name: z.string(),
  short_name: z.string(),
  modules: z.array(z.enum(MODULES)),
  base_airport: z.nullable(z.string()),
  timezone: z.string(),
  currency_id: z.string(),
  logo: z.nullable(z.string()),
  /** Issue 5 §6: the daily sheet warns about or refuses a pilot who is not current. */
  recency_policy: z.enum(RECENCY_POLICIES),
});

const membershipSummary = z.object({
  organization: organizationSummary,
  roles: z.array(z.string()),
  current: z.boolean(),
});
export type MembershipSummary = z.infer<typeof membershipSummary>;

export const organizationsOutput = z.object({ items: z.array(membershipSummary) });

/** Aircraft the organization holds, as the profile carries them (spec §3 Profile.organization). */
const profilePlane = z.object({
  plane_id: z.string(),
  reg_num: z.string(),
  plane_category: z.enum(['plc_01', 'plc_02']),
  is_tmg: z.boolean(),
  functional: z.boolean(),
  rentable: z.boolean(),
});

/**
 * The profile held after login (spec §3 "Profile"). Parts that later domains fill (flight
 * statistics, balance, trainings, rent permits) are null or empty until the person has such data.
 */
export const profileOutput = z.object({
  user_id: z.string(),
  user_name: z.string(),
  email: z.string(),
  flight_stat: z.nullable(z.record(z.string(), z.number())),
  flight_stat_glider: z.nullable(z.record(z.string(), z.number())),
  flight_stat_general: z.nullable(z.record(z.string(), z.number())),
  organization: z.nullable(
    z.object({
      ...organizationSummary.shape,
      planes: z.array(profilePlane),
      planes_all: z.array(profilePlane),
    }),
  ),
  has_role: z.partialRecord(z.enum(GUARD_ROLES), z.boolean()),
  role_names: z.array(z.string()),
  can: z.partialRecord(z.enum(PERMISSIONS), z.boolean()),
  lang: z.enum(LANGS),
  avatar: z.nullable(z.string()),
  planes: z.array(profilePlane),
  logbook_glider_on: z.boolean(),
  logbook_general_on: z.boolean(),
  balance_stat: z.nullable(z.object({ balance: z.number(), currency_id: z.string() })),
  settings: z.record(z.string(), z.unknown()),
  trainings: z.array(z.unknown()),
  rent_permits: z.array(z.string()),
  private_profile_id: z.nullable(z.string()),
  private_profile_status: z.nullable(z.string()),
  private_profile_created_at: z.nullable(z.string()),
  signature: z.nullable(z.string()),
  pilot_info: z.nullable(z.record(z.string(), z.unknown())),
  acting_as: z.nullable(z.object({ user_id: z.string(), user_name: z.string() })),
});
export type Profile = z.infer<typeof profileOutput>;

export const checkOutput = z.object({ user_id: z.string(), organization_id: z.nullable(z.string()) });

/**
 * The organization's own data its admins edit (spec §2 profile/organization-edit): the full record
 * of spec §3, of which modules, limits and currency are shown but only a supervisor changes them.
 */
export const ownOrganizationOutput = organizationRecord;
export type OwnOrganization = OrganizationRecord;
export { type UpdateOwnOrganizationInput, updateOwnOrganizationInput };

export const healthOutput = z.object({ ok: z.boolean(), time: z.string() });

/**
 * POST /api/registration (spec §2 register, tab "enter data"): the person's own data. The e-mail is
 * not sent: it is the verified e-mail of the Cognito user behind the token. Accepting the terms and
 * the privacy statement is a required checkbox of the form, not stored here. public_privatedata
 * (share my phone, mobile and e-mail with the members of my clubs in the address book) and the
 * newsletter are optional and off unless chosen.
 */
export const registrationInput = z.strictObject({
  first_name: userText(60, { min: 1 }),
  last_name: userText(60, { min: 1 }),
  lang: z.enum(LANGS),
  public_privatedata: z.optional(z.boolean()),
  newsletter_on: z.optional(z.boolean()),
});
export type RegistrationInput = z.infer<typeof registrationInput>;

/** Paging through a person's own list (profile/actions): newest first. */
export const pageQuery = z.strictObject({
  cursor: z.optional(cursor),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** One entry of the person's own activity log (profile/actions): ids and keys, never personal data. */
const myActionOutput = z.object({
  action_id: z.string(),
  /** i18n key of the verb (`profile.update`), translated in the browser. */
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  /** The member's, aircraft's, role's or organization's name (issue 13 §7); null for other items. */
  target_name: z.nullable(z.string()),
  /** The organization the action belongs to; `personal` outside one. */
  organization_id: z.string(),
  organization_name: z.nullable(z.string()),
  at: z.string(),
  /** Set when a supervisor acted as this person (users/change). */
  acting_supervisor_id: z.nullable(z.string()),
  details: z.nullable(z.record(z.string(), z.unknown())),
});
export type MyActionOutput = z.infer<typeof myActionOutput>;

export const myActionsOutput = z.object({ items: z.array(myActionOutput), cursor: z.nullable(z.string()) });

/** Largest avatar picture (spec §5: any image, one file); a phone photo is scaled down before upload. */
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;
const AVATAR_DECLARED_TYPES = declaredTypesFor(FILE_FEATURES.avatar);

/** POST /api/profile/avatar/upload: the presigned POST for one picture (spec §3 Upload payload). */
export const avatarUploadInput = z.strictObject({
  name: userText(200, { min: 1 }),
  content_type: z
    .string()
    .check(
      z.refine((value) => AVATAR_DECLARED_TYPES.includes(value), { error: 'could_not_upload_the_file' }),
    ),
  size: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_AVATAR_BYTES, { error: 'too_big' })),
});
export const avatarUploadOutput = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  max_bytes: z.number(),
});

/** PUT /api/profile/avatar: the uploaded picture becomes the avatar (checked first). */
export const setAvatarInput = z.strictObject({
  key: z
    .string()
    .check(
      z.minLength(1, { error: 'please_select_a_file' }),
      z.maxLength(300, { error: 'invalid_value' }),
      z.regex(/^[A-Za-z0-9._/-]*$/, { error: 'invalid_value' }),
    ),
});

/** The avatar as an `<img src>` (a short-lived signed URL), or null. */
export const avatarOutput = z.object({ avatar: z.nullable(z.string()) });
