import { type ActionRecord, type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { fillPage } from '../platform/db/pages.ts';
import { db } from '../platform/db/service.ts';
import { type Change, patchAtVersion } from '../platform/db/writes.ts';
import type { RoleToCreate } from './default-roles.ts';
import { nameSortKey } from './entities.ts';

/** Organizations (`org#<id>`, `#org`): the records and the supervisor's list; organization-service.ts holds the rules. */

export const organizationStore = {
  async organization(organizationId: string) {
    const { data } = await db().entities.organization.get({ organization_id: organizationId }).go();
    return data;
  },

  /** Organizations by id (BatchGetItem). */
  async organizations(organizationIds: readonly string[]) {
    const unique = [...new Set(organizationIds)];
    if (unique.length === 0) return [];
    const { data } = await db()
      .entities.organization.get(unique.map((organization_id) => ({ organization_id })))
      .go();
    return data;
  },

  /** Every organization (gsi1 `organizations`, by name): the supervisor's views and the scheduled jobs. */
  async allOrganizations() {
    const { data } = await db().entities.organization.query.byName({}).go({ pages: 'all' });
    return data;
  },

  /** One page of every organization by name, optionally narrowed by text. */
  organizationsPage(options: { cursor?: string; limit: number; filter?: string; order: 'asc' | 'desc' }) {
    const query = db().entities.organization.query.byName({});
    const folded = options.filter ? nameSortKey(options.filter) : '';
    const upper = options.filter?.trim().toUpperCase() ?? '';
    const filtered = folded
      ? query.where(
          ({ name_key, short_name, base_airport }, { contains }) =>
            `${contains(name_key, folded)} OR ${contains(short_name, upper)} OR ${contains(base_airport, upper)}`,
        )
      : query;
    return fillPage((cursor, limit) => filtered.go({ cursor, limit, order: options.order }), options);
  },

  /**
   * A new organization with its default roles, the creating supervisor as its admin and the
   * activity-log record, in one TransactWrite: never an organization nobody can administer.
   */
  async createOrganization(
    actor: Auditor,
    item: Record<string, unknown> & { organization_id: string },
    roles: RoleToCreate[],
    adminRoleId: string,
  ) {
    const organizationId = item.organization_id;
    await auditedWrite(
      actor,
      {
        action: 'organization.create',
        target_type: 'organization',
        target_id: organizationId,
        organization_id: organizationId,
        details: { roles: roles.map((r) => r.role_id) },
      },
      ({ organization, role, membership }) => [
        organization.create(item as never).commit(),
        ...roles.map((r) => role.create({ organization_id: organizationId, ...r }).commit()),
        membership
          .create({ user_id: actor.userId, organization_id: organizationId, role_ids: [adminRoleId] })
          .commit(),
      ],
    );
  },

  /** The record's UpdateItem on the caller's `version` (else 409) and its activity-log record, together. */
  async updateOrganization(
    actor: Auditor,
    organizationId: string,
    change: Change,
    version: number,
    audit: ActionRecord,
  ) {
    await auditedWrite(actor, audit, ({ organization }) => [
      patchAtVersion(organization.patch({ organization_id: organizationId }), change, version),
    ]);
  },
};

export type OrganizationStore = typeof organizationStore;
