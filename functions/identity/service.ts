import { addMonths } from '../../contracts/calendar.ts';
import type { Lang } from '../../contracts/langs.ts';
import type { GuardRole, Permission } from '../../contracts/permissions.ts';
import { isFunctional } from '../../contracts/schemas/aircraft.ts';
import type {
  MembershipSummary,
  OwnOrganization,
  Profile,
  UpdateOwnOrganizationInput,
} from '../../contracts/schemas/identity.ts';
import { baseAirportErrors, organizationRecordOf } from '../organizations/organization-record.ts';
import { type Actor, organizationSummaryOf } from '../platform/auth/actor.ts';
import { db } from '../platform/db/service.ts';
import { notFound, validationFailed } from '../platform/http/errors.ts';
import { privateProfileFields, type StoredPrivateProfile } from './profile-service.ts';
import type { IdentityStore } from './store.ts';

type StoredOrganization = Awaited<ReturnType<IdentityStore['organization']>>;

type ProfilePlane = Profile['planes'][number];

/** What the profile carries about aircraft (spec §3 Profile: organization.planes, planes, rent_permits). */
export interface ProfileAircraft {
  planes: ProfilePlane[];
  planes_all: ProfilePlane[];
  owned: ProfilePlane[];
  rent_permits: string[];
}

const NO_AIRCRAFT: ProfileAircraft = { planes: [], planes_all: [], owned: [], rent_permits: [] };

type StoredProfilePlane = Awaited<ReturnType<IdentityStore['planesOf']>>[number];
const profilePlaneOf = (p: StoredProfilePlane): ProfilePlane => ({
  plane_id: p.plane_id,
  reg_num: p.reg_num,
  plane_category: p.plane_category,
  is_tmg: p.is_tmg,
  functional: isFunctional(p.status),
  rentable: p.rentable,
});

/**
 * The aircraft part of the profile, read in parallel: the current organization's aircraft (all, and
 * those not inactive — what the flight and reservation guards look at), the ones the person owns
 * among them, and the aircraft types of their rent permits still valid today.
 */
export async function profileAircraft(
  store: Pick<IdentityStore, 'planesOf' | 'permitsOf'>,
  actor: Actor,
  today = new Date().toISOString().slice(0, 10),
): Promise<ProfileAircraft> {
  const organizationId = actor.organizationId;
  if (!organizationId) return NO_AIRCRAFT;
  const [planes, permits] = await Promise.all([
    store.planesOf(organizationId),
    store.permitsOf(organizationId, actor.userId),
  ]);
  const sorted = [...planes].sort((a, b) => a.reg_num.localeCompare(b.reg_num));
  return {
    planes_all: sorted.map(profilePlaneOf),
    planes: sorted.filter((p) => p.status !== 'inactive').map(profilePlaneOf),
    owned: sorted.filter((p) => p.owner === actor.userId).map(profilePlaneOf),
    rent_permits: [
      ...new Set(
        permits
          .filter((p) => p.kind === 'rent' && p.plane_type && (!p.valid_until || p.valid_until >= today))
          .map((p) => p.plane_type as string),
      ),
    ],
  };
}

/** Spec §3 Profile flight_stat*: the last 12 months' totals, per kind and together. */
export interface ProfileFlightStats {
  flight_stat: Record<string, number> | null;
  flight_stat_glider: Record<string, number> | null;
  flight_stat_general: Record<string, number> | null;
}

const NO_FLIGHT_STATS: ProfileFlightStats = {
  flight_stat: null,
  flight_stat_glider: null,
  flight_stat_general: null,
};

const STAT_TOTALS = [
  'flights',
  'minutes',
  'launches',
  'landings',
  'over_3h',
  'pic_minutes',
  'dual_minutes',
  'instructor_minutes',
  'sic_minutes',
  'night_minutes',
  'ifr_minutes',
] as const;

const sumStats = (items: readonly Partial<Record<string, unknown>>[]): Record<string, number> | null => {
  if (items.length === 0) return null;
  const sum: Record<string, number> = Object.fromEntries(STAT_TOTALS.map((field) => [field, 0]));
  for (const item of items)
    for (const field of STAT_TOTALS) {
      const value = item[field];
      if (typeof value === 'number') sum[field] = (sum[field] ?? 0) + value;
    }
  return sum;
};

/**
 * The flight statistics part of the profile: one Query per kind on the person's monthly items
 * (at most 12 each), in parallel, so the profile read stays fast. Person-owned: no organization.
 */
export async function profileFlightStats(
  userId: string,
  today = new Date().toISOString().slice(0, 10),
): Promise<ProfileFlightStats> {
  const from = addMonths(`${today.slice(0, 7)}-01`, -11).slice(0, 7);
  const to = today.slice(0, 7);
  const monthsOf = async (kind: 'glider' | 'general') => {
    const { data } = await db()
      .entities.flightStat.query.byMonth({ user_id: userId })
      .between({ kind, month: from }, { kind, month: to })
      .go({ pages: 'all' });
    return data;
  };
  const [glider, general] = await Promise.all([monthsOf('glider'), monthsOf('general')]);
  return {
    flight_stat: sumStats([...glider, ...general]),
    flight_stat_glider: sumStats(glider),
    flight_stat_general: sumStats(general),
  };
}

/** The profile with its aircraft and statistics parts, as GET /api/profile answers. */
export async function loadProfile(
  store: Pick<IdentityStore, 'planesOf' | 'permitsOf'>,
  actor: Actor,
  stats: (userId: string, today: string) => Promise<ProfileFlightStats> = profileFlightStats,
): Promise<Profile> {
  // "This month" is the organization's (a private pilot's: Budapest's, the product's home).
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: actor.organization?.timezone ?? 'Europe/Budapest',
  }).format(new Date());
  const [aircraft, flightStats] = await Promise.all([
    profileAircraft(store, actor),
    stats(actor.userId, today),
  ]);
  return profileOf(actor, actor.privateProfile, aircraft, flightStats);
}

const trueMap = <K extends string>(keys: Iterable<K>) => {
  const map: Partial<Record<K, boolean>> = {};
  for (const key of keys) map[key] = true;
  return map as Record<K, boolean>;
};

/**
 * The profile held after login (spec §3). Flight statistics, balance and trainings belong to later
 * domains; until a person has such data they are null or empty, never invented.
 */
export function profileOf(
  actor: Actor,
  privateProfile: StoredPrivateProfile | null = null,
  aircraft: ProfileAircraft = NO_AIRCRAFT,
  flightStats: ProfileFlightStats = NO_FLIGHT_STATS,
): Profile {
  const personal = privateProfileFields(privateProfile);
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
  if (input.base_airport) {
    const stored = await store.organization(organizationId);
    Object.assign(
      errors,
      await baseAirportErrors(input.base_airport, stored.base_airport, store.isKnownAirport),
    );
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return ownOrganizationOf(await store.updateOrganization(actor, organizationId, input));
}

const ownOrganizationOf = (org: StoredOrganization): OwnOrganization =>
  organizationRecordOf(org as Parameters<typeof organizationRecordOf>[0]);
