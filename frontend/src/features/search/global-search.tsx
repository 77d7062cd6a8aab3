import { lazy, Suspense } from 'react';

const GlobalSearchBox = lazy(() => import('./global-search-box.tsx'));

/**
 * The top navigation's search (spec §7 global search). The box and its strings load on their own
 * once a signed-in layout shows, so the sign-in screen does not wait for them.
 */
export function GlobalSearch() {
  return (
    <Suspense fallback={null}>
      <GlobalSearchBox />
    </Suspense>
  );
}
