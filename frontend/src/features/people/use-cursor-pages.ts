import { useCallback, useEffect, useRef, useState } from 'react';
import { reportFailure } from '../../lib/api-client.ts';

export interface CursorPage<T> {
  items: T[];
  cursor: string | null;
}

/**
 * Server-side paging by DynamoDB cursor for a Cloudscape Table or Cards with an open-ended
 * Pagination: pages already seen are kept, the next one is fetched with the last page's cursor.
 * Changing `key` (filter, sort) starts again from the first page; late answers of an earlier key
 * are dropped.
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
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const load = useCallback(async (startCursor: string | undefined, at: number, keep: CursorPage<T>[]) => {
    request.current += 1;
    const mine = request.current;
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what the pages depend on.
  useEffect(() => {
    setPages([]);
    setIndex(0);
    void load(undefined, 0, []);
  }, [key, load]);

  /** 0-based page; the page after the last one seen is fetched. */
  const goTo = (target: number) => {
    if (target < pages.length) setIndex(target);
    else if (target === pages.length && pages.at(-1)?.cursor)
      void load(pages.at(-1)?.cursor ?? undefined, target, pages);
  };

  /** The current page again (after a change on it). */
  const reload = () =>
    void load(index === 0 ? undefined : (pages[index - 1]?.cursor ?? undefined), index, pages);

  const current = pages[index];
  return {
    items: current?.items ?? [],
    loading,
    failed,
    pageIndex: index,
    pagesCount: Math.max(pages.length, 1),
    hasMore: Boolean(pages.at(-1)?.cursor),
    goTo,
    reload,
    retry: () => void load(index === 0 ? undefined : (pages[index - 1]?.cursor ?? undefined), index, pages),
  };
}

/** The value after the user stopped typing for a moment (filters call the API). */
export function useDebounced<T>(value: T, delayMs = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
