import type { EntityItem } from 'electrodb';
import type { MemberStatus } from '../../contracts/schemas/members.ts';
import { type ActionRecord, type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { batchGet } from '../platform/db/batch.ts';
import { fillPage, type Page } from '../platform/db/pages.ts';
import { db } from '../platform/db/service.ts';
import { patchAtVersion, type TransactionBuilder } from '../platform/db/writes.ts';
import { conflict, notFound } from '../platform/http/errors.ts';
import type { membership, permit } from './entities.ts';
import { invitationIndexFields, type memberIndexFields } from './entities.ts';

/**
 * Memberships (person ↔ organization, with the roles held there), invitations, the person's logbook
 * sharing per organization, and a member's permits in one organization. Every change is one
 * TransactWrite with its activity-log record.
 */

export type StoredMembership = EntityItem<typeof membership>;
export type StoredPermit = EntityItem<typeof permit>;

interface MemberQuery {
  cursor?: string;
  limit: number;
  /** Folded words that must all occur (in the name and e-mail, or only the name). */
  words: string[];
  searchIn: 'name_and_email' | 'name';
  role?: string;
  order?: 'asc' | 'desc';
  activeOnly?: boolean;
}

type Key = { organizationId: string; userId: string };
const keyOf = (key: Key) => ({ user_id: key.userId, organization_id: key.organizationId });

export const membershipStore = {
  async membership(organizationId: string, userId: string) {
    const { data } = await db()
      .entities.membership.get({ user_id: userId, organization_id: organizationId })
      .go();
    return data;
  },

  /** Several people's memberships of one organization (BatchGetItem, unprocessed keys asked again). */
  async memberships(organizationId: string, userIds: readonly string[]) {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return [];
    return batchGet(
      db().entities.membership,
      unique.map((user_id) => ({ user_id, organization_id: organizationId })),
    );
  },

  /** A person's memberships and invitations (`person#<id>` begins_with `member#`). */
  async membershipsOf(userId: string) {
    const { data } = await db().entities.membership.query.byPerson({ user_id: userId }).go({ pages: 'all' });
    return data;
  },

  /** Every membership of an organization (gsi1 `org#<id>#members`). */
  async members(organizationId: string) {
    const { data } = await db()
      .entities.membership.query.byOrganization({ organization_id: organizationId })
      .go({ pages: 'all' });
    return data;
  },

  /** One page of an organization's members in name order, filtered by words, role and status. */
  membersPage(organizationId: string, query: MemberQuery): Promise<Page<StoredMembership>> {
    const base = db().entities.membership.query.byName({ organization_id: organizationId });
    const filters = query.words.length > 0 || query.role !== undefined || query.activeOnly === true;
    const filtered = filters
      ? base.where((attr, op) =>
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
      : base;
    return fillPage((cursor, limit) => filtered.go({ cursor, limit, order: query.order ?? 'asc' }), query);
  },

  /** Everyone in the organization holding the role (a role's rights changed: theirs did too). */
  async roleHolders(organizationId: string, roleId: string) {
    const { data } = await db()
      .entities.membership.query.byOrganization({ organization_id: organizationId })
      .where((attr, op) => op.contains(attr.role_ids, roleId))
      .go({ pages: 'all', attributes: ['user_id'] });
    return data.map((m) => m.user_id);
  },

  /**
   * A new active membership, with the caller's writes in the same TransactWrite (a new person made
   * with it). A membership that already exists is a 409.
   */
  async addMembership(
    auditor: Auditor,
    item: Pick<StoredMembership, 'user_id' | 'organization_id' | 'role_ids'> &
      ReturnType<typeof memberIndexFields>,
    audit: ActionRecord,
    alsoWrite: TransactionBuilder = () => [],
  ) {
    await auditedWrite(auditor, audit, (e) => [
      ...alsoWrite(e),
      e.membership.create({ ...item, status: 'active' }).commit(),
    ]);
    const stored = await this.membership(item.organization_id, item.user_id);
    if (!stored) throw conflict();
    return stored;
  },

  /** Roles or status of a membership, on the version read. */
  async updateMembership(
    auditor: Auditor,
    key: Key,
    changes: { role_ids?: string[]; status?: MemberStatus },
    version: number,
    audit: ActionRecord,
  ) {
    await auditedWrite(auditor, audit, ({ membership }) => [
      patchAtVersion(membership.patch(keyOf(key)), { set: changes }, version),
    ]);
    const saved = await this.membership(key.organizationId, key.userId);
    if (!saved) throw notFound();
    return saved;
  },

  async removeMembership(auditor: Auditor, key: Key, audit: ActionRecord) {
    await auditedWrite(
      auditor,
      audit,
      ({ membership }) => [
        membership
          .delete(keyOf(key))
          .where(({ user_id }, { exists }) => exists(user_id))
          .commit(),
      ],
      notFound,
    );
  },

  /**
   * An invitation to a person who has an account (issue 11 §1): a membership row `invited`, carrying
   * only the e-mail for the list. New (none may exist), or replacing a declined one at the version read.
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
    await auditedWrite(auditor, input.audit, ({ membership }) => [
      replacing
        ? membership
            .put(item)
            .where(
              ({ version, status }, { eq }) =>
                `${eq(version, replacing.version)} AND ${eq(status, 'declined')}`,
            )
            .commit()
        : membership.create(item).commit(),
    ]);
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
    await auditedWrite(auditor, audit, ({ membership }) => [
      membership
        .patch({ user_id: current.user_id, organization_id: current.organization_id })
        .set({ ...changes, version: current.version + 1 })
        .where(
          ({ version, status }, { eq }) => `${eq(version, current.version)} AND ${eq(status, 'invited')}`,
        )
        .commit(),
    ]);
    const saved = await this.membership(current.organization_id, current.user_id);
    if (!saved) throw notFound();
    return saved;
  },

  /** Removes an invitation (waiting or declined) as read; a changed or vanished one is a 409. */
  async deleteInvitation(auditor: Auditor, current: StoredMembership, audit: ActionRecord) {
    await auditedWrite(auditor, audit, ({ membership }) => [
      membership
        .delete({ user_id: current.user_id, organization_id: current.organization_id })
        .where(
          ({ version, status }, { eq }) =>
            `${eq(version, current.version)} AND ${eq(status, current.status)}`,
        )
        .commit(),
    ]);
  },

  /**
   * The person's logbook sharing with one organization. It is the person's own choice beside the
   * organization's fields, so it leaves the membership's version alone (an admin's open role edit
   * is not made stale by it); the membership must still be one (not an invitation).
   */
  async setLogbookSharing(auditor: Auditor, current: StoredMembership, shared: boolean, audit: ActionRecord) {
    await auditedWrite(auditor, audit, ({ membership }) => [
      membership
        .patch({ user_id: current.user_id, organization_id: current.organization_id })
        .set({ logbook_shared: shared })
        .where(({ status }, { eq }) => `${eq(status, 'active')} OR ${eq(status, 'suspended')}`)
        .commit(),
    ]);
  },

  // ---- permits (organization/permits/{id}) ----------------------------------------------------

  async permits(organizationId: string, userId: string) {
    const { data } = await db()
      .entities.permit.query.byMember({ organization_id: organizationId, user_id: userId })
      .go({ pages: 'all' });
    return data;
  },

  /** Grants (or renews, for a fixed id) a permit. */
  async grantPermit(auditor: Auditor, item: StoredPermit, audit: ActionRecord) {
    await auditedWrite(auditor, audit, ({ permit }) => [permit.put(item).commit()]);
    return item;
  },

  async revokePermit(auditor: Auditor, key: Key & { permitId: string }, audit: ActionRecord) {
    await auditedWrite(
      auditor,
      audit,
      ({ permit }) => [
        permit
          .delete({ ...keyOf(key), permit_id: key.permitId })
          .where(({ permit_id }, { exists }) => exists(permit_id))
          .commit(),
      ],
      notFound,
    );
  },
};

export type MembershipStore = typeof membershipStore;
