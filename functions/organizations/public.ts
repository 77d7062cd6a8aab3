import type { Lang } from '../../contracts/langs.ts';
import type { Module } from '../../contracts/modules.ts';
import type { GuardRole, Permission } from '../../contracts/permissions.ts';
import type { UpdateOwnOrganizationInput } from '../../contracts/schemas/identity.ts';
import type { PersonInput, PilotInfoInput, Rating } from '../../contracts/schemas/people.ts';
import type { Auditor } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import type { TransactionBuilder } from '../platform/db/writes.ts';
import { organizationsDeps as deps } from './deps.ts';
import type { RatingMap } from './entities.ts';
import * as organizations from './organization-service.ts';
import * as persons from './person-service.ts';
import { typeListItems } from './type-list-service.ts';

/**
 * What other domains may ask of the organizations domain (docs/ARCHITECTURE.md "Domains own their
 * data"): the only file of functions/organizations/ another domain imports. Organizations, people,
 * memberships, roles and permits are read and written here and nowhere else.
 */

export type { StoredPerson } from './person-store.ts';

// ---- the person's own record (identity: profile/edit, profile/pilot-info-edit, registration) -----

type Self = Auditor & { userId: string };

export const ownPerson = (self: Self) => persons.ownPerson(deps, self);
export const updateOwnPerson = (self: Self, input: PersonInput) => persons.updateOwnPerson(deps, self, input);
export const ownPilotInfo = (self: Self) => persons.ownPilotInfo(deps, self);
export const updateOwnPilotInfo = (self: Self, input: PilotInfoInput) =>
  persons.updateOwnPilotInfo(deps, self, input);
/** The language and the organization a person works in (no version: the person's own settings). */
export const setPreferences = (self: Self, preferences: { lang?: Lang; current_organization_id?: string }) =>
  persons.setPreferences(deps, self, preferences);
/** A pilot who registered alone; `alsoWrite` goes into the person's TransactWrite (the private profile). */
export const registerPerson = (
  person: Parameters<typeof persons.registerPerson>[1],
  alsoWrite: TransactionBuilder,
) => persons.registerPerson(deps, person, alsoWrite);
export const personByEmail = (email: string) => deps.persons.personByEmail(email);

// ---- the caller's own organization (identity: profile/organization-edit, the organization switch) --

export const ownOrganization = (actor: Actor) => organizations.ownOrganization(deps, actor);
export const updateOwnOrganization = (actor: Actor, input: UpdateOwnOrganizationInput) =>
  organizations.updateOwnOrganization(deps, actor, input);

// ---- reads ------------------------------------------------------------------------------------

/** Organizations by id. */
export const organizationsById = (organizationIds: readonly string[]) =>
  deps.organizations.organizations(organizationIds);

/** Every organization, by name (a supervisor's search, the scheduled jobs that visit each). */
export const allOrganizations = () => deps.organizations.allOrganizations();

/** Every organization that has `module` switched on (a job for that module). */
export const organizationsWithModule = async (module: Module) =>
  (await deps.organizations.allOrganizations()).filter((o) => (o.modules as Module[]).includes(module));

/** The package limits of an organization's fleet (spec §9); an absent one is no limit. */
export async function planeLimits(organizationId: string) {
  const org = await deps.organizations.organization(organizationId);
  return {
    plane_limit: org?.plane_limit ?? undefined,
    general_limit: org?.general_limit ?? undefined,
    glider_limit: org?.glider_limit ?? undefined,
  };
}

/** The organization's role definitions. */
export const rolesOf = (organizationId: string) => deps.roles.roles(organizationId);

/** Whether the person is an active member of the organization (an aircraft's owner, a crew member). */
export const isActiveMember = async (organizationId: string, userId: string) =>
  (await deps.memberships.membership(organizationId, userId))?.status === 'active';

/** Which of these people are active members of the organization. */
export async function activeMembersAmong(organizationId: string, userIds: readonly string[]) {
  const memberships = await deps.memberships.memberships(organizationId, userIds);
  return new Set(memberships.filter((m) => m.status === 'active').map((m) => m.user_id));
}

/** Every active member of the organization (its pickers, its global search). */
export const activeMemberIds = async (organizationId: string) =>
  (await deps.memberships.members(organizationId)).filter((m) => m.status === 'active').map((m) => m.user_id);

/**
 * What an organization may read of a person's own logbook (issue 11 §1): only an ACTIVE member's,
 * and the whole of it only where the member shares it; null for anyone else.
 */
export async function logbookAccess(organizationId: string, userId: string) {
  const membership = await deps.memberships.membership(organizationId, userId);
  return membership?.status === 'active' ? { shared: membership.logbook_shared === true } : null;
}

/** The active members holding a role with this guard role (told about faults and due maintenance). */
export async function activeHoldersOf(organizationId: string, guardRole: GuardRole) {
  const [roles, members] = await Promise.all([
    deps.roles.roles(organizationId),
    deps.memberships.members(organizationId),
  ]);
  const granting = new Set(roles.filter((r) => r.guard_role === guardRole).map((r) => r.role_id));
  return members
    .filter((m) => m.status === 'active' && m.role_ids.some((id) => granting.has(id)))
    .map((m) => m.user_id);
}

/** The person's rent permits in the organization still valid on `today` (the aircraft types). */
export async function rentPermitTypes(organizationId: string, userId: string, today: string) {
  const permits = await deps.memberships.permits(organizationId, userId);
  return [
    ...new Set(
      permits
        .filter((p) => p.kind === 'rent' && p.plane_type && (!p.valid_until || p.valid_until >= today))
        .map((p) => p.plane_type as string),
    ),
  ];
}

/** People by id, as pickers and lists show them (no contact details, no personal data). */
export async function peopleByIds(userIds: readonly string[]) {
  return [...(await deps.persons.persons(userIds)).values()].map((p) => ({
    user_id: p.user_id,
    first_name: p.first_name,
    last_name: p.last_name,
    email: p.email,
    callsign: p.callsign,
  }));
}

/** Names as a club's records print them, family name first: `Molnár Anna`. */
export async function recordNames(userIds: readonly string[]): Promise<Map<string, string>> {
  const people = await deps.persons.persons(userIds);
  return new Map([...people.values()].map((p) => [p.user_id, `${p.last_name} ${p.first_name}`.trim()]));
}

/** A global lookup list's entries in their order (datasources). */
export const typeList = (listId: string) => typeListItems(deps, listId);

/** Until when the person's medical is valid (their recency), or undefined. */
export const medicalValidUntil = async (userId: string) =>
  (await deps.persons.pilotInfo(userId))?.medical_valid_until;

// ---- training (issue 16): names, instructors, the FI(S) rating, partner organizations -------------

/** As platform/auth/actor.ts displayName (not imported: that module's db import would close a cycle). */
const nameIn = (first: string, last: string, lang: Lang) =>
  (lang === 'hu' ? `${last} ${first}` : `${first} ${last}`).trim();

/** Names of the active members among these people, in `lang`'s order (Hungarian: family name first). */
export async function memberNames(
  organizationId: string,
  userIds: readonly string[],
  lang: Lang,
): Promise<Map<string, string>> {
  const members = [...(await activeMembersAmong(organizationId, userIds))];
  if (members.length === 0) return new Map();
  const people = await deps.persons.persons(members);
  return new Map([...people.values()].map((p) => [p.user_id, nameIn(p.first_name, p.last_name, lang)]));
}

/** Active members holding a role with this permission (training: the instructors), with their names. */
export async function membersWithPermission(
  organizationId: string,
  permission: Permission,
  lang: Lang,
): Promise<{ user_id: string; name: string }[]> {
  const [roles, members] = await Promise.all([
    deps.roles.roles(organizationId),
    deps.memberships.members(organizationId),
  ]);
  const granting = new Set(roles.filter((r) => r.permissions.includes(permission)).map((r) => r.role_id));
  const ids = members
    .filter((m) => m.status === 'active' && m.role_ids.some((id) => granting.has(id)))
    .map((m) => m.user_id);
  const names = await memberNames(organizationId, ids, lang);
  return ids
    .filter((id) => names.has(id))
    .map((user_id) => ({ user_id, name: names.get(user_id) as string }))
    .sort((a, b) => a.name.localeCompare(b.name, lang));
}

/**
 * One rating of a member's pilot data (the DTO's FI(S) validity): only while the person is an
 * active member of the organization; null otherwise or when not recorded.
 */
export async function memberRating(
  organizationId: string,
  userId: string,
  rating: Rating,
): Promise<{ exam_date: string | null; valid_until: string | null } | null> {
  if (!(await isActiveMember(organizationId, userId))) return null;
  const info = await deps.persons.pilotInfo(userId);
  const entry = (info?.ratings as RatingMap | undefined)?.[rating];
  if (!entry || (!entry.exam_date && !entry.valid_until)) return null;
  return { exam_date: entry.exam_date ?? null, valid_until: entry.valid_until ?? null };
}

export interface OrganizationSummary {
  organization_id: string;
  organization_name: string;
  short_name: string;
  modules: Module[];
  timezone: string;
  currency_id: string;
}

const summaryOf = (o: OrganizationSummary): OrganizationSummary => ({
  organization_id: o.organization_id,
  organization_name: o.organization_name,
  short_name: o.short_name,
  modules: [...o.modules],
  timezone: o.timezone,
  currency_id: o.currency_id,
});

/** An organization's name, modules and zone (a partner's display, its module check); null if none. */
export async function organizationSummary(organizationId: string): Promise<OrganizationSummary | null> {
  const organization = await deps.organizations.organization(organizationId);
  return organization ? summaryOf(organization as OrganizationSummary) : null;
}

/** Several organizations' summaries by id. */
export async function organizationSummaries(organizationIds: readonly string[]) {
  const found = await deps.organizations.organizations(organizationIds);
  return new Map(found.map((o) => [o.organization_id, summaryOf(o as OrganizationSummary)]));
}
