import type { EntityItem } from 'electrodb';
import type { SubscriptionStatus } from '../../contracts/schemas/subscriptions.ts';
import { type ActionRecord, type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { fillPage } from '../platform/db/pages.ts';
import { db } from '../platform/db/service.ts';
import { patchAtVersion } from '../platform/db/writes.ts';
import type { subscription, subscriptionPackage } from './entities.ts';

/**
 * Packages (global, `ref#packages`) and organizations' subscriptions to them; an active
 * subscription's limits are copied onto the organization, in the same TransactWrite.
 */

export type StoredPackage = EntityItem<typeof subscriptionPackage>;
export type StoredSubscription = EntityItem<typeof subscription>;

type PackageFields = Omit<StoredPackage, 'package_id' | 'version' | 'created_at' | 'updated_at'>;

/** The organization's copy of its active subscription's limits; its version moves on with them. */
const organizationLimits = (
  e: Parameters<Parameters<typeof auditedWrite>[2]>[0],
  organizationId: string,
  limits: Pick<
    StoredSubscription,
    'plane_limit' | 'general_limit' | 'glider_limit' | 'package_id' | 'package_name'
  >,
) =>
  e.organization
    .patch({ organization_id: organizationId })
    .set({
      plane_limit: limits.plane_limit,
      general_limit: limits.general_limit,
      glider_limit: limits.glider_limit,
      package_id: limits.package_id,
      package_name: limits.package_name,
    })
    .add({ version: 1 })
    // A package set answers the admin's request (pricing), whichever it was.
    .remove(['package_request'])
    .commit();

export const subscriptionStore = {
  async packages() {
    const { data } = await db().entities.package.query.byId({}).go({ pages: 'all' });
    return data;
  },

  async package(packageId: string) {
    const { data } = await db().entities.package.get({ package_id: packageId }).go();
    return data;
  },

  async createPackage(actor: Auditor, item: PackageFields & { package_id: string }, audit: ActionRecord) {
    await auditedWrite(actor, audit, ({ package: pkg }) => [pkg.create({ ...item, version: 1 }).commit()]);
  },

  async updatePackage(
    actor: Auditor,
    packageId: string,
    set: PackageFields,
    version: number,
    audit: ActionRecord,
  ) {
    await auditedWrite(actor, audit, ({ package: pkg }) => [
      patchAtVersion(pkg.patch({ package_id: packageId }), { set }, version),
    ]);
  },

  /** The organization's subscriptions, newest first (ids sort by creation time). */
  subscriptions(organizationId: string, options: { cursor?: string; limit: number }) {
    const query = db().entities.subscription.query.byOrganization({ organization_id: organizationId });
    return fillPage((cursor, limit) => query.go({ cursor, limit, order: 'desc' }), options);
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
   * an editor holding the old limits gets a 409 instead of writing them back) and the log record.
   */
  async assignPackage(
    actor: Auditor,
    input: {
      organizationId: string;
      subscription: Omit<
        StoredSubscription,
        'organization_id' | 'status' | 'version' | 'created_at' | 'updated_at'
      >;
      replaced: { subscription_id: string; version: number; end_date: string }[];
    },
    audit: ActionRecord,
  ) {
    const { organizationId, subscription: created } = input;
    await auditedWrite(actor, audit, (e) => [
      e.subscription.create({ organization_id: organizationId, ...created, status: 'active' }).commit(),
      ...input.replaced.map((old) =>
        e.subscription
          .patch({ organization_id: organizationId, subscription_id: old.subscription_id })
          .set({ status: 'ended', end_date: old.end_date, version: old.version + 1 })
          .where(({ version, status }, { eq }) => `${eq(version, old.version)} AND ${eq(status, 'active')}`)
          .commit(),
      ),
      organizationLimits(e, organizationId, created),
    ]);
  },

  /** A subscription's new dates, status and limits on its `version`; an active one sets the organization's limits. */
  async updateSubscription(
    actor: Auditor,
    current: StoredSubscription,
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
    const key = { organization_id: current.organization_id, subscription_id: current.subscription_id };
    await auditedWrite(actor, audit, (e) => [
      patchAtVersion(
        e.subscription.patch(key),
        { set: { ...rest, ...(end_date ? { end_date } : {}) }, remove: end_date ? [] : ['end_date'] },
        version,
      ),
      ...(changes.status === 'active'
        ? [organizationLimits(e, current.organization_id, { ...current, ...changes })]
        : []),
    ]);
  },
};

export type SubscriptionStore = typeof subscriptionStore;
