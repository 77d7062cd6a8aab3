import type {
  AddressCard,
  ListMembersQuery,
  MemberListItem,
  MemberOutput,
  MemberPilotInfoOutput,
  MemberStatus,
  MembershipOutput,
  MembershipState,
  SetMemberRolesInput,
  SetMemberStatusInput,
} from '../../contracts/schemas/members.ts';
import type { PersonInput, PilotInfoInput } from '../../contracts/schemas/people.ts';
import { type Actor, displayName } from '../platform/auth/actor.ts';
import { domainError, notFound } from '../platform/http/errors.ts';
import type { OrganizationsDeps } from './deps.ts';
import { foldText, isMembership } from './entities.ts';
import type { StoredMembership } from './membership-store.ts';
import { savePerson, savePilotInfo } from './person-service.ts';
import type { StoredPerson } from './person-store.ts';
import { avatarUrl, personOutputOf, pilotInfoOutputOf, withAvatarUrl } from './person-views.ts';
import { byName, checkRoleIds, organizationOf } from './role-service.ts';
import type { StoredRole } from './role-store.ts';

/**
 * An organization's members (spec §2 users, user/{id}, pilot-info/{id}, address-book): the list,
 * a member's record, roles and status. Everything works inside the actor's current organization; a
 * person who is not a member there does not exist for it (404).
 */

const DEFAULT_PAGE = 25;

/** Up to five folded words of a filter text. */
export const filterWords = (text: string | undefined) =>
  foldText(text ?? '')
    .split(' ')
    .filter(Boolean)
    .slice(0, 5);

export const nameOf = (person: Pick<StoredPerson, 'first_name' | 'last_name'>, actor: Pick<Actor, 'lang'>) =>
  displayName(person.first_name, person.last_name, actor.lang);

const membershipOutputOf = (membership: StoredMembership): MembershipOutput => ({
  user_id: membership.user_id,
  status: membership.status,
  role_ids: [...membership.role_ids],
  joined_at: membership.joined_at,
  version: membership.version,
});

/**
 * A row of the members list. An invitation shows the e-mail it went to and nothing of the person:
 * their name and callsign are theirs until they accept (issue 11 §1).
 */
export const memberListItemOf = (
  membership: StoredMembership,
  person: StoredPerson,
  roles: StoredRole[],
  actor: Actor,
): MemberListItem => {
  const held = new Set(membership.role_ids);
  const member = isMembership(membership);
  return {
    user_id: person.user_id,
    user_name: member ? nameOf(person, actor) : null,
    email: person.email,
    callsign: member ? (person.callsign ?? null) : null,
    avatar: null,
    role_ids: [...membership.role_ids],
    roles: roles.filter((r) => held.has(r.role_id)).map((r) => r.role_name),
    status: membership.status,
    joined_at: membership.joined_at,
    version: membership.version,
  };
};

/** Whose own data (person record, pilot data, permits) the organization reads: active members only. */
const ACTIVE: readonly MembershipState[] = ['active'];
/** The membership itself (roles, status, removal): members, active or suspended — not invitations. */
const MEMBERS: readonly MembershipState[] = ['active', 'suspended'];

/**
 * The member of the actor's organization, or 404: another organization's people, an invited person
 * who has not accepted, and — for the person's own data — a suspended member do not exist here.
 */
export async function memberOf(
  deps: OrganizationsDeps,
  actor: Actor,
  userId: string,
  states: readonly MembershipState[] = ACTIVE,
) {
  const organizationId = organizationOf(actor);
  const [membership, person] = await Promise.all([
    deps.memberships.membership(organizationId, userId),
    deps.persons.person(userId),
  ]);
  if (!membership || !person || !states.includes(membership.status)) throw notFound();
  return { organizationId, membership, person };
}

export async function listMembers(deps: OrganizationsDeps, actor: Actor, query: ListMembersQuery) {
  const organizationId = organizationOf(actor);
  const [page, roles] = await Promise.all([
    deps.memberships.membersPage(organizationId, {
      cursor: query.cursor,
      limit: query.limit ?? DEFAULT_PAGE,
      words: filterWords(query.q),
      searchIn: 'name_and_email',
      role: query.role,
      order: query.order,
    }),
    deps.roles.roles(organizationId),
  ]);
  const persons = await deps.persons.persons(page.items.map((m) => m.user_id));
  const sortedRoles = [...roles].sort(byName);
  const items = await Promise.all(
    page.items.flatMap((membership) => {
      const person = persons.get(membership.user_id);
      if (!person) return [];
      const item = memberListItemOf(membership, person, sortedRoles, actor);
      // The picture only while they are an active member (as getMember); signed here, no read per row.
      return [
        membership.status === 'active'
          ? avatarUrl(person.profile_avatar).then((avatar) => ({ ...item, avatar }))
          : Promise.resolve(item),
      ];
    }),
  );
  return {
    items,
    cursor: page.cursor,
    roles: sortedRoles.map((r) => ({ role_id: r.role_id, role_name: r.role_name })),
  };
}

export async function getMember(
  deps: OrganizationsDeps,
  actor: Actor,
  userId: string,
): Promise<MemberOutput> {
  const { organizationId, membership, person } = await memberOf(deps, actor, userId);
  const roles = await deps.roles.roles(organizationId);
  return {
    // The picture only while they are an active member (memberOf's gate), as the rest of their data.
    person: await withAvatarUrl(personOutputOf(person)),
    membership: membershipOutputOf(membership),
    roles: [...roles].sort(byName).map((r) => ({
      role_id: r.role_id,
      role_name: r.role_name,
      guard_role: r.guard_role ?? null,
      label: r.label ?? null,
    })),
  };
}

/** user/{id}: the member's person fields, written as the person's own are (person-service.ts). */
export async function updateMember(
  deps: OrganizationsDeps,
  actor: Actor,
  userId: string,
  input: PersonInput,
) {
  const { person } = await memberOf(deps, actor, userId);
  return savePerson(deps, actor, person, input, {
    action: 'member.update',
    target_type: 'person',
    target_id: userId,
    subject_user_id: userId,
  });
}

export async function setMemberRoles(
  deps: OrganizationsDeps,
  actor: Actor,
  userId: string,
  input: SetMemberRolesInput,
) {
  const { organizationId, membership, person } = await memberOf(deps, actor, userId, MEMBERS);
  const roleIds = [...new Set(input.role_ids)];
  const roles = await deps.roles.roles(organizationId);
  const before = new Set(membership.role_ids);
  const after = new Set(roleIds);
  const added = roleIds.filter((id) => !before.has(id));
  const removed = membership.role_ids.filter((id) => !after.has(id));
  checkRoleIds(actor, roles, roleIds, [...added, ...removed]);
  const saved = await deps.memberships.updateMembership(
    actor,
    { organizationId, userId },
    { role_ids: roleIds },
    input.version,
    {
      action: 'member.roles',
      target_type: 'person',
      target_id: userId,
      subject_user_id: userId,
      details: { added, removed },
    },
  );
  // Only this container's cache; others see the change within the actor cache's few seconds.
  deps.forgetActor(person.cognito_sub);
  if (removed.length > 0) await deps.rightsChanged([userId]);
  return membershipOutputOf(saved);
}

const refuseOwn = (actor: Actor, userId: string) => {
  if (userId === actor.userId) throw domainError('own_membership');
};

export async function setMemberStatus(
  deps: OrganizationsDeps,
  actor: Actor,
  userId: string,
  input: SetMemberStatusInput,
) {
  const { organizationId, person } = await memberOf(deps, actor, userId, MEMBERS);
  refuseOwn(actor, userId);
  const saved = await deps.memberships.updateMembership(
    actor,
    { organizationId, userId },
    { status: input.status satisfies MemberStatus },
    input.version,
    {
      action: 'member.status',
      target_type: 'person',
      target_id: userId,
      subject_user_id: userId,
      details: { status: input.status },
    },
  );
  deps.forgetActor(person.cognito_sub);
  if (input.status !== 'active') await deps.rightsChanged([userId]);
  return membershipOutputOf(saved);
}

export async function removeMember(deps: OrganizationsDeps, actor: Actor, userId: string) {
  const { organizationId, person } = await memberOf(deps, actor, userId, MEMBERS);
  refuseOwn(actor, userId);
  await deps.memberships.removeMembership(
    actor,
    { organizationId, userId },
    { action: 'member.remove', target_type: 'person', target_id: userId, subject_user_id: userId },
  );
  deps.forgetActor(person.cognito_sub);
  await deps.rightsChanged([userId]);
}

// ---- pilot-info/{id} ----------------------------------------------------------------------------

export async function getMemberPilotInfo(
  deps: OrganizationsDeps,
  actor: Actor,
  userId: string,
): Promise<MemberPilotInfoOutput> {
  const { person } = await memberOf(deps, actor, userId);
  return {
    member: { user_id: userId, user_name: nameOf(person, actor) },
    pilot_info: pilotInfoOutputOf(userId, await deps.persons.pilotInfo(userId)),
  };
}

export async function updateMemberPilotInfo(
  deps: OrganizationsDeps,
  actor: Actor,
  userId: string,
  input: PilotInfoInput,
): Promise<MemberPilotInfoOutput> {
  const { person } = await memberOf(deps, actor, userId);
  const saved = await savePilotInfo(deps, actor, userId, input, {
    action: 'pilot_info.update',
    target_type: 'person',
    target_id: userId,
    subject_user_id: userId,
  });
  return { member: { user_id: userId, user_name: nameOf(person, actor) }, pilot_info: saved };
}

// ---- address-book -------------------------------------------------------------------------------

/** Contact cards of the active members; phone, mobile and e-mail only where the member agreed. */
export async function listAddressBook(
  deps: OrganizationsDeps,
  actor: Actor,
  query: { cursor?: string; limit?: number; q?: string },
) {
  const organizationId = organizationOf(actor);
  const page = await deps.memberships.membersPage(organizationId, {
    cursor: query.cursor,
    limit: query.limit ?? DEFAULT_PAGE,
    // Only the name: matching on an e-mail would reveal the address of someone who keeps it private.
    words: filterWords(query.q),
    searchIn: 'name',
    activeOnly: true,
  });
  const persons = await deps.persons.persons(page.items.map((m) => m.user_id));
  const items = page.items.flatMap((membership): AddressCard[] => {
    const person = persons.get(membership.user_id);
    if (!person) return [];
    const shares = person.public_privatedata;
    return [
      {
        user_id: person.user_id,
        user_name: nameOf(person, actor),
        callsign: person.callsign ?? null,
        phone: shares ? (person.phone ?? null) : null,
        mobile: shares ? (person.mobile ?? null) : null,
        email: shares ? person.email : null,
        shares_contact: shares,
      },
    ];
  });
  return { items, cursor: page.cursor };
}
