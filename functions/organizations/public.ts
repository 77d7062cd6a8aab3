import type { Lang } from '../../contracts/langs.ts';
import type { Module } from '../../contracts/modules.ts';
import type { Permission } from '../../contracts/permissions.ts';
import type { Rating } from '../../contracts/schemas/people.ts';
import { displayName } from '../platform/auth/actor.ts';
import { db } from '../platform/db/service.ts';
import type { RatingMap } from './entities.ts';

/**
 * What other domains may read of the organizations domain (issue 12: a domain reads another's data
 * only through its public module). A person's own data (names, pilot data) is given only for ACTIVE
 * members of the asking organization (issue 11 §1: consent).
 */

/** The active members among these people. */
export async function activeMemberIds(
  organizationId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  const unique = [...new Set(userIds)].filter(Boolean);
  if (unique.length === 0) return new Set();
  const { data } = await db()
    .entities.membership.get(unique.map((user_id) => ({ user_id, organization_id: organizationId })))
    .go();
  return new Set(data.filter((m) => m.status === 'active').map((m) => m.user_id));
}

/** Names of the active members among these people, in `lang`'s order (Hungarian: family name first). */
export async function memberNames(
  organizationId: string,
  userIds: readonly string[],
  lang: Lang,
): Promise<Map<string, string>> {
  const members = [...(await activeMemberIds(organizationId, userIds))];
  if (members.length === 0) return new Map();
  const { data } = await db()
    .entities.person.get(members.map((user_id) => ({ user_id })))
    .go();
  return new Map(data.map((p) => [p.user_id, displayName(p.first_name, p.last_name, lang)]));
}

/** Active members holding a role with this permission (training: the instructors), with their names. */
export async function membersWithPermission(
  organizationId: string,
  permission: Permission,
  lang: Lang,
): Promise<{ user_id: string; name: string }[]> {
  const [members, roles] = await Promise.all([
    db().entities.membership.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' }),
    db().entities.role.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' }),
  ]);
  const granting = new Set(
    roles.data.filter((r) => r.permissions.includes(permission)).map((r) => r.role_id),
  );
  const ids = members.data
    .filter((m) => m.status === 'active' && m.role_ids.some((id) => granting.has(id)))
    .map((m) => m.user_id);
  const names = await memberNames(organizationId, ids, lang);
  return ids
    .filter((id) => names.has(id))
    .map((user_id) => ({ user_id, name: names.get(user_id)! }))
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
  if (!(await activeMemberIds(organizationId, [userId])).has(userId)) return null;
  const { data } = await db().entities.pilotInfo.get({ user_id: userId }).go();
  const entry = (data?.ratings as RatingMap | undefined)?.[rating];
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
  const { data } = await db().entities.organization.get({ organization_id: organizationId }).go();
  return data ? summaryOf(data) : null;
}

export async function organizationSummaries(organizationIds: readonly string[]) {
  const unique = [...new Set(organizationIds)];
  if (unique.length === 0) return new Map<string, OrganizationSummary>();
  const { data } = await db()
    .entities.organization.get(unique.map((organization_id) => ({ organization_id })))
    .go();
  return new Map(data.map((o) => [o.organization_id, summaryOf(o)]));
}

/** Organizations with a module switched on, by name (the IPP partners: `ipp_client`). */
export async function organizationsWithModule(module: Module): Promise<OrganizationSummary[]> {
  const { data } = await db()
    .entities.organization.query.byName({})
    .where(({ modules }, { contains }) => contains(modules, module))
    .go({ pages: 'all' });
  return data.map(summaryOf);
}
