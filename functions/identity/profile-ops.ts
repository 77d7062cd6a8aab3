import { forgetActor, resolveActorBySub } from '../platform/auth/actor.ts';
import { unauthorized } from '../platform/http/errors.ts';
import type { DomainOps } from '../platform/http/router.ts';
import { logger } from '../platform/log/logger.ts';
import { cognitoDirectory } from './cognito-users.ts';
import { notify } from './notifications-service.ts';
import * as profile from './profile-service.ts';
import { profileStore as store } from './profile-store.ts';
import { loadProfile } from './service.ts';
import { identityStore } from './store.ts';

type ProfileOps = Pick<
  DomainOps<'identity'>,
  | 'getMyPerson'
  | 'updateMyPerson'
  | 'getMyPilotInfo'
  | 'updateMyPilotInfo'
  | 'listMyActions'
  | 'listActionsAboutMe'
  | 'register'
>;

/** profile/edit, profile/pilot-info-edit, profile/actions and registration. */
export const profileOps: ProfileOps = {
  getMyPerson: ({ actor }) => profile.personOf(store, actor),

  updateMyPerson: async ({ actor, body }) => {
    const saved = await profile.updatePerson(store, actor, body);
    // The name shows in the profile (user_name) the next request resolves.
    forgetActor(actor.sub);
    return saved;
  },

  getMyPilotInfo: ({ actor }) => profile.pilotInfoOf(store, actor),

  updateMyPilotInfo: ({ actor, body }) => profile.updatePilotInfo(store, actor, body),

  listMyActions: ({ actor, query }) => profile.myActions(store, actor, query),

  listActionsAboutMe: ({ actor, query }) => profile.myActions(store, actor, query, 'about_me'),

  register: async ({ token, body }) => {
    if (!token) throw unauthorized();
    const { userId } = await profile.register(store, cognitoDirectory, token, body);
    // The welcome is a courtesy: the registration stands even if it could not be written.
    await notify(userId, {
      kind: 'welcome',
      message_key: 'welcome',
      params: { name: body.first_name },
      link: '/profile/edit/',
      key: `welcome:${userId}`,
    }).catch((error: unknown) =>
      logger.warn('welcome notification failed', {
        userId,
        error: error instanceof Error ? error.name : 'error',
      }),
    );
    forgetActor(token.sub);
    const actor = await resolveActorBySub(token.sub);
    if (!actor) throw unauthorized();
    return loadProfile(identityStore, actor);
  },
};
