import { useMatches } from 'react-router-dom';
import type { PageDef } from './pages.ts';

export interface PageHandle {
  page: PageDef;
}

/** The page-table row of the screen on display (router `handle`), for titles, help and breadcrumbs. */
export const useCurrentPage = (): PageDef | undefined => {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as Partial<PageHandle> | undefined;
    if (handle?.page) return handle.page;
  }
  return undefined;
};
