import { session } from './session-state.ts';
import { createStore } from './store.ts';

/**
 * The lock screen (spec §2 named screen; §4's idle logout stays inactive as specified): the person
 * locks the app from the user menu when stepping away from a shared computer at the launch point;
 * it stays locked across a reload until their password is entered again. Signing out unlocks.
 */
const KEY = 'windsock.locked';

export const locked = createStore<boolean>(localStorage.getItem(KEY) === 'true' && session.get().loggedIn);

locked.subscribe(() => {
  if (locked.get()) localStorage.setItem(KEY, 'true');
  else localStorage.removeItem(KEY);
});

session.subscribe(() => {
  if (!session.get().loggedIn) locked.set(false);
});

export const lockScreen = () => locked.set(true);
export const unlockScreen = () => locked.set(false);
