import { useCallback, useEffect, useRef, useState } from 'react';
import { reportFailure } from './api-client.ts';

export interface CursorPage<T> {
  items: T[];
  cursor: string | null;
}

/**
 * Pages of a list the server pages with DynamoDB keys (DESIGN §3): page n+1 is fetched with the
 * cursor page n ended with, pages already seen are kept, and a change of the query (`key`) starts
 * again from the first page. For Cloudscape's Pagination with `openEnd`.
 */
export function useCursorPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<CursorPage<T>>,
  key: string,
) {
  const [pages, setPages] = useState<CursorPage<T>[]>([]);
  const [index, setIndex] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const generation = useRef(0);

  const load = useCallback(
    async (cursor: string | undefined, replace: boolean, showIndex = 0) => {
      const mine = ++generation.current;
      setLoading(true);
      setFailed(false);
      try {
        const page = await fetchPage(cursor);
        if (mine !== generation.current) return;
        setPages((known) => (replace ? [page] : [...known, page]));
        setIndex(showIndex);
      } catch (error) {
        if (mine !== generation.current) return;
        setFailed(true);
        reportFailure(error);
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    },
    [fetchPage],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the query; a new one starts over.
  useEffect(() => {
    void load(undefined, true);
  }, [key, load]);

  const current = pages[index];
  const last = pages[pages.length - 1];
  return {
    items: current?.items ?? [],
    loading,
    failed,
    /** 1-based, as Cloudscape counts. */
    pageNumber: index + 1,
    pagesCount: Math.max(pages.length, 1),
    hasMore: Boolean(last?.cursor),
    goTo: (pageNumber: number) => {
      const wanted = pageNumber - 1;
      if (wanted < pages.length) setIndex(wanted);
      else if (last?.cursor) void load(last.cursor, false, pages.length);
    },
    reload: () => void load(undefined, true),
  };
}
