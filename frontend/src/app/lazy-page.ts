import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

const RELOAD_FLAG = 'windsock.screen_reload';

/**
 * Spec §8 "dynamic screen load failure: reload once, then log": after a deploy the old chunk names
 * are gone, and one reload fetches the new index. A flag in sessionStorage makes sure it is only
 * once; a second failure is logged and thrown to the caller (the error boundary says so in the
 * user's language).
 */
export const loadOrReload = async <T>(load: () => Promise<T>): Promise<T> => {
  try {
    const module = await load();
    sessionStorage.removeItem(RELOAD_FLAG);
    return module;
  } catch (error) {
    if (sessionStorage.getItem(RELOAD_FLAG) === null) {
      sessionStorage.setItem(RELOAD_FLAG, '1');
      window.location.reload();
      return new Promise<never>(() => {});
    }
    sessionStorage.removeItem(RELOAD_FLAG);
    console.error('screen failed to load after a reload', error);
    throw error;
  }
};

/** A page as a lazy chunk, loaded by `loadOrReload`. */
export const lazyPage = (
  load: () => Promise<{ default: ComponentType }>,
): LazyExoticComponent<ComponentType> => lazy(() => loadOrReload(load));
