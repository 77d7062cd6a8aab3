import { fleet } from '../aircraft/public.ts';
import { referenceAirports } from '../operations/public.ts';
import {
  activeMemberIds,
  allOrganizations,
  organizationsById,
  peopleByIds,
  rolesOf,
  typeList,
} from '../organizations/public.ts';

/**
 * Reads behind the datasources and the global search, through the domains that own the data (the
 * reference airports: operations) — Queries on keys and BatchGets, never a Scan. The rules
 * (who sees what) are in datasource-service.ts and search-service.ts.
 */

/**
 * Other domains' reads are resolved at call time: organizations' deps import identity/public.ts,
 * which exports this module, so binding them here at load would read them before they exist when
 * organizations/public.ts is loaded first (a flights or aircraft Lambda's cold start).
 */
export const datasourceStore = {
  airports: () => referenceAirports(),
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
