import type { Lang } from '../../contracts/langs.ts';
import type {
  PersonInput,
  PersonOutput,
  PilotInfoInput,
  PilotInfoOutput,
} from '../../contracts/schemas/people.ts';
import type { ActionRecord, Auditor } from '../platform/audit/actions.ts';
import type { TransactionBuilder } from '../platform/db/writes.ts';
import { conflict, found } from '../platform/http/errors.ts';
import type { OrganizationsDeps } from './deps.ts';
import type { NewPerson, StoredPerson, StoredPilotInfo } from './person-store.ts';
import {
  PERSON_FLAGS,
  PERSON_TEXT_FIELDS,
  personOutputOf,
  pilotInfoOutputOf,
  withAvatarUrl,
} from './person-views.ts';

/**
 * A person's own record and pilot data, written one way whoever writes them: the person themselves
 * (profile/edit, profile/pilot-info-edit, through identity) or their organization (user/{id},
 * pilot-info/{id}). Only the activity-log record says who it was.
 */

/** The audit record of a save; the changed fields are added to it here. */
type SaveRecord = Omit<ActionRecord, 'details'>;

/**
 * What a person form changes: absent keys stay as they are; null or '' clears a text field. The
 * changed fields name what actually differs from the stored record (the log shows them).
 */
function personChange(current: StoredPerson, input: PersonInput) {
  const set: Record<string, unknown> = { first_name: input.first_name, last_name: input.last_name };
  const remove: string[] = [];
  for (const field of PERSON_TEXT_FIELDS) {
    if (!(field in input) || input[field] === undefined) continue;
    const value = input[field];
    if (value === null || value === '') remove.push(field);
    else set[field] = value;
  }
  for (const flag of PERSON_FLAGS) if (typeof input[flag] === 'boolean') set[flag] = input[flag];
  const stored = current as Record<string, unknown>;
  const changed = [
    ...Object.entries(set)
      .filter(([key, value]) => value !== stored[key])
      .map(([key]) => key),
    ...remove.filter((key) => stored[key] !== undefined),
  ];
  return { set: set as { first_name: string; last_name: string }, remove, changed };
}

/**
 * Saves a person's record on the version the editor read (409 otherwise) with the name copies on
 * their memberships and the activity-log record, in one TransactWrite.
 */
export async function savePerson(
  deps: OrganizationsDeps,
  auditor: Auditor,
  current: StoredPerson,
  input: PersonInput,
  record: SaveRecord,
): Promise<PersonOutput> {
  if (current.version !== input.version) throw conflict();
  const { set, remove, changed } = personChange(current, input);
  const memberships = await deps.memberships.membershipsOf(current.user_id);
  await deps.persons.updatePerson(auditor, current, { set, remove }, input.version, memberships, {
    ...record,
    details: { fields: changed },
  });
  // The name shows in the profile (user_name) the next request resolves.
  deps.forgetActor(current.cognito_sub);
  return withAvatarUrl(personOutputOf(found(await deps.persons.person(current.user_id))));
}

const withoutEmpty = <T extends Record<string, unknown>>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined && v !== ''));

/** The pilot data as stored: no null members, no empty rating entries, no cleared fields. */
export function pilotInfoItem(userId: string, input: PilotInfoInput): StoredPilotInfo {
  const { version, licences, ratings, ...rest } = input;
  const kept: Record<string, { exam_date?: string; valid_until?: string }> = {};
  for (const [rating, entry] of Object.entries(ratings)) {
    const dates = withoutEmpty(entry ?? {});
    if (Object.keys(dates).length > 0) kept[rating] = dates;
  }
  return {
    ...withoutEmpty(rest),
    user_id: userId,
    licences: licences.map((licence) => withoutEmpty(licence)) as StoredPilotInfo['licences'],
    ratings: kept,
    version: version + 1,
  } as StoredPilotInfo;
}

/** Saves a person's pilot data as a whole on the version read (0: the first save creates it). */
export async function savePilotInfo(
  deps: OrganizationsDeps,
  auditor: Auditor,
  userId: string,
  input: PilotInfoInput,
  record: SaveRecord,
): Promise<PilotInfoOutput> {
  const current = await deps.persons.pilotInfo(userId);
  if ((current?.version ?? 0) !== input.version) throw conflict();
  const item = pilotInfoItem(userId, input);
  const fields = Object.keys(item).filter((key) => !['user_id', 'version'].includes(key));
  await deps.persons.savePilotInfo(auditor, item, input.version, { ...record, details: { fields } });
  return pilotInfoOutputOf(userId, await deps.persons.pilotInfo(userId));
}

// ---- the person's own (profile/edit, profile/pilot-info-edit), called by identity --------------

type Self = Auditor & { userId: string };

/** The person's own changes belong to no organization: they go to their `personal` log. */
const personal = (action: ActionRecord['action'], targetType: string, userId: string): SaveRecord => ({
  action,
  target_type: targetType,
  target_id: userId,
  organization_id: 'personal',
});

export async function ownPerson(deps: OrganizationsDeps, self: Self): Promise<PersonOutput> {
  return withAvatarUrl(personOutputOf(found(await deps.persons.person(self.userId))));
}

/**
 * The person's own picture (profile avatar): `key` replaces the one read (`expected`), null
 * removes it; recorded in their own log. The caller has checked the file and deletes the old one.
 */
export async function setOwnAvatar(
  deps: OrganizationsDeps,
  self: Self,
  key: string | null,
  expected: string | null,
) {
  await deps.persons.setAvatar(self, self.userId, key, expected ?? undefined, {
    ...personal('profile.update', 'person', self.userId),
    details: { fields: ['profile_avatar'] },
  });
}

/** PATCH /api/profile. The e-mail is the sign-in name and is not changed here. */
export async function updateOwnPerson(deps: OrganizationsDeps, self: Self, input: PersonInput) {
  const current = await deps.persons.person(self.userId);
  if (!current) throw conflict();
  return savePerson(deps, self, current, input, personal('profile.update', 'person', self.userId));
}

export async function ownPilotInfo(deps: OrganizationsDeps, self: Self): Promise<PilotInfoOutput> {
  return pilotInfoOutputOf(self.userId, await deps.persons.pilotInfo(self.userId));
}

export function updateOwnPilotInfo(deps: OrganizationsDeps, self: Self, input: PilotInfoInput) {
  return savePilotInfo(
    deps,
    self,
    self.userId,
    input,
    personal('pilot_info.update', 'pilot_info', self.userId),
  );
}

/** The person's own settings that carry no version: the language, the organization they work in. */
export async function setPreferences(
  deps: OrganizationsDeps,
  self: Self,
  preferences: { lang?: Lang; current_organization_id?: string },
) {
  await deps.persons.setPreferences(self.userId, preferences);
}

/**
 * A pilot who registered alone (POST /api/registration): the person, with the caller's writes (the
 * private profile) in the same TransactWrite, recorded in their own log. A person with that id
 * already existing is a 409.
 */
export async function registerPerson(
  deps: OrganizationsDeps,
  person: Omit<NewPerson, 'current_organization_id' | 'profile_type'>,
  alsoWrite: TransactionBuilder,
) {
  const self = { userId: person.user_id, organizationId: null, actingSupervisorId: null };
  await deps.persons.createPerson(
    self,
    { ...person, profile_type: 'private_pilot' },
    personal('registration.complete', 'person', person.user_id),
    alsoWrite,
  );
}
