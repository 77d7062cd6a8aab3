import type { Lang } from '../../contracts/langs.ts';
import {
  type GlobalSearchOutput,
  SEARCH_GROUP_LIMIT,
  type SearchAircraft,
  type SearchOrganization,
  type SearchPerson,
} from '../../contracts/schemas/lookups.ts';
import { mayEditOrganization } from '../organizations/public.ts';
import { type Actor, displayName } from '../platform/auth/actor.ts';
import type { DatasourceStore } from './datasource-store.ts';

/**
 * The global search (spec §7 `POST /api/datasource/global-search`) over what the caller may see:
 * - people: the active members of the caller's own organizations — never another club's members;
 *   e-mail addresses are searched and shown only in the current organization, and only to a caller
 *   who may list its users (user-list);
 * - aircraft: the current organization's, by registration, callsign, type or model;
 * - organizations: the caller's own; a supervisor finds every organization.
 *
 * Reads are Queries on keys: one member list per organization of the caller (membership.byOrganization)
 * and BatchGets of the people, filtered here. That suits clubs of hundreds of members; a platform
 * directory of many thousands of people would need a search index instead.
 */

/** `Szélzsák` → `szelzsak`: accents and case do not matter, so `kovacs` finds `Kovács`. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** Every word of the query is found in one of the fields (`anna mol` finds Molnár Anna). */
const matchesAll = (terms: readonly string[], fields: readonly (string | null | undefined)[]) => {
  const haystack = fields.filter(Boolean).map((field) => fold(field as string));
  return terms.every((term) => haystack.some((field) => field.includes(term)));
};

const termsOf = (text: string) => fold(text).split(/\s+/).filter(Boolean);

/** Best first: a field that starts with the whole query, then the rest; each by name. */
const ranked = <T>(
  items: readonly T[],
  query: string,
  fieldsOf: (item: T) => readonly (string | null | undefined)[],
  nameOf: (item: T) => string,
  lang: Lang,
) => {
  const collator = new Intl.Collator(lang, { sensitivity: 'base' });
  const folded = fold(query);
  const rank = (item: T) => (fieldsOf(item).some((f) => f && fold(f).startsWith(folded)) ? 0 : 1);
  const sorted = [...items].sort((a, b) => rank(a) - rank(b) || collator.compare(nameOf(a), nameOf(b)));
  return { items: sorted.slice(0, SEARCH_GROUP_LIMIT), more: sorted.length > SEARCH_GROUP_LIMIT };
};

export async function globalSearch(
  store: DatasourceStore,
  actor: Actor,
  text: string,
): Promise<GlobalSearchOutput> {
  const terms = termsOf(text);
  // The current organization first: a person in several of the caller's clubs is shown under it.
  const ownIds = actor.memberships
    .map((m) => m.organizationId)
    .sort((a, b) => Number(b === actor.organizationId) - Number(a === actor.organizationId));
  const [ownOrganizations, everyOrganization, memberLists, planes] = await Promise.all([
    store.organizations(ownIds),
    actor.isSupervisor ? store.allOrganizations() : Promise.resolve(null),
    Promise.all(ownIds.map((id) => store.memberIds(id))),
    actor.organizationId ? store.planes(actor.organizationId) : Promise.resolve([]),
  ]);

  const organizationOf = new Map<string, string>();
  memberLists.forEach((ids, index) => {
    for (const userId of ids) if (!organizationOf.has(userId)) organizationOf.set(userId, ownIds[index]!);
  });
  const shortNames = new Map(ownOrganizations.map((o) => [o.organization_id, o.short_name]));
  const emailVisibleIn = actor.permissions.has('user-list') ? actor.organizationId : null;

  const people: SearchPerson[] = [];
  for (const person of await store.people([...organizationOf.keys()])) {
    const organizationId = organizationOf.get(person.user_id)!;
    const email = organizationId === emailVisibleIn ? person.email : null;
    if (!matchesAll(terms, [person.first_name, person.last_name, person.callsign, email])) continue;
    people.push({
      user_id: person.user_id,
      name: displayName(person.first_name, person.last_name, actor.lang),
      callsign: person.callsign ?? null,
      email,
      organization_id: organizationId,
      organization_short_name: shortNames.get(organizationId) ?? '',
    });
  }

  const memberOf = new Set(ownIds);
  const organizations: SearchOrganization[] = (everyOrganization ?? ownOrganizations)
    .filter((o) => matchesAll(terms, [o.organization_name, o.short_name]))
    .map((o) => ({
      organization_id: o.organization_id,
      organization_name: o.organization_name,
      short_name: o.short_name,
      member: memberOf.has(o.organization_id),
      can_edit: mayEditOrganization(actor, o.organization_id),
    }));

  return {
    people: ranked(
      people,
      text,
      (p) => [p.name, ...p.name.split(/\s+/), p.callsign, p.email],
      (p) => p.name,
      actor.lang,
    ),
    aircraft: ranked(
      planes
        .filter((p) => matchesAll(terms, [p.reg_num, p.callsign, p.plane_type, p.model]))
        .map(
          (p): SearchAircraft => ({
            plane_id: p.plane_id,
            reg_num: p.reg_num,
            plane_type: p.plane_type ?? null,
            organization_id: p.organization_id,
          }),
        ),
      text,
      (p) => [p.reg_num, p.plane_type],
      (p) => p.reg_num,
      actor.lang,
    ),
    organizations: ranked(
      organizations,
      text,
      (o) => [o.organization_name, o.short_name],
      (o) => o.organization_name,
      actor.lang,
    ),
  };
}
