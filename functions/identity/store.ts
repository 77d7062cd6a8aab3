import type { Lang } from '../../contracts/langs.ts';
import type { UpdateOwnOrganizationInput } from '../../contracts/schemas/identity.ts';
import { changedFields, recordPatch, type StoredOrganization } from '../organizations/organization-record.ts';
import { actionItem } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { db } from '../platform/db/service.ts';
import { conflict, notFound } from '../platform/http/errors.ts';
import { isKnownAirport } from './datasource-airports.ts';

/** The identity domain's reads and writes (DynamoDB through ElectroDB); the service holds the rules. */
export const identityStore = {
  async setLanguage(userId: string, lang: Lang) {
    await db().entities.person.patch({ user_id: userId }).set({ lang }).go({ response: 'none' });
  },

  async setCurrentOrganization(userId: string, organizationId: string) {
    await db()
      .entities.person.patch({ user_id: userId })
      .set({ current_organization_id: organizationId })
      .go({ response: 'none' });
  },

  async organizationsOf(organizationIds: string[]) {
    if (organizationIds.length === 0) return [];
    const { data } = await db()
      .entities.organization.get(organizationIds.map((organization_id) => ({ organization_id })))
      .go();
    return data;
  },

  async rolesOf(organizationId: string) {
    const { data } = await db()
      .entities.role.query.byOrganization({ organization_id: organizationId })
      .go({ pages: 'all' });
    return data;
  },

  async organization(organizationId: string) {
    const { data } = await db().entities.organization.get({ organization_id: organizationId }).go();
    if (!data) throw notFound();
    return data;
  },

  /** The organization's aircraft for the profile: one Query on `org#<id>` begins_with `plane#`. */
  async planesOf(organizationId: string) {
    const { data } = await db()
      .entities.plane.query.byOrganization({ organization_id: organizationId })
      .go({
        pages: 'all',
        attributes: ['plane_id', 'reg_num', 'plane_category', 'is_tmg', 'status', 'rentable', 'owner'],
      });
    return data;
  },

  /** The person's permits in the organization (permit.byMember, `permit#<user_id>#…`). */
  async permitsOf(organizationId: string, userId: string) {
    const { data } = await db()
      .entities.permit.query.byMember({ organization_id: organizationId, user_id: userId })
      .go({ pages: 'all' });
    return data;
  },

  /** A base airport must be a reference airport (the airports datasource). */
  isKnownAirport,

  async isActiveMember(organizationId: string, userId: string) {
    const { data } = await db()
      .entities.membership.get({ user_id: userId, organization_id: organizationId })
      .go();
    return data?.status === 'active';
  },

  /**
   * One TransactWrite: the record's UpdateItem, conditioned on nobody else having saved since
   * `version` was read (else a 409, DESIGN §4), and its activity-log entry. An absent field stays
   * as it is; a null one is removed.
   */
  async updateOrganization(actor: Actor, organizationId: string, input: UpdateOwnOrganizationInput) {
    const { version } = input;
    const patch = recordPatch(input);
    const { data: before } = await db().entities.organization.get({ organization_id: organizationId }).go();
    if (!before) throw notFound();
    const result = await db()
      .transaction.write(({ organization, action }) => {
        const update = organization
          .patch({ organization_id: organizationId })
          .set({ ...(patch.set as Record<string, never>), version: version + 1 });
        return [
          (patch.remove.length ? update.remove(patch.remove as never[]) : update)
            .where(({ version: current }, { eq }) => eq(current, version))
            .commit(),
          action
            .put(
              actionItem(actor, {
                action: 'organization.update',
                target_type: 'organization',
                target_id: organizationId,
                organization_id: organizationId,
                details: { fields: changedFields(before as StoredOrganization, patch) },
              }),
            )
            .commit(),
        ];
      })
      .go();
    if (result.canceled) throw conflict();
    return identityStore.organization(organizationId);
  },
};

export type IdentityStore = typeof identityStore;
