import type { PackageRequestInput, PricingOutput } from '../../contracts/schemas/pricing.ts';
import { planeCounts } from '../aircraft/public.ts';
import { auditedWrite } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { db } from '../platform/db/service.ts';
import { notFound, validationFailed } from '../platform/http/errors.ts';

/**
 * Pricing and package choice (spec §2 named screen): the active packages with their limits and
 * monthly price, the organization's current limits and how many aircraft it keeps, and its admin's
 * request for another package. The request waits on the organization until a supervisor assigns a
 * package (organization-store assignPackage removes it in the same write); the supervisors'
 * organizations list shows it.
 */

export interface PricingDeps {
  now: () => Date;
  planeCounts: typeof planeCounts;
}
const defaultDeps: PricingDeps = { now: () => new Date(), planeCounts };

const organizationOf = (actor: Actor) => {
  if (!actor.organizationId) throw notFound();
  return actor.organizationId;
};

export async function getPricing(actor: Actor, deps: PricingDeps = defaultDeps): Promise<PricingOutput> {
  const organizationId = organizationOf(actor);
  const [{ data: org }, { data: packages }, usage] = await Promise.all([
    db().entities.organization.get({ organization_id: organizationId }).go(),
    db().entities.package.query.byId({}).go({ pages: 'all' }),
    deps.planeCounts(organizationId),
  ]);
  if (!org) throw notFound();
  const request = org.package_request;
  return {
    packages: packages
      .filter((p) => p.active)
      .sort((a, b) => a.plane_limit - b.plane_limit || a.monthly_price - b.monthly_price)
      .map((p) => ({
        package_id: p.package_id,
        name: p.name,
        plane_limit: p.plane_limit,
        general_limit: p.general_limit,
        glider_limit: p.glider_limit,
        monthly_price: p.monthly_price,
        currency_id: p.currency_id,
        active: p.active,
        version: p.version,
      })),
    current: {
      package_id: org.package_id ?? null,
      package_name: org.package_name ?? null,
      plane_limit: org.plane_limit ?? 0,
      general_limit: org.general_limit ?? 0,
      glider_limit: org.glider_limit ?? 0,
    },
    usage,
    request: request
      ? {
          package_id: request.package_id,
          package_name: request.package_name,
          note: request.note ?? null,
          requested_by_name: request.requested_by_name,
          requested_at: request.requested_at,
        }
      : null,
  };
}

/** The admin asks for a package (not the current one, an active one); a waiting request is replaced. */
export async function requestPackage(
  actor: Actor,
  input: PackageRequestInput,
  deps: PricingDeps = defaultDeps,
) {
  const organizationId = organizationOf(actor);
  const [{ data: org }, { data: pkg }] = await Promise.all([
    db().entities.organization.get({ organization_id: organizationId }).go(),
    db().entities.package.get({ package_id: input.package_id }).go(),
  ]);
  if (!org) throw notFound();
  if (!pkg?.active || pkg.package_id === org.package_id)
    throw validationFailed({ package_id: ['invalid_value'] });
  await auditedWrite(
    actor,
    { action: 'package.request', target_type: 'package', target_id: pkg.package_id },
    ({ organization }) => [
      // Not the record's version: an open organization form must not 409 because of a request.
      organization
        .patch({ organization_id: organizationId })
        .set({
          package_request: {
            package_id: pkg.package_id,
            package_name: pkg.name,
            ...(input.note ? { note: input.note } : {}),
            requested_by: actor.userId,
            requested_by_name: actor.userName,
            requested_at: deps.now().toISOString(),
          },
        })
        .commit(),
    ],
  );
  return getPricing(actor, deps);
}

export async function withdrawPackageRequest(actor: Actor, deps: PricingDeps = defaultDeps) {
  const organizationId = organizationOf(actor);
  const { data: org } = await db().entities.organization.get({ organization_id: organizationId }).go();
  if (!org) throw notFound();
  if (org.package_request) {
    await auditedWrite(
      actor,
      {
        action: 'package.request_withdraw',
        target_type: 'package',
        target_id: org.package_request.package_id,
      },
      ({ organization }) => [
        organization.patch({ organization_id: organizationId }).remove(['package_request']).commit(),
      ],
    );
  }
  return getPricing(actor, deps);
}
