import { forgetActor, resolveActorBySub } from '../platform/auth/actor.ts';
import { unauthorized } from '../platform/http/errors.ts';
import type { DomainOps } from '../platform/http/router.ts';
import { datasourceOps } from './datasource-ops.ts';
import { helpOps } from './help-ops.ts';
import { notificationOps } from './notifications-ops.ts';
import { profileOps } from './profile-ops.ts';
import * as identity from './service.ts';
import { identityStore as store } from './store.ts';

/** HTTP adaptor of the identity domain: request in, service call, plain data out (STYLE §2). */
export const ops: DomainOps<'identity'> = {
  ...datasourceOps,
  ...helpOps,
  ...profileOps,
  ...notificationOps,
  health: () => ({ ok: true, time: new Date().toISOString() }),

  checkSession: ({ actor }) => ({ user_id: actor.userId, organization_id: actor.organizationId }),

  getProfile: ({ actor }) => identity.loadProfile(store, actor),

  changeLanguage: async ({ actor, body }) => {
    await identity.changeLanguage(store, actor, body.lang);
    return reloadedProfile(actor.sub);
  },

  listMyOrganizations: async ({ actor }) => ({ items: await identity.organizationsOf(store, actor) }),

  changeOrganization: async ({ actor, body }) => {
    await identity.changeOrganization(store, actor, body.organization_id);
    return reloadedProfile(actor.sub);
  },

  getOwnOrganization: ({ actor }) => identity.ownOrganization(store, actor),

  updateOwnOrganization: async ({ actor, body }) => {
    const saved = await identity.updateOwnOrganization(store, actor, body);
    forgetActor(actor.sub);
    return saved;
  },
};

/** After the person's own change, the profile as the next request will see it. */
async function reloadedProfile(sub: string) {
  forgetActor(sub);
  const actor = await resolveActorBySub(sub);
  if (!actor) throw unauthorized();
  return identity.loadProfile(store, actor);
}
