import { createStore } from './store.ts';

/** Requests in flight (spec §4); the top bar shows a progress line while it is above zero. */
export const loadingCount = createStore(0);

/** Counts one request in; the returned function counts it out, at most once however often it is called. */
export const startLoading = (): (() => void) => {
  loadingCount.set((count) => count + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    loadingCount.set((count) => Math.max(0, count - 1));
  };
};
