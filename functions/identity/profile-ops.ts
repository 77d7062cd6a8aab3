import type { identityRoutes } from '../../contracts/routes/identity.ts';
import { forgetActor, resolveActorBySub } from '../platform/auth/actor.ts';
import { unauthorized } from '../platform/http/errors.ts';
import type { OpsFor } from '../platform/http/router.ts';
import * as avatar from './avatar-service.ts';
import * as own from './own-records-service.ts';
import * as profile from './profile-service.ts';
import { profileDeps as deps } from './profile-service.ts';

/** After the person's own change, the profile as the next request will see it. */
async function reloadedProfile(sub: string) {
  forgetActor(sub);
  const actor = await resolveActorBySub(sub);
  if (!actor) throw unauthorized();
  return profile.loadProfile(deps, actor);
}

/** HTTP adaptor of the identity domain's session, profile and own records. */
export const profileOps: OpsFor<typeof identityRoutes> = {
  health: () => ({ ok: true, time: deps.now().toISOString() }),
  checkSession: ({ actor }) => ({ user_id: actor.userId, organization_id: actor.organizationId }),
  getProfile: ({ actor }) => profile.loadProfile(deps, actor),
  changeLanguage: async ({ actor, body }) => {
    await profile.changeLanguage(deps, actor, body.lang);
    return reloadedProfile(actor.sub);
  },
  listMyOrganizations: async ({ actor }) => ({ items: await profile.organizationsOf(deps, actor) }),
  changeOrganization: async ({ actor, body }) => {
    await profile.changeOrganization(deps, actor, body.organization_id);
    return reloadedProfile(actor.sub);
  },
  getOwnOrganization: ({ actor }) => own.ownOrganization(actor),
  updateOwnOrganization: ({ actor, body }) => own.updateOwnOrganization(actor, body),

  getMyPerson: ({ actor }) => own.personOf(actor),
  updateMyPerson: ({ actor, body }) => own.updatePerson(actor, body),
  createAvatarUpload: ({ actor, body }) => avatar.createAvatarUpload(avatar.avatarDeps, actor, body),
  setAvatar: async ({ actor, body }) => {
    const result = await avatar.setAvatar(avatar.avatarDeps, actor, body.key);
    forgetActor(actor.sub);
    return result;
  },
  removeAvatar: async ({ actor }) => {
    const result = await avatar.removeAvatar(avatar.avatarDeps, actor);
    forgetActor(actor.sub);
    return result;
  },
  getMyPilotInfo: ({ actor }) => own.pilotInfoOf(actor),
  updateMyPilotInfo: ({ actor, body }) => own.updatePilotInfo(actor, body),
  listMyActions: ({ actor, query }) => own.myActions(actor, query),
  listActionsAboutMe: ({ actor, query }) => own.myActions(actor, query, 'about_me'),

  register: async ({ token, body }) => {
    if (!token) throw unauthorized();
    await own.register(own.registrationDeps, token, body);
    return reloadedProfile(token.sub);
  },
};
