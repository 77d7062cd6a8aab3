import * as z from 'zod/mini';
import { LANGS } from '../langs.ts';
import { GUARD_ROLES, PERMISSIONS, ROLE_LABELS } from '../permissions.ts';
import { cursor, entityId, isoDate, userText, version } from '../validation.ts';
import { personFields, personOutput, pilotInfoOutput } from './people.ts';

/**
 * The organization's people (spec §2 "Users and organizations"): members and their roles, the
 * roles screen, permits, a member's pilot data, the supervisor's act-as and the address book.
 */

const id = entityId;
const nullableText = z.nullable(z.string());

/** Paging by DynamoDB key (docs/ARCHITECTURE.md "The request path"): the opaque cursor of the previous page, and its size. */
const pageQuery = {
  cursor: z.optional(cursor),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
};
/** Free-text filter: name or e-mail (users), name (address book, act-as search). */
const filterText = z.optional(userText(80));

const MEMBER_STATUSES = ['active', 'suspended'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/**
 * A row of the members list (issue 11 §1): a member (active or suspended), or an invitation sent to
 * an e-mail that already had an account — waiting (`invited`) or turned down (`declined`). Accepting
 * makes it an active membership. Until then the organization sees only the e-mail and this state.
 */
export const MEMBERSHIP_STATES = ['active', 'suspended', 'invited', 'declined'] as const;
export type MembershipState = (typeof MEMBERSHIP_STATES)[number];

/** A person as lists name them. */
const memberRef = z.object({ user_id: z.string(), user_name: z.string() });

// ---- users ---------------------------------------------------------------------------------

export const listMembersQuery = z.object({
  ...pageQuery,
  q: filterText,
  role: z.optional(id),
  order: z.optional(z.enum(['asc', 'desc'])),
});
export type ListMembersQuery = z.infer<typeof listMembersQuery>;

const memberListItem = z.object({
  user_id: z.string(),
  /** Null for an invitation: the person's name is theirs until they accept. */
  user_name: nullableText,
  email: z.string(),
  callsign: nullableText,
  /** The member's picture (a short-lived URL): an active member's only, as in the member view. */
  avatar: nullableText,
  role_ids: z.array(z.string()),
  /** The names of the roles held (an invitation: offered), in the organization's role order. */
  roles: z.array(z.string()),
  status: z.enum(MEMBERSHIP_STATES),
  /** When the member joined; for an invitation, when it was sent. */
  joined_at: z.string(),
  /** The membership's version (status changes from the list are checked against it). */
  version: z.number(),
});
export type MemberListItem = z.infer<typeof memberListItem>;

/** A page of members, and the organization's roles for the role filter (role-list is not needed). */
export const listMembersOutput = z.object({
  items: z.array(memberListItem),
  cursor: nullableText,
  roles: z.array(z.object({ role_id: z.string(), role_name: z.string() })),
});

/**
 * A new member by e-mail. An e-mail that already has an account gets an invitation the person
 * accepts or declines (issue 11 §1); any other becomes a new person with a login and a temporary
 * password — only then are the names needed (422 `field_required` without them).
 */
export const addMemberInput = z.strictObject({
  email: z.string().check(z.trim(), z.toLowerCase(), z.minLength(1), z.maxLength(254), z.email()),
  first_name: z.optional(personFields.first_name),
  last_name: z.optional(personFields.last_name),
  lang: z.optional(z.enum(LANGS)),
  role_ids: z.array(id).check(z.maxLength(30)),
});
export type AddMemberInput = z.infer<typeof addMemberInput>;

export const membershipOutput = z.object({
  user_id: z.string(),
  status: z.enum(MEMBERSHIP_STATES),
  role_ids: z.array(z.string()),
  joined_at: z.string(),
  version: z.number(),
});
export type MembershipOutput = z.infer<typeof membershipOutput>;

export const addMemberOutput = z.object({
  member: memberListItem,
  /** True when a new person and login were created (the e-mail had no account). */
  login_created: z.boolean(),
  /** True when the e-mail had an account: an invitation was sent, the member joins on accepting. */
  invited: z.boolean(),
});

/** A role as the member's role checkboxes list it. */
const roleChoice = z.object({
  role_id: z.string(),
  role_name: z.string(),
  guard_role: z.nullable(z.enum(GUARD_ROLES)),
  label: z.nullable(z.enum(ROLE_LABELS)),
});

/** user/{id}: the person, their membership here and the organization's roles to choose from. */
export const memberOutput = z.object({
  person: personOutput,
  membership: membershipOutput,
  roles: z.array(roleChoice),
});
export type MemberOutput = z.infer<typeof memberOutput>;

export const setMemberRolesInput = z.strictObject({
  role_ids: z.array(id).check(z.maxLength(30)),
  /** The membership's version the editor loaded. */
  version,
});
export type SetMemberRolesInput = z.infer<typeof setMemberRolesInput>;

export const setMemberStatusInput = z.strictObject({ status: z.enum(MEMBER_STATUSES), version });
export type SetMemberStatusInput = z.infer<typeof setMemberStatusInput>;

// ---- invitations (issue 11 §1) ------------------------------------------------------------

/** An invitation as the invited person sees it (dashboard, notification). */
const invitationOutput = z.object({
  organization_id: z.string(),
  organization_name: z.string(),
  short_name: z.string(),
  /** The roles the organization offers, by name. */
  roles: z.array(z.string()),
  invited_by_name: nullableText,
  invited_at: z.string(),
});
export type InvitationOutput = z.infer<typeof invitationOutput>;
export const invitationsOutput = z.object({ items: z.array(invitationOutput) });

/** The answer: accepted (an active membership now) or declined. */
export const invitationAnswerOutput = z.object({
  organization_id: z.string(),
  status: z.enum(['active', 'declined']),
});

// ---- profile/logbook-sharing (issue 11 §1) -------------------------------------------------

/**
 * Whether an organization the person belongs to reads their WHOLE logbook (other clubs' flights,
 * private lines) or only the lines of its own flights (the default).
 */
export const logbookSharingItem = z.object({
  organization_id: z.string(),
  organization_name: z.string(),
  short_name: z.string(),
  shared: z.boolean(),
});
export type LogbookSharingItem = z.infer<typeof logbookSharingItem>;
export const logbookSharingOutput = z.object({ items: z.array(logbookSharingItem) });
export const logbookSharingInput = z.strictObject({ shared: z.boolean() });

// ---- roles ---------------------------------------------------------------------------------

/** Guard roles a role may carry: every one but supervisor, which is a person's, not a club's. */
export const GRANTABLE_GUARD_ROLES = GUARD_ROLES.filter(
  (role): role is Exclude<(typeof GUARD_ROLES)[number], 'supervisor'> => role !== 'supervisor',
);

const roleFields = {
  role_name: userText(60, { min: 1 }),
  guard_role: z.optional(z.nullable(z.enum(GRANTABLE_GUARD_ROLES))),
  label: z.optional(z.nullable(z.enum(ROLE_LABELS))),
  permissions: z.array(z.enum(PERMISSIONS)).check(z.maxLength(PERMISSIONS.length)),
};

export const createRoleInput = z.strictObject(roleFields);
export type CreateRoleInput = z.infer<typeof createRoleInput>;

export const updateRoleInput = z.strictObject({ ...roleFields, version });
export type UpdateRoleInput = z.infer<typeof updateRoleInput>;

export const roleOutput = z.object({
  role_id: z.string(),
  role_name: z.string(),
  guard_role: z.nullable(z.enum(GUARD_ROLES)),
  label: z.nullable(z.enum(ROLE_LABELS)),
  permissions: z.array(z.enum(PERMISSIONS)),
  version: z.number(),
});
export type RoleOutput = z.infer<typeof roleOutput>;

export const listRolesQuery = z.object({ ...pageQuery });
export const listRolesOutput = z.object({ items: z.array(roleOutput), cursor: nullableText });

// ---- pilot-info/{id} -----------------------------------------------------------------------

export const memberPilotInfoOutput = z.object({ member: memberRef, pilot_info: pilotInfoOutput });
export type MemberPilotInfoOutput = z.infer<typeof memberPilotInfoOutput>;

// ---- organization/permits/{id} ------------------------------------------------------------

export const PERMIT_KINDS = ['rent', 'winch', 'certificate'] as const;
export type PermitKind = (typeof PERMIT_KINDS)[number];

const optionalDate = z.optional(z.nullable(isoDate));

/** Granting a permit: the kind says which fields it has. Granting a rent or winch permit again renews it. */
export const grantPermitInput = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('rent'),
    /** Free text for now (aircraft come in a later issue): `ASK 21`, `LS 4`, `C172`. */
    plane_type: userText(40, { min: 1 }),
    valid_until: optionalDate,
  }),
  z.strictObject({ kind: z.literal('winch'), valid_until: isoDate }),
  z.strictObject({
    kind: z.literal('certificate'),
    certificate_type: userText(60, { min: 1 }),
    certificate_number: userText(40, { min: 1 }),
    valid_until: optionalDate,
  }),
]);
export type GrantPermitInput = z.infer<typeof grantPermitInput>;

export const permitOutput = z.object({
  permit_id: z.string(),
  kind: z.enum(PERMIT_KINDS),
  plane_type: nullableText,
  certificate_type: nullableText,
  certificate_number: nullableText,
  valid_until: nullableText,
  granted_at: z.string(),
});
export type PermitOutput = z.infer<typeof permitOutput>;

export const memberPermitsOutput = z.object({
  member: memberRef,
  items: z.array(permitOutput),
  cursor: nullableText,
});
export type MemberPermitsOutput = z.infer<typeof memberPermitsOutput>;

// ---- users/change (act as) -----------------------------------------------------------------

export const actAsCandidatesQuery = z.object({ q: filterText });
const actAsCandidate = z.object({
  user_id: z.string(),
  user_name: z.string(),
  email: z.string(),
  /** Short names of the supervisor's organizations the person is a member of. */
  organizations: z.array(z.string()),
});
export type ActAsCandidate = z.infer<typeof actAsCandidate>;
export const actAsCandidatesOutput = z.object({ items: z.array(actAsCandidate) });

export const startActingInput = z.strictObject({ user_id: id });

/** Whom the session acts as now (null: the supervisor themselves); the browser reloads the profile. */
export const actingOutput = z.object({ acting_as: z.nullable(memberRef) });

// ---- address-book --------------------------------------------------------------------------

export const addressBookQuery = z.object({ ...pageQuery, q: filterText });

/** A contact card: phone, mobile and e-mail only of members who agreed to share them. */
const addressCard = z.object({
  user_id: z.string(),
  user_name: z.string(),
  callsign: nullableText,
  phone: nullableText,
  mobile: nullableText,
  email: nullableText,
  shares_contact: z.boolean(),
});
export type AddressCard = z.infer<typeof addressCard>;
export const addressBookOutput = z.object({ items: z.array(addressCard), cursor: nullableText });

export const noContent = z.null();
