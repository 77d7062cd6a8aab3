import { addMonths, todayIn } from '../../contracts/calendar.ts';
import type { Lang } from '../../contracts/langs.ts';
import type { GuardRole, Permission } from '../../contracts/permissions.ts';
import { isFunctional } from '../../contracts/schemas/aircraft.ts';
import type { MembershipSummary, Profile } from '../../contracts/schemas/identity.ts';
import { fleet } from '../aircraft/public.ts';
import { monthlyTotals } from '../flights/public.ts';
import {
  avatarUrl,
  organizationsById,
  ownAvatarKey,
  rentPermitTypes,
  rolesOf,
  setPreferences,
} from '../organizations/public.ts';
import { type Actor, cachedWithActor, forgetActor, organizationSummaryOf } from '../platform/auth/actor.ts';
import { notFound } from '../platform/http/errors.ts';

/**
 * The profile the browser holds after sign-in (spec §3 Profile, GET /api/profile) and the two
 * settings that change it: the language and the organization the person works in.
 */

type ProfilePlane = Profile['planes'][number];
type Totals = NonNullable<Profile['flight_stat']>;
type FleetPlane = Awaited<ReturnType<typeof fleet>>[number];

/** What the profile reads beyond the actor, each from the domain that owns it. */
interface ProfileDeps {
  now: () => Date;
  /** The organization's aircraft (aircraft). */
  fleet: (organizationId: string) => Promise<FleetPlane[]>;
  /** The aircraft types of the person's rent permits valid on `today` (organizations). */
  rentPermitTypes: (organizationId: string, userId: string, today: string) => Promise<string[]>;
  /** The person's logbook totals of months `from`..`to` (yyyy-mm), per kind (flights). */
  monthlyTotals: (
    userId: string,
    from: string,
    to: string,
  ) => Promise<Record<'glider' | 'general', Totals | null>>;
  organizations: typeof organizationsById;
  /** The person's picture as an `<img src>`, or null (organizations: the person's own data). */
  avatar: (userId: string) => Promise<string | null>;
  roles: typeof rolesOf;
  setPreferences: typeof setPreferences;
  /**
   * The profile's own reads, cached with the actor (functions/platform/auth/actor.ts): for the actor
   * cache's seconds, in this container, and forgotten with it.
   */
  withActor: <T>(actor: Actor, key: string, load: () => Promise<T>) => Promise<T>;
}

export const profileDeps: ProfileDeps = {
  now: () => new Date(),
  fleet: (organizationId) => fleet(organizationId),
  rentPermitTypes: (organizationId, userId, today) => rentPermitTypes(organizationId, userId, today),
  monthlyTotals: (userId, from, to) => monthlyTotals(userId, from, to),
  organizations: (ids) => organizationsById(ids),
  avatar: async (userId) => avatarUrl(await ownAvatarKey(userId)),
  roles: (organizationId) => rolesOf(organizationId),
  setPreferences: (self, preferences) => setPreferences(self, preferences),
  withActor: (actor, key, load) => cachedWithActor(actor.sub, key, load),
};

/** What the profile carries about aircraft (spec §3 Profile: organization.planes, planes, rent_permits). */
interface ProfileAircraft {
  planes: ProfilePlane[];
  planes_all: ProfilePlane[];
  owned: ProfilePlane[];
  rent_permits: string[];
}

const NO_AIRCRAFT: ProfileAircraft = { planes: [], planes_all: [], owned: [], rent_permits: [] };

const profilePlaneOf = (p: FleetPlane): ProfilePlane => ({
  plane_id: p.plane_id,
  reg_num: p.reg_num,
  plane_category: p.plane_category,
  is_tmg: p.is_tmg,
  functional: isFunctional(p.status),
  rentable: p.rentable,
});

/** Spec §3 Profile flight_stat*: the last 12 months' totals, per kind and together. */
interface ProfileFlightStats {
  flight_stat: Totals | null;
  flight_stat_glider: Totals | null;
  flight_stat_general: Totals | null;
}

const NO_FLIGHT_STATS: ProfileFlightStats = {
  flight_stat: null,
  flight_stat_glider: null,
  flight_stat_general: null,
};

const both = (a: Totals | null, b: Totals | null): Totals | null => {
  if (!a || !b) return a ?? b;
  return Object.fromEntries(
    Object.entries(a).map(([k, v]) => [k, v + (b[k as keyof Totals] ?? 0)]),
  ) as Totals;
};

/**
 * The profile's own reads, in parallel: the current organization's aircraft (all, and those not
 * inactive — what the flight and reservation guards look at), the ones the person owns among them,
 * the aircraft types of their rent permits still valid today, and their last 12 months' statistics.
 */
async function profileReads(deps: ProfileDeps, actor: Actor) {
  // "This month" is the organization's (a private pilot's: Budapest's, the product's home).
  const today = todayIn(actor.organization?.timezone ?? 'Europe/Budapest', deps.now());
  const thisMonth = today.slice(0, 7);
  const organizationId = actor.organizationId;
  const [planes, permits, totals, avatar] = await Promise.all([
    organizationId ? deps.fleet(organizationId) : [],
    organizationId ? deps.rentPermitTypes(organizationId, actor.userId, today) : [],
    deps.monthlyTotals(actor.userId, addMonths(`${thisMonth}-01`, -11).slice(0, 7), thisMonth),
    deps.avatar(actor.userId),
  ]);
  const sorted = [...planes].sort((a, b) => a.reg_num.localeCompare(b.reg_num));
  const aircraft: ProfileAircraft = organizationId
    ? {
        planes_all: sorted.map(profilePlaneOf),
        planes: sorted.filter((p) => p.status !== 'inactive').map(profilePlaneOf),
        owned: sorted.filter((p) => p.owner === actor.userId).map(profilePlaneOf),
        rent_permits: permits,
      }
    : NO_AIRCRAFT;
  const flightStats: ProfileFlightStats = {
    flight_stat: both(totals.glider, totals.general),
    flight_stat_glider: totals.glider,
    flight_stat_general: totals.general,
  };
  return { aircraft, flightStats, avatar };
}

/** GET /api/profile: the actor and the profile's own reads. */
export async function loadProfile(deps: ProfileDeps, actor: Actor): Promise<Profile> {
  const { aircraft, flightStats, avatar } = await deps.withActor(actor, 'profile', () =>
    profileReads(deps, actor),
  );
  return { ...profileOf(actor, aircraft, flightStats), avatar };
}

const trueMap = <K extends string>(keys: Iterable<K>) => {
  const map: Partial<Record<K, boolean>> = {};
  for (const key of keys) map[key] = true;
  return map as Record<K, boolean>;
};

/** The Profile fields (spec §3) that come from a private profile. */
function privateProfileFields(privateProfile: Actor['privateProfile']) {
  const active = privateProfile?.private_profile_status === 'active';
  return {
    private_profile_id: privateProfile?.private_profile_id ?? null,
    private_profile_status: privateProfile?.private_profile_status ?? null,
    private_profile_created_at: privateProfile?.private_profile_created_at ?? null,
    logbook_glider_on: active && privateProfile.logbook_glider_on,
    logbook_general_on: active && privateProfile.logbook_general_on,
    settings: privateProfile
      ? {
          documents_on: active && privateProfile.documents_on,
          statistics_on: active && privateProfile.statistics_on,
        }
      : {},
  };
}

/**
 * The profile held after login (spec §3). Balance and trainings belong to later domains; until a
 * person has such data they are null or empty, never invented.
 */
function profileOf(
  actor: Actor,
  aircraft: ProfileAircraft = NO_AIRCRAFT,
  flightStats: ProfileFlightStats = NO_FLIGHT_STATS,
): Profile {
  const personal = privateProfileFields(actor.privateProfile);
  return {
    user_id: actor.userId,
    user_name: actor.userName,
    email: actor.email,
    ...flightStats,
    organization: actor.organization
      ? { ...actor.organization, planes: aircraft.planes, planes_all: aircraft.planes_all }
      : null,
    has_role: trueMap<GuardRole>(actor.roles),
    role_names: actor.roleNames,
    can: trueMap<Permission>(actor.permissions),
    lang: actor.lang,
    avatar: null,
    planes: aircraft.owned,
    logbook_glider_on: actor.modules.has('glider') || personal.logbook_glider_on,
    logbook_general_on: actor.modules.has('general') || personal.logbook_general_on,
    balance_stat: null,
    settings: personal.settings,
    trainings: [],
    rent_permits: aircraft.rent_permits,
    private_profile_id: personal.private_profile_id,
    private_profile_status: personal.private_profile_status,
    private_profile_created_at: personal.private_profile_created_at,
    signature: null,
    pilot_info: null,
    acting_as: actor.actingSupervisorId ? { user_id: actor.userId, user_name: actor.userName } : null,
  };
}

export async function changeLanguage(deps: ProfileDeps, actor: Actor, lang: Lang): Promise<void> {
  await deps.setPreferences(actor, { lang });
  forgetActor(actor.sub);
}

/** Every organization the person belongs to, with the roles held there (the organization switch). */
export async function organizationsOf(deps: ProfileDeps, actor: Actor): Promise<MembershipSummary[]> {
  const organizations = await deps.organizations(actor.memberships.map((m) => m.organizationId));
  const roleSets = await Promise.all(organizations.map((o) => deps.roles(o.organization_id)));
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
export async function changeOrganization(deps: ProfileDeps, actor: Actor, organizationId: string) {
  if (!actor.memberships.some((m) => m.organizationId === organizationId)) throw notFound();
  await deps.setPreferences(actor, { current_organization_id: organizationId });
  forgetActor(actor.sub);
}
