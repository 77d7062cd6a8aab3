import { randomUUID } from 'node:crypto';
import type { OwnOrganization, UpdateOwnOrganizationInput } from '../../contracts/schemas/identity.ts';
import {
  type CreateOrganizationInput,
  type ListOrganizationsQuery,
  MANAGED_FIELDS,
  type OrganizationRecord,
  type UpdateOrganizationInput,
} from '../../contracts/schemas/organizations.ts';
import { type Actor, displayName } from '../platform/auth/actor.ts';
import { found, missingPermissions, notFound, validationFailed } from '../platform/http/errors.ts';
import { defaultRolesIn } from './default-roles.ts';
import type { OrganizationsDeps } from './deps.ts';
import {
  baseAirportErrors,
  changedFields,
  organizationRecordOf,
  recordPatch,
  type StoredOrganization,
} from './organization-record.ts';

/**
 * Organizations (spec §2 organization/list, new, edit/{id}; profile/organization-edit): the record,
 * who may open and change it, and the one checked update both edit screens use.
 */

const DEFAULT_PAGE = 25;
const MAX_PAGE = 100;
export const pageSize = (limit: number | undefined) => Math.min(Math.max(limit ?? DEFAULT_PAGE, 1), MAX_PAGE);

export async function listOrganizations(deps: OrganizationsDeps, query: ListOrganizationsQuery) {
  const { items, cursor } = await deps.organizations.organizationsPage({
    cursor: query.cursor,
    limit: pageSize(query.limit),
    filter: query.filter || undefined,
    order: query.order ?? 'asc',
  });
  return {
    items: items.map((org) => ({
      organization_id: org.organization_id,
      organization_name: org.organization_name,
      short_name: org.short_name,
      base_airport: org.base_airport ?? null,
      modules_count: org.modules.length,
      package_name: org.package_name ?? null,
      package_requested: org.package_request?.package_name ?? null,
    })),
    cursor,
  };
}

/**
 * Which organization a caller with organization-edit may open: a supervisor any, everyone else only
 * their own — another id answers 404 as if it did not exist (tenancy, docs/ARCHITECTURE.md).
 */
export const mayOpenOrganization = (
  actor: Pick<Actor, 'isSupervisor' | 'organizationId'>,
  organizationId: string,
) => actor.isSupervisor || actor.organizationId === organizationId;

/**
 * Who changes an organization's managed fields (modules, limits, currency, package): a supervisor.
 * The update's read-only check and the record's `can_administer` flag both ask here.
 */
export const mayAdminister = (actor: Pick<Actor, 'isSupervisor'>) => actor.isSupervisor;

async function openOrganization(deps: OrganizationsDeps, actor: Actor, organizationId: string) {
  if (!mayOpenOrganization(actor, organizationId)) throw notFound();
  return found(await deps.organizations.organization(organizationId)) as StoredOrganization;
}

const recordOf = async (
  deps: OrganizationsDeps,
  actor: Actor,
  organizationId: string,
): Promise<OrganizationRecord> =>
  organizationRecordOf(
    found(await deps.organizations.organization(organizationId)) as StoredOrganization,
    mayAdminister(actor),
  );

export async function getOrganization(deps: OrganizationsDeps, actor: Actor, organizationId: string) {
  return organizationRecordOf(await openOrganization(deps, actor, organizationId), mayAdminister(actor));
}

/** The contact and the operating-day editor are active members of this organization, nobody else. */
async function memberErrors(
  deps: OrganizationsDeps,
  organizationId: string,
  input: { contact_id?: string | null; operating_day_editor?: string | null },
) {
  const named = [input.contact_id, input.operating_day_editor].filter((id): id is string => Boolean(id));
  const active = new Set(
    (await deps.memberships.memberships(organizationId, named))
      .filter((m) => m.status === 'active')
      .map((m) => m.user_id),
  );
  const errors: Record<string, string[]> = {};
  for (const field of ['contact_id', 'operating_day_editor'] as const) {
    const userId = input[field];
    if (userId && !active.has(userId)) errors[field] = ['invalid_value'];
  }
  return errors;
}

/** Creating an organization is a supervisor's act (spec §2 organization/new). */
export async function createOrganization(
  deps: OrganizationsDeps,
  actor: Actor,
  input: CreateOrganizationInput,
): Promise<OrganizationRecord> {
  if (!mayAdminister(actor)) throw missingPermissions();
  // A new organization has no members yet but its creator: nobody else can be its contact.
  const named = { contact_id: input.contact_id, operating_day_editor: input.operating_day_editor };
  const errors = await baseAirportErrors(input.base_airport, undefined, deps.isKnownAirport);
  for (const [field, userId] of Object.entries(named))
    if (userId && userId !== actor.userId) errors[field] = ['invalid_value'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  const organizationId = `org-${randomUUID()}`;
  const { set } = recordPatch(input as Record<string, unknown>);
  await deps.organizations.createOrganization(
    actor,
    { ...set, organization_id: organizationId, version: 1 },
    defaultRolesIn(actor.lang),
    'admin',
  );
  // The creator is a member of the new organization from now on.
  deps.forgetActor(actor.sub);
  return recordOf(deps, actor, organizationId);
}

/**
 * The managed fields (modules, limits, currency) a non-supervisor sent that differ from the stored
 * record: they are read-only for him (only a supervisor changes modules and package).
 */
export const readOnlyErrors = (
  stored: Partial<Record<string, unknown>>,
  input: Partial<Record<string, unknown>>,
): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  for (const field of MANAGED_FIELDS) {
    const sent = input[field];
    if (sent === undefined) continue;
    const was = stored[field];
    const same =
      Array.isArray(sent) && Array.isArray(was)
        ? [...sent].sort().join(',') === [...was].sort().join(',')
        : sent === (was ?? (field.endsWith('_limit') ? 0 : undefined));
    if (!same) errors[field] = ['read_only'];
  }
  return errors;
};

/**
 * The one checked update of the record, for organization/edit/{id} and profile/organization-edit:
 * the named members must be active members, a base airport a reference airport, a non-supervisor
 * leaves the managed fields alone, and the UpdateItem is conditioned on the version the editor read
 * (409), with its activity-log record.
 */
async function saveRecord(
  deps: OrganizationsDeps,
  actor: Actor,
  stored: StoredOrganization,
  input: UpdateOrganizationInput | UpdateOwnOrganizationInput,
) {
  const organizationId = stored.organization_id;
  const errors = {
    ...(mayAdminister(actor) ? {} : readOnlyErrors(stored, input)),
    ...(await memberErrors(deps, organizationId, input)),
    ...(await baseAirportErrors(input.base_airport, stored.base_airport, deps.isKnownAirport)),
  };
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const patch = recordPatch(input as Record<string, unknown>);
  await deps.organizations.updateOrganization(actor, organizationId, patch, input.version, {
    action: 'organization.update',
    target_type: 'organization',
    target_id: organizationId,
    organization_id: organizationId,
    details: { fields: changedFields(stored, patch) },
  });
  // Modules and the name of the caller's own organization are in their actor.
  deps.forgetActor(actor.sub);
  return recordOf(deps, actor, organizationId);
}

export async function updateOrganization(
  deps: OrganizationsDeps,
  actor: Actor,
  organizationId: string,
  input: UpdateOrganizationInput,
): Promise<OrganizationRecord> {
  return saveRecord(deps, actor, await openOrganization(deps, actor, organizationId), input);
}

/** profile/organization-edit: the caller's current organization. */
export async function ownOrganization(deps: OrganizationsDeps, actor: Actor): Promise<OwnOrganization> {
  if (!actor.organizationId) throw notFound();
  return recordOf(deps, actor, actor.organizationId);
}

export async function updateOwnOrganization(
  deps: OrganizationsDeps,
  actor: Actor,
  input: UpdateOwnOrganizationInput,
): Promise<OwnOrganization> {
  if (!actor.organizationId) throw notFound();
  const stored = found(await deps.organizations.organization(actor.organizationId)) as StoredOrganization;
  return saveRecord(deps, actor, stored, input);
}

/** Active members of an organization with their names (for the contact and operating-day editor). */
export async function memberOptions(deps: OrganizationsDeps, actor: Actor, organizationId: string) {
  await openOrganization(deps, actor, organizationId);
  const active = (await deps.memberships.members(organizationId)).filter((m) => m.status === 'active');
  const people = await deps.persons.persons(active.map((m) => m.user_id));
  return {
    items: [...people.values()]
      .map((p) => ({ user_id: p.user_id, user_name: displayName(p.first_name, p.last_name, actor.lang) }))
      .sort((a, b) => a.user_name.localeCompare(b.user_name, actor.lang)),
  };
}
