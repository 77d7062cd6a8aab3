import type { EntityItem } from 'electrodb';
import type { Lang } from '../../contracts/langs.ts';
import { type ActionRecord, type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { cognito } from '../platform/auth/cognito.ts';
import { env } from '../platform/config/env.ts';
import { batchGet } from '../platform/db/batch.ts';
import { db } from '../platform/db/service.ts';
import {
  type Change,
  patchAtVersion,
  saveAtVersion,
  type TransactionBuilder,
} from '../platform/db/writes.ts';
import type { person, pilotInfo } from './entities.ts';
import { isMembership, memberIndexFields } from './entities.ts';
import type { StoredMembership } from './membership-store.ts';

/**
 * People and their pilot data (person-owned items under `person#<id>`), and their logins (Cognito).
 * Every change is one TransactWrite with its activity-log record; the rules are in person-service.ts.
 */

export type StoredPerson = EntityItem<typeof person>;
export type StoredPilotInfo = EntityItem<typeof pilotInfo>;

/** What a new person is made of (a member added by a club, or a pilot who registered alone). */
export interface NewPerson {
  user_id: string;
  cognito_sub: string;
  email: string;
  first_name: string;
  last_name: string;
  lang: Lang;
  current_organization_id?: string;
  profile_type?: StoredPerson['profile_type'];
  public_privatedata?: boolean;
  newsletter_on?: boolean;
}

const subOf = (attributes: { Name?: string; Value?: string }[] | undefined) =>
  attributes?.find((attribute) => attribute.Name === 'sub')?.Value;

/** The write that creates a person (refused if one with the id exists), for a TransactWrite. */
export const personCreation =
  (item: NewPerson): TransactionBuilder =>
  ({ person }) => [person.create(item).commit()];

export const personStore = {
  async person(userId: string) {
    const { data } = await db().entities.person.get({ user_id: userId }).go();
    return data;
  },

  async personByEmail(email: string) {
    const { data } = await db().entities.person.query.byEmail({ email }).go({ limit: 1 });
    return data[0] ?? null;
  },

  /**
   * People by id (BatchGetItem: ElectroDB splits it into 100-key requests, and what DynamoDB leaves
   * unprocessed is asked for again); ids that have no person are left out.
   */
  async persons(userIds: readonly string[]) {
    const keys = [...new Set(userIds)].filter(Boolean).map((user_id) => ({ user_id }));
    const people = await batchGet(db().entities.person, keys);
    return new Map<string, StoredPerson>(people.map((person) => [person.user_id, person]));
  },

  /**
   * The person's fields on the version read, and the name copies on each of their memberships (the
   * users list and the address book sort and search by them), in one TransactWrite with the record.
   * Invitations keep the e-mail only: the name is not the organization's before accepting.
   */
  async updatePerson(
    auditor: Auditor,
    current: StoredPerson,
    change: Change & { set: { first_name: string; last_name: string } },
    version: number,
    memberships: readonly StoredMembership[],
    audit: ActionRecord,
  ) {
    const copies = memberIndexFields({ ...current, ...change.set });
    await auditedWrite(auditor, audit, ({ person, membership }) => [
      patchAtVersion(person.patch({ user_id: current.user_id }), change, version),
      ...memberships
        .filter(isMembership)
        .filter((m) => m.sort_name !== copies.sort_name || m.search_text !== copies.search_text)
        .map((m) =>
          membership.patch({ user_id: m.user_id, organization_id: m.organization_id }).set(copies).commit(),
        ),
    ]);
  },

  /** The person's own settings that carry no version (the language, the organization they work in). */
  async setPreferences(userId: string, preferences: { lang?: Lang; current_organization_id?: string }) {
    await db().entities.person.patch({ user_id: userId }).set(preferences).go({ response: 'none' });
  },

  /**
   * A new person with their audit record, and the caller's own writes, in one TransactWrite: a
   * registration's private profile (identity) or a club's first membership is made with the person
   * or not at all. A person with that id already existing cancels it (409).
   */
  async createPerson(auditor: Auditor, item: NewPerson, audit: ActionRecord, alsoWrite: TransactionBuilder) {
    await auditedWrite(auditor, audit, (e) => [...personCreation(item)(e), ...alsoWrite(e)]);
  },

  async pilotInfo(userId: string) {
    const { data } = await db().entities.pilotInfo.get({ user_id: userId }).go();
    return data;
  },

  /** The pilot data as a whole, on the version read (0: the first save creates it). */
  async savePilotInfo(auditor: Auditor, item: StoredPilotInfo, readVersion: number, audit: ActionRecord) {
    await auditedWrite(auditor, audit, ({ pilotInfo: info }) => [saveAtVersion(info, item, readVersion)]);
  },

  /**
   * Sets or clears the person's avatar (the S3 key of their picture) with its audit record, only
   * if it is still the one read (`expected`, undefined: none) — a parallel change is a 409.
   */
  async setAvatar(
    auditor: Auditor,
    userId: string,
    key: string | null,
    expected: string | undefined,
    audit: ActionRecord,
  ) {
    await auditedWrite(auditor, audit, ({ person }) => {
      const update = person.patch({ user_id: userId });
      const change = key ? update.set({ profile_avatar: key }) : update.remove(['profile_avatar']);
      return [
        change
          .where((attr, { eq, notExists }) =>
            expected ? eq(attr.profile_avatar, expected) : notExists(attr.profile_avatar),
          )
          .commit(),
      ];
    });
  },

  /** Sets or clears `acting_as_user_id` on the supervisor's own person item, with its audit record. */
  async setActingAs(auditor: Auditor, supervisorId: string, targetId: string | null, audit: ActionRecord) {
    await auditedWrite(auditor, audit, ({ person }) => {
      const update = person.patch({ user_id: supervisorId });
      return [
        (targetId
          ? update.set({ acting_as_user_id: targetId })
          : update.remove(['acting_as_user_id'])
        ).commit(),
      ];
    });
  },

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

export type PersonStore = typeof personStore;
