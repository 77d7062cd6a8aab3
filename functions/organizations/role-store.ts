import type { EntityItem } from 'electrodb';
import type { GuardRole, Permission, RoleLabel } from '../../contracts/permissions.ts';
import { type ActionRecord, type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { fillPage } from '../platform/db/pages.ts';
import { db } from '../platform/db/service.ts';
import { patchAtVersion, splitCleared } from '../platform/db/writes.ts';
import { conflict, notFound } from '../platform/http/errors.ts';
import type { role } from './entities.ts';

/** An organization's role definitions (`org#<id>` begins_with `role#`); the rules are in role-service.ts. */

export type StoredRole = EntityItem<typeof role>;

interface RoleFields {
  role_name: string;
  guard_role?: Exclude<GuardRole, 'supervisor'> | null;
  label?: RoleLabel | null;
  permissions: Permission[];
}

export const roleStore = {
  async roles(organizationId: string) {
    const { data } = await db()
      .entities.role.query.byOrganization({ organization_id: organizationId })
      .go({ pages: 'all' });
    return data;
  },

  rolesPage(organizationId: string, page: { cursor?: string; limit: number }) {
    const query = db().entities.role.query.byOrganization({ organization_id: organizationId });
    return fillPage((cursor, limit) => query.go({ cursor, limit }), page);
  },

  async role(organizationId: string, roleId: string) {
    const { data } = await db().entities.role.get({ organization_id: organizationId, role_id: roleId }).go();
    return data;
  },

  async createRole(
    auditor: Auditor,
    organizationId: string,
    roleId: string,
    fields: RoleFields,
    audit: ActionRecord,
  ) {
    const { set } = splitCleared(fields);
    await auditedWrite(auditor, audit, ({ role }) => [
      role
        .create({
          ...(set as Partial<RoleFields>),
          organization_id: organizationId,
          role_id: roleId,
          role_name: fields.role_name,
          permissions: fields.permissions,
        } as Parameters<typeof role.create>[0])
        .commit(),
    ]);
    const saved = await this.role(organizationId, roleId);
    if (!saved) throw conflict();
    return saved;
  },

  async updateRole(
    auditor: Auditor,
    organizationId: string,
    roleId: string,
    fields: RoleFields,
    version: number,
    audit: ActionRecord,
  ) {
    const { set, remove } = splitCleared(fields);
    await auditedWrite(auditor, audit, ({ role }) => [
      patchAtVersion(
        role.patch({ organization_id: organizationId, role_id: roleId }),
        { set: { ...set, permissions: fields.permissions }, remove },
        version,
      ),
    ]);
    const saved = await this.role(organizationId, roleId);
    if (!saved) throw notFound();
    return saved;
  },

  async deleteRole(auditor: Auditor, organizationId: string, roleId: string, audit: ActionRecord) {
    await auditedWrite(
      auditor,
      audit,
      ({ role }) => [
        role
          .delete({ organization_id: organizationId, role_id: roleId })
          .where(({ role_id }, { exists }) => exists(role_id))
          .commit(),
      ],
      notFound,
    );
  },
};

export type RoleStore = typeof roleStore;
