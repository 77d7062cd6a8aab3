import type { MyActionOutput, PageQuery, RegistrationInput } from '../../contracts/schemas/identity.ts';
import type {
  PersonInput,
  PersonOutput,
  PilotInfoInput,
  PilotInfoOutput,
} from '../../contracts/schemas/people.ts';
import { personOutputOf, pilotInfoOutputOf } from '../organizations/person-views.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { conflict, notFound, unauthorized } from '../platform/http/errors.ts';
import type { CallerToken } from '../platform/http/router.ts';
import type { UserDirectory } from './cognito-users.ts';
import type { ProfileStore } from './profile-store.ts';

export type StoredPrivateProfile = NonNullable<Actor['privateProfile']>;

const DEFAULT_PAGE = 20;

/** profile/edit: the person's own data, always their own (the id comes from the actor). */
export async function personOf(store: ProfileStore, actor: Actor): Promise<PersonOutput> {
  const person = await store.person(actor.userId);
  if (!person) throw notFound();
  return personOutputOf(person);
}

/** PATCH /api/profile. The e-mail is the sign-in name and is not changed here. */
export async function updatePerson(
  store: ProfileStore,
  actor: Actor,
  input: PersonInput,
): Promise<PersonOutput> {
  await store.updatePerson(actor, input);
  return personOf(store, actor);
}

export async function pilotInfoOf(store: ProfileStore, actor: Actor): Promise<PilotInfoOutput> {
  return pilotInfoOutputOf(actor.userId, await store.pilotInfo(actor.userId));
}

export async function updatePilotInfo(
  store: ProfileStore,
  actor: Actor,
  input: PilotInfoInput,
): Promise<PilotInfoOutput> {
  await store.savePilotInfo(actor, input);
  return pilotInfoOf(store, actor);
}

/**
 * profile/actions: what the person did (or a supervisor did as them), newest first; `about_me`:
 * what organizations did to the person's own data — person record, pilot data, permits, membership.
 */
export async function myActions(
  store: ProfileStore,
  actor: Actor,
  query: PageQuery,
  whose: 'by_me' | 'about_me' = 'by_me',
) {
  const page = await store.actions(
    actor.userId,
    { cursor: query.cursor, limit: query.limit ?? DEFAULT_PAGE },
    whose,
  );
  const organizationIds = [...new Set(page.items.map((item) => item.organization_id))].filter(
    (id) => id !== 'personal',
  );
  const names = await store.organizationNames(organizationIds);
  const items: MyActionOutput[] = page.items.map((item) => ({
    action_id: item.action_id,
    action: item.action,
    target_type: item.target_type,
    target_id: item.target_id,
    organization_id: item.organization_id,
    organization_name: names.get(item.organization_id) ?? null,
    at: item.at,
    acting_supervisor_id: item.acting_supervisor_id ?? null,
    details: (item.details as Record<string, unknown> | undefined) ?? null,
  }));
  return { items, cursor: page.cursor };
}

/** The person's id for a Cognito sub: one person per sign-in, whatever the client retries. */
export const userIdForSub = (sub: string) => `p-${sub.replace(/[^A-Za-z0-9-]/g, '')}`;

/**
 * POST /api/registration (spec §2, the "finalize registration" tab): after Cognito confirmed the
 * e-mail, the person and their private profile — free logbooks, documents and statistics on.
 * The guard already refused a token that has a person (409); an e-mail another person holds is
 * a 409 too.
 */
export async function register(
  store: ProfileStore,
  directory: UserDirectory,
  token: CallerToken,
  input: RegistrationInput,
): Promise<{ userId: string }> {
  if (!token.raw) throw unauthorized();
  const email = await directory.verifiedEmailOf(token.raw);
  if (!email) throw unauthorized();
  if (await store.emailTaken(email)) throw conflict();
  const userId = userIdForSub(token.sub);
  await store.register({
    user_id: userId,
    cognito_sub: token.sub,
    email,
    first_name: input.first_name,
    last_name: input.last_name,
    lang: input.lang,
    public_privatedata: input.public_privatedata ?? false,
    newsletter_on: input.newsletter_on ?? false,
    private_profile_id: `private-${userId}`,
  });
  return { userId };
}

/** The Profile fields (spec §3) that come from a private profile. */
export function privateProfileFields(privateProfile: StoredPrivateProfile | null) {
  const active = privateProfile?.private_profile_status === 'active';
  return {
    private_profile_id: privateProfile?.private_profile_id ?? null,
    private_profile_status: privateProfile?.private_profile_status ?? null,
    private_profile_created_at: privateProfile?.private_profile_created_at ?? null,
    logbook_glider_on: active && privateProfile.logbook_glider_on,
    logbook_general_on: active && privateProfile.logbook_general_on,
    settings: privateProfile
      ? {
          documents_on: active && privateProfile.documents_on,
          statistics_on: active && privateProfile.statistics_on,
        }
      : {},
  };
}
