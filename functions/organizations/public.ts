import type { EntityItem } from 'electrodb';
import { type CertificatePolicy, DEFAULT_CERTIFICATE_POLICY } from '../../contracts/documents.ts';
import { DEFAULT_LANG, isLang, type Lang } from '../../contracts/langs.ts';
import type { GuardRole, RoleLabel } from '../../contracts/permissions.ts';
import { db } from '../platform/db/service.ts';
import { validationFailed } from '../platform/http/errors.ts';
import type { person as personEntity } from './entities.ts';

/**
 * What other domains may read of the organizations domain (its people, memberships, roles and
 * settings), and nothing they may write. The consent gate (issue 11 §1) lives here: a club sees a
 * person only while they are an ACTIVE member — not invited, declined or suspended.
 */

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
export async function peopleByIds(userIds: readonly string[]): Promise<Map<string, PersonCard>> {
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
  const people = await peopleByIds(memberships.map((m) => m.user_id));
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
