import { fleet } from '../aircraft/public.ts';
import {
  activeMemberIds,
  allOrganizations,
  organizationsById,
  peopleByIds,
  rolesOf,
  typeList,
} from '../organizations/public.ts';
import { db } from '../platform/db/service.ts';

/**
 * Reads behind the datasources and the global search: the reference airports (this domain's own),
 * the rest through the domains that own it — Queries on keys and BatchGets, never a Scan. The rules
 * (who sees what) are in datasource-service.ts and search-service.ts.
 */

/** Every reference airport: one partition `ref#airports`, a few hundred items. */
export async function referenceAirports() {
  const { data } = await db().entities.airport.query.byId({}).go({ pages: 'all' });
  return data;
}

/**
 * Whether `icao` names a reference airport, matched case-blind. An organization's base airport must
 * be one — the OGN ingest takes the base and its neighbours from that list as the club's airfields.
 */
export async function isKnownAirport(icao: string): Promise<boolean> {
  const wanted = icao.trim().toUpperCase();
  if (wanted === '') return false;
  const { data } = await db()
    .entities.airport.query.byId({})
    .go({ pages: 'all', attributes: ['icao'] });
  return data.some((airport) => airport.icao?.toUpperCase() === wanted);
}

/**
 * Other domains' reads are resolved at call time: organizations' deps import identity/public.ts,
 * which exports this module, so binding them here at load would read them before they exist when
 * organizations/public.ts is loaded first (a flights or aircraft Lambda's cold start).
 */
export const datasourceStore = {
  airports: referenceAirports,
  /** The active members of an organization. */
  memberIds: (organizationId: string) => activeMemberIds(organizationId),
  /** People by id; ids that have no person are left out. */
  people: (userIds: readonly string[]) => peopleByIds(userIds),
  /** Organizations by id. */
  organizations: (organizationIds: readonly string[]) => organizationsById(organizationIds),
  /** Every organization: the supervisor's view. */
  allOrganizations: () => allOrganizations(),
  /** The organization's role definitions. */
  roles: (organizationId: string) => rolesOf(organizationId),
  /** The organization's aircraft. */
  planes: (...args: Parameters<typeof fleet>) => fleet(...args),
  /** A global type list (plane types, document types, countries), owned by the organizations domain. */
  typeList: (listId: string) => typeList(listId),
};

export type DatasourceStore = typeof datasourceStore;
export type Person = Awaited<ReturnType<typeof peopleByIds>>[number];
