import { useCallback, useEffect, useRef, useState } from 'react';
import { reportFailure } from './api-client.ts';

interface CursorPage<T> {
  items: T[];
  cursor: string | null;
}

/**
 * Pages of a list the server pages with DynamoDB keys (docs/ARCHITECTURE.md "The request path"), for a Cloudscape Table or Cards
 * with an open-ended Pagination: page n+1 is fetched with the cursor page n ended with, pages
 * already seen are kept, and a change of the query (`key`: filter, sort) starts again from the
 * first page; late answers of an earlier query are dropped.
 */
export function useCursorPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<CursorPage<T>>,
  key: string,
) {
  const [pages, setPages] = useState<CursorPage<T>[]>([]);
  const [index, setIndex] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const request = useRef(0);
  // The latest fetch, without making a new function identity start the list again.
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  /** Page `at` from `startCursor`, keeping the pages before it. */
  const load = useCallback(async (startCursor: string | undefined, at: number, keep: CursorPage<T>[]) => {
    const mine = ++request.current;
    setLoading(true);
    setFailed(false);
    try {
      const page = await fetchRef.current(startCursor);
      if (mine !== request.current) return;
      setPages([...keep.slice(0, at), page]);
      setIndex(at);
    } catch (error) {
      if (mine !== request.current) return;
      setFailed(true);
      reportFailure(error);
    } finally {
      if (mine === request.current) setLoading(false);
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the query; a new one starts over.
  useEffect(() => {
    setPages([]);
    setIndex(0);
    void load(undefined, 0, []);
  }, [key, load]);

  const last = pages.at(-1);
  const cursorOf = (at: number) => (at === 0 ? undefined : (pages[at - 1]?.cursor ?? undefined));
  return {
    items: pages[index]?.items ?? [],
    loading,
    failed,
    /** 1-based, as Cloudscape counts. */
    pageNumber: index + 1,
    pagesCount: Math.max(pages.length, 1),
    hasMore: Boolean(last?.cursor),
    /** A page seen already, or the one after the last seen. */
    goTo: (pageNumber: number) => {
      const wanted = pageNumber - 1;
      if (wanted < pages.length) setIndex(wanted);
      else if (wanted === pages.length && last?.cursor) void load(last.cursor, wanted, pages);
    },
    /** The page on display again (after a change on it, or a failed load). */
    reload: () => void load(cursorOf(index), index, pages),
    /** From the first page (after a change that moves rows between pages). */
    restart: () => void load(undefined, 0, []),
  };
}
