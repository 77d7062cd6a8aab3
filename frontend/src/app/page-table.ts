import { loadOrReload } from './lazy-page.ts';
import type { PageDef } from './pages.ts';
import { publicPages } from './public-pages.ts';

/**
 * The page table as far as the browser has it. The entry carries only the public rows
 * (public-pages.ts); the whole table (pages.ts, with every signed-in screen's guard and chunk list)
 * loads once, when the router first meets an address that is not a public page or when a signed-in
 * user is on a public one (public-layout.tsx). A guest is shown no link to a signed-in screen
 * anyway (access.ts: a guest is sent to the login), so the public rows answer the same for them.
 */
let loaded: readonly PageDef[] | undefined;
let loading: Promise<readonly PageDef[]> | undefined;

export const loadPageTable = (): Promise<readonly PageDef[]> => {
  loading ??= loadOrReload(() => import('./pages.ts')).then(({ pages }) => {
    loaded = pages;
    return pages;
  });
  return loading;
};

/** Every row loaded so far: the whole table once loadPageTable has finished, else the public rows. */
export const knownPages = (): readonly PageDef[] => loaded ?? publicPages;
