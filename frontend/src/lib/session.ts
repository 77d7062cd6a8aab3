import type { Lang } from '../../../contracts/langs.ts';
import type { Profile } from '../../../contracts/schemas/identity.ts';
import { call } from './api-client.ts';
import { applyLanguage } from './i18n.ts';
import { endSession, session, setOrganizations, setProfile } from './session-state.ts';

/** Takes a fresh profile: the session follows it, and so does the UI language (profile.lang). */
const adopt = async (profile: Profile) => {
  setProfile(profile);
  await applyLanguage(profile.lang);
  return profile;
};

/** After Cognito accepted the password: the profile and the organization list make the session. */
export const startSession = async () => {
  const profile = await adopt(await call('getProfile'));
  setOrganizations((await call('listMyOrganizations')).items);
  return profile;
};

/** Spec §7 "check the session" (docs/ARCHITECTURE.md "Identity and sessions": session validity + GET /api/profile); a 401 logs out. */
export const refreshProfile = async () => adopt(await call('getProfile'));

export const refreshOrganizations = async () => {
  const { items } = await call('listMyOrganizations');
  setOrganizations(items);
  return items;
};

export const switchOrganization = async (organizationId: string) => {
  await adopt(await call('changeOrganization', { body: { organization_id: organizationId } }));
  await refreshOrganizations();
};

/** Spec §4: changing the language saves it to the server (when signed in). */
export const switchLanguage = async (lang: Lang) => {
  await applyLanguage(lang);
  if (session.get().loggedIn) setProfile(await call('changeLanguage', { body: { lang } }));
};

export const logout = endSession;
