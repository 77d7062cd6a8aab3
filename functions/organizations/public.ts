import type { EntityItem } from 'electrodb';
import { type CertificatePolicy, DEFAULT_CERTIFICATE_POLICY } from '../../contracts/documents.ts';
import { DEFAULT_LANG, isLang, type Lang } from '../../contracts/langs.ts';
import type { Module } from '../../contracts/modules.ts';
import type { GuardRole, Permission, RoleLabel } from '../../contracts/permissions.ts';
import type { BalancePolicy } from '../../contracts/schemas/finance-enums.ts';
import type { UpdateOwnOrganizationInput } from '../../contracts/schemas/identity.ts';
import type { AddMemberInput } from '../../contracts/schemas/members.ts';
import type { CustomPrice } from '../../contracts/schemas/organizations.ts';
import type { PersonInput, PilotInfoInput, Rating } from '../../contracts/schemas/people.ts';
import type { Auditor } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { mayCall } from '../platform/auth/capabilities.ts';
import { forEachAtMost } from '../platform/concurrency.ts';
import { db } from '../platform/db/service.ts';
import type { TransactionBuilder } from '../platform/db/writes.ts';
import { validationFailed } from '../platform/http/errors.ts';
import { type ActionTarget, actionTargetNames as targetNames } from './action-targets.ts';
import { organizationsDeps as deps } from './deps.ts';
import { isMembership, type person as personEntity, type RatingMap } from './entities.ts';
import { addMember } from './invitation-service.ts';
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
/** The person's own avatar: the stored key (null: none) and its change (identity: profile avatar). */
export const ownAvatarKey = async (userId: string) =>
  (await deps.persons.person(userId))?.profile_avatar ?? null;
export const setOwnAvatar = (self: Self, key: string | null, expected: string | null) =>
  persons.setOwnAvatar(deps, self, key, expected);
export { avatarUrl } from './person-views.ts';

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

/** Whether the person holds the organization's winch permit on `day` (issue 15 §4: the winch log's operator). */
export async function holdsWinchPermit(organizationId: string, userId: string, day: string) {
  const permits = await deps.memberships.permits(organizationId, userId);
  return permits.some((p) => p.kind === 'winch' && (!p.valid_until || p.valid_until >= day));
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

// ---- data import (reports domain, issue 17 §5) -------------------------------------------------------

/**
 * A member added as users/new adds one: every rule (roles the actor may grant, an existing account
 * invited rather than created), the login, and the activity record.
 */
export const importMember = (actor: Actor, input: AddMemberInput) => addMember(deps, actor, input);

/** E-mail lookups (a Query each on the e-mail index) run this many at a time. */
const EMAIL_LOOKUPS_AT_ONCE = 8;

/**
 * The people behind many e-mails (an import's rows) and their membership of the organization: each
 * distinct e-mail asked once (lower-cased), a few at a time, then the memberships in BatchGetItem
 * requests. E-mails without a person are absent from the answer; `status` is null without a
 * membership.
 */
export async function membersByEmail(
  organizationId: string,
  emails: readonly string[],
): Promise<Map<string, { user_id: string; status: string | null }>> {
  const distinct = [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
  const people = new Map<string, string>();
  await forEachAtMost(distinct, EMAIL_LOOKUPS_AT_ONCE, async (email) => {
    const person = await deps.persons.personByEmail(email);
    if (person) people.set(email, person.user_id);
  });
  const memberships = await deps.memberships.memberships(organizationId, [...people.values()]);
  const statusOf = new Map(memberships.map((m) => [m.user_id, m.status as string]));
  return new Map(
    [...people].map(([email, userId]) => [email, { user_id: userId, status: statusOf.get(userId) ?? null }]),
  );
}

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
  /** Per hour (spec §3 prices): the year's close of work hours (issue 15 §7). */
  social_work_price: number | null;
  normal_work_price: number | null;
  professional_work_price: number | null;
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
  social_work_price: num(org.social_work_price),
  normal_work_price: num(org.normal_work_price),
  professional_work_price: num(org.professional_work_price),
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

// ---- the documents and messages domains (issue 17): people to name, mail and notify, by consent --
// The consent gate (issue 11 §1): a club sees a person only while they are an ACTIVE member — not
// invited, declined or suspended.

type StoredPerson = EntityItem<typeof personEntity>;

/** A person as other domains need them: to name, mail and notify them, by their own choices. */
export interface PersonCard {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  lang: Lang;
  email_notification_on: boolean;
  push_notification_on: boolean;
  document_expiry_notification_on: boolean;
  message_notification_on: boolean;
}

export interface ActiveMember extends PersonCard {
  role_ids: string[];
}

export interface RoleCard {
  role_id: string;
  role_name: string;
  guard_role: GuardRole | null;
  label: RoleLabel | null;
}

export interface OrganizationSettings {
  organization_id: string;
  organization_name: string;
  short_name: string;
  timezone: string;
  document_expiry_notification_on: boolean;
  certificate_expiry_policy: CertificatePolicy;
}

const cardOf = (p: StoredPerson): PersonCard => ({
  user_id: p.user_id,
  first_name: p.first_name,
  last_name: p.last_name,
  email: p.email,
  lang: isLang(p.lang) ? p.lang : DEFAULT_LANG,
  email_notification_on: p.email_notification_on,
  push_notification_on: p.push_notification_on,
  document_expiry_notification_on: p.document_expiry_notification_on,
  message_notification_on: p.message_notification_on,
});

/** People by id (BatchGetItem); ids without a person are left out. */
export async function personCards(userIds: readonly string[]): Promise<Map<string, PersonCard>> {
  const unique = [...new Set(userIds)];
  const found = new Map<string, PersonCard>();
  // BatchGetItem takes 100 keys at a time; ElectroDB chunks, this keeps the request sizes bounded.
  for (let start = 0; start < unique.length; start += 100) {
    const { data } = await db()
      .entities.person.get(unique.slice(start, start + 100).map((user_id) => ({ user_id })))
      .go();
    for (const p of data) found.set(p.user_id, cardOf(p));
  }
  return found;
}

/** The person, while they are an active member of the organization; null otherwise (invited, suspended, gone). */
export async function activeMember(organizationId: string, userId: string): Promise<ActiveMember | null> {
  const [{ data: membership }, { data: person }] = await Promise.all([
    db().entities.membership.get({ user_id: userId, organization_id: organizationId }).go(),
    db().entities.person.get({ user_id: userId }).go(),
  ]);
  if (membership?.status !== 'active' || !person) return null;
  return { ...cardOf(person), role_ids: [...membership.role_ids] };
}

const withPeople = async (memberships: { user_id: string; role_ids: string[] }[]) => {
  const people = await personCards(memberships.map((m) => m.user_id));
  return memberships.flatMap((m) => {
    const person = people.get(m.user_id);
    return person ? [{ ...person, role_ids: [...m.role_ids] }] : [];
  });
};

/** Every active member of the organization (a message's recipients, who is told of an expiry). */
export async function activeMembers(organizationId: string): Promise<ActiveMember[]> {
  const { data } = await db()
    .entities.membership.query.byOrganization({ organization_id: organizationId })
    .where(({ status }, { eq }) => eq(status, 'active'))
    .go({ pages: 'all', attributes: ['user_id', 'role_ids', 'status'] });
  return withPeople(data);
}

/** One page of the active members in name order (family name first, as clubs list them). */
export async function activeMembersPage(
  organizationId: string,
  page: { cursor?: string; limit: number },
): Promise<{ items: ActiveMember[]; cursor: string | null }> {
  try {
    const { data, cursor } = await db()
      .entities.membership.query.byName({ organization_id: organizationId })
      .where(({ status }, { eq }) => eq(status, 'active'))
      .go({ cursor: page.cursor ?? null, count: page.limit, order: 'asc' });
    return { items: await withPeople(data), cursor };
  } catch (error) {
    // A cursor that is not this list's (opened by the router, but from another query) is the caller's mistake.
    if (error instanceof Error && /cursor|ExclusiveStartKey|ValidationException/i.test(error.message))
      throw validationFailed({ cursor: ['invalid_value'] });
    throw error;
  }
}

export async function organizationRoles(organizationId: string): Promise<RoleCard[]> {
  const { data } = await db()
    .entities.role.query.byOrganization({ organization_id: organizationId })
    .go({ pages: 'all' });
  return data.map((r) => ({
    role_id: r.role_id,
    role_name: r.role_name,
    guard_role: r.guard_role ?? null,
    label: r.label ?? null,
  }));
}

/** Active members holding a role that grants this route-guard role (technical operators, admins). */
export async function membersWithGuardRole(
  organizationId: string,
  guardRole: GuardRole,
): Promise<ActiveMember[]> {
  const [roles, members] = await Promise.all([
    organizationRoles(organizationId),
    activeMembers(organizationId),
  ]);
  const granting = new Set(roles.filter((r) => r.guard_role === guardRole).map((r) => r.role_id));
  return members.filter((m) => m.role_ids.some((id) => granting.has(id)));
}

/** The organizations the person is an active member of, with the roles held there. */
export async function activeMembershipsOf(
  userId: string,
): Promise<{ organization_id: string; role_ids: string[] }[]> {
  const { data } = await db().entities.membership.query.byPerson({ user_id: userId }).go({ pages: 'all' });
  return data
    .filter((m) => m.status === 'active')
    .map((m) => ({ organization_id: m.organization_id, role_ids: [...m.role_ids] }));
}

export async function organizationSettings(organizationId: string): Promise<OrganizationSettings | null> {
  const { data } = await db().entities.organization.get({ organization_id: organizationId }).go();
  if (!data) return null;
  return {
    organization_id: data.organization_id,
    organization_name: data.organization_name,
    short_name: data.short_name,
    timezone: data.timezone,
    // As organization/edit shows it: off unless the organization switched it on.
    document_expiry_notification_on: data.document_expiry_notification_on === true,
    certificate_expiry_policy: data.certificate_expiry_policy ?? DEFAULT_CERTIFICATE_POLICY,
  };
}

/** Every organization's id (gsi1 `organizations`, one Query): what a daily job walks. */
export async function organizationIds(): Promise<string[]> {
  const { data } = await db()
    .entities.organization.query.byName({})
    .go({ pages: 'all', attributes: ['organization_id'] });
  return data.map((o) => o.organization_id);
}

export interface TypeListEntry {
  code: string;
  names: Partial<Record<Lang, string>>;
  active: boolean;
}

/** A global type list's entries (the supervisor's type-lists), e.g. `documentTypes`. */
export async function typeListEntries(listId: string): Promise<TypeListEntry[]> {
  const { data } = await db().entities.typeList.get({ list_id: listId }).go();
  return (data?.items ?? [])
    .slice()
    .sort((a, b) => a.sort_order - b.sort_order)
    .map((item) => ({ code: item.code, names: { ...item.names }, active: item.active }));
}
