import type { Lang } from '../../contracts/langs.ts';
import type { PersonInput, PilotInfoInput } from '../../contracts/schemas/people.ts';
import { isMembership, memberIndexFields } from '../organizations/entities.ts';
import { PERSON_FLAGS, PERSON_TEXT_FIELDS } from '../organizations/person-views.ts';
import { type ActionRecord, actionItem } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { db } from '../platform/db/service.ts';
import { conflict, validationFailed } from '../platform/http/errors.ts';

type Acting = Pick<Actor, 'userId' | 'organizationId' | 'actingSupervisorId'>;

const PILOT_TEXT = [
  'medical_licence_number',
  'medical_class',
  'medical_valid_until',
  'fai_id',
  'fai_level',
  'mrlsz_id',
] as const;

/** `{ a: 'x', b: null }` → `{ set: { a: 'x' }, remove: ['b'] }` over the listed optional fields. */
function splitOptional<K extends string>(input: Partial<Record<K, unknown>>, keys: readonly K[]) {
  const set: Partial<Record<K, unknown>> = {};
  const remove: K[] = [];
  for (const key of keys) {
    if (!(key in input) || input[key] === undefined) continue;
    const value = input[key];
    if (value === null || value === '') remove.push(key);
    else set[key] = value;
  }
  return { set, remove };
}

const withoutNulls = <T extends Record<string, unknown>>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined && v !== ''));

/** The person's licences and ratings as stored: no null members, no empty rating entries. */
export function pilotInfoRecord(input: PilotInfoInput) {
  const ratings: Record<string, { exam_date?: string; valid_until?: string }> = {};
  for (const [rating, entry] of Object.entries(input.ratings)) {
    const kept = withoutNulls(entry ?? {}) as { exam_date?: string; valid_until?: string };
    if (Object.keys(kept).length > 0) ratings[rating] = kept;
  }
  return {
    licences: input.licences.map(
      (licence) =>
        withoutNulls(licence) as {
          type: PilotInfoInput['licences'][number]['type'];
          number: string;
          issued_at?: string;
          valid_until?: string;
        },
    ),
    ratings,
    ...splitOptional(input, PILOT_TEXT),
  };
}

/** A transaction's cancellation by our version condition is a lost race: 409, nothing written. */
const throwIfCanceled = (result: { canceled: boolean }) => {
  if (result.canceled) throw conflict();
};

/**
 * The profile screens' reads and writes (ElectroDB). Every change of the person's own data is one
 * TransactWrite with its activity-log entry (profile/actions), conditioned on the `version` the
 * editor loaded (DESIGN §4).
 */
export const profileStore = {
  async person(userId: string) {
    const { data } = await db().entities.person.get({ user_id: userId }).go();
    return data;
  },

  /**
   * A changed name is also written to the person's memberships (their `sort_name`/`search_text`
   * order the users list and the address book), in the same transaction.
   */
  async updatePerson(actor: Acting, input: PersonInput) {
    const { version, first_name, last_name, ...rest } = input;
    const text = splitOptional(rest, PERSON_TEXT_FIELDS);
    const flags: Partial<Record<(typeof PERSON_FLAGS)[number], boolean>> = {};
    for (const flag of PERSON_FLAGS) if (typeof rest[flag] === 'boolean') flags[flag] = rest[flag];
    const fields = [
      'first_name',
      'last_name',
      ...Object.keys(text.set),
      ...text.remove,
      ...Object.keys(flags),
    ];
    const { entities } = db();
    const { data: before } = await entities.person.get({ user_id: actor.userId }).go();
    if (!before) throw conflict();
    const renamed = before.first_name !== first_name || before.last_name !== last_name;
    // Only memberships: an invitation shows the organization the e-mail, never the name (issue 11 §1).
    const memberships = renamed
      ? (
          await entities.membership.query.byPerson({ user_id: actor.userId }).go({ pages: 'all' })
        ).data.filter(isMembership)
      : [];
    const index = memberIndexFields({ first_name, last_name, email: before.email });
    const result = await db()
      .transaction.write(({ person, membership, action }) => {
        const update = person.patch({ user_id: actor.userId }).set({
          first_name,
          last_name,
          ...(text.set as Record<string, never>),
          ...flags,
          version: version + 1,
        });
        return [
          (text.remove.length ? update.remove(text.remove as never[]) : update)
            .where(({ version: current }, { eq }) => eq(current, version))
            .commit(),
          ...memberships.map((m) =>
            membership
              .patch({ user_id: actor.userId, organization_id: m.organization_id })
              .set(index)
              .commit(),
          ),
          action.put(personalAction(actor, 'profile.update', 'person', actor.userId, { fields })).commit(),
        ];
      })
      .go();
    throwIfCanceled(result);
  },

  async pilotInfo(userId: string) {
    const { data } = await db().entities.pilotInfo.get({ user_id: userId }).go();
    return data;
  },

  /** version 0: the first save creates the item (a concurrent first save loses with a 409). */
  async savePilotInfo(actor: Acting, input: PilotInfoInput) {
    const { licences, ratings, set, remove } = pilotInfoRecord(input);
    const fields = ['licences', 'ratings', ...Object.keys(set), ...remove];
    const log = personalAction(actor, 'pilot_info.update', 'pilot_info', actor.userId, { fields });
    const result = await db()
      .transaction.write(({ pilotInfo, action }) => {
        if (input.version === 0) {
          return [
            pilotInfo
              .create({
                user_id: actor.userId,
                licences,
                ratings,
                ...(set as Record<string, never>),
                version: 1,
              })
              .commit(),
            action.put(log).commit(),
          ];
        }
        const update = pilotInfo
          .patch({ user_id: actor.userId })
          .set({ licences, ratings, ...(set as Record<string, never>), version: input.version + 1 });
        return [
          (remove.length ? update.remove(remove as never[]) : update)
            .where(({ version: current }, { eq }) => eq(current, input.version))
            .commit(),
          action.put(log).commit(),
        ];
      })
      .go();
    throwIfCanceled(result);
  },

  async emailTaken(email: string) {
    const { data } = await db().entities.person.query.byEmail({ email }).go({ limit: 1 });
    return data.length > 0;
  },

  /**
   * The person and their private profile, in one TransactWrite: both are created or neither. The
   * user id is derived from the Cognito sub, so a repeated registration cannot create a second person.
   */
  async register(person: {
    user_id: string;
    cognito_sub: string;
    email: string;
    first_name: string;
    last_name: string;
    lang: Lang;
    public_privatedata: boolean;
    newsletter_on: boolean;
    private_profile_id: string;
  }) {
    const { private_profile_id, ...fields } = person;
    const result = await db()
      .transaction.write(({ person: personEntity, privateProfile, action }) => [
        personEntity.create({ ...fields, profile_type: 'private_pilot' }).commit(),
        privateProfile.create({ user_id: person.user_id, private_profile_id }).commit(),
        action
          .put(
            personalAction(
              { userId: person.user_id, organizationId: null, actingSupervisorId: null },
              'registration.complete',
              'person',
              person.user_id,
            ),
          )
          .commit(),
      ])
      .go();
    throwIfCanceled(result);
  },

  /** The person's own actions, newest first (action.byActor on gsi1). */
  /**
   * A page of the person's activity, newest first: what they did (`by_me`, action.byActor), or what
   * organizations did to their own data (`about_me`, action.bySubject; issue 11 §1).
   */
  async actions(
    userId: string,
    page: { cursor?: string; limit: number },
    whose: 'by_me' | 'about_me' = 'by_me',
  ) {
    try {
      const { action } = db().entities;
      const query =
        whose === 'by_me'
          ? action.query.byActor({ user_id: userId })
          : action.query.bySubject({ subject_user_id: userId });
      const { data, cursor } = await query.go({
        cursor: page.cursor ?? null,
        limit: page.limit,
        order: 'desc',
      });
      return { items: data, cursor: cursor ?? null };
    } catch (error) {
      const text = error instanceof Error ? `${error.name} ${error.message}` : '';
      if (/cursor|starting key|ValidationException/i.test(text))
        throw validationFailed({ cursor: ['invalid_value'] });
      throw error;
    }
  },

  async organizationNames(organizationIds: string[]) {
    if (organizationIds.length === 0) return new Map<string, string>();
    const { data } = await db()
      .entities.organization.get(organizationIds.map((organization_id) => ({ organization_id })))
      .go();
    return new Map(data.map((org) => [org.organization_id, org.organization_name]));
  },
};

/** The person's own changes belong to no organization: they go to their `personal` log. */
const personalAction = (
  actor: Acting,
  verb: ActionRecord['action'],
  targetType: string,
  targetId: string,
  details?: ActionRecord['details'],
) =>
  actionItem(actor, {
    action: verb,
    target_type: targetType,
    target_id: targetId,
    organization_id: 'personal',
    ...(details && { details }),
  });

export type ProfileStore = typeof profileStore;
