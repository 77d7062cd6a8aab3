import { randomUUID } from 'node:crypto';
import { addDays } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import type {
  AssignPackageInput,
  PackageInput,
  PackageOutput,
  SubscriptionOutput,
  UpdatePackageInput,
  UpdateSubscriptionInput,
} from '../../contracts/schemas/subscriptions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { found, validationFailed } from '../platform/http/errors.ts';
import type { OrganizationsDeps } from './deps.ts';
import { pageSize } from './organization-service.ts';
import type { StoredPackage, StoredSubscription } from './subscription-store.ts';

/**
 * Packages (supervisor: what a subscription gives) and organizations' subscriptions (spec §2
 * organization/{id}/subscriptions, subscription/edit/{id}; spec §9 limits): one active subscription
 * at a time, whose limits are the organization's.
 */

/** Packages are global: their log records go to the supervisor's own log, not a club's. */
export const GLOBAL_LOG = 'global';

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

export async function listPackages(deps: OrganizationsDeps) {
  const items = await deps.subscriptions.packages();
  return {
    items: items.map(packageOf).sort((a, b) => a.plane_limit - b.plane_limit || a.name.localeCompare(b.name)),
  };
}

export async function createPackage(deps: OrganizationsDeps, actor: Actor, input: PackageInput) {
  const packageId = `pkg-${randomUUID()}`;
  await deps.subscriptions.createPackage(
    actor,
    { package_id: packageId, ...input },
    { action: 'package.create', target_type: 'package', target_id: packageId, organization_id: GLOBAL_LOG },
  );
  return packageOf(found(await deps.subscriptions.package(packageId)));
}

export async function updatePackage(
  deps: OrganizationsDeps,
  actor: Actor,
  packageId: string,
  input: UpdatePackageInput,
) {
  found(await deps.subscriptions.package(packageId));
  const { version, ...set } = input;
  await deps.subscriptions.updatePackage(actor, packageId, set, version, {
    action: 'package.update',
    target_type: 'package',
    target_id: packageId,
    organization_id: GLOBAL_LOG,
  });
  return packageOf(found(await deps.subscriptions.package(packageId)));
}

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
  const endDate = addDays(startDate, -1);
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
  deps: OrganizationsDeps,
  organizationId: string,
  query: { cursor?: string; limit?: number },
) {
  const org = found(await deps.organizations.organization(organizationId));
  const { items, cursor } = await deps.subscriptions.subscriptions(organizationId, {
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
}

export async function assignPackage(
  deps: OrganizationsDeps,
  actor: Actor,
  organizationId: string,
  input: AssignPackageInput,
) {
  found(await deps.organizations.organization(organizationId));
  const pkg = await deps.subscriptions.package(input.package_id);
  if (!pkg?.active) throw validationFailed({ package_id: ['invalid_value'] });
  const plan = replacementPlan(
    input.start_date,
    await deps.subscriptions.activeSubscriptions(organizationId),
  );
  if (Object.keys(plan.errors).length > 0) throw validationFailed(plan.errors);
  const subscriptionId = timeOrderedId(deps.now().getTime());
  await deps.subscriptions.assignPackage(
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
  return getSubscription(deps, subscriptionId);
}

export async function getSubscription(deps: OrganizationsDeps, subscriptionId: string) {
  const subscription = found(await deps.subscriptions.subscription(subscriptionId));
  const org = await deps.organizations.organization(subscription.organization_id);
  return subscriptionOf(subscription, org?.organization_name ?? '');
}

export async function updateSubscription(
  deps: OrganizationsDeps,
  actor: Actor,
  subscriptionId: string,
  input: UpdateSubscriptionInput,
) {
  const current = found(await deps.subscriptions.subscription(subscriptionId));
  if (input.status === 'active') {
    // One active subscription at a time: its limits are the organization's.
    const others = (await deps.subscriptions.activeSubscriptions(current.organization_id)).filter(
      (s) => s.subscription_id !== subscriptionId,
    );
    if (others.length > 0) throw validationFailed({ status: ['invalid_value'] });
  }
  const { version, ...changes } = input;
  await deps.subscriptions.updateSubscription(
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
  return getSubscription(deps, subscriptionId);
}
