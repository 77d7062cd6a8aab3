import * as z from 'zod/mini';
import { LANGS } from '../langs.ts';
import { MODULES } from '../modules.ts';
import { GUARD_ROLES, PERMISSIONS } from '../permissions.ts';
import '../validation.ts';

const id = z.string().check(z.minLength(1), z.maxLength(64));
const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.maxLength(max))));

export const changeLanguageInput = z.strictObject({ lang: z.enum(LANGS) });
export type ChangeLanguageInput = z.infer<typeof changeLanguageInput>;

export const changeOrganizationInput = z.strictObject({ organization_id: id });
export type ChangeOrganizationInput = z.infer<typeof changeOrganizationInput>;

/** What a user sees of an organization they belong to (profile header, organization switch). */
export const organizationSummary = z.object({
  organization_id: z.string(),
  organization_name: z.string(),
  short_name: z.string(),
  modules: z.array(z.enum(MODULES)),
  base_airport: z.nullable(z.string()),
  timezone: z.string(),
  currency_id: z.string(),
  logo: z.nullable(z.string()),
});
export type OrganizationSummary = z.infer<typeof organizationSummary>;

export const membershipSummary = z.object({
  organization: organizationSummary,
  roles: z.array(z.string()),
  current: z.boolean(),
});
export type MembershipSummary = z.infer<typeof membershipSummary>;

export const organizationsOutput = z.object({ items: z.array(membershipSummary) });

/** Aircraft the organization holds, as the profile carries them (spec §3 Profile.organization). */
export const profilePlane = z.object({
  plane_id: z.string(),
  reg_num: z.string(),
  plane_category: z.enum(['plc_01', 'plc_02']),
  is_tmg: z.boolean(),
  functional: z.boolean(),
  rentable: z.boolean(),
});

export const roleName = z.enum(GUARD_ROLES);

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

/** The organization's own data its admins edit (spec §2 profile/organization-edit). */
export const ownOrganizationOutput = z.object({
  organization_id: z.string(),
  organization_name: z.string(),
  short_name: z.string(),
  address_hq: z.nullable(z.string()),
  address_site: z.nullable(z.string()),
  company_id: z.nullable(z.string()),
  vat_number: z.nullable(z.string()),
  contact_name: z.nullable(z.string()),
  base_airport: z.nullable(z.string()),
  timezone: z.string(),
  currency_id: z.string(),
  modules: z.array(z.enum(MODULES)),
  version: z.number(),
});
export type OwnOrganization = z.infer<typeof ownOrganizationOutput>;

export const updateOwnOrganizationInput = z.strictObject({
  organization_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  short_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(24)),
  address_hq: optionalText(200),
  address_site: optionalText(200),
  company_id: optionalText(40),
  vat_number: optionalText(40),
  contact_name: optionalText(120),
  base_airport: z.optional(z.nullable(z.string().check(z.regex(/^[A-Z0-9]{3,4}$/)))),
  timezone: z.string().check(z.minLength(1), z.maxLength(64)),
  /** Optimistic concurrency: the version the editor loaded; a stale one answers 409. */
  version: z.number().check(z.int(), z.nonnegative()),
});
export type UpdateOwnOrganizationInput = z.infer<typeof updateOwnOrganizationInput>;

export const healthOutput = z.object({ ok: z.boolean(), time: z.string() });
