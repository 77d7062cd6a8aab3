import { randomUUID } from 'node:crypto';
import type {
  AddMemberInput,
  InvitationOutput,
  LogbookSharingItem,
  MemberListItem,
} from '../../contracts/schemas/members.ts';
import type { NotifyInput } from '../identity/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import {
  domainError,
  found,
  missingPermissions,
  notFound,
  validationFailed,
} from '../platform/http/errors.ts';
import { logger } from '../platform/log/logger.ts';
import type { OrganizationsDeps } from './deps.ts';
import { isMembership, memberIndexFields } from './entities.ts';
import { memberListItemOf, nameOf } from './member-service.ts';
import type { StoredMembership } from './membership-store.ts';
import { personCreation } from './person-store.ts';
import { byName, checkRoleIds, organizationOf } from './role-service.ts';

/**
 * How a person joins an organization (issue 11 §1). An e-mail nobody has an account for becomes a
 * new person with a login, as before: that person has no data anywhere yet. An e-mail that HAS an
 * account — a member of another club, a pilot who registered alone — gets an invitation instead:
 * the person is told (notification, dashboard) and accepts or declines. Until they accept, the
 * organization sees only the e-mail and the invitation's state, and the person's own data (name,
 * person record, pilot data, logbook) stays out of its reach.
 */

/** After a decline, the organization may invite the same person again only after this many days. */
export const DECLINE_QUIET_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

/** Telling someone is a courtesy after the commit: the invitation stands whether or not it arrives. */
async function tell(deps: OrganizationsDeps, userId: string | undefined, input: NotifyInput) {
  if (!userId) return;
  try {
    await deps.notify(userId, input);
  } catch {
    logger.warn('invitation notification failed', { message: input.message_key });
  }
}

const quietUntil = (membership: StoredMembership) =>
  Date.parse(membership.answered_at ?? membership.joined_at) + DECLINE_QUIET_DAYS * DAY_MS;

/** The person answering must be the person themselves: a supervisor acting as them may not consent. */
const refuseActing = (actor: Actor) => {
  if (actor.actingSupervisorId) throw missingPermissions();
};

// ---- users: add member -------------------------------------------------------------------------

export async function addMember(
  deps: OrganizationsDeps,
  actor: Actor,
  input: AddMemberInput,
): Promise<{ member: MemberListItem; login_created: boolean; invited: boolean }> {
  const organizationId = organizationOf(actor);
  const roleIds = [...new Set(input.role_ids)];
  const roles = [...(await deps.roles.roles(organizationId))].sort(byName);
  checkRoleIds(actor, roles, roleIds, roleIds);

  const existing = await deps.persons.personByEmail(input.email);
  if (existing) {
    const current = await deps.memberships.membership(organizationId, existing.user_id);
    if (current && isMembership(current)) throw domainError('member_exists');
    if (current?.status === 'invited') throw domainError('already_invited');
    if (current?.status === 'declined' && deps.now().getTime() < quietUntil(current))
      throw domainError('invitation_declined');
    const at = deps.now().toISOString();
    const invitation = await deps.memberships.invite(actor, {
      organizationId,
      userId: existing.user_id,
      email: existing.email,
      roleIds,
      at,
      replacing: current,
      audit: {
        action: 'member.invite',
        target_type: 'person',
        target_id: existing.user_id,
        subject_user_id: existing.user_id,
        details: { role_ids: roleIds },
      },
    });
    await tell(deps, existing.user_id, {
      kind: 'membership',
      message_key: 'membership_invitation',
      params: {
        organization: actor.organization?.organization_name ?? '',
        organization_id: organizationId,
        inviter: actor.userName,
      },
      link: '/',
    });
    return {
      member: memberListItemOf(invitation, existing, roles, actor),
      login_created: false,
      invited: true,
    };
  }

  // No account: the organization creates the person, who has no data anywhere yet.
  if (!input.first_name || !input.last_name)
    throw validationFailed({
      ...(input.last_name ? {} : { last_name: ['field_required'] }),
      ...(input.first_name ? {} : { first_name: ['field_required'] }),
    });
  const person = {
    user_id: randomUUID(),
    email: input.email,
    first_name: input.first_name,
    last_name: input.last_name,
  };
  const { sub } = await deps.persons.createLogin({
    email: input.email,
    name: `${input.first_name} ${input.last_name}`,
  });
  const membership = await deps.memberships.addMembership(
    actor,
    {
      user_id: person.user_id,
      organization_id: organizationId,
      role_ids: roleIds,
      ...memberIndexFields(person),
    },
    {
      action: 'member.add',
      target_type: 'person',
      target_id: person.user_id,
      details: { role_ids: roleIds, login_created: true },
    },
    personCreation({
      ...person,
      cognito_sub: sub,
      lang: input.lang ?? actor.lang,
      current_organization_id: organizationId,
    }),
  );
  const stored = found(await deps.persons.person(person.user_id));
  return { member: memberListItemOf(membership, stored, roles, actor), login_created: true, invited: false };
}

/**
 * DELETE /api/users/{user_id}/invitation: the organization takes back an invitation still waiting.
 * A declined one stays on the list as the person's answer until its quiet period is over.
 */
export async function withdrawInvitation(deps: OrganizationsDeps, actor: Actor, userId: string) {
  const organizationId = organizationOf(actor);
  const current = await deps.memberships.membership(organizationId, userId);
  if (!current || isMembership(current)) throw notFound();
  if (current.status === 'declined' && deps.now().getTime() < quietUntil(current))
    throw domainError('invitation_declined');
  await deps.memberships.deleteInvitation(actor, current, {
    action: 'member.invite_withdraw',
    target_type: 'person',
    target_id: userId,
    subject_user_id: userId,
    details: { status: current.status },
  });
}

// ---- the invited person ------------------------------------------------------------------------

/** GET /api/invitations: the invitations waiting for the caller's answer, newest first. */
export async function listMyInvitations(deps: OrganizationsDeps, actor: Actor) {
  const waiting = (await deps.memberships.membershipsOf(actor.userId)).filter((m) => m.status === 'invited');
  const [organizations, inviters, roleLists] = await Promise.all([
    deps.organizations.organizations(waiting.map((m) => m.organization_id)),
    deps.persons.persons(waiting.flatMap((m) => (m.invited_by ? [m.invited_by] : []))),
    Promise.all(waiting.map((m) => deps.roles.roles(m.organization_id))),
  ]);
  const byId = new Map(organizations.map((o) => [o.organization_id, o]));
  const items = waiting.flatMap((m, index): InvitationOutput[] => {
    const organization = byId.get(m.organization_id);
    if (!organization) return [];
    const offered = new Set(m.role_ids);
    const inviter = m.invited_by ? inviters.get(m.invited_by) : undefined;
    return [
      {
        organization_id: m.organization_id,
        organization_name: organization.organization_name,
        short_name: organization.short_name,
        roles: (roleLists[index] ?? [])
          .filter((r) => offered.has(r.role_id))
          .sort(byName)
          .map((r) => r.role_name),
        invited_by_name: inviter ? nameOf(inviter, actor) : null,
        invited_at: m.joined_at,
      },
    ];
  });
  return { items: items.sort((a, b) => b.invited_at.localeCompare(a.invited_at)) };
}

/** The answer, told to whoever sent the invitation (their members list shows it too). */
async function tellInviter(
  deps: OrganizationsDeps,
  invitation: StoredMembership,
  message: 'membership_invitation_accepted' | 'membership_invitation_declined',
  who: { name: string } | { email: string },
) {
  const [organization] = await deps.organizations.organizations([invitation.organization_id]);
  await tell(deps, invitation.invited_by, {
    kind: 'membership',
    message_key: message,
    params: { ...who, organization: organization?.organization_name ?? '' },
    link: '/users/',
  });
}

async function waitingInvitation(deps: OrganizationsDeps, actor: Actor, organizationId: string) {
  refuseActing(actor);
  const current = await deps.memberships.membership(organizationId, actor.userId);
  if (current?.status !== 'invited') throw notFound();
  return current;
}

/** POST /api/invitations/{organization_id}/accept: an active member from now on, with the roles offered. */
export async function acceptInvitation(deps: OrganizationsDeps, actor: Actor, organizationId: string) {
  const current = await waitingInvitation(deps, actor, organizationId);
  const person = found(await deps.persons.person(actor.userId));
  const at = deps.now().toISOString();
  await deps.memberships.answerInvitation(
    actor,
    current,
    { status: 'active', joined_at: at, answered_at: at, ...memberIndexFields(person) },
    {
      action: 'member.invite_accept',
      target_type: 'person',
      target_id: actor.userId,
      organization_id: organizationId,
      details: { role_ids: current.role_ids },
    },
  );
  deps.forgetActor(actor.sub);
  await deps.refresh(actor.userId);
  await tellInviter(deps, current, 'membership_invitation_accepted', { name: actor.userName });
  return { organization_id: organizationId, status: 'active' as const };
}

/** POST /api/invitations/{organization_id}/decline: the organization sees "declined", and the e-mail. */
export async function declineInvitation(deps: OrganizationsDeps, actor: Actor, organizationId: string) {
  const current = await waitingInvitation(deps, actor, organizationId);
  await deps.memberships.answerInvitation(
    actor,
    current,
    { status: 'declined', answered_at: deps.now().toISOString(), role_ids: [] },
    {
      action: 'member.invite_decline',
      target_type: 'person',
      target_id: actor.userId,
      organization_id: organizationId,
    },
  );
  // Named by the e-mail the organization already knows: who declined never joined.
  await tellInviter(deps, current, 'membership_invitation_declined', { email: actor.email });
  return { organization_id: organizationId, status: 'declined' as const };
}

// ---- profile/logbook-sharing -------------------------------------------------------------------

/** The caller's organizations (memberships, not invitations) and whether each reads the whole logbook. */
export async function listLogbookSharing(deps: OrganizationsDeps, actor: Actor) {
  const memberships = (await deps.memberships.membershipsOf(actor.userId)).filter(isMembership);
  const organizations = await deps.organizations.organizations(memberships.map((m) => m.organization_id));
  const byId = new Map(organizations.map((o) => [o.organization_id, o]));
  const items = memberships.flatMap((m): LogbookSharingItem[] => {
    const organization = byId.get(m.organization_id);
    return organization
      ? [
          {
            organization_id: m.organization_id,
            organization_name: organization.organization_name,
            short_name: organization.short_name,
            shared: m.logbook_shared === true,
          },
        ]
      : [];
  });
  return { items: items.sort((a, b) => a.organization_name.localeCompare(b.organization_name, actor.lang)) };
}

/** PUT /api/profile/logbook-sharing/{organization_id}: the person's own choice, recorded in both logs. */
export async function setLogbookSharing(
  deps: OrganizationsDeps,
  actor: Actor,
  organizationId: string,
  shared: boolean,
): Promise<LogbookSharingItem> {
  refuseActing(actor);
  const current = await deps.memberships.membership(organizationId, actor.userId);
  if (!current || !isMembership(current)) throw notFound();
  const [organization] = await deps.organizations.organizations([organizationId]);
  if (!organization) throw notFound();
  if ((current.logbook_shared === true) !== shared)
    await deps.memberships.setLogbookSharing(actor, current, shared, {
      action: 'logbook.sharing',
      target_type: 'person',
      target_id: actor.userId,
      organization_id: organizationId,
      details: { shared },
    });
  return {
    organization_id: organizationId,
    organization_name: organization.organization_name,
    short_name: organization.short_name,
    shared,
  };
}
