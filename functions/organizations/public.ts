import type { Lang } from '../../contracts/langs.ts';
import type { Module } from '../../contracts/modules.ts';
import type { GuardRole } from '../../contracts/permissions.ts';
import type { UpdateOwnOrganizationInput } from '../../contracts/schemas/identity.ts';
import type { PersonInput, PilotInfoInput } from '../../contracts/schemas/people.ts';
import type { Auditor } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { mayCall } from '../platform/auth/capabilities.ts';
import type { TransactionBuilder } from '../platform/db/writes.ts';
import { type ActionTarget, actionTargetNames as targetNames } from './action-targets.ts';
import { organizationsDeps as deps } from './deps.ts';
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

/** Names for the items activity log lines acted on, in batches (profile/actions). */
export const actionTargetNames = (lines: readonly ActionTarget[], lang: Lang) =>
  targetNames(deps, lines, lang);

/**
 * Whether the actor may open the organization's edit page and save it (organization/edit/{id}): the
 * route guard of updateOrganization and the service's own check — the search's capability flag.
 */
export const mayEditOrganization = (actor: Actor, organizationId: string) =>
  mayCall('updateOrganization', actor) && organizations.mayOpenOrganization(actor, organizationId);

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

/** What a mail to the person needs (functions/platform/mail mailPerson): address, name, language, choice. */
export async function mailRecipientOf(userId: string) {
  const person = (await deps.persons.persons([userId])).get(userId);
  if (!person?.email) return null;
  return {
    email: person.email,
    first_name: person.first_name,
    last_name: person.last_name,
    lang: person.lang,
    email_notification_on: person.email_notification_on,
  };
}

/** Names as a club's records print them, family name first: `Molnár Anna`. */
export async function recordNames(userIds: readonly string[]): Promise<Map<string, string>> {
  const people = await deps.persons.persons(userIds);
  return new Map([...people.values()].map((p) => [p.user_id, `${p.last_name} ${p.first_name}`.trim()]));
}

/** A global lookup list's entries in their order (datasources). */
export const typeList = (listId: string) => typeListItems(deps, listId);

/**
 * What the person's recency depends on besides their flights: until when their medical is valid, the
 * licences recorded, and whether they are a student pilot (the student rating recorded).
 */
export const recencyRecords = async (userId: string) => {
  const info = await deps.persons.pilotInfo(userId);
  return {
    medical_valid_until: info?.medical_valid_until,
    licence_types: (info?.licences ?? []).map((licence) => licence.type),
    student: Boolean((info?.ratings as Record<string, unknown> | undefined)?.student),
  };
};
