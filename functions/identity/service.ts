import type { Lang } from '../../contracts/langs.ts';
import type { GuardRole, Permission } from '../../contracts/permissions.ts';
import type {
  MembershipSummary,
  OwnOrganization,
  Profile,
  UpdateOwnOrganizationInput,
} from '../../contracts/schemas/identity.ts';
import { organizationRecordOf } from '../organizations/organization-record.ts';
import { type Actor, organizationSummaryOf } from '../platform/auth/actor.ts';
import { notFound, validationFailed } from '../platform/http/errors.ts';
import { privateProfileFields, type StoredPrivateProfile } from './profile-service.ts';
import type { IdentityStore } from './store.ts';

type StoredOrganization = Awaited<ReturnType<IdentityStore['organization']>>;

const trueMap = <K extends string>(keys: Iterable<K>) => {
  const map: Partial<Record<K, boolean>> = {};
  for (const key of keys) map[key] = true;
  return map as Record<K, boolean>;
};

/**
 * The profile held after login (spec §3). Flight statistics, balance, trainings and rent permits
 * belong to later domains; until a person has such data they are null or empty, never invented.
 */
export function profileOf(actor: Actor, privateProfile: StoredPrivateProfile | null = null): Profile {
  const personal = privateProfileFields(privateProfile);
  return {
    user_id: actor.userId,
    user_name: actor.userName,
    email: actor.email,
    flight_stat: null,
    flight_stat_glider: null,
    flight_stat_general: null,
    organization: actor.organization ? { ...actor.organization, planes: [], planes_all: [] } : null,
    has_role: trueMap<GuardRole>(actor.roles),
    role_names: actor.roleNames,
    can: trueMap<Permission>(actor.permissions),
    lang: actor.lang,
    avatar: null,
    planes: [],
    logbook_glider_on: actor.modules.has('glider') || personal.logbook_glider_on,
    logbook_general_on: actor.modules.has('general') || personal.logbook_general_on,
    balance_stat: null,
    settings: personal.settings,
    trainings: [],
    rent_permits: [],
    private_profile_id: personal.private_profile_id,
    private_profile_status: personal.private_profile_status,
    private_profile_created_at: personal.private_profile_created_at,
    signature: null,
    pilot_info: null,
    acting_as: actor.actingSupervisorId ? { user_id: actor.userId, user_name: actor.userName } : null,
  };
}

export async function changeLanguage(store: IdentityStore, actor: Actor, lang: Lang): Promise<void> {
  await store.setLanguage(actor.userId, lang);
}

/** Every organization the person belongs to, with the roles held there (the organization switch). */
export async function organizationsOf(store: IdentityStore, actor: Actor): Promise<MembershipSummary[]> {
  const organizations = await store.organizationsOf(actor.memberships.map((m) => m.organizationId));
  const roleSets = await Promise.all(organizations.map((o) => store.rolesOf(o.organization_id)));
  return organizations
    .map((org, index) => {
      const held = new Set(
        actor.memberships.find((m) => m.organizationId === org.organization_id)?.roleIds ?? [],
      );
      return {
        organization: organizationSummaryOf(org),
        roles: (roleSets[index] ?? []).filter((r) => held.has(r.role_id)).map((r) => r.role_name),
        current: org.organization_id === actor.organizationId,
      };
    })
    .sort((a, b) => a.organization.organization_name.localeCompare(b.organization.organization_name));
}

/** Switching to an organization the person is not a member of is refused as if it did not exist. */
export async function changeOrganization(store: IdentityStore, actor: Actor, organizationId: string) {
  if (!actor.memberships.some((m) => m.organizationId === organizationId)) throw notFound();
  await store.setCurrentOrganization(actor.userId, organizationId);
}

export async function ownOrganization(store: IdentityStore, actor: Actor): Promise<OwnOrganization> {
  if (!actor.organizationId) throw notFound();
  return ownOrganizationOf(await store.organization(actor.organizationId));
}

export async function updateOwnOrganization(
  store: IdentityStore,
  actor: Actor,
  input: UpdateOwnOrganizationInput,
): Promise<OwnOrganization> {
  const organizationId = actor.organizationId;
  if (!organizationId) throw notFound();
  // The contact and the operating-day editor are members of this organization, nobody else.
  const named = [input.contact_id, input.operating_day_editor].filter((id): id is string => Boolean(id));
  const members = await Promise.all(named.map((userId) => store.isActiveMember(organizationId, userId)));
  const errors: Record<string, string[]> = {};
  if (input.contact_id && !members[named.indexOf(input.contact_id)]) errors.contact_id = ['invalid_value'];
  if (input.operating_day_editor && !members[named.indexOf(input.operating_day_editor)])
    errors.operating_day_editor = ['invalid_value'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return ownOrganizationOf(await store.updateOrganization(actor, organizationId, input));
}

const ownOrganizationOf = (org: StoredOrganization): OwnOrganization =>
  organizationRecordOf(org as Parameters<typeof organizationRecordOf>[0]);
