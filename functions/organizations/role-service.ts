import { randomUUID } from 'node:crypto';
import { type GuardRole, PERMISSIONS, type Permission } from '../../contracts/permissions.ts';
import type { CreateRoleInput, RoleOutput, UpdateRoleInput } from '../../contracts/schemas/members.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { conflict, domainError, found, notFound, validationFailed } from '../platform/http/errors.ts';
import type { OrganizationsDeps } from './deps.ts';
import { foldText } from './entities.ts';
import type { StoredRole } from './role-store.ts';

/**
 * An organization's roles (spec §6 role/list, role/edit/{id}) and who may hand out what: nobody
 * grants more than they hold, so the roles screen cannot promote anyone beyond its editor.
 */

type Granter = Pick<Actor, 'roles' | 'permissions'>;

/**
 * Nobody hands out more than they hold (no self-promotion through the roles screen): a permission
 * only by someone who has it, a guard role only by an admin or a holder of that role. Supervisor
 * is never handed out by an organization; the system administrator may grant everything else.
 */
export const canGrantPermission = (granter: Granter, permission: Permission) =>
  granter.roles.has('supervisor') || granter.permissions.has(permission);

export const canGrantGuardRole = (granter: Granter, role: GuardRole) =>
  role !== 'supervisor' &&
  (granter.roles.has('supervisor') || granter.roles.has('admin') || granter.roles.has(role));

/** A role may be given or taken by someone who could have built it. */
export const canGrantRole = (granter: Granter, role: Pick<StoredRole, 'guard_role' | 'permissions'>) =>
  (!role.guard_role || canGrantGuardRole(granter, role.guard_role)) &&
  role.permissions.every((permission) => canGrantPermission(granter, permission));

/** Permissions once each, in the spec's order. */
export const normalizePermissions = (permissions: readonly Permission[]): Permission[] => {
  const chosen = new Set(permissions);
  return PERMISSIONS.filter((permission) => chosen.has(permission));
};

export const organizationOf = (actor: Pick<Actor, 'organizationId'>) => {
  if (!actor.organizationId) throw notFound();
  return actor.organizationId;
};

const roleOutputOf = (role: StoredRole): RoleOutput => ({
  role_id: role.role_id,
  role_name: role.role_name,
  guard_role: role.guard_role ?? null,
  label: role.label ?? null,
  permissions: normalizePermissions(role.permissions),
  version: role.version,
});

export const byName = (a: { role_name: string }, b: { role_name: string }) =>
  a.role_name.localeCompare(b.role_name);

/** Every role id known in the organization and grantable by the actor, or a 422 on `role_ids`. */
export function checkRoleIds(
  actor: Actor,
  roles: StoredRole[],
  roleIds: readonly string[],
  changed: readonly string[],
) {
  const known = new Map(roles.map((r) => [r.role_id, r]));
  if (roleIds.some((id) => !known.has(id))) throw validationFailed({ role_ids: ['invalid_value'] });
  const refused = changed.filter((id) => {
    const role = known.get(id);
    return role !== undefined && !canGrantRole(actor, role);
  });
  if (refused.length > 0) throw validationFailed({ role_ids: ['not_grantable'] });
}

export async function listRoles(
  deps: OrganizationsDeps,
  actor: Actor,
  page: { cursor?: string; limit?: number },
) {
  const result = await deps.roles.rolesPage(organizationOf(actor), {
    cursor: page.cursor,
    limit: page.limit ?? 100,
  });
  return { items: result.items.map(roleOutputOf), cursor: result.cursor };
}

export async function getRole(deps: OrganizationsDeps, actor: Actor, roleId: string) {
  return roleOutputOf(found(await deps.roles.role(organizationOf(actor), roleId)));
}

/** The 422 for what the actor may not hand out; only what changes is checked, so keeping is free. */
function checkGrantable(
  actor: Actor,
  before: Pick<StoredRole, 'guard_role' | 'permissions'> | null,
  after: { guard_role: GuardRole | null; permissions: Permission[] },
) {
  const errors: Record<string, string[]> = {};
  const had = new Set(before?.permissions ?? []);
  const has = new Set(after.permissions);
  const changed = [
    ...after.permissions.filter((p) => !had.has(p)),
    ...(before?.permissions ?? []).filter((p) => !has.has(p)),
  ];
  if (changed.some((p) => !canGrantPermission(actor, p))) errors.permissions = ['not_grantable'];
  const guardBefore = before?.guard_role ?? null;
  if (guardBefore !== after.guard_role) {
    const touched = [guardBefore, after.guard_role].filter((r): r is GuardRole => r !== null);
    if (touched.some((r) => !canGrantGuardRole(actor, r))) errors.guard_role = ['not_grantable'];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

async function checkUniqueName(
  deps: OrganizationsDeps,
  organizationId: string,
  name: string,
  roleId: string | null,
) {
  const folded = foldText(name);
  const roles = await deps.roles.roles(organizationId);
  if (roles.some((r) => r.role_id !== roleId && foldText(r.role_name) === folded)) {
    throw validationFailed({ role_name: ['duplicate_value'] });
  }
}

export async function createRole(deps: OrganizationsDeps, actor: Actor, input: CreateRoleInput) {
  const organizationId = organizationOf(actor);
  const permissions = normalizePermissions(input.permissions);
  const guardRole = input.guard_role ?? null;
  checkGrantable(actor, null, { guard_role: guardRole, permissions });
  await checkUniqueName(deps, organizationId, input.role_name, null);
  const roleId = randomUUID();
  const role = await deps.roles.createRole(
    actor,
    organizationId,
    roleId,
    { role_name: input.role_name, guard_role: guardRole, label: input.label ?? null, permissions },
    {
      action: 'role.create',
      target_type: 'role',
      target_id: roleId,
      details: { permissions, ...(guardRole ? { guard_role: guardRole } : {}) },
    },
  );
  return roleOutputOf(role);
}

export async function updateRole(
  deps: OrganizationsDeps,
  actor: Actor,
  roleId: string,
  input: UpdateRoleInput,
) {
  const organizationId = organizationOf(actor);
  const current = found(await deps.roles.role(organizationId, roleId));
  if (current.version !== input.version) throw conflict();
  const permissions = normalizePermissions(input.permissions);
  const guardRole = input.guard_role ?? null;
  checkGrantable(actor, current, { guard_role: guardRole, permissions });
  await checkUniqueName(deps, organizationId, input.role_name, roleId);
  const had = new Set(current.permissions);
  const has = new Set(permissions);
  const role = await deps.roles.updateRole(
    actor,
    organizationId,
    roleId,
    { role_name: input.role_name, guard_role: guardRole, label: input.label ?? null, permissions },
    input.version,
    {
      action: 'role.update',
      target_type: 'role',
      target_id: roleId,
      details: {
        added: permissions.filter((p) => !had.has(p)),
        removed: current.permissions.filter((p) => !has.has(p)),
      },
    },
  );
  // The editor may hold this role: their next request sees it at once (others within seconds).
  deps.forgetActor(actor.sub);
  // Narrowed: every holder's open connections must stop what the role no longer gives.
  if (current.permissions.some((p) => !has.has(p)) || (current.guard_role ?? null) !== guardRole)
    await deps.rightsChanged(await deps.memberships.roleHolders(organizationId, roleId));
  return roleOutputOf(role);
}

export async function deleteRole(deps: OrganizationsDeps, actor: Actor, roleId: string) {
  const organizationId = organizationOf(actor);
  const role = found(await deps.roles.role(organizationId, roleId));
  if (!canGrantRole(actor, role)) throw domainError('missing_permissions');
  if ((await deps.memberships.roleHolders(organizationId, roleId)).length > 0)
    throw domainError('role_in_use');
  await deps.roles.deleteRole(actor, organizationId, roleId, {
    action: 'role.delete',
    target_type: 'role',
    target_id: roleId,
  });
}
