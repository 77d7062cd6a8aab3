import { randomUUID } from 'node:crypto';
import type { GrantPermitInput, MemberPermitsOutput, PermitOutput } from '../../contracts/schemas/members.ts';
import type { Actor } from '../platform/auth/actor.ts';
import type { OrganizationsDeps } from './deps.ts';
import { foldText } from './entities.ts';
import { memberOf, nameOf } from './member-service.ts';
import type { StoredPermit } from './membership-store.ts';

/**
 * A member's permits in the organization (spec §6 organization/permits/{id}): a rent permit for an
 * aircraft type, the winch permit, or a certificate. Rent and winch permits have fixed ids, so
 * granting one again renews it instead of doubling it.
 */

/** `ASK 21` → `rent-ask-21`: one rent permit per aircraft type, however it is typed. */
export const rentPermitId = (planeType: string) =>
  `rent-${foldText(planeType)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

const PERMIT_ORDER: Record<StoredPermit['kind'], number> = { rent: 0, winch: 1, certificate: 2 };

const permitOutputOf = (permit: StoredPermit): PermitOutput => ({
  permit_id: permit.permit_id,
  kind: permit.kind,
  plane_type: permit.plane_type ?? null,
  certificate_type: permit.certificate_type ?? null,
  certificate_number: permit.certificate_number ?? null,
  valid_until: permit.valid_until ?? null,
  granted_at: permit.granted_at,
});

export async function listMemberPermits(
  deps: OrganizationsDeps,
  actor: Actor,
  userId: string,
): Promise<MemberPermitsOutput> {
  const { organizationId, person } = await memberOf(deps, actor, userId);
  const permits = await deps.memberships.permits(organizationId, userId);
  const label = (p: StoredPermit) => p.plane_type ?? p.certificate_type ?? '';
  return {
    member: { user_id: userId, user_name: nameOf(person, actor) },
    items: permits
      .sort((a, b) => PERMIT_ORDER[a.kind] - PERMIT_ORDER[b.kind] || label(a).localeCompare(label(b)))
      .map(permitOutputOf),
    cursor: null,
  };
}

export async function grantPermit(
  deps: OrganizationsDeps,
  actor: Actor,
  userId: string,
  input: GrantPermitInput,
) {
  const { organizationId } = await memberOf(deps, actor, userId);
  const fields =
    input.kind === 'rent'
      ? {
          permit_id: rentPermitId(input.plane_type),
          kind: input.kind,
          plane_type: input.plane_type,
          ...(input.valid_until ? { valid_until: input.valid_until } : {}),
        }
      : input.kind === 'winch'
        ? { permit_id: 'winch', kind: input.kind, valid_until: input.valid_until }
        : {
            permit_id: `cert-${randomUUID()}`,
            kind: input.kind,
            certificate_type: input.certificate_type,
            certificate_number: input.certificate_number,
            ...(input.valid_until ? { valid_until: input.valid_until } : {}),
          };
  const saved = await deps.memberships.grantPermit(
    actor,
    {
      ...fields,
      organization_id: organizationId,
      user_id: userId,
      granted_by: actor.userId,
      granted_at: deps.now().toISOString(),
    },
    {
      action: 'permit.grant',
      target_type: 'person',
      target_id: userId,
      subject_user_id: userId,
      details: { kind: fields.kind, permit_id: fields.permit_id },
    },
  );
  return permitOutputOf(saved);
}

export async function revokePermit(deps: OrganizationsDeps, actor: Actor, userId: string, permitId: string) {
  const { organizationId } = await memberOf(deps, actor, userId);
  await deps.memberships.revokePermit(
    actor,
    { organizationId, userId, permitId },
    {
      action: 'permit.revoke',
      target_type: 'person',
      target_id: userId,
      subject_user_id: userId,
      details: { permit_id: permitId },
    },
  );
}
