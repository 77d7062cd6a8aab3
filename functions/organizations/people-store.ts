import type { EntityItem } from 'electrodb';
import type { Lang } from '../../contracts/langs.ts';
import type { GuardRole, Permission, RoleLabel } from '../../contracts/permissions.ts';
import type { MemberStatus } from '../../contracts/schemas/members.ts';
import { type ActionRecord, actionItem } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { cognito } from '../platform/auth/cognito.ts';
import { env } from '../platform/config/env.ts';
import { db } from '../platform/db/service.ts';
import { conflict, notFound, validationFailed } from '../platform/http/errors.ts';
import type { membership, permit, person, pilotInfo, role } from './entities.ts';
import { invitationIndexFields, isMembership, memberIndexFields } from './entities.ts';
import type { PersonFlag, PersonTextField } from './person-views.ts';

/**
 * The people area's reads and writes (DynamoDB through ElectroDB, Cognito through the SDK); the
 * rules live in people-service.ts. Every change is written together with its activity-log item in
 * one TransactWrite, so a change is never recorded without its audit entry or the other way round.
 */

export type StoredPerson = EntityItem<typeof person>;
export type StoredMembership = EntityItem<typeof membership>;
export type StoredRole = EntityItem<typeof role>;
export type StoredPilotInfo = EntityItem<typeof pilotInfo>;
export type StoredPermit = EntityItem<typeof permit>;
type Auditor = Pick<Actor, 'userId' | 'organizationId' | 'actingSupervisorId'>;

export interface Page<T> {
  items: T[];
  cursor: string | null;
}

export interface MemberQuery {
  cursor?: string;
  limit: number;
  /** Folded words that must all occur (in the name and e-mail, or only the name). */
  words: string[];
  searchIn: 'name_and_email' | 'name';
  role?: string;
  order?: 'asc' | 'desc';
  activeOnly?: boolean;
}

/** Person fields user/{id} and the seed write; `null` removes a stored value. */
export type PersonChanges = Partial<Record<PersonTextField, string | null>> &
  Partial<Record<PersonFlag, boolean>> & { first_name: string; last_name: string };

export interface RoleFields {
  role_name: string;
  guard_role?: Exclude<GuardRole, 'supervisor'> | null;
  label?: RoleLabel | null;
  permissions: Permission[];
}

export interface PilotInfoFields {
  licences: StoredPilotInfo['licences'];
  medical_licence_number?: string | null;
  medical_class?: StoredPilotInfo['medical_class'] | null;
  medical_valid_until?: string | null;
  fai_id?: string | null;
  fai_level?: string | null;
  mrlsz_id?: string | null;
  ratings: Record<string, unknown>;
}

export interface PermitFields {
  permit_id: string;
  kind: StoredPermit['kind'];
  plane_type?: string;
  certificate_type?: string;
  certificate_number?: string;
  valid_until?: string;
}

/** Keys whose value is null or '' are removed, the rest set (an UpdateItem's SET and REMOVE). */
const splitCleared = (fields: object) => {
  const set: Record<string, unknown> = {};
  const cleared: string[] = [];
  for (const [key, value] of Object.entries(fields) as [string, unknown][]) {
    if (value === undefined) continue;
    if (value === null || value === '') cleared.push(key);
    else set[key] = value;
  }
  return { set, cleared };
};

/** A TransactWrite that lost a condition (a stale version, a vanished item) is a 409. */
const written = (result: { canceled: boolean }) => {
  if (result.canceled) throw conflict();
};

/** A cursor that is not one of ours (edited, from another list) is the caller's mistake, not a 500. */
async function paged<T>(run: () => Promise<{ data: T[]; cursor: string | null }>) {
  try {
    return await run();
  } catch (error) {
    const text = error instanceof Error ? `${error.name} ${error.message}` : '';
    if (/cursor|ExclusiveStartKey|ValidationException/i.test(text)) {
      throw validationFailed({ cursor: ['invalid_value'] });
    }
    throw error;
  }
}

const subOf = (attributes: { Name?: string; Value?: string }[] | undefined) =>
  attributes?.find((attribute) => attribute.Name === 'sub')?.Value;

export const peopleStore = {
  // ---- people and memberships -------------------------------------------------------------

  async person(userId: string) {
    const { data } = await db().entities.person.get({ user_id: userId }).go();
    return data;
  },

  async personByEmail(email: string) {
    const { data } = await db().entities.person.query.byEmail({ email }).go({ limit: 1 });
    return data[0] ?? null;
  },

  async persons(userIds: string[]) {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return new Map<string, StoredPerson>();
    const { data } = await db()
      .entities.person.get(unique.map((user_id) => ({ user_id })))
      .go();
    return new Map(data.map((p) => [p.user_id, p]));
  },

  async organizations(organizationIds: string[]) {
    if (organizationIds.length === 0) return [];
    const { data } = await db()
      .entities.organization.get(organizationIds.map((organization_id) => ({ organization_id })))
      .go();
    return data;
  },

  async membership(organizationId: string, userId: string) {
    const { data } = await db()
      .entities.membership.get({ user_id: userId, organization_id: organizationId })
      .go();
    return data;
  },

  async membershipsOf(userId: string) {
    const { data } = await db().entities.membership.query.byPerson({ user_id: userId }).go({ pages: 'all' });
    return data;
  },

  /** One page of an organization's members in name order, filtered by words, role and status. */
  async membersPage(organizationId: string, query: MemberQuery): Promise<Page<StoredMembership>> {
    const filtered = query.words.length > 0 || query.role !== undefined || query.activeOnly === true;
    const run = () => {
      const base = db().entities.membership.query.byName({ organization_id: organizationId });
      const options = { cursor: query.cursor ?? null, order: query.order ?? 'asc', count: query.limit };
      if (!filtered) return base.go(options);
      return base
        .where((attr, op) =>
          [
            ...query.words.map((word) =>
              query.searchIn === 'name'
                ? op.contains(attr.sort_name, word)
                : op.contains(attr.search_text, word),
            ),
            ...(query.role ? [op.contains(attr.role_ids, query.role)] : []),
            ...(query.activeOnly ? [op.eq(attr.status, 'active')] : []),
          ].join(' AND '),
        )
        .go(options);
    };
    const { data, cursor } = await paged(run);
    return { items: data, cursor };
  },

  /** Whether any member of the organization holds the role (the role delete check). */
  /** Everyone in the organization holding the role (a role's rights changed: theirs did too). */
  async roleHolders(organizationId: string, roleId: string) {
    const { data } = await db()
      .entities.membership.query.byOrganization({ organization_id: organizationId })
      .where((attr, op) => op.contains(attr.role_ids, roleId))
      .go({ pages: 'all', attributes: ['user_id'] });
    return data.map((membership) => membership.user_id);
  },

  async roleHeld(organizationId: string, roleId: string) {
    const { data } = await db()
      .entities.membership.query.byOrganization({ organization_id: organizationId })
      .where((attr, op) => op.contains(attr.role_ids, roleId))
      .go({ count: 1 });
    return data.length > 0;
  },

  /**
   * A new membership; with `newPerson`, the person is created in the same transaction (and refused if
   * one with that id appeared meanwhile). A membership that already exists is a 409.
   */
  async addMembership(
    auditor: Auditor,
    input: {
      organizationId: string;
      person: Pick<StoredPerson, 'user_id' | 'email' | 'first_name' | 'last_name'>;
      newPerson?: { cognito_sub: string; lang: Lang };
      roleIds: string[];
      audit: ActionRecord;
    },
  ) {
    const { organizationId, person: who, newPerson, roleIds, audit } = input;
    const item = {
      user_id: who.user_id,
      organization_id: organizationId,
      role_ids: roleIds,
      status: 'active' as const,
      ...memberIndexFields(who),
    };
    const result = await db()
      .transaction.write(({ person, membership, action }) => [
        ...(newPerson
          ? [
              person
                .create({
                  user_id: who.user_id,
                  email: who.email,
                  first_name: who.first_name,
                  last_name: who.last_name,
                  cognito_sub: newPerson.cognito_sub,
                  lang: newPerson.lang,
                  current_organization_id: organizationId,
                })
                .commit(),
            ]
          : []),
        membership.create(item).commit(),
        action.put(actionItem(auditor, audit)).commit(),
      ])
      .go();
    written(result);
    const stored = await this.membership(organizationId, who.user_id);
    if (!stored) throw conflict();
    return stored;
  },

  /**
   * The person's fields with a version condition, and the name copies on every membership of the
   * person, in one transaction: a stale version writes nothing.
   */
  async updatePerson(
    auditor: Auditor,
    current: StoredPerson,
    changes: PersonChanges,
    version: number,
    memberships: StoredMembership[],
    audit: ActionRecord,
  ) {
    const { set, cleared } = splitCleared(changes);
    const copies = memberIndexFields({
      ...current,
      first_name: changes.first_name,
      last_name: changes.last_name,
    });
    const result = await db()
      .transaction.write(({ person, membership, action }) => {
        const update = person.patch({ user_id: current.user_id }).set({ ...set, version: version + 1 });
        const withRemovals = cleared.length
          ? update.remove(cleared as Parameters<typeof update.remove>[0])
          : update;
        return [
          withRemovals.where(({ version: stored }, { eq }) => eq(stored, version)).commit(),
          // Invitations keep the e-mail only: the name is not the organization's before accepting.
          ...memberships
            .filter(isMembership)
            .filter((m) => m.sort_name !== copies.sort_name || m.search_text !== copies.search_text)
            .map((m) =>
              membership
                .patch({ user_id: m.user_id, organization_id: m.organization_id })
                .set(copies)
                .commit(),
            ),
          action.put(actionItem(auditor, audit)).commit(),
        ];
      })
      .go();
    written(result);
    const saved = await this.person(current.user_id);
    if (!saved) throw notFound();
    return saved;
  },

  /** Roles or status of a membership, with a version condition. */
  async updateMembership(
    auditor: Auditor,
    key: { organizationId: string; userId: string },
    changes: { role_ids?: string[]; status?: MemberStatus },
    version: number,
    audit: ActionRecord,
  ) {
    const result = await db()
      .transaction.write(({ membership, action }) => [
        membership
          .patch({ user_id: key.userId, organization_id: key.organizationId })
          .set({ ...changes, version: version + 1 })
          .where(({ version: stored }, { eq }) => eq(stored, version))
          .commit(),
        action.put(actionItem(auditor, audit)).commit(),
      ])
      .go();
    written(result);
    const saved = await this.membership(key.organizationId, key.userId);
    if (!saved) throw notFound();
    return saved;
  },

  async removeMembership(
    auditor: Auditor,
    key: { organizationId: string; userId: string },
    audit: ActionRecord,
  ) {
    const result = await db()
      .transaction.write(({ membership, action }) => [
        membership
          .delete({ user_id: key.userId, organization_id: key.organizationId })
          .where(({ user_id }, { exists }) => exists(user_id))
          .commit(),
        action.put(actionItem(auditor, audit)).commit(),
      ])
      .go();
    if (result.canceled) throw notFound();
  },

  // ---- invitations (issue 11 §1) ----------------------------------------------------------

  /**
   * An invitation to a person who has an account: a membership row `invited`, carrying only the
   * e-mail for the list. New (none may exist), or replacing a declined one at the version read.
   */
  async invite(
    auditor: Auditor,
    input: {
      organizationId: string;
      userId: string;
      email: string;
      roleIds: string[];
      at: string;
      replacing: StoredMembership | null;
      audit: ActionRecord;
    },
  ) {
    const { organizationId, userId, replacing } = input;
    const item = {
      user_id: userId,
      organization_id: organizationId,
      role_ids: input.roleIds,
      status: 'invited' as const,
      joined_at: input.at,
      invited_by: auditor.userId,
      version: (replacing?.version ?? 0) + 1,
      ...invitationIndexFields(input.email),
    };
    const result = await db()
      .transaction.write(({ membership, action }) => [
        replacing
          ? membership
              .put(item)
              .where(
                ({ version, status }, { eq }) =>
                  `${eq(version, replacing.version)} AND ${eq(status, 'declined')}`,
              )
              .commit()
          : membership.create(item).commit(),
        action.put(actionItem(auditor, input.audit)).commit(),
      ])
      .go();
    written(result);
    const stored = await this.membership(organizationId, userId);
    if (!stored) throw conflict();
    return stored;
  },

  /**
   * The invited person's answer, on the invitation as read (still `invited`, same version): accepted
   * becomes an active membership with the person's name copies; declined keeps the e-mail only.
   */
  async answerInvitation(
    auditor: Auditor,
    current: StoredMembership,
    changes:
      | ({ status: 'active'; joined_at: string; answered_at: string } & ReturnType<typeof memberIndexFields>)
      | { status: 'declined'; answered_at: string; role_ids: string[] },
    audit: ActionRecord,
  ) {
    const result = await db()
      .transaction.write(({ membership, action }) => [
        membership
          .patch({ user_id: current.user_id, organization_id: current.organization_id })
          .set({ ...changes, version: current.version + 1 })
          .where(
            ({ version, status }, { eq }) => `${eq(version, current.version)} AND ${eq(status, 'invited')}`,
          )
          .commit(),
        action.put(actionItem(auditor, audit)).commit(),
      ])
      .go();
    written(result);
    const saved = await this.membership(current.organization_id, current.user_id);
    if (!saved) throw notFound();
    return saved;
  },

  /** Removes an invitation (waiting or declined) as read; a changed or vanished one is a 409. */
  async deleteInvitation(auditor: Auditor, current: StoredMembership, audit: ActionRecord) {
    const result = await db()
      .transaction.write(({ membership, action }) => [
        membership
          .delete({ user_id: current.user_id, organization_id: current.organization_id })
          .where(
            ({ version, status }, { eq }) =>
              `${eq(version, current.version)} AND ${eq(status, current.status)}`,
          )
          .commit(),
        action.put(actionItem(auditor, audit)).commit(),
      ])
      .go();
    written(result);
  },

  /**
   * The person's logbook sharing with one organization. It is the person's own choice beside the
   * organization's fields, so it leaves the membership's version alone (an admin's open role edit
   * is not made stale by it); the membership must still be one (not an invitation).
   */
  async setLogbookSharing(auditor: Auditor, current: StoredMembership, shared: boolean, audit: ActionRecord) {
    const result = await db()
      .transaction.write(({ membership, action }) => [
        membership
          .patch({ user_id: current.user_id, organization_id: current.organization_id })
          .set({ logbook_shared: shared })
          .where(({ status }, { eq }) => `${eq(status, 'active')} OR ${eq(status, 'suspended')}`)
          .commit(),
        action.put(actionItem(auditor, audit)).commit(),
      ])
      .go();
    written(result);
  },

  // ---- roles ------------------------------------------------------------------------------

  async roles(organizationId: string) {
    const { data } = await db()
      .entities.role.query.byOrganization({ organization_id: organizationId })
      .go({ pages: 'all' });
    return data;
  },

  async rolesPage(
    organizationId: string,
    page: { cursor?: string; limit: number },
  ): Promise<Page<StoredRole>> {
    const { data, cursor } = await paged(() =>
      db()
        .entities.role.query.byOrganization({ organization_id: organizationId })
        .go({ cursor: page.cursor ?? null, count: page.limit }),
    );
    return { items: data, cursor };
  },

  async role(organizationId: string, roleId: string) {
    const { data } = await db().entities.role.get({ organization_id: organizationId, role_id: roleId }).go();
    return data;
  },

  async createRole(
    auditor: Auditor,
    organizationId: string,
    roleId: string,
    fields: RoleFields,
    audit: ActionRecord,
  ) {
    const { set } = splitCleared(fields);
    const result = await db()
      .transaction.write(({ role, action }) => [
        role
          .create({
            organization_id: organizationId,
            role_id: roleId,
            role_name: fields.role_name,
            permissions: fields.permissions,
            ...(set as Partial<RoleFields>),
          } as Parameters<typeof role.create>[0])
          .commit(),
        action.put(actionItem(auditor, audit)).commit(),
      ])
      .go();
    written(result);
    const saved = await this.role(organizationId, roleId);
    if (!saved) throw conflict();
    return saved;
  },

  async updateRole(
    auditor: Auditor,
    organizationId: string,
    roleId: string,
    fields: RoleFields,
    version: number,
    audit: ActionRecord,
  ) {
    const { set, cleared } = splitCleared(fields);
    const result = await db()
      .transaction.write(({ role, action }) => {
        const update = role
          .patch({ organization_id: organizationId, role_id: roleId })
          .set({ ...set, permissions: fields.permissions, version: version + 1 });
        const withRemovals = cleared.length
          ? update.remove(cleared as Parameters<typeof update.remove>[0])
          : update;
        return [
          withRemovals.where(({ version: stored }, { eq }) => eq(stored, version)).commit(),
          action.put(actionItem(auditor, audit)).commit(),
        ];
      })
      .go();
    written(result);
    const saved = await this.role(organizationId, roleId);
    if (!saved) throw notFound();
    return saved;
  },

  async deleteRole(auditor: Auditor, organizationId: string, roleId: string, audit: ActionRecord) {
    const result = await db()
      .transaction.write(({ role, action }) => [
        role
          .delete({ organization_id: organizationId, role_id: roleId })
          .where(({ role_id }, { exists }) => exists(role_id))
          .commit(),
        action.put(actionItem(auditor, audit)).commit(),
      ])
      .go();
    if (result.canceled) throw notFound();
  },

  // ---- pilot data -------------------------------------------------------------------------

  async pilotInfo(userId: string) {
    const { data } = await db().entities.pilotInfo.get({ user_id: userId }).go();
    return data;
  },

  /**
   * Saves a person's pilot data: version 0 creates it (refused if someone created it meanwhile),
   * any other version replaces it only if still current.
   */
  async savePilotInfo(
    auditor: Auditor,
    userId: string,
    fields: PilotInfoFields,
    version: number,
    audit: ActionRecord,
  ) {
    const { set } = splitCleared(fields);
    const item = {
      user_id: userId,
      ...set,
      licences: fields.licences,
      ratings: fields.ratings,
      version: version + 1,
    } as StoredPilotInfo;
    const result = await db()
      .transaction.write(({ pilotInfo: info, action }) => [
        version === 0
          ? info.create(item).commit()
          : info
              .put(item)
              .where(({ version: stored }, { eq }) => eq(stored, version))
              .commit(),
        action.put(actionItem(auditor, audit)).commit(),
      ])
      .go();
    written(result);
    const saved = await this.pilotInfo(userId);
    if (!saved) throw conflict();
    return saved;
  },

  // ---- permits ----------------------------------------------------------------------------

  async permits(organizationId: string, userId: string) {
    const { data } = await db()
      .entities.permit.query.byMember({ organization_id: organizationId, user_id: userId })
      .go({ pages: 'all' });
    return data;
  },

  /** Grants (or renews, for a fixed id) a permit. */
  async grantPermit(
    auditor: Auditor,
    organizationId: string,
    userId: string,
    fields: PermitFields,
    audit: ActionRecord,
  ) {
    const item = {
      organization_id: organizationId,
      user_id: userId,
      ...fields,
      granted_by: auditor.userId,
      granted_at: new Date().toISOString(),
    };
    const result = await db()
      .transaction.write(({ permit: permits, action }) => [
        permits.put(item).commit(),
        action.put(actionItem(auditor, audit)).commit(),
      ])
      .go();
    written(result);
    return item;
  },

  async revokePermit(
    auditor: Auditor,
    organizationId: string,
    userId: string,
    permitId: string,
    audit: ActionRecord,
  ) {
    const result = await db()
      .transaction.write(({ permit: permits, action }) => [
        permits
          .delete({ organization_id: organizationId, user_id: userId, permit_id: permitId })
          .where(({ permit_id }, { exists }) => exists(permit_id))
          .commit(),
        action.put(actionItem(auditor, audit)).commit(),
      ])
      .go();
    if (result.canceled) throw notFound();
  },

  // ---- act as -----------------------------------------------------------------------------

  /** Sets or clears `acting_as_user_id` on the supervisor's own person item, with its audit entry. */
  async setActingAs(auditor: Auditor, supervisorId: string, targetId: string | null, audit: ActionRecord) {
    const result = await db()
      .transaction.write(({ person, action }) => {
        const update = person.patch({ user_id: supervisorId });
        return [
          (targetId
            ? update.set({ acting_as_user_id: targetId })
            : update.remove(['acting_as_user_id'])
          ).commit(),
          action.put(actionItem(auditor, audit)).commit(),
        ];
      })
      .go();
    written(result);
  },

  // ---- logins -----------------------------------------------------------------------------

  /**
   * A Cognito user for a new member: Cognito mails a temporary password (locally: the outbox). A user
   * that already exists for the e-mail (a login without a person) is reused.
   */
  async createLogin(input: { email: string; name: string }): Promise<{ sub: string }> {
    const UserPoolId = env().USER_POOL_ID;
    if (!UserPoolId) throw new Error('USER_POOL_ID is not configured');
    const { client, sdk } = await cognito();
    try {
      const { User } = await client.send(
        new sdk.AdminCreateUserCommand({
          UserPoolId,
          Username: input.email,
          DesiredDeliveryMediums: ['EMAIL'],
          UserAttributes: [
            { Name: 'email', Value: input.email },
            { Name: 'email_verified', Value: 'true' },
            { Name: 'name', Value: input.name },
          ],
        }),
      );
      const sub = subOf(User?.Attributes);
      if (!sub) throw new Error('Cognito returned no sub');
      return { sub };
    } catch (error) {
      if ((error as Error).name !== 'UsernameExistsException') throw error;
      const existing = await client.send(new sdk.AdminGetUserCommand({ UserPoolId, Username: input.email }));
      const sub = subOf(existing.UserAttributes);
      if (!sub) throw new Error('Cognito returned no sub');
      return { sub };
    }
  },
};

export type PeopleStore = typeof peopleStore;
