import type { ActAsCandidate } from '../../contracts/schemas/members.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { domainError, notFound, validationFailed } from '../platform/http/errors.ts';
import type { OrganizationsDeps } from './deps.ts';
import { filterWords, nameOf } from './member-service.ts';

/**
 * users/change (spec §6): a supervisor acts as a member of one of their organizations, audited —
 * every action of the session is recorded with the supervisor's id beside the person's.
 */

const CANDIDATES = 20;

/** People of the supervisor's organizations matching the text (active members, never supervisors). */
export async function searchActAsCandidates(deps: OrganizationsDeps, actor: Actor, q: string | undefined) {
  const words = filterWords(q);
  const organizationIds = actor.memberships.map((m) => m.organizationId);
  const [pages, organizations] = await Promise.all([
    Promise.all(
      organizationIds.map((organizationId) =>
        deps.memberships.membersPage(organizationId, {
          limit: CANDIDATES,
          words,
          searchIn: 'name_and_email',
          activeOnly: true,
        }),
      ),
    ),
    deps.organizations.organizations(organizationIds),
  ]);
  const shortNames = new Map(organizations.map((o) => [o.organization_id, o.short_name]));
  const found = new Map<string, string[]>();
  for (const page of pages) {
    for (const membership of page.items) {
      const list = found.get(membership.user_id) ?? [];
      list.push(shortNames.get(membership.organization_id) ?? membership.organization_id);
      found.set(membership.user_id, list);
    }
  }
  found.delete(actor.userId);
  const persons = await deps.persons.persons([...found.keys()]);
  const items: ActAsCandidate[] = [];
  for (const [userId, orgs] of found) {
    const person = persons.get(userId);
    if (!person || person.is_supervisor) continue;
    items.push({
      user_id: userId,
      user_name: nameOf(person, actor),
      email: person.email,
      organizations: orgs.sort(),
    });
  }
  return {
    items: items.sort((a, b) => a.user_name.localeCompare(b.user_name, actor.lang)).slice(0, CANDIDATES),
  };
}

/**
 * The supervisor starts acting as a member of one of their organizations: from the next request on,
 * the session is that person's (roles, permissions, organization).
 */
export async function startActing(deps: OrganizationsDeps, actor: Actor, userId: string) {
  if (actor.actingSupervisorId) throw domainError('missing_permissions');
  if (userId === actor.userId) throw validationFailed({ user_id: ['invalid_value'] });
  const [target, targetMemberships] = await Promise.all([
    deps.persons.person(userId),
    deps.memberships.membershipsOf(userId),
  ]);
  const mine = new Set(actor.memberships.map((m) => m.organizationId));
  const shared = targetMemberships.filter((m) => m.status === 'active' && mine.has(m.organization_id));
  if (!target || shared.length === 0) throw notFound();
  if (target.is_supervisor) throw validationFailed({ user_id: ['invalid_value'] });
  const organizationId =
    shared.find((m) => m.organization_id === target.current_organization_id)?.organization_id ??
    shared[0]?.organization_id;
  await deps.persons.setActingAs(actor, actor.userId, userId, {
    action: 'act_as.start',
    target_type: 'person',
    target_id: userId,
    subject_user_id: userId,
    organization_id: organizationId,
  });
  deps.forgetActor(actor.sub);
  return { acting_as: { user_id: userId, user_name: nameOf(target, actor) } };
}

/** Back to the supervisor's own session. A session that is not acting has nothing to stop. */
export async function stopActing(deps: OrganizationsDeps, actor: Actor) {
  if (!actor.actingSupervisorId) return { acting_as: null };
  await deps.persons.setActingAs(actor, actor.actingSupervisorId, null, {
    action: 'act_as.stop',
    target_type: 'person',
    target_id: actor.userId,
  });
  deps.forgetActor(actor.sub);
  return { acting_as: null };
}
