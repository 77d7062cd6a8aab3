import { useCallback, useEffect, useState } from 'react';
import {
  type DatasourceItems,
  type DatasourceType,
  UNCACHED_DATASOURCES,
} from '../../../contracts/schemas/lookups.ts';
import { call } from './api-client.ts';
import { session } from './session-state.ts';

/**
 * Lookup lists (spec §3 datasources) for pickers and for showing codes as names.
 * - Spec §4/§9: results are kept for 15 minutes, in memory and in sessionStorage (a reload within
 *   the tab keeps them); the planes list is never kept.
 * - Kept lists belong to one person in one organization in one language (names come in the
 *   caller's order): signing out, switching organization or language forgets them all.
 * - Spec §7: "The datasource load waits 1 second and retries when another load is in progress" —
 *   a second caller of a type already loading waits 1 s and tries again, finding the fresh list or
 *   loading it itself.
 */
export const DATASOURCE_CACHE_MS = 15 * 60 * 1000;
const DATASOURCE_RETRY_MS = 1000;

const PREFIX = 'windsock.datasource.';

interface Entry {
  owner: string;
  loadedAt: number;
  items: unknown[];
}

const memory = new Map<DatasourceType, Entry>();
const inFlight = new Set<DatasourceType>();

/** Whose lists these are: the signed-in person, their organization and their language. */
const ownerNow = (): string | null => {
  const { loggedIn, profile } = session.get();
  if (!loggedIn || !profile) return null;
  return `${profile.user_id}|${profile.organization?.organization_id ?? ''}|${profile.lang}`;
};

/** Forgets every kept list, in memory and in sessionStorage. */
export const clearDatasources = () => {
  memory.clear();
  for (let index = sessionStorage.length - 1; index >= 0; index -= 1) {
    const key = sessionStorage.key(index);
    if (key?.startsWith(PREFIX)) sessionStorage.removeItem(key);
  }
};

let owner = ownerNow();
session.subscribe(() => {
  const next = ownerNow();
  if (next === owner) return;
  owner = next;
  clearDatasources();
});

const readStored = (type: DatasourceType): Entry | undefined => {
  try {
    const raw = sessionStorage.getItem(PREFIX + type);
    return raw ? (JSON.parse(raw) as Entry) : undefined;
  } catch {
    return undefined;
  }
};

const fresh = (type: DatasourceType, who: string): unknown[] | undefined => {
  if (UNCACHED_DATASOURCES.has(type)) return undefined;
  const entry = memory.get(type) ?? readStored(type);
  if (!entry || entry.owner !== who || Date.now() - entry.loadedAt >= DATASOURCE_CACHE_MS) return undefined;
  memory.set(type, entry);
  return entry.items;
};

const keep = (type: DatasourceType, entry: Entry) => {
  memory.set(type, entry);
  try {
    sessionStorage.setItem(PREFIX + type, JSON.stringify(entry));
  } catch {
    // Storage full or blocked: the list stays in memory for this page.
  }
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One datasource's items, from the kept copy when it is fresh (see above), else from the API. */
export async function loadDatasource<T extends DatasourceType>(type: T): Promise<DatasourceItems[T]> {
  for (;;) {
    const who = ownerNow();
    const kept = who ? fresh(type, who) : undefined;
    if (kept) return kept as DatasourceItems[T];
    if (!inFlight.has(type)) break;
    await wait(DATASOURCE_RETRY_MS);
  }
  inFlight.add(type);
  const who = ownerNow();
  try {
    const { items } = await call('getDatasource', { params: { source_type: type } });
    // A list loaded for someone else (signed out or switched meanwhile) is not kept.
    if (who && who === ownerNow() && !UNCACHED_DATASOURCES.has(type)) {
      keep(type, { owner: who, loadedAt: Date.now(), items });
    }
    return items as DatasourceItems[T];
  } finally {
    inFlight.delete(type);
  }
}

interface DatasourceState<T extends DatasourceType> {
  items: DatasourceItems[T];
  loading: boolean;
  failed: boolean;
  /** Loads the list again (after a failure). */
  reload: () => void;
}

/** A screen's view of one datasource; failures were already shown by the API client. */
export function useDatasource<T extends DatasourceType>(type: T): DatasourceState<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<DatasourceState<T>, 'reload'>>({
    items: [] as DatasourceItems[T],
    loading: true,
    failed: false,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what a reload changes.
  useEffect(() => {
    let active = true;
    setState((previous) => ({ ...previous, loading: true, failed: false }));
    loadDatasource(type).then(
      (items) => active && setState({ items, loading: false, failed: false }),
      () => active && setState((previous) => ({ ...previous, loading: false, failed: true })),
    );
    return () => {
      active = false;
    };
  }, [type, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
