import type { Lang } from '../../contracts/langs.ts';
import type { GuardRole, Permission, RoleLabel } from '../../contracts/permissions.ts';
import type { SubscriptionStatus } from '../../contracts/schemas/organizations.ts';
import { isKnownAirport } from '../identity/datasource-airports.ts';
import { type ActionRecord, actionItem } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { db } from '../platform/db/service.ts';
import { committed } from '../platform/db/writes.ts';
import { notFound } from '../platform/http/errors.ts';
import { nameSortKey } from './entities.ts';

export interface TypeListEntry {
  code: string;
  names: Partial<Record<Lang, string>>;
  active: boolean;
}

/**
 * The entries of one global lookup list (`planeTypes`, `documentTypes`, `certificateTypes`,
 * `airportCountries`, `workTypes`) in their sort order; an unknown list is empty. Datasources read
 * lists through this.
 */
export async function typeListItems(listId: string): Promise<TypeListEntry[]> {
  const { data } = await db().entities.typeList.get({ list_id: listId }).go();
  if (!data) return [];
  return [...data.items]
    .sort((a, b) => a.sort_order - b.sort_order || a.code.localeCompare(b.code))
    .map(({ code, names, active }) => ({ code, names: { ...names }, active }));
}

type AuditActor = Pick<Actor, 'userId' | 'organizationId' | 'actingSupervisorId'>;

export { timeOrderedId } from '../platform/db/ids.ts';

export interface RoleToCreate {
  role_id: string;
  role_name: string;
  guard_role?: GuardRole;
  label?: RoleLabel;
  permissions: Permission[];
}

const page = <T>(data: T[], cursor: string | null) => ({ items: data, cursor: cursor ?? null });

/** A filtered Query page may come back short or empty with more to read; rounds of reading at most. */
const MAX_ROUNDS = 20;

/**
 * With a filter, DynamoDB counts `Limit` before filtering, so one Query can return too few items (or
 * none) and a cursor. Keep reading from the cursor until the page is full or the keys run out, each
 * round asking only for what is missing, so the cursor never skips an item.
 */
async function fullPage<T>(
  read: (cursor: string | undefined, limit: number) => Promise<{ data: T[]; cursor: string | null }>,
  options: { cursor?: string; limit: number },
) {
  const items: T[] = [];
  let cursor: string | null = options.cursor ?? null;
  let rounds = 0;
  do {
    const result = await read(cursor ?? undefined, options.limit - items.length);
    items.push(...result.data);
    cursor = result.cursor;
    rounds += 1;
  } while (items.length < options.limit && cursor && rounds < MAX_ROUNDS);
  return page(items, cursor);
}

/** The organizations domain's administrative reads and writes; the service holds the rules. */
export const organizationStore = {
  // Organizations ------------------------------------------------------------------------------

  async organization(organizationId: string) {
    const { data } = await db().entities.organization.get({ organization_id: organizationId }).go();
    return data;
  },

  /** A base airport must be a reference airport (the airports datasource). */
  isKnownAirport,

  /** One page of every organization by name (gsi1 `organizations`), optionally narrowed by text. */
  async organizations(options: { cursor?: string; limit: number; filter?: string; order: 'asc' | 'desc' }) {
    const query = db().entities.organization.query.byName({});
    const folded = options.filter ? nameSortKey(options.filter) : '';
    const upper = options.filter?.trim().toUpperCase() ?? '';
    const filtered = folded
      ? query.where(
          ({ name_key, short_name, base_airport }, { contains }) =>
            `${contains(name_key, folded)} OR ${contains(short_name, upper)} OR ${contains(base_airport, upper)}`,
        )
      : query;
    return fullPage((cursor, limit) => filtered.go({ cursor, limit, order: options.order }), options);
  },

  /**
   * A new organization with its default roles, the creating supervisor as its admin and the
   * activity-log entry, in one TransactWrite: never an organization nobody can administer.
   */
  async createOrganization(
    actor: AuditActor,
    item: Record<string, unknown> & { organization_id: string },
    roles: RoleToCreate[],
    adminRoleId: string,
  ) {
    const organizationId = item.organization_id;
    const result = await db()
      .transaction.write(({ organization, role, membership, action }) => [
        organization.create(item as never).commit(),
        ...roles.map((r) => role.create({ organization_id: organizationId, ...r }).commit()),
        membership
          .create({ user_id: actor.userId, organization_id: organizationId, role_ids: [adminRoleId] })
          .commit(),
        action
          .put(
            actionItem(actor, {
              action: 'organization.create',
              target_type: 'organization',
              target_id: organizationId,
              organization_id: organizationId,
              details: { roles: roles.map((r) => r.role_id) },
            }),
          )
          .commit(),
      ])
      .go();
    committed(result);
  },

  /** The record's UpdateItem on the caller's `version` (else 409) and its log entry, together. */
  async updateOrganization(
    actor: AuditActor,
    organizationId: string,
    patch: { set: Record<string, unknown>; remove: string[] },
    version: number,
    audit: ActionRecord,
  ) {
    const result = await db()
      .transaction.write(({ organization, action }) => {
        const update = organization
          .patch({ organization_id: organizationId })
          .set({ ...(patch.set as Record<string, never>), version: version + 1 });
        return [
          (patch.remove.length ? update.remove(patch.remove as never[]) : update)
            .where(({ version: current }, { eq }) => eq(current, version))
            .commit(),
          action.put(actionItem(actor, audit)).commit(),
        ];
      })
      .go();
    committed(result);
  },

  /** Active members of an organization with their names (for the contact and operating-day editor). */
  async memberOptions(organizationId: string) {
    const { data: members } = await db()
      .entities.membership.query.byOrganization({ organization_id: organizationId })
      .go({ pages: 'all' });
    const active = members.filter((m) => m.status === 'active');
    if (active.length === 0) return [];
    const { data: people } = await db()
      .entities.person.get(active.map((m) => ({ user_id: m.user_id })))
      .go();
    return people;
  },

  async isActiveMember(organizationId: string, userId: string) {
    const { data } = await db()
      .entities.membership.get({ user_id: userId, organization_id: organizationId })
      .go();
    return data?.status === 'active';
  },

  // Packages -----------------------------------------------------------------------------------

  async packages() {
    const { data } = await db().entities.package.query.byId({}).go({ pages: 'all' });
    return data;
  },

  async package(packageId: string) {
    const { data } = await db().entities.package.get({ package_id: packageId }).go();
    return data;
  },

  async createPackage(
    actor: AuditActor,
    item: Parameters<ReturnType<typeof db>['entities']['package']['create']>[0],
    audit: ActionRecord,
  ) {
    const result = await db()
      .transaction.write(({ package: pkg, action }) => [
        pkg.create(item).commit(),
        action.put(actionItem(actor, audit)).commit(),
      ])
      .go();
    committed(result);
  },

  async updatePackage(
    actor: AuditActor,
    packageId: string,
    set: Record<string, unknown>,
    version: number,
    audit: ActionRecord,
  ) {
    const result = await db()
      .transaction.write(({ package: pkg, action }) => [
        pkg
          .patch({ package_id: packageId })
          .set({ ...(set as Record<string, never>), version: version + 1 })
          .where(({ version: current }, { eq }) => eq(current, version))
          .commit(),
        action.put(actionItem(actor, audit)).commit(),
      ])
      .go();
    committed(result);
  },

  // Subscriptions ------------------------------------------------------------------------------

  /** The organization's subscriptions, newest first (ids sort by creation time). */
  async subscriptions(organizationId: string, options: { cursor?: string; limit: number }) {
    const { data, cursor } = await db()
      .entities.subscription.query.byOrganization({ organization_id: organizationId })
      .go({ cursor: options.cursor, limit: options.limit, order: 'desc' });
    return page(data, cursor);
  },

  async activeSubscriptions(organizationId: string) {
    const { data } = await db()
      .entities.subscription.query.byOrganization({ organization_id: organizationId })
      .where(({ status }, { eq }) => eq(status, 'active'))
      .go({ pages: 'all' });
    return data;
  },

  async subscription(subscriptionId: string) {
    const { data } = await db()
      .entities.subscription.query.byId({ subscription_id: subscriptionId })
      .go({ limit: 1 });
    return data[0] ?? null;
  },

  /**
   * "Assign package", in one TransactWrite: the new subscription, the end of the ones it replaces
   * (each still active, else 409), the organization's limits and package (its version moves on, so
   * an editor holding the old limits gets a 409 instead of writing them back) and the log entry.
   */
  async assignPackage(
    actor: AuditActor,
    input: {
      organizationId: string;
      subscription: {
        subscription_id: string;
        package_id: string;
        package_name: string;
        start_date: string;
        end_date?: string;
        plane_limit: number;
        general_limit: number;
        glider_limit: number;
      };
      replaced: { subscription_id: string; version: number; end_date: string }[];
    },
    audit: ActionRecord,
  ) {
    const { organizationId, subscription: created } = input;
    const result = await db()
      .transaction.write(({ subscription, organization, action }) => [
        subscription.create({ organization_id: organizationId, ...created, status: 'active' }).commit(),
        ...input.replaced.map((old) =>
          subscription
            .patch({ organization_id: organizationId, subscription_id: old.subscription_id })
            .set({ status: 'ended', end_date: old.end_date, version: old.version + 1 })
            .where(({ version, status }, { eq }) => `${eq(version, old.version)} AND ${eq(status, 'active')}`)
            .commit(),
        ),
        organization
          .patch({ organization_id: organizationId })
          .set({
            plane_limit: created.plane_limit,
            general_limit: created.general_limit,
            glider_limit: created.glider_limit,
            package_id: created.package_id,
            package_name: created.package_name,
          })
          .add({ version: 1 })
          .commit(),
        action.put(actionItem(actor, audit)).commit(),
      ])
      .go();
    committed(result);
  },

  /** A subscription's new dates, status and limits on its `version`; an active one sets the organization's limits. */
  async updateSubscription(
    actor: AuditActor,
    current: { organization_id: string; subscription_id: string; package_id: string; package_name: string },
    changes: {
      start_date: string;
      end_date: string | null;
      status: SubscriptionStatus;
      plane_limit: number;
      general_limit: number;
      glider_limit: number;
    },
    version: number,
    audit: ActionRecord,
  ) {
    const { end_date, ...rest } = changes;
    const result = await db()
      .transaction.write(({ subscription, organization, action }) => {
        const update = subscription
          .patch({ organization_id: current.organization_id, subscription_id: current.subscription_id })
          .set({ ...rest, ...(end_date ? { end_date } : {}), version: version + 1 });
        const writes = [
          (end_date ? update : update.remove(['end_date']))
            .where(({ version: stored }, { eq }) => eq(stored, version))
            .commit(),
          action.put(actionItem(actor, audit)).commit(),
        ];
        if (changes.status === 'active')
          writes.push(
            organization
              .patch({ organization_id: current.organization_id })
              .set({
                plane_limit: changes.plane_limit,
                general_limit: changes.general_limit,
                glider_limit: changes.glider_limit,
                package_id: current.package_id,
                package_name: current.package_name,
              })
              .add({ version: 1 })
              .commit(),
          );
        return writes;
      })
      .go();
    committed(result);
  },

  // Type lists ---------------------------------------------------------------------------------

  async typeLists() {
    const { data } = await db().entities.typeList.query.byId({}).go({ pages: 'all' });
    return data;
  },

  async typeList(listId: string) {
    const { data } = await db().entities.typeList.get({ list_id: listId }).go();
    return data;
  },

  /** A whole list on its `version` (0: the list is new and must not exist yet), with its log entry. */
  async saveTypeList(
    actor: AuditActor,
    listId: string,
    items: {
      code: string;
      names: Partial<Record<Lang, string>>;
      active: boolean;
      sort_order: number;
    }[],
    version: number,
    audit: ActionRecord,
  ) {
    const result = await db()
      .transaction.write(({ typeList, action }) => [
        version === 0
          ? typeList.create({ list_id: listId, items, version: 1 }).commit()
          : typeList
              .patch({ list_id: listId })
              .set({ items, version: version + 1 })
              .where(({ version: current }, { eq }) => eq(current, version))
              .commit(),
        action.put(actionItem(actor, audit)).commit(),
      ])
      .go();
    committed(result);
  },

  // Activity log -------------------------------------------------------------------------------

  /** One page of the organization's log, newest first, between two instants, of one action kind. */
  async actions(
    organizationId: string,
    options: { cursor?: string; limit: number; action?: string; from?: string; to?: string },
  ) {
    const key = db().entities.action.query.byOrganization({ organization_id: organizationId });
    const ranged =
      options.from && options.to
        ? key.between({ at: options.from }, { at: options.to })
        : options.from
          ? key.gte({ at: options.from })
          : options.to
            ? key.lt({ at: options.to })
            : key;
    const kind = options.action;
    const filtered = kind ? ranged.where(({ action }, { eq }) => eq(action, kind)) : ranged;
    return fullPage((cursor, limit) => filtered.go({ cursor, limit, order: 'desc' }), options);
  },

  /** People by id in one BatchGetItem (the log's "who"). */
  async people(userIds: string[]) {
    if (userIds.length === 0) return [];
    const { data } = await db()
      .entities.person.get(userIds.map((user_id) => ({ user_id })))
      .go();
    return data;
  },
};

export type OrganizationStore = typeof organizationStore;

/** Throws 404 when a lookup found nothing (the service's shorthand). */
export const found = <T>(value: T | null | undefined): T => {
  if (value === null || value === undefined) throw notFound();
  return value;
};
