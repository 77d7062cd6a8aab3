import type { MyActionOutput, PageQuery, RegistrationInput } from '../../contracts/schemas/identity.ts';
import * as organizations from '../organizations/public.ts';
import { personActions } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { conflict, unauthorized } from '../platform/http/errors.ts';
import type { CallerToken } from '../platform/http/router.ts';
import { logger } from '../platform/log/logger.ts';
import { cognitoDirectory, type UserDirectory } from './cognito-users.ts';
import { type NotifyInput, notify } from './notifications-service.ts';
import { privateProfileCreation } from './private-profile-store.ts';

/**
 * The person's own records as the profile screens show them (profile/edit, pilot-info-edit,
 * organization-edit, actions) and registration. The person, their pilot data and their organization
 * belong to the organizations domain: they are read and written through its public functions, so
 * each rule and its TransactWrite exists once for the person's own screens and the club's.
 */

const DEFAULT_PAGE = 20;

export const personOf = (actor: Actor) => organizations.ownPerson(actor);
export const updatePerson = (actor: Actor, input: Parameters<typeof organizations.updateOwnPerson>[1]) =>
  organizations.updateOwnPerson(actor, input);
export const pilotInfoOf = (actor: Actor) => organizations.ownPilotInfo(actor);
export const updatePilotInfo = (
  actor: Actor,
  input: Parameters<typeof organizations.updateOwnPilotInfo>[1],
) => organizations.updateOwnPilotInfo(actor, input);
export const ownOrganization = (actor: Actor) => organizations.ownOrganization(actor);
export const updateOwnOrganization = (
  actor: Actor,
  input: Parameters<typeof organizations.updateOwnOrganization>[1],
) => organizations.updateOwnOrganization(actor, input);

/**
 * profile/actions: what the person did (or a supervisor did as them), newest first; `about_me`:
 * what organizations did to the person's own data — person record, pilot data, permits, membership.
 */
export async function myActions(actor: Actor, query: PageQuery, whose: 'by_me' | 'about_me' = 'by_me') {
  const page = await personActions(actor.userId, whose, {
    cursor: query.cursor,
    limit: query.limit ?? DEFAULT_PAGE,
  });
  const organizationIds = [...new Set(page.items.map((item) => item.organization_id))].filter(
    (id) => id !== 'personal',
  );
  const names = new Map(
    (await organizations.organizationsById(organizationIds)).map((o) => [
      o.organization_id,
      o.organization_name,
    ]),
  );
  const targetName = await organizations.actionTargetNames(page.items, actor.lang);
  const items: MyActionOutput[] = page.items.map((item) => ({
    action_id: item.action_id,
    action: item.action,
    target_type: item.target_type,
    target_id: item.target_id,
    target_name: targetName(item),
    organization_id: item.organization_id,
    organization_name: names.get(item.organization_id) ?? null,
    at: item.at,
    acting_supervisor_id: item.acting_supervisor_id ?? null,
    details: (item.details as Record<string, unknown> | undefined) ?? null,
  }));
  return { items, cursor: page.cursor };
}

interface RegistrationDeps {
  /** The registering user's verified e-mail, from Cognito itself (cognito-users.ts). */
  directory: UserDirectory;
  notify: (userId: string, input: NotifyInput) => Promise<unknown>;
}

export const registrationDeps: RegistrationDeps = {
  directory: cognitoDirectory,
  notify: (userId, input) => notify(userId, input),
};

/** The person's id for a Cognito sub: one person per sign-in, whatever the client retries. */
export const userIdForSub = (sub: string) => `p-${sub.replace(/[^A-Za-z0-9-]/g, '')}`;

/**
 * POST /api/registration (spec §2, the "finalize registration" tab): after Cognito confirmed the
 * e-mail, the person and their private profile — free logbooks, documents and statistics on — in
 * one TransactWrite. The guard already refused a token that has a person (409); an e-mail another
 * person holds is a 409 too.
 */
export async function register(
  deps: RegistrationDeps,
  token: CallerToken,
  input: RegistrationInput,
): Promise<{ userId: string }> {
  if (!token.raw) throw unauthorized();
  const email = await deps.directory.verifiedEmailOf(token.raw);
  if (!email) throw unauthorized();
  if (await organizations.personByEmail(email)) throw conflict();
  const userId = userIdForSub(token.sub);
  await organizations.registerPerson(
    {
      user_id: userId,
      cognito_sub: token.sub,
      email,
      first_name: input.first_name,
      last_name: input.last_name,
      lang: input.lang,
      public_privatedata: input.public_privatedata ?? false,
      newsletter_on: input.newsletter_on ?? false,
    },
    privateProfileCreation(userId),
  );
  // The welcome is a courtesy: the registration stands even if it could not be written.
  await deps
    .notify(userId, {
      kind: 'welcome',
      message_key: 'welcome',
      params: { name: input.first_name },
      link: '/profile/edit/',
      key: `welcome:${userId}`,
    })
    .catch((error: unknown) =>
      logger.warn('welcome notification failed', {
        userId,
        error: error instanceof Error ? error.name : 'error',
      }),
    );
  return { userId };
}
