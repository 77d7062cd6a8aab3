import { useEffect, useState } from 'react';
import type { LivePush, TrackOutput } from '../../../../contracts/schemas/tracking.ts';
import { call } from '../../lib/api-client.ts';
import { watchTopics } from '../../lib/live-topics.ts';
import { mergePositions, type Positions } from './map-model.ts';

/**
 * The maps' data. Spec §6: live PUSH is for daily-flight-edit holders only — they get every batch
 * of positions on `org/<id>/live` (the same connection as the sheet's channel); everyone else reads
 * the live list again every few seconds.
 */
export const POLL_MS = 15_000;
/** With push: a full read now and then drops the devices whose positions expired meanwhile. */
const RELOAD_MS = 120_000;
/** Today's tracks grow all afternoon; the live tail fills the gap between two reads. */
const TRACKS_RELOAD_MS = 60_000;

export type LoadState = 'loading' | 'ready' | 'failed';

const isPush = (payload: unknown): payload is LivePush => {
  if (typeof payload !== 'object' || payload === null) return false;
  const { type, items, addresses } = payload as { type?: unknown; items?: unknown; addresses?: unknown };
  return (type === 'positions' && Array.isArray(items)) || (type === 'removed' && Array.isArray(addresses));
};

/** The positions without the devices a removal names. */
const without = (positions: Positions, addresses: readonly string[]): Positions => {
  if (!addresses.some((address) => positions.has(address))) return positions;
  const next = new Map(positions);
  for (const address of addresses) next.delete(address);
  return next;
};

/** Runs `load` now and every `everyMs` while the page is visible, and when it becomes visible again. */
function every(everyMs: number, load: () => void): () => void {
  const timer = setInterval(() => {
    if (document.visibilityState !== 'hidden') load();
  }, everyMs);
  const visible = () => {
    if (document.visibilityState === 'visible') load();
  };
  document.addEventListener('visibilitychange', visible);
  load();
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', visible);
  };
}

export function useLivePositions(options: {
  organizationId: string;
  userId: string;
  /** daily-flight-edit: the broker lets this person receive `org/<id>/live`. */
  canPush: boolean;
  enabled?: boolean;
}) {
  const { organizationId, userId, canPush, enabled = true } = options;
  const [positions, setPositions] = useState<Positions>(() => new Map());
  const [state, setState] = useState<LoadState>('loading');
  const [pushing, setPushing] = useState(false);
  // Devices whose track the ingest removed (a pilot's privacy bit, issue 18): hidden from the
  // tracks read before the removal, until the next read no longer has them.
  const [removed, setRemoved] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    const load = async () => {
      try {
        const { items } = await call('getLivePositions');
        if (!active) return;
        // The read is the truth about who is still heard; a push that overtook it stays if newer.
        setPositions((current) => {
          const listed = new Set(items.map((p) => p.address));
          return mergePositions(
            new Map(items.map((p) => [p.address, p])),
            [...current.values()].filter((p) => listed.has(p.address)),
          );
        });
        setState('ready');
      } catch {
        // The API client has told the person; the next read tries again.
        if (active) setState((previous) => (previous === 'ready' ? previous : 'failed'));
      }
    };
    const stopReading = every(canPush ? RELOAD_MS : POLL_MS, () => void load());
    const stopPush = canPush
      ? watchTopics(
          userId,
          [`org/${organizationId}/live`],
          {
            onMessage: (_topic, payload) => {
              if (!isPush(payload)) return;
              if (payload.type === 'positions') {
                const { items } = payload;
                setPositions((current) => mergePositions(current, items));
              } else {
                const { addresses } = payload;
                setPositions((current) => without(current, addresses));
                setRemoved((current) => new Set([...current, ...addresses]));
              }
            },
            onState: (connected) => {
              setPushing(connected);
              // Back after a drop: catch up on what was pushed meanwhile.
              if (connected) void load();
            },
          },
          { maxDelayMs: 30_000, reconnectWhenOnline: true },
        )
      : () => {};
    return () => {
      active = false;
      stopReading();
      stopPush();
    };
  }, [organizationId, userId, canPush, enabled]);

  return { positions, state, pushing, removed };
}

/** One day's tracks of the organization; today's are read again every minute. */
export function useDayTracks(options: { date: string; today: boolean; enabled?: boolean }) {
  const { date, today, enabled = true } = options;
  const [tracks, setTracks] = useState<{ date: string; items: TrackOutput[] }>({ date: '', items: [] });
  const [state, setState] = useState<LoadState>('loading');

  useEffect(() => {
    if (!enabled || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    let active = true;
    setState('loading');
    const load = async () => {
      try {
        const { items } = await call('listTracks', { query: { date } });
        if (!active) return;
        setTracks({ date, items });
        setState('ready');
      } catch {
        if (active) setState((previous) => (previous === 'ready' ? previous : 'failed'));
      }
    };
    if (!today) {
      void load();
      return () => {
        active = false;
      };
    }
    const stop = every(TRACKS_RELOAD_MS, () => void load());
    return () => {
      active = false;
      stop();
    };
  }, [date, today, enabled]);

  // Another day's tracks are not this day's while the new ones load.
  const current = tracks.date === date;
  return {
    tracks: current ? tracks.items : [],
    state: current || state === 'failed' ? state : ('loading' as const),
  };
}

/** The clock the markers' ages are counted against. */
export function useClock(everyMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
