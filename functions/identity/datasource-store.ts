import { typeListItems } from '../organizations/organization-store.ts';
import { db } from '../platform/db/service.ts';

/**
 * Reads behind the datasources and the global search: Queries on keys and BatchGets only, never a
 * Scan (DESIGN §4). The rules (who sees what) are in datasource-service.ts and search-service.ts.
 */

/** BatchGetItem reads at most 100 keys per call; ElectroDB splits, and we retry what DynamoDB left. */
const BATCH_ATTEMPTS = 3;

export const datasourceStore = {
  /** Every reference airport: one partition `ref#airports`. */
  async airports() {
    const { data } = await db().entities.airport.query.byId({}).go({ pages: 'all' });
    return data;
  },

  /** The active members of an organization (membership.byOrganization, gsi1). */
  async memberIds(organizationId: string) {
    const { data } = await db()
      .entities.membership.query.byOrganization({ organization_id: organizationId })
      .go({ pages: 'all', attributes: ['user_id', 'status'] });
    return data.filter((m) => m.status === 'active').map((m) => m.user_id);
  },

  /** People by id (BatchGet); ids that have no person are left out. */
  async people(userIds: readonly string[]) {
    const found: Person[] = [];
    let keys = [...new Set(userIds)].map((user_id) => ({ user_id }));
    for (let attempt = 0; keys.length > 0 && attempt < BATCH_ATTEMPTS; attempt++) {
      const { data, unprocessed } = await db()
        .entities.person.get(keys)
        .go({ attributes: ['user_id', 'first_name', 'last_name', 'email', 'callsign'] });
      found.push(...data);
      keys = unprocessed.map((key) => ({ user_id: key.user_id }));
    }
    if (keys.length > 0) throw new Error('people: DynamoDB left keys unprocessed');
    return found;
  },

  /** Organizations by id (BatchGet). */
  async organizations(organizationIds: readonly string[]) {
    if (organizationIds.length === 0) return [];
    const { data } = await db()
      .entities.organization.get(
        [...new Set(organizationIds)].map((organization_id) => ({ organization_id })),
      )
      .go();
    return data;
  },

  /** Every organization (organization.byName, gsi1 `organizations`): the supervisor's view. */
  async allOrganizations() {
    const { data } = await db().entities.organization.query.byName({}).go({ pages: 'all' });
    return data;
  },

  /** The organization's role definitions (role.byOrganization). */
  async roles(organizationId: string) {
    const { data } = await db()
      .entities.role.query.byOrganization({ organization_id: organizationId })
      .go({ pages: 'all' });
    return data;
  },

  /** The organization's aircraft (plane.byOrganization: `org#<id>` begins_with `plane#`). */
  async planes(organizationId: string) {
    const { data } = await db()
      .entities.plane.query.byOrganization({ organization_id: organizationId })
      .go({
        pages: 'all',
        attributes: [
          'organization_id',
          'plane_id',
          'reg_num',
          'callsign',
          'plane_type',
          'model',
          'plane_category',
          'is_tmg',
          'status',
          'rentable',
        ],
      });
    return data;
  },

  /** A global type list (plane types, document types, countries), owned by the organizations domain. */
  typeList: typeListItems,
};

export type DatasourceStore = typeof datasourceStore;
export type Person = {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  callsign?: string;
};
