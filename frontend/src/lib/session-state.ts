import type { MembershipSummary, Profile } from '../../../contracts/schemas/identity.ts';
import { signOutLocally } from './auth.ts';
import { clearFlashes } from './flash.ts';
import { LANG_KEY } from './i18n.ts';
import { createStore } from './store.ts';

/** Spec §4: after login the client keeps a logged-in flag, the profile and the organizations. */
interface SessionState {
  loggedIn: boolean;
  profile: Profile | null;
  organizations: readonly MembershipSummary[];
}

const KEYS = {
  loggedIn: 'windsock.logged_in',
  profile: 'windsock.profile',
  organizations: 'windsock.organizations',
} as const;

const read = <T>(key: string, fallback: T): T => {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
};

const initial = (): SessionState => {
  const profile = read<Profile | null>(KEYS.profile, null);
  return {
    // A flag without a profile is a half-written session: treat it as signed out.
    loggedIn: read(KEYS.loggedIn, false) && profile !== null,
    profile,
    organizations: read<MembershipSummary[]>(KEYS.organizations, []),
  };
};

export const session = createStore<SessionState>(initial());

session.subscribe(() => {
  const { loggedIn, profile, organizations } = session.get();
  if (!loggedIn) return;
  localStorage.setItem(KEYS.loggedIn, 'true');
  localStorage.setItem(KEYS.profile, JSON.stringify(profile));
  localStorage.setItem(KEYS.organizations, JSON.stringify(organizations));
});

export const setProfile = (profile: Profile) =>
  session.set((state) => ({ ...state, loggedIn: true, profile }));

export const setOrganizations = (organizations: readonly MembershipSummary[]) =>
  session.set((state) => ({ ...state, organizations }));

/**
 * Records typed in but not yet accepted by the server (the daily sheet's outbox of taps). A session
 * that merely expired (a 401) keeps them, so the timer operator signs in again and they are sent;
 * a logout the person chose clears them with everything else.
 */
export const UNSENT_PREFIX = 'windsock.unsent.';

/**
 * Logout (spec §4): ends the Cognito session and clears all local data and state; only the
 * language choice stays, so the login page keeps speaking the user's language. `expired`: the
 * server refused the session (401) — the unsent records stay too.
 */
export const endSession = async (reason: 'logout' | 'expired' = 'logout') => {
  session.set({ loggedIn: false, profile: null, organizations: [] });
  for (const key of Object.keys(localStorage)) {
    if (!key.startsWith('windsock.') || key === LANG_KEY) continue;
    if (reason === 'expired' && key.startsWith(UNSENT_PREFIX)) continue;
    localStorage.removeItem(key);
  }
  sessionStorage.clear();
  clearFlashes();
  await signOutLocally();
};
