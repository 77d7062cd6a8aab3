import { randomUUID } from 'node:crypto';
import type { Lang } from '../../contracts/langs.ts';
import type { GuardRole, Permission, RoleLabel } from '../../contracts/permissions.ts';
import { PERMISSIONS } from '../../contracts/permissions.ts';
import type {
  ActionOutput,
  AssignPackageInput,
  CreateOrganizationInput,
  ListActionsQuery,
  ListOrganizationsQuery,
  OrganizationRecord,
  PackageInput,
  PackageOutput,
  SubscriptionOutput,
  TypeListId,
  TypeListOutput,
  UpdateOrganizationInput,
  UpdatePackageInput,
  UpdateSubscriptionInput,
  UpdateTypeListInput,
} from '../../contracts/schemas/organizations.ts';
import { isTypeListId, MANAGED_FIELDS } from '../../contracts/schemas/organizations.ts';
import { type Actor, displayName } from '../platform/auth/actor.ts';
import { missingPermissions, notFound, validationFailed } from '../platform/http/errors.ts';
import {
  baseAirportErrors,
  changedFields,
  organizationRecordOf,
  recordPatch,
  type StoredOrganization,
} from './organization-record.ts';
import { found, type OrganizationStore, type RoleToCreate, timeOrderedId } from './organization-store.ts';

/**
 * Rules of the organizations administration: organizations, packages and subscriptions, type lists
 * and the activity log. Takes its store as an argument (STYLE §2); no HTTP, no SDK.
 */

// Default roles ------------------------------------------------------------------------------

export interface DefaultRole {
  role_id: string;
  /** A new organization's roles are named in its creator's language; the club renames them at will. */
  role_name: Record<Lang, string>;
  guard_role?: GuardRole;
  label?: RoleLabel;
  permissions: readonly Permission[];
}

const pilotBasics: Permission[] = [
  'plane-list',
  'daily-flight-list',
  'reservation-list',
  'operating-day-list',
  'message-list',
  'quiz-list',
  'profile-edit',
  'work-management-list',
];

/**
 * The role set every organization starts with (and the demo seed uses): realistic permission sets
 * per role; admins change them in the roles screen. The admin role holds every permission.
 */
export const DEFAULT_ROLES: readonly DefaultRole[] = [
  {
    role_id: 'admin',
    role_name: {
      hu: 'Adminisztrátor',
      en: 'Administrator',
      de: 'Administrator',
      sk: 'Administrátor',
      cs: 'Administrátor',
      pl: 'Administrator',
      fr: 'Administrateur',
      it: 'Amministratore',
    },
    guard_role: 'admin',
    permissions: PERMISSIONS,
  },
  {
    role_id: 'organization_operator',
    role_name: {
      hu: 'Egyesületi ügyintéző',
      en: 'Club secretary',
      de: 'Vereinsverwaltung',
      sk: 'Správa klubu',
      cs: 'Správa klubu',
      pl: 'Sekretarz klubu',
      fr: 'Secrétariat du club',
      it: 'Segreteria del club',
    },
    guard_role: 'organization_operator',
    permissions: [
      ...pilotBasics,
      'user-list',
      'user-edit',
      'organization-edit',
      'membership-list',
      'membership-edit',
      'role-list',
      'report-list',
      'message-edit',
    ],
  },
  {
    role_id: 'instructor',
    role_name: {
      hu: 'Oktató',
      en: 'Instructor',
      de: 'Fluglehrer',
      sk: 'Inštruktor',
      cs: 'Instruktor',
      pl: 'Instruktor',
      fr: 'Instructeur',
      it: 'Istruttore',
    },
    guard_role: 'instructor',
    label: 'head_of_training',
    permissions: [
      ...pilotBasics,
      'user-list',
      'ods-edit',
      'logbook-edit',
      'training-administration',
      'training-edit-instructor',
      'quiz-edit',
      'daily-flight-edit',
    ],
  },
  {
    role_id: 'financial_operator',
    role_name: {
      hu: 'Pénzügyes',
      en: 'Treasurer',
      de: 'Kassier',
      sk: 'Pokladník',
      cs: 'Pokladník',
      pl: 'Skarbnik',
      fr: 'Trésorier',
      it: 'Tesoriere',
    },
    guard_role: 'financial_operator',
    permissions: [
      ...pilotBasics,
      'user-list',
      'transaction-list',
      'transaction-edit',
      'balance-list',
      'membership-list',
      'membership-edit',
      'report-list',
    ],
  },
  {
    role_id: 'technical_operator',
    role_name: {
      hu: 'Műszaki vezető',
      en: 'Technical manager',
      de: 'Technischer Leiter',
      sk: 'Technický vedúci',
      cs: 'Technický vedoucí',
      pl: 'Kierownik techniczny',
      fr: 'Responsable technique',
      it: 'Responsabile tecnico',
    },
    guard_role: 'technical_operator',
    label: 'maintenance_operator',
    permissions: [
      ...pilotBasics,
      'plane-edit',
      'plane-create',
      'plane-delete',
      'component-list',
      'component-edit',
    ],
  },
  {
    role_id: 'timer_operator',
    role_name: {
      hu: 'Időmérő',
      en: 'Timekeeper',
      de: 'Startleiter',
      sk: 'Časomerač',
      cs: 'Časoměřič',
      pl: 'Chronometrażysta',
      fr: 'Chronométreur',
      it: 'Cronometrista',
    },
    label: 'timer_operator',
    permissions: [...pilotBasics, 'daily-flight-edit', 'ods-edit', 'winch-management'],
  },
  {
    role_id: 'student',
    role_name: {
      hu: 'Növendék',
      en: 'Student pilot',
      de: 'Flugschüler',
      sk: 'Žiak pilot',
      cs: 'Žák pilot',
      pl: 'Uczeń pilot',
      fr: 'Élève pilote',
      it: 'Allievo pilota',
    },
    label: 'student',
    permissions: [...pilotBasics, 'training-edit-student'],
  },
  {
    role_id: 'pilot',
    role_name: {
      hu: 'Pilóta',
      en: 'Pilot',
      de: 'Pilot',
      sk: 'Pilot',
      cs: 'Pilot',
      pl: 'Pilot',
      fr: 'Pilote',
      it: 'Pilota',
    },
    label: 'pilot',
    permissions: pilotBasics,
  },
];

/** The default roles as items of one organization, named in `lang`. */
export const defaultRolesIn = (lang: Lang): RoleToCreate[] =>
  DEFAULT_ROLES.map(({ role_name, permissions, ...role }) => ({
    ...role,
    role_name: role_name[lang],
    permissions: [...permissions],
  }));

// Organizations ------------------------------------------------------------------------------

const DEFAULT_PAGE = 25;
const MAX_PAGE = 100;
const pageSize = (limit: number | undefined) => Math.min(Math.max(limit ?? DEFAULT_PAGE, 1), MAX_PAGE);

/** A malformed or foreign paging cursor is the caller's mistake, not a server error. */
const cursorError = (error: unknown) =>
  error instanceof Error && /cursor|ExclusiveStartKey|start key/i.test(error.message)
    ? validationFailed({ cursor: ['invalid_value'] })
    : error;

export async function listOrganizations(store: OrganizationStore, query: ListOrganizationsQuery) {
  try {
    const { items, cursor } = await store.organizations({
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
      })),
      cursor,
    };
  } catch (error) {
    throw cursorError(error);
  }
}

/**
 * Which organization a caller with organization-edit may open: a supervisor any, everyone else only
 * their own — another id answers 404 as if it did not exist (tenancy, DESIGN §4).
 */
export const mayOpenOrganization = (
  actor: Pick<Actor, 'isSupervisor' | 'organizationId'>,
  organizationId: string,
) => actor.isSupervisor || actor.organizationId === organizationId;

async function openOrganization(store: OrganizationStore, actor: Actor, organizationId: string) {
  if (!mayOpenOrganization(actor, organizationId)) throw notFound();
  return found(await store.organization(organizationId));
}

export async function getOrganization(
  store: OrganizationStore,
  actor: Actor,
  organizationId: string,
): Promise<OrganizationRecord> {
  return organizationRecordOf((await openOrganization(store, actor, organizationId)) as StoredOrganization);
}

/** Field errors for members named in the record who are not active members of the organization. */
async function memberErrors(
  store: OrganizationStore,
  organizationId: string,
  input: { contact_id?: string | null; operating_day_editor?: string | null },
) {
  const errors: Record<string, string[]> = {};
  for (const field of ['contact_id', 'operating_day_editor'] as const) {
    const userId = input[field];
    if (userId && !(await store.isActiveMember(organizationId, userId))) errors[field] = ['invalid_value'];
  }
  return errors;
}

/** Creating an organization is a supervisor's act (spec §2 organization/new, DESIGN §5). */
export async function createOrganization(
  store: OrganizationStore,
  actor: Actor,
  input: CreateOrganizationInput,
): Promise<OrganizationRecord> {
  if (!actor.isSupervisor) throw missingPermissions();
  // A new organization has no members yet but its creator: nobody else can be its contact.
  const named = { contact_id: input.contact_id, operating_day_editor: input.operating_day_editor };
  const errors: Record<string, string[]> = await baseAirportErrors(
    input.base_airport,
    undefined,
    store.isKnownAirport,
  );
  for (const [field, userId] of Object.entries(named))
    if (userId && userId !== actor.userId) errors[field] = ['invalid_value'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  const organizationId = `org-${randomUUID()}`;
  const { set } = recordPatch(input as Record<string, unknown>);
  await store.createOrganization(
    actor,
    { ...set, organization_id: organizationId, version: 1 },
    defaultRolesIn(actor.lang),
    'admin',
  );
  return organizationRecordOf(found(await store.organization(organizationId)) as StoredOrganization);
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

export async function updateOrganization(
  store: OrganizationStore,
  actor: Actor,
  organizationId: string,
  input: UpdateOrganizationInput,
): Promise<OrganizationRecord> {
  const stored = await openOrganization(store, actor, organizationId);
  const errors = {
    ...(actor.isSupervisor ? {} : readOnlyErrors(stored, input)),
    ...(await memberErrors(store, organizationId, input)),
    ...(await baseAirportErrors(input.base_airport, stored.base_airport, store.isKnownAirport)),
  };
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const patch = recordPatch(input as Record<string, unknown>);
  await store.updateOrganization(actor, organizationId, patch, input.version, {
    action: 'organization.update',
    target_type: 'organization',
    target_id: organizationId,
    organization_id: organizationId,
    details: { fields: changedFields(stored as StoredOrganization, patch) },
  });
  return organizationRecordOf(found(await store.organization(organizationId)) as StoredOrganization);
}

export async function memberOptions(store: OrganizationStore, actor: Actor, organizationId: string) {
  await openOrganization(store, actor, organizationId);
  const people = await store.memberOptions(organizationId);
  return {
    items: people
      .map((p) => ({ user_id: p.user_id, user_name: displayName(p.first_name, p.last_name, actor.lang) }))
      .sort((a, b) => a.user_name.localeCompare(b.user_name, actor.lang)),
  };
}

// Packages -----------------------------------------------------------------------------------

type StoredPackage = NonNullable<Awaited<ReturnType<OrganizationStore['package']>>>;

const packageOf = (p: StoredPackage): PackageOutput => ({
  package_id: p.package_id,
  name: p.name,
  plane_limit: p.plane_limit,
  general_limit: p.general_limit,
  glider_limit: p.glider_limit,
  monthly_price: p.monthly_price,
  currency_id: p.currency_id,
  active: p.active,
  version: p.version,
});

/** Packages are global: their log entries go to the supervisor's own log, not a club's. */
const GLOBAL_LOG = 'global';

export async function listPackages(store: OrganizationStore) {
  const items = await store.packages();
  return {
    items: items.map(packageOf).sort((a, b) => a.plane_limit - b.plane_limit || a.name.localeCompare(b.name)),
  };
}

export async function createPackage(store: OrganizationStore, actor: Actor, input: PackageInput) {
  const packageId = `pkg-${randomUUID()}`;
  await store.createPackage(
    actor,
    { package_id: packageId, ...input, version: 1 },
    { action: 'package.create', target_type: 'package', target_id: packageId, organization_id: GLOBAL_LOG },
  );
  return packageOf(found(await store.package(packageId)));
}

export async function updatePackage(
  store: OrganizationStore,
  actor: Actor,
  packageId: string,
  input: UpdatePackageInput,
) {
  found(await store.package(packageId));
  const { version, ...set } = input;
  await store.updatePackage(actor, packageId, set, version, {
    action: 'package.update',
    target_type: 'package',
    target_id: packageId,
    organization_id: GLOBAL_LOG,
  });
  return packageOf(found(await store.package(packageId)));
}

// Subscriptions ------------------------------------------------------------------------------

/** yyyy-mm-dd one day earlier (calendar dates, no time zone involved). */
export const dayBefore = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
};

/**
 * A new subscription replaces the active ones: each ends the day before the new one starts. One
 * that started on or after that day cannot be ended before it began: the start date is refused.
 */
export function replacementPlan(
  startDate: string,
  active: readonly {
    subscription_id: string;
    start_date: string;
    end_date?: string | null;
    version: number;
  }[],
): {
  errors: Record<string, string[]>;
  replaced: { subscription_id: string; version: number; end_date: string }[];
} {
  const endDate = dayBefore(startDate);
  if (active.some((s) => s.start_date > endDate))
    return { errors: { start_date: ['too_small'] }, replaced: [] };
  return {
    errors: {},
    replaced: active.map((s) => ({
      subscription_id: s.subscription_id,
      version: s.version,
      end_date: s.end_date && s.end_date < endDate ? s.end_date : endDate,
    })),
  };
}

type StoredSubscription = NonNullable<Awaited<ReturnType<OrganizationStore['subscription']>>>;

const subscriptionOf = (s: StoredSubscription, organizationName: string): SubscriptionOutput => ({
  subscription_id: s.subscription_id,
  organization_id: s.organization_id,
  organization_name: organizationName,
  package_id: s.package_id,
  package_name: s.package_name,
  start_date: s.start_date,
  end_date: s.end_date ?? null,
  status: s.status,
  plane_limit: s.plane_limit,
  general_limit: s.general_limit,
  glider_limit: s.glider_limit,
  version: s.version,
});

export async function listSubscriptions(
  store: OrganizationStore,
  organizationId: string,
  query: { cursor?: string; limit?: number },
) {
  const org = found(await store.organization(organizationId));
  try {
    const { items, cursor } = await store.subscriptions(organizationId, {
      cursor: query.cursor,
      limit: pageSize(query.limit),
    });
    return {
      organization: {
        organization_id: org.organization_id,
        organization_name: org.organization_name,
        short_name: org.short_name,
        plane_limit: org.plane_limit ?? 0,
        general_limit: org.general_limit ?? 0,
        glider_limit: org.glider_limit ?? 0,
        package_id: org.package_id ?? null,
        package_name: org.package_name ?? null,
      },
      items: items.map((s) => subscriptionOf(s, org.organization_name)),
      cursor,
    };
  } catch (error) {
    throw cursorError(error);
  }
}

export async function assignPackage(
  store: OrganizationStore,
  actor: Actor,
  organizationId: string,
  input: AssignPackageInput,
) {
  found(await store.organization(organizationId));
  const pkg = await store.package(input.package_id);
  if (!pkg?.active) throw validationFailed({ package_id: ['invalid_value'] });
  const plan = replacementPlan(input.start_date, await store.activeSubscriptions(organizationId));
  if (Object.keys(plan.errors).length > 0) throw validationFailed(plan.errors);
  const subscriptionId = timeOrderedId();
  await store.assignPackage(
    actor,
    {
      organizationId,
      subscription: {
        subscription_id: subscriptionId,
        package_id: pkg.package_id,
        package_name: pkg.name,
        start_date: input.start_date,
        ...(input.end_date ? { end_date: input.end_date } : {}),
        plane_limit: pkg.plane_limit,
        general_limit: pkg.general_limit,
        glider_limit: pkg.glider_limit,
      },
      replaced: plan.replaced,
    },
    {
      action: 'subscription.assign',
      target_type: 'subscription',
      target_id: subscriptionId,
      organization_id: organizationId,
      details: { package_id: pkg.package_id, ended: plan.replaced.map((s) => s.subscription_id) },
    },
  );
  return getSubscription(store, subscriptionId);
}

export async function getSubscription(store: OrganizationStore, subscriptionId: string) {
  const subscription = found(await store.subscription(subscriptionId));
  const org = await store.organization(subscription.organization_id);
  return subscriptionOf(subscription, org?.organization_name ?? '');
}

export async function updateSubscription(
  store: OrganizationStore,
  actor: Actor,
  subscriptionId: string,
  input: UpdateSubscriptionInput,
) {
  const current = found(await store.subscription(subscriptionId));
  if (input.status === 'active') {
    // One active subscription at a time: its limits are the organization's.
    const others = (await store.activeSubscriptions(current.organization_id)).filter(
      (s) => s.subscription_id !== subscriptionId,
    );
    if (others.length > 0) throw validationFailed({ status: ['invalid_value'] });
  }
  const { version, ...changes } = input;
  await store.updateSubscription(
    actor,
    current,
    { ...changes, end_date: changes.end_date ?? null },
    version,
    {
      action: 'subscription.update',
      target_type: 'subscription',
      target_id: subscriptionId,
      organization_id: current.organization_id,
      details: { status: input.status },
    },
  );
  return getSubscription(store, subscriptionId);
}

// Type lists ---------------------------------------------------------------------------------

const TYPE_LIST_ORDER: readonly TypeListId[] = [
  'planeTypes',
  'documentTypes',
  'certificateTypes',
  'airportCountries',
  'workTypes',
];

export async function listTypeLists(store: OrganizationStore) {
  const stored = new Map((await store.typeLists()).map((list) => [list.list_id, list]));
  return {
    items: TYPE_LIST_ORDER.map((listId) => {
      const list = stored.get(listId);
      return {
        list_id: listId,
        item_count: list?.items.length ?? 0,
        active_count: list?.items.filter((item) => item.active).length ?? 0,
        updated_at: list?.updated_at ?? null,
      };
    }),
  };
}

const knownList = (listId: string): TypeListId => {
  if (!isTypeListId(listId)) throw notFound();
  return listId;
};

/** Names without the empty ones (a language left blank falls back to English in the browser). */
const cleanNames = (names: Partial<Record<Lang, string | null | undefined>>) =>
  Object.fromEntries(
    Object.entries(names).filter(([, name]) => typeof name === 'string' && name !== ''),
  ) as Partial<Record<Lang, string>>;

export async function getTypeList(store: OrganizationStore, listId: string): Promise<TypeListOutput> {
  const id = knownList(listId);
  const list = await store.typeList(id);
  return {
    list_id: id,
    items: [...(list?.items ?? [])]
      .sort((a, b) => a.sort_order - b.sort_order || a.code.localeCompare(b.code))
      .map((item) => ({
        code: item.code,
        names: cleanNames(item.names),
        active: item.active,
        sort_order: item.sort_order,
      })),
    version: list?.version ?? 0,
  };
}

export async function updateTypeList(
  store: OrganizationStore,
  actor: Actor,
  listId: string,
  input: UpdateTypeListInput,
): Promise<TypeListOutput> {
  const id = knownList(listId);
  const items = input.items.map((item) => ({
    code: item.code,
    names: cleanNames(item.names),
    active: item.active,
    sort_order: item.sort_order,
  }));
  await store.saveTypeList(actor, id, items, input.version, {
    action: 'type_list.update',
    target_type: 'type_list',
    target_id: id,
    organization_id: GLOBAL_LOG,
    details: { items: items.length },
  });
  return getTypeList(store, id);
}

// Activity log -------------------------------------------------------------------------------

/** Offset of `timeZone` from UTC at an instant, in milliseconds (Europe/Budapest in summer: +2 h). */
const offsetAt = (instant: number, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
};

/** The instant a calendar day starts in a time zone, as an ISO string (`2026-03-29`, Budapest → `…T23:00:00.000Z` the day before). */
export const dayStartIn = (date: string, timeZone: string) => {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  let instant = midnightUtc - offsetAt(midnightUtc, timeZone);
  // Across a DST change the offset at the guess may differ from the one at the result.
  instant = midnightUtc - offsetAt(instant, timeZone);
  return new Date(instant).toISOString();
};

const dayAfter = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
};

export async function listActions(store: OrganizationStore, actor: Actor, query: ListActionsQuery) {
  const organizationId = actor.organizationId;
  if (!organizationId || !actor.organization) throw notFound();
  const timeZone = actor.organization.timezone;
  try {
    const { items, cursor } = await store.actions(organizationId, {
      cursor: query.cursor,
      limit: pageSize(query.limit),
      action: query.action,
      // The dates are the organization's calendar days: from the start of `from` to the end of `to`.
      from: query.from ? dayStartIn(query.from, timeZone) : undefined,
      to: query.to ? dayStartIn(dayAfter(query.to), timeZone) : undefined,
    });
    // Who declined an invitation never joined: the organization knows their e-mail, not their name.
    const named = (a: (typeof items)[number]) => a.action !== 'member.invite_decline';
    const ids = [
      ...new Set(
        items.flatMap((a) => [
          ...(named(a) ? [a.user_id] : []),
          ...(a.acting_supervisor_id ? [a.acting_supervisor_id] : []),
        ]),
      ),
    ];
    const names = new Map(
      (await store.people(ids)).map((p) => [p.user_id, displayName(p.first_name, p.last_name, actor.lang)]),
    );
    return {
      items: items.map(
        (a): ActionOutput => ({
          action_id: a.action_id,
          at: a.at,
          action: a.action,
          user_id: a.user_id,
          user_name: (named(a) && names.get(a.user_id)) || '—',
          acting_supervisor_id: a.acting_supervisor_id ?? null,
          acting_supervisor_name: a.acting_supervisor_id ? (names.get(a.acting_supervisor_id) ?? '—') : null,
          target_type: a.target_type,
          target_id: a.target_id,
          details: (a.details as Record<string, unknown> | undefined) ?? null,
        }),
      ),
      cursor,
      timezone: timeZone,
    };
  } catch (error) {
    throw cursorError(error);
  }
}
