import { randomUUID } from 'node:crypto';
import { type GuardRole, PERMISSIONS, type Permission } from '../../contracts/permissions.ts';
import type {
  ActAsCandidate,
  AddressCard,
  CreateRoleInput,
  GrantPermitInput,
  ListMembersQuery,
  MemberListItem,
  MemberOutput,
  MemberPermitsOutput,
  MemberPilotInfoOutput,
  MemberStatus,
  MembershipOutput,
  MembershipState,
  PermitOutput,
  RoleOutput,
  SetMemberRolesInput,
  SetMemberStatusInput,
  UpdateRoleInput,
} from '../../contracts/schemas/members.ts';
import type { PersonInput, PilotInfoInput } from '../../contracts/schemas/people.ts';
import { realtimeRightsChanged } from '../identity/realtime-connections.ts';
import { type Actor, displayName, forgetActor } from '../platform/auth/actor.ts';
import { conflict, domainError, notFound, validationFailed } from '../platform/http/errors.ts';
import { foldText, isMembership } from './entities.ts';
import type {
  PeopleStore,
  PersonChanges,
  StoredMembership,
  StoredPermit,
  StoredPerson,
  StoredRole,
} from './people-store.ts';
import { PERSON_FLAGS, PERSON_TEXT_FIELDS, personOutputOf, pilotInfoOutputOf } from './person-views.ts';

/**
 * The people area's rules: members and their roles, the roles screen, pilot data, permits, the
 * supervisor's act-as and the address book. Every operation works inside the actor's current
 * organization; a person who is not a member there does not exist for it (404).
 */

const DEFAULT_PAGE = 25;

// ---- who may grant what ------------------------------------------------------------------------

type Granter = Pick<Actor, 'roles' | 'permissions'>;

/**
 * Nobody hands out more than they hold (no self-promotion through the roles screen): a permission
 * only by someone who has it, a guard role only by an admin or a holder of that role. Supervisor
 * is never handed out by an organization; the system administrator may grant everything else.
 */
export const canGrantPermission = (granter: Granter, permission: Permission) =>
  granter.roles.has('supervisor') || granter.permissions.has(permission);

export const canGrantGuardRole = (granter: Granter, role: GuardRole) =>
  role !== 'supervisor' &&
  (granter.roles.has('supervisor') || granter.roles.has('admin') || granter.roles.has(role));

/** A role may be given or taken by someone who could have built it. */
export const canGrantRole = (granter: Granter, role: Pick<StoredRole, 'guard_role' | 'permissions'>) =>
  (!role.guard_role || canGrantGuardRole(granter, role.guard_role)) &&
  role.permissions.every((permission) => canGrantPermission(granter, permission));

/** Permissions once each, in the spec's order. */
export const normalizePermissions = (permissions: readonly Permission[]): Permission[] => {
  const chosen = new Set(permissions);
  return PERMISSIONS.filter((permission) => chosen.has(permission));
};

/** `ASK 21` → `rent-ask-21`: one rent permit per aircraft type, however it is typed. */
export const rentPermitId = (planeType: string) =>
  `rent-${foldText(planeType)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

/** Up to five folded words of a filter text. */
export const filterWords = (text: string | undefined) =>
  foldText(text ?? '')
    .split(' ')
    .filter(Boolean)
    .slice(0, 5);

// ---- mapping ---------------------------------------------------------------------------------

export const organizationOf = (actor: Actor) => {
  if (!actor.organizationId) throw notFound();
  return actor.organizationId;
};

export const nameOf = (person: Pick<StoredPerson, 'first_name' | 'last_name'>, actor: Pick<Actor, 'lang'>) =>
  displayName(person.first_name, person.last_name, actor.lang);

const membershipOutputOf = (membership: StoredMembership): MembershipOutput => ({
  user_id: membership.user_id,
  status: membership.status,
  role_ids: [...membership.role_ids],
  joined_at: membership.joined_at,
  version: membership.version,
});

export const roleOutputOf = (role: StoredRole): RoleOutput => ({
  role_id: role.role_id,
  role_name: role.role_name,
  guard_role: role.guard_role ?? null,
  label: role.label ?? null,
  permissions: normalizePermissions(role.permissions),
  version: role.version,
});

export const byName = (a: { role_name: string }, b: { role_name: string }) =>
  a.role_name.localeCompare(b.role_name);

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
    role_ids: [...membership.role_ids],
    roles: roles.filter((r) => held.has(r.role_id)).map((r) => r.role_name),
    status: membership.status,
    joined_at: membership.joined_at,
    version: membership.version,
  };
};

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

/** Whose own data (person record, pilot data, permits) the organization reads: active members only. */
const ACTIVE: readonly MembershipState[] = ['active'];
/** The membership itself (roles, status, removal): members, active or suspended — not invitations. */
const MEMBERS: readonly MembershipState[] = ['active', 'suspended'];

/**
 * The member of the actor's organization, or 404: another organization's people, an invited person
 * who has not accepted, and — for the person's own data — a suspended member do not exist here.
 */
async function memberOf(
  store: PeopleStore,
  actor: Actor,
  userId: string,
  states: readonly MembershipState[] = ACTIVE,
) {
  const organizationId = organizationOf(actor);
  const [membership, person] = await Promise.all([
    store.membership(organizationId, userId),
    store.person(userId),
  ]);
  if (!membership || !person || !states.includes(membership.status)) throw notFound();
  return { organizationId, membership, person };
}

// ---- users --------------------------------------------------------------------------------------

export async function listMembers(store: PeopleStore, actor: Actor, query: ListMembersQuery) {
  const organizationId = organizationOf(actor);
  const [page, roles] = await Promise.all([
    store.membersPage(organizationId, {
      cursor: query.cursor,
      limit: query.limit ?? DEFAULT_PAGE,
      words: filterWords(query.q),
      searchIn: 'name_and_email',
      role: query.role,
      order: query.order,
    }),
    store.roles(organizationId),
  ]);
  const persons = await store.persons(page.items.map((m) => m.user_id));
  const sortedRoles = [...roles].sort(byName);
  const items = page.items.flatMap((membership) => {
    const person = persons.get(membership.user_id);
    return person ? [memberListItemOf(membership, person, sortedRoles, actor)] : [];
  });
  return {
    items,
    cursor: page.cursor,
    roles: sortedRoles.map((r) => ({ role_id: r.role_id, role_name: r.role_name })),
  };
}

/** Every role id known in the organization and grantable by the actor, or a 422 on `role_ids`. */
export function checkRoleIds(
  actor: Actor,
  roles: StoredRole[],
  roleIds: readonly string[],
  changed: readonly string[],
) {
  const known = new Map(roles.map((r) => [r.role_id, r]));
  if (roleIds.some((id) => !known.has(id))) throw validationFailed({ role_ids: ['invalid_value'] });
  const refused = changed.filter((id) => {
    const role = known.get(id);
    return role !== undefined && !canGrantRole(actor, role);
  });
  if (refused.length > 0) throw validationFailed({ role_ids: ['not_grantable'] });
}

export async function getMember(store: PeopleStore, actor: Actor, userId: string): Promise<MemberOutput> {
  const { organizationId, membership, person } = await memberOf(store, actor, userId);
  const roles = await store.roles(organizationId);
  return {
    person: personOutputOf(person),
    membership: membershipOutputOf(membership),
    roles: [...roles].sort(byName).map((r) => ({
      role_id: r.role_id,
      role_name: r.role_name,
      guard_role: r.guard_role ?? null,
      label: r.label ?? null,
    })),
  };
}

/** user/{id}: the member's person fields. Absent keys stay as they are; null or '' clears a field. */
export async function updateMember(store: PeopleStore, actor: Actor, userId: string, input: PersonInput) {
  const { person } = await memberOf(store, actor, userId);
  if (person.version !== input.version) throw conflict();
  const changes: PersonChanges = { first_name: input.first_name, last_name: input.last_name };
  for (const field of PERSON_TEXT_FIELDS) if (field in input) changes[field] = input[field] ?? null;
  for (const flag of PERSON_FLAGS) if (input[flag] !== undefined) changes[flag] = input[flag];
  const stored = person as Record<string, unknown>;
  const changed = Object.entries(changes)
    .filter(([key, value]) => (value ?? undefined) !== (stored[key] ?? undefined))
    .map(([key]) => key);
  const memberships = await store.membershipsOf(userId);
  const saved = await store.updatePerson(actor, person, changes, input.version, memberships, {
    action: 'member.update',
    target_type: 'person',
    target_id: userId,
    subject_user_id: userId,
    details: { fields: changed },
  });
  forgetActor(person.cognito_sub);
  return personOutputOf(saved);
}

export async function setMemberRoles(
  store: PeopleStore,
  actor: Actor,
  userId: string,
  input: SetMemberRolesInput,
) {
  const { organizationId, membership, person } = await memberOf(store, actor, userId, MEMBERS);
  const roleIds = [...new Set(input.role_ids)];
  const roles = await store.roles(organizationId);
  const before = new Set(membership.role_ids);
  const after = new Set(roleIds);
  const added = roleIds.filter((id) => !before.has(id));
  const removed = membership.role_ids.filter((id) => !after.has(id));
  checkRoleIds(actor, roles, roleIds, [...added, ...removed]);
  const saved = await store.updateMembership(
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
  forgetActor(person.cognito_sub);
  if (removed.length > 0) await realtimeRightsChanged([userId]);
  return membershipOutputOf(saved);
}

const refuseOwn = (actor: Actor, userId: string) => {
  if (userId === actor.userId) throw domainError('own_membership');
};

export async function setMemberStatus(
  store: PeopleStore,
  actor: Actor,
  userId: string,
  input: SetMemberStatusInput,
) {
  const { organizationId, person } = await memberOf(store, actor, userId, MEMBERS);
  refuseOwn(actor, userId);
  const saved = await store.updateMembership(
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
  forgetActor(person.cognito_sub);
  if (input.status !== 'active') await realtimeRightsChanged([userId]);
  return membershipOutputOf(saved);
}

export async function removeMember(store: PeopleStore, actor: Actor, userId: string) {
  const { organizationId, person } = await memberOf(store, actor, userId, MEMBERS);
  refuseOwn(actor, userId);
  await store.removeMembership(
    actor,
    { organizationId, userId },
    { action: 'member.remove', target_type: 'person', target_id: userId, subject_user_id: userId },
  );
  forgetActor(person.cognito_sub);
  await realtimeRightsChanged([userId]);
}

// ---- roles --------------------------------------------------------------------------------------

export async function listRoles(store: PeopleStore, actor: Actor, page: { cursor?: string; limit?: number }) {
  const result = await store.rolesPage(organizationOf(actor), {
    cursor: page.cursor,
    limit: page.limit ?? 100,
  });
  return { items: result.items.map(roleOutputOf), cursor: result.cursor };
}

export async function getRole(store: PeopleStore, actor: Actor, roleId: string) {
  const role = await store.role(organizationOf(actor), roleId);
  if (!role) throw notFound();
  return roleOutputOf(role);
}

/** The 422 for what the actor may not hand out; only what changes is checked, so keeping is free. */
function checkGrantable(
  actor: Actor,
  before: Pick<StoredRole, 'guard_role' | 'permissions'> | null,
  after: { guard_role: GuardRole | null; permissions: Permission[] },
) {
  const errors: Record<string, string[]> = {};
  const had = new Set(before?.permissions ?? []);
  const has = new Set(after.permissions);
  const changed = [
    ...after.permissions.filter((p) => !had.has(p)),
    ...(before?.permissions ?? []).filter((p) => !has.has(p)),
  ];
  if (changed.some((p) => !canGrantPermission(actor, p))) errors.permissions = ['not_grantable'];
  const guardBefore = before?.guard_role ?? null;
  if (guardBefore !== after.guard_role) {
    const touched = [guardBefore, after.guard_role].filter((r): r is GuardRole => r !== null);
    if (touched.some((r) => !canGrantGuardRole(actor, r))) errors.guard_role = ['not_grantable'];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

async function checkUniqueName(
  store: PeopleStore,
  organizationId: string,
  name: string,
  roleId: string | null,
) {
  const folded = foldText(name);
  const roles = await store.roles(organizationId);
  if (roles.some((r) => r.role_id !== roleId && foldText(r.role_name) === folded)) {
    throw validationFailed({ role_name: ['duplicate_value'] });
  }
}

export async function createRole(store: PeopleStore, actor: Actor, input: CreateRoleInput) {
  const organizationId = organizationOf(actor);
  const permissions = normalizePermissions(input.permissions);
  const guardRole = input.guard_role ?? null;
  checkGrantable(actor, null, { guard_role: guardRole, permissions });
  await checkUniqueName(store, organizationId, input.role_name, null);
  const roleId = randomUUID();
  const role = await store.createRole(
    actor,
    organizationId,
    roleId,
    { role_name: input.role_name, guard_role: guardRole, label: input.label ?? null, permissions },
    {
      action: 'role.create',
      target_type: 'role',
      target_id: roleId,
      details: { permissions, ...(guardRole ? { guard_role: guardRole } : {}) },
    },
  );
  return roleOutputOf(role);
}

export async function updateRole(store: PeopleStore, actor: Actor, roleId: string, input: UpdateRoleInput) {
  const organizationId = organizationOf(actor);
  const current = await store.role(organizationId, roleId);
  if (!current) throw notFound();
  if (current.version !== input.version) throw conflict();
  const permissions = normalizePermissions(input.permissions);
  const guardRole = input.guard_role ?? null;
  checkGrantable(actor, current, { guard_role: guardRole, permissions });
  await checkUniqueName(store, organizationId, input.role_name, roleId);
  const had = new Set(current.permissions);
  const has = new Set(permissions);
  const role = await store.updateRole(
    actor,
    organizationId,
    roleId,
    { role_name: input.role_name, guard_role: guardRole, label: input.label ?? null, permissions },
    input.version,
    {
      action: 'role.update',
      target_type: 'role',
      target_id: roleId,
      details: {
        added: permissions.filter((p) => !had.has(p)),
        removed: current.permissions.filter((p) => !has.has(p)),
      },
    },
  );
  // The editor may hold this role: their next request sees it at once (others within seconds).
  forgetActor(actor.sub);
  // Narrowed: every holder's open connections must stop what the role no longer gives.
  if (current.permissions.some((p) => !has.has(p)) || (current.guard_role ?? null) !== guardRole)
    await realtimeRightsChanged(await store.roleHolders(organizationId, roleId));
  return roleOutputOf(role);
}

export async function deleteRole(store: PeopleStore, actor: Actor, roleId: string) {
  const organizationId = organizationOf(actor);
  const role = await store.role(organizationId, roleId);
  if (!role) throw notFound();
  if (!canGrantRole(actor, role)) throw domainError('missing_permissions');
  if (await store.roleHeld(organizationId, roleId)) throw domainError('role_in_use');
  await store.deleteRole(actor, organizationId, roleId, {
    action: 'role.delete',
    target_type: 'role',
    target_id: roleId,
  });
}

// ---- pilot-info/{id} ----------------------------------------------------------------------------

export async function getMemberPilotInfo(
  store: PeopleStore,
  actor: Actor,
  userId: string,
): Promise<MemberPilotInfoOutput> {
  const { person } = await memberOf(store, actor, userId);
  const info = await store.pilotInfo(userId);
  return {
    member: { user_id: userId, user_name: nameOf(person, actor) },
    pilot_info: pilotInfoOutputOf(userId, info),
  };
}

export async function updateMemberPilotInfo(
  store: PeopleStore,
  actor: Actor,
  userId: string,
  input: PilotInfoInput,
): Promise<MemberPilotInfoOutput> {
  const { person } = await memberOf(store, actor, userId);
  const current = await store.pilotInfo(userId);
  if ((current?.version ?? 0) !== input.version) throw conflict();
  const { version, licences, ratings, ...rest } = input;
  const saved = await store.savePilotInfo(
    actor,
    userId,
    {
      ...rest,
      licences: licences.map((l) => ({
        type: l.type,
        number: l.number,
        ...(l.issued_at ? { issued_at: l.issued_at } : {}),
        ...(l.valid_until ? { valid_until: l.valid_until } : {}),
      })),
      ratings: Object.fromEntries(
        Object.entries(ratings).flatMap(([rating, entry]) =>
          entry
            ? [
                [
                  rating,
                  {
                    ...(entry.exam_date ? { exam_date: entry.exam_date } : {}),
                    ...(entry.valid_until ? { valid_until: entry.valid_until } : {}),
                  },
                ],
              ]
            : [],
        ),
      ),
    },
    version,
    { action: 'pilot_info.update', target_type: 'person', target_id: userId, subject_user_id: userId },
  );
  return {
    member: { user_id: userId, user_name: nameOf(person, actor) },
    pilot_info: pilotInfoOutputOf(userId, saved),
  };
}

// ---- organization/permits/{id} ------------------------------------------------------------------

export async function listMemberPermits(
  store: PeopleStore,
  actor: Actor,
  userId: string,
): Promise<MemberPermitsOutput> {
  const { organizationId, person } = await memberOf(store, actor, userId);
  const permits = await store.permits(organizationId, userId);
  const label = (p: StoredPermit) => p.plane_type ?? p.certificate_type ?? '';
  return {
    member: { user_id: userId, user_name: nameOf(person, actor) },
    items: permits
      .sort((a, b) => PERMIT_ORDER[a.kind] - PERMIT_ORDER[b.kind] || label(a).localeCompare(label(b)))
      .map(permitOutputOf),
    cursor: null,
  };
}

export async function grantPermit(store: PeopleStore, actor: Actor, userId: string, input: GrantPermitInput) {
  const { organizationId } = await memberOf(store, actor, userId);
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
  const saved = await store.grantPermit(actor, organizationId, userId, fields, {
    action: 'permit.grant',
    target_type: 'person',
    target_id: userId,
    subject_user_id: userId,
    details: { kind: fields.kind, permit_id: fields.permit_id },
  });
  return permitOutputOf(saved as StoredPermit);
}

export async function revokePermit(store: PeopleStore, actor: Actor, userId: string, permitId: string) {
  const { organizationId } = await memberOf(store, actor, userId);
  await store.revokePermit(actor, organizationId, userId, permitId, {
    action: 'permit.revoke',
    target_type: 'person',
    target_id: userId,
    subject_user_id: userId,
    details: { permit_id: permitId },
  });
}

// ---- users/change -------------------------------------------------------------------------------

const CANDIDATES = 20;

/** People of the supervisor's organizations matching the text (active members, never supervisors). */
export async function searchActAsCandidates(store: PeopleStore, actor: Actor, q: string | undefined) {
  const words = filterWords(q);
  const organizationIds = actor.memberships.map((m) => m.organizationId);
  const [pages, organizations] = await Promise.all([
    Promise.all(
      organizationIds.map((organizationId) =>
        store.membersPage(organizationId, {
          limit: CANDIDATES,
          words,
          searchIn: 'name_and_email',
          activeOnly: true,
        }),
      ),
    ),
    store.organizations(organizationIds),
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
  const persons = await store.persons([...found.keys()]);
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
 * the session is that person's (roles, permissions, organization), and every action is recorded
 * with the supervisor's id beside the person's.
 */
export async function startActing(store: PeopleStore, actor: Actor, userId: string) {
  if (actor.actingSupervisorId) throw domainError('missing_permissions');
  if (userId === actor.userId) throw validationFailed({ user_id: ['invalid_value'] });
  const [target, targetMemberships] = await Promise.all([store.person(userId), store.membershipsOf(userId)]);
  const mine = new Set(actor.memberships.map((m) => m.organizationId));
  const shared = targetMemberships.filter((m) => m.status === 'active' && mine.has(m.organization_id));
  if (!target || shared.length === 0) throw notFound();
  if (target.is_supervisor) throw validationFailed({ user_id: ['invalid_value'] });
  const organizationId =
    shared.find((m) => m.organization_id === target.current_organization_id)?.organization_id ??
    shared[0]?.organization_id;
  await store.setActingAs(actor, actor.userId, userId, {
    action: 'act_as.start',
    target_type: 'person',
    target_id: userId,
    subject_user_id: userId,
    organization_id: organizationId,
  });
  forgetActor(actor.sub);
  return { acting_as: { user_id: userId, user_name: nameOf(target, actor) } };
}

/** Back to the supervisor's own session. A session that is not acting has nothing to stop. */
export async function stopActing(store: PeopleStore, actor: Actor) {
  if (!actor.actingSupervisorId) return { acting_as: null };
  await store.setActingAs(actor, actor.actingSupervisorId, null, {
    action: 'act_as.stop',
    target_type: 'person',
    target_id: actor.userId,
  });
  forgetActor(actor.sub);
  return { acting_as: null };
}

// ---- address-book -------------------------------------------------------------------------------

/** Contact cards of the active members; phone, mobile and e-mail only where the member agreed. */
export async function listAddressBook(
  store: PeopleStore,
  actor: Actor,
  query: { cursor?: string; limit?: number; q?: string },
) {
  const organizationId = organizationOf(actor);
  const page = await store.membersPage(organizationId, {
    cursor: query.cursor,
    limit: query.limit ?? DEFAULT_PAGE,
    // Only the name: matching on an e-mail would reveal the address of someone who keeps it private.
    words: filterWords(query.q),
    searchIn: 'name',
    activeOnly: true,
  });
  const persons = await store.persons(page.items.map((m) => m.user_id));
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
