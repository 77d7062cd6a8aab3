import type { EntityItem } from 'electrodb';
import type { Lang } from '../../../contracts/langs.ts';
import type { Module } from '../../../contracts/modules.ts';
import type { GuardRole, Permission } from '../../../contracts/permissions.ts';
import type { privateProfile as privateProfileEntity } from '../../identity/entities.ts';
import { env } from '../config/env.ts';
import { db } from '../db/service.ts';

export interface ActorOrganization {
  organization_id: string;
  organization_name: string;
  short_name: string;
  modules: Module[];
  base_airport: string | null;
  timezone: string;
  currency_id: string;
  logo: string | null;
  /** Issue 5 §6: the daily sheet warns about or refuses a pilot who is not current. */
  recency_policy: 'warn' | 'block';
}

interface ActorMembership {
  organizationId: string;
  roleIds: string[];
}

/**
 * Who is calling, resolved from DynamoDB on every request (docs/ARCHITECTURE.md "Identity"): the person, their
 * memberships, the current organization with its modules, and the roles held there with their
 * permissions. Authorization never comes from the token.
 */
export interface Actor {
  sub: string;
  userId: string;
  userName: string;
  email: string;
  lang: Lang;
  isSupervisor: boolean;
  /** Set while a supervisor acts as this person (users/change): the supervisor's user id. */
  actingSupervisorId: string | null;
  /** The organization the person works in now; null for a person with no membership. */
  organizationId: string | null;
  organization: ActorOrganization | null;
  memberships: ActorMembership[];
  roles: ReadonlySet<GuardRole>;
  roleNames: string[];
  permissions: ReadonlySet<Permission>;
  modules: ReadonlySet<Module>;
  /** The free private profile of a pilot who registered alone (logbook, documents, statistics). */
  privateProfile: EntityItem<typeof privateProfileEntity> | null;
}

interface Cached {
  actor: Actor;
  expires: number;
  /** Reads made for this actor that live and die with it (cachedWithActor). */
  extras: Map<string, Promise<unknown>>;
}

const cache = new Map<string, Cached>();

/**
 * Resolve the actor for a Cognito `sub`; null when no person is registered for it. Cached per
 * container for ACTOR_CACHE_SECONDS (seconds, not minutes: rights taken away bite within them).
 */
export async function resolveActorBySub(sub: string): Promise<Actor | null> {
  const ttl = env().ACTOR_CACHE_SECONDS * 1000;
  if (ttl <= 0) return loadActor(sub);
  const cached = cache.get(sub);
  if (cached && cached.expires > Date.now()) return cached.actor;
  const actor = await loadActor(sub);
  if (actor) cache.set(sub, { actor, expires: Date.now() + ttl, extras: new Map() });
  return actor;
}

/** After the actor's own change (language, organization, rights) the next request must see it. */
export const forgetActor = (sub: string) => {
  cache.delete(sub);
};

/**
 * A read made for the actor, kept as long as the actor is cached and forgotten with it (the
 * profile's aircraft and statistics): as fresh as the actor, never fresher, never staler. Without
 * an actor cache (ACTOR_CACHE_SECONDS 0) every call reads.
 */
export function cachedWithActor<T>(sub: string, key: string, load: () => Promise<T>): Promise<T> {
  const cached = cache.get(sub);
  if (!cached || cached.expires <= Date.now()) return load();
  let value = cached.extras.get(key) as Promise<T> | undefined;
  if (!value) {
    value = load();
    cached.extras.set(key, value);
    // A failed read is not kept: the next request tries again.
    value.catch(() => cached.extras.delete(key));
  }
  return value;
}

async function loadActor(sub: string): Promise<Actor | null> {
  const { entities } = db();
  const found = await entities.person.query.byLogin({ cognito_sub: sub }).go({ limit: 1 });
  const signedIn = found.data[0];
  if (!signedIn) return null;
  const acting = await actingTarget(signedIn);
  // While a supervisor acts as someone (users/change) the session is that person's, all of it.
  const person = acting ?? signedIn;

  const organizationOf = (organization_id: string) =>
    Promise.all([
      entities.organization.get({ organization_id }).go(),
      entities.role.query.byOrganization({ organization_id }).go({ pages: 'all' }),
    ]);
  // The person's current organization is read alongside the memberships (two round trips, not
  // three); only when that membership has gone is another organization read.
  const preferred = person.current_organization_id;
  const [membershipResult, preferredOrganization, privateProfile] = await Promise.all([
    entities.membership.query.byPerson({ user_id: person.user_id }).go({ pages: 'all' }),
    preferred ? organizationOf(preferred) : Promise.resolve(null),
    entities.privateProfile.get({ user_id: person.user_id }).go(),
  ]);
  const memberships = membershipResult.data.filter((m) => m.status === 'active');
  const current = memberships.find((m) => m.organization_id === preferred) ?? memberships[0] ?? null;
  const [organization, roles] = !current
    ? [null, null]
    : current.organization_id === preferred && preferredOrganization
      ? preferredOrganization
      : await organizationOf(current.organization_id);

  const held = new Set(current?.role_ids ?? []);
  const heldRoles = (roles?.data ?? []).filter((r) => held.has(r.role_id));
  const guardRoles = new Set<GuardRole>();
  const permissions = new Set<Permission>();
  for (const r of heldRoles) {
    if (r.guard_role) guardRoles.add(r.guard_role);
    for (const p of r.permissions) permissions.add(p);
  }
  if (person.is_supervisor) guardRoles.add('supervisor');

  const org = organization?.data ?? null;
  return {
    sub,
    userId: person.user_id,
    userName: displayName(person.first_name, person.last_name, person.lang),
    email: person.email,
    lang: person.lang,
    isSupervisor: person.is_supervisor,
    actingSupervisorId: acting ? signedIn.user_id : null,
    organizationId: org?.organization_id ?? null,
    organization: org ? organizationSummaryOf(org) : null,
    memberships: memberships.map((m) => ({ organizationId: m.organization_id, roleIds: m.role_ids })),
    roles: guardRoles,
    roleNames: heldRoles.map((r) => r.role_name),
    permissions,
    modules: new Set(org?.modules ?? []),
    privateProfile: privateProfile.data,
  };
}

/**
 * The person a supervisor acts as, if any. Only a supervisor's setting counts, and never towards
 * another supervisor: acting grants exactly the target's rights, nothing from the supervisor.
 */
async function actingTarget(signedIn: { is_supervisor: boolean; acting_as_user_id?: string }) {
  if (!signedIn.is_supervisor || !signedIn.acting_as_user_id) return null;
  const { data } = await db().entities.person.get({ user_id: signedIn.acting_as_user_id }).go();
  return data && !data.is_supervisor ? data : null;
}

/** Hungarian names are written family name first; the other languages put the given name first. */
export const displayName = (first: string, last: string, lang: Lang) =>
  (lang === 'hu' ? `${last} ${first}` : `${first} ${last}`).trim();

/** What a member sees of an organization: the profile header and the organization switch. */
export const organizationSummaryOf = (org: {
  organization_id: string;
  organization_name: string;
  short_name: string;
  modules: Module[];
  base_airport?: string;
  timezone: string;
  currency_id: string;
  logo?: string;
  recency_policy?: 'warn' | 'block';
}): ActorOrganization => ({
  organization_id: org.organization_id,
  organization_name: org.organization_name,
  short_name: org.short_name,
  modules: [...org.modules],
  base_airport: org.base_airport ?? null,
  timezone: org.timezone,
  currency_id: org.currency_id,
  logo: org.logo ?? null,
  recency_policy: org.recency_policy === 'block' ? 'block' : 'warn',
});
