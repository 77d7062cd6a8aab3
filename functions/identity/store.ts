import type { Lang } from '../../contracts/langs.ts';
import type { UpdateOwnOrganizationInput } from '../../contracts/schemas/identity.ts';
import { db } from '../platform/db/service.ts';
import { conflict, notFound } from '../platform/http/errors.ts';

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

  /**
   * One conditional UpdateItem: saves only when nobody else saved since `version` was read,
   * otherwise a 409 (DESIGN §4). Cleared optional fields are removed in the same update.
   */
  async updateOrganization(organizationId: string, input: UpdateOwnOrganizationInput) {
    const { version, organization_name, short_name, timezone, ...optional } = input;
    const filled: Partial<Record<OptionalField, string>> = {};
    const cleared: OptionalField[] = [];
    for (const key of OPTIONAL_FIELDS) {
      const value = optional[key];
      if (value) filled[key] = value;
      else cleared.push(key);
    }
    try {
      const update = db()
        .entities.organization.patch({ organization_id: organizationId })
        .set({ organization_name, short_name, timezone, ...filled, version: version + 1 });
      const { data } = await (cleared.length ? update.remove(cleared) : update)
        .where(({ version: current }, { eq }) => eq(current, version))
        .go({ response: 'all_new' });
      return data;
    } catch (error) {
      if (isConditionFailure(error)) throw conflict();
      throw error;
    }
  },
};

const OPTIONAL_FIELDS = [
  'address_hq',
  'address_site',
  'company_id',
  'vat_number',
  'contact_name',
  'base_airport',
] as const;
type OptionalField = (typeof OPTIONAL_FIELDS)[number];

export type IdentityStore = typeof identityStore;

const isConditionFailure = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'ConditionalCheckFailedException' ||
    (error.cause instanceof Error && error.cause.name === 'ConditionalCheckFailedException') ||
    /conditional request failed/i.test(error.message));
