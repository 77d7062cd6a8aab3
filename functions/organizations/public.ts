import type { Lang } from '../../contracts/langs.ts';
import type { Module } from '../../contracts/modules.ts';
import type { GuardRole } from '../../contracts/permissions.ts';
import type { BalancePolicy } from '../../contracts/schemas/finance-enums.ts';
import type { UpdateOwnOrganizationInput } from '../../contracts/schemas/identity.ts';
import type { CustomPrice } from '../../contracts/schemas/organizations.ts';
import type { PersonInput, PilotInfoInput } from '../../contracts/schemas/people.ts';
import type { Auditor } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { mayCall } from '../platform/auth/capabilities.ts';
import { db } from '../platform/db/service.ts';
import type { TransactionBuilder } from '../platform/db/writes.ts';
import { type ActionTarget, actionTargetNames as targetNames } from './action-targets.ts';
import { organizationsDeps as deps } from './deps.ts';
import { isMembership } from './entities.ts';
import * as organizations from './organization-service.ts';
import type { OrganizationStore } from './organization-store.ts';
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
/** Until when the person's medical is valid (their recency), or undefined. */
export const medicalValidUntil = async (userId: string) =>
  (await deps.persons.pilotInfo(userId))?.medical_valid_until;

// ---- finance (issue 14): the settings it prices and bills with, the members it bills -------------

/** The organization's settings the finance domain prices and bills with (spec §3 prices and finance settings). */
export interface OrganizationFinance {
  organization_id: string;
  organization_name: string;
  currency_id: string;
  timezone: string;
  modules: Module[];
  first_takeoff_time: string | null;
  flight_price: number | null;
  motor_price: number | null;
  towing_price: number | null;
  towing_price_altitude: number | null;
  towing_price_extra_charge: number | null;
  winching_price: number | null;
  min_price: number | null;
  multiplier: number | null;
  time_limit: number | null;
  custom_prices: CustomPrice[];
  balance_min: number | null;
  balance_policy: BalancePolicy;
  payment_min: number | null;
  payment_max: number | null;
  full_fee: number | null;
  discount_fee: number | null;
  yearly_membership_fee: number | null;
  balance_notification_on: boolean;
  balance_summary_notification_on: boolean;
}

type StoredOrganization = NonNullable<Awaited<ReturnType<OrganizationStore['organization']>>>;

const num = (value: number | undefined) => (typeof value === 'number' ? value : null);

const financeOf = (org: StoredOrganization): OrganizationFinance => ({
  organization_id: org.organization_id,
  organization_name: org.organization_name,
  currency_id: org.currency_id,
  timezone: org.timezone,
  modules: [...org.modules],
  first_takeoff_time: org.first_takeoff_time ?? null,
  flight_price: num(org.flight_price),
  motor_price: num(org.motor_price),
  towing_price: num(org.towing_price),
  towing_price_altitude: num(org.towing_price_altitude),
  towing_price_extra_charge: num(org.towing_price_extra_charge),
  winching_price: num(org.winching_price),
  min_price: num(org.min_price),
  multiplier: num(org.multiplier),
  time_limit: num(org.time_limit),
  custom_prices: (org.custom_prices ?? []).map((p: CustomPrice) => ({
    name: p.name,
    amount: p.amount,
    unit: p.unit,
  })),
  balance_min: num(org.balance_min),
  balance_policy: org.balance_policy ?? 'off',
  payment_min: num(org.payment_min),
  payment_max: num(org.payment_max),
  full_fee: num(org.full_fee),
  discount_fee: num(org.discount_fee),
  yearly_membership_fee: num(org.yearly_membership_fee),
  balance_notification_on: org.balance_notification_on === true,
  balance_summary_notification_on: org.balance_summary_notification_on === true,
});

export async function organizationFinance(organizationId: string): Promise<OrganizationFinance | null> {
  const org = await deps.organizations.organization(organizationId);
  return org ? financeOf(org) : null;
}

/** Every organization with the financial module on, with its finance settings (finance's monthly jobs). */
export const financialOrganizations = async (): Promise<OrganizationFinance[]> =>
  (await organizationsWithModule('financial')).map(financeOf);

/** A member as another domain may see them: names, language and contact choices, birth date. */
export interface MemberPerson {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  lang: Lang;
  birth_date: string | null;
  email_notification_on: boolean;
  balance_notification_on: boolean;
  status: 'active' | 'suspended';
}

/** The members of the organization among these ids (others — not members, invited — are left out). */
export async function membersByIds(organizationId: string, userIds: readonly string[]) {
  const unique = [...new Set(userIds)];
  const found = new Map<string, MemberPerson>();
  if (unique.length === 0) return found;
  const members = (await deps.memberships.memberships(organizationId, unique)).filter(isMembership);
  if (members.length === 0) return found;
  const people = await deps.persons.persons(members.map((m) => m.user_id));
  const statusOf = new Map(members.map((m) => [m.user_id, m.status as 'active' | 'suspended']));
  for (const p of people.values())
    found.set(p.user_id, {
      user_id: p.user_id,
      first_name: p.first_name,
      last_name: p.last_name,
      email: p.email,
      lang: p.lang,
      birth_date: p.birth_date ?? null,
      email_notification_on: p.email_notification_on,
      balance_notification_on: p.balance_notification_on,
      status: statusOf.get(p.user_id) ?? 'active',
    });
  return found;
}

/** One page of the organization's members (active and suspended) in name order: ids only. */
export async function memberIdsPage(organizationId: string, options: { cursor?: string; limit: number }) {
  const { data, cursor } = await db()
    .entities.membership.query.byName({ organization_id: organizationId })
    .where(({ status }, { eq }) => `${eq(status, 'active')} OR ${eq(status, 'suspended')}`)
    .go({ cursor: options.cursor ?? null, count: options.limit });
  return { userIds: data.map((m) => m.user_id), cursor: cursor ?? null };
}

/** Every member's id (active and suspended), in name order. */
export async function allMemberIds(organizationId: string): Promise<string[]> {
  const { data } = await db()
    .entities.membership.query.byName({ organization_id: organizationId })
    .go({ pages: 'all', attributes: ['user_id', 'status'] });
  return data.filter(isMembership).map((m) => m.user_id);
}
