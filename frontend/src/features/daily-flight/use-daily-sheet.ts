import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DailySheetOutput } from '../../../../contracts/schemas/daily-flights.ts';
import type { FlightOutput } from '../../../../contracts/schemas/flights.ts';
import type { ProposalOutput } from '../../../../contracts/schemas/tracking.ts';
import { ApiError, call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { watchTopics } from '../../lib/live-topics.ts';
import {
  type FlightEntry,
  mergesWith,
  type OutboxEntry,
  outboxKey,
  readOutbox,
  rebased,
  resolvedId,
  reversalOf,
  type UndoableEntry,
  withoutUnsent,
  withPending,
  writeOutbox,
} from './outbox.ts';
import { proposalsOnSheet } from './proposals.ts';
import {
  emptySheet,
  isSheetPush,
  type SheetFlight,
  type SheetState,
  withFlight,
  withLoaded,
  withoutFlight,
  withProposal,
  withPush,
  withSheet,
} from './sheet-state.ts';

/** A write another timer operator beat us to: ours, and the flight as they left it. */
export interface SheetConflict {
  entry: FlightEntry;
  /** null: they deleted it. */
  theirs: FlightOutput | null;
}

/** How often the outbox tries again while something waits (besides the `online` event). */
const RETRY_MS = 10_000;
/** A write that merges with another operator's change is re-sent at most this often. */
const MAX_MERGES = 3;

type Sent =
  | { outcome: 'done' }
  | { outcome: 'wait' }
  | { outcome: 'drop' }
  | { outcome: 'conflict'; theirs: FlightOutput | null }
  | { outcome: 'again'; entry: OutboxEntry };

export type DayCrew = DailySheetOutput['day_crew'];
const NO_DAY_CREW: DayCrew = { winch_operator_ids: [], tow_pilot_ids: [], instructor_ids: [] };

/**
 * The daily sheet's data (daily-flight/{id}): the server's sheet kept by version, live pushes from
 * the other timer operators, and every write through the outbox (outbox.ts). Returns the flights
 * as they should be shown (ours pending on top), and the actions of the screen.
 */
export function useDailySheet(organizationId: string, userId: string, date: string) {
  const key = outboxKey(organizationId, date);
  const [state, setState] = useState<SheetState>(emptySheet);
  // The server's word on overriding the balance policy for this reader, as of the last read of the sheet.
  const [canOverrideBalance, setCanOverrideBalance] = useState(false);
  // The crew signed up for the day's operating day (issue 15 §6), as of the last read of the sheet.
  const [dayCrew, setDayCrew] = useState<DayCrew>(NO_DAY_CREW);
  const stateRef = useRef(state);
  const [entries, setEntries] = useState<OutboxEntry[]>(() => readOutbox(localStorage, key));
  const entriesRef = useRef(entries);
  const [conflicts, setConflicts] = useState<SheetConflict[]>([]);
  const [loaded, setLoaded] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [online, setOnline] = useState(() => navigator.onLine);
  const [unreachable, setUnreachable] = useState(false);
  const [live, setLive] = useState(false);
  const draining = useRef(false);
  /** The entry being sent right now: it cannot be taken out of the outbox any more. */
  const sending = useRef<string | null>(null);
  /** The version each of our take-offs, landings and launches left its flight at (for an undo). */
  const sentVersions = useRef(new Map<string, number>());
  /** Ids of the flights and proposals that reached us while a read of the sheet was on its way. */
  const arrivedSinceRead = useRef<Set<string> | null>(null);
  /** Proposals whose confirm or dismiss is on its way (their buttons wait). */
  const [settling, setSettling] = useState<ReadonlySet<string>>(() => new Set());

  const update = useCallback((next: (previous: SheetState) => SheetState) => {
    stateRef.current = next(stateRef.current);
    setState(stateRef.current);
  }, []);

  const commitEntries = useCallback(
    (next: OutboxEntry[]) => {
      entriesRef.current = next;
      writeOutbox(localStorage, key, next);
      setEntries(next);
    },
    [key],
  );

  const took = useCallback(
    (flight: FlightOutput) => {
      arrivedSinceRead.current?.add(flight.flight_id);
      update((s) => withFlight(s, flight));
    },
    [update],
  );

  const reload = useCallback(async () => {
    arrivedSinceRead.current = new Set();
    try {
      const sheet = await call('getDailySheet', { params: { date } });
      const arrived = arrivedSinceRead.current ?? new Set<string>();
      update((s) => withLoaded(s, sheet, arrived));
      setCanOverrideBalance(sheet.can_override_balance);
      setDayCrew(sheet.day_crew);
      setLoaded('ready');
    } catch {
      setLoaded((was) => (was === 'ready' ? was : 'failed'));
    } finally {
      arrivedSinceRead.current = null;
    }
  }, [date, update]);

  /** One queued write to the server, and what became of it. */
  const send = useCallback(
    async (entry: OutboxEntry, merges: number): Promise<Sent> => {
      const flights = stateRef.current.flights;
      const flightId = entry.kind === 'sheet' ? '' : resolvedId(flights, entry.flight_id);
      let version = entry.kind === 'create' ? null : entry.version;
      if (entry.kind !== 'sheet' && entry.kind !== 'create' && version === null) {
        // Tapped on our own pending flight: its version is whatever our writes made it.
        const known = flights[flightId] ?? (await call('getFlight', { params: { id: flightId } }));
        took(known);
        version = known.version;
      }
      try {
        switch (entry.kind) {
          case 'create': {
            const created = await call('createSheetFlight', { params: { date }, body: entry.body });
            took(created);
            sentVersions.current.set(entry.id, created.version);
            break;
          }
          case 'takeoff':
          case 'land': {
            const body = { at: entry.at, version: version ?? 0 };
            const params = { date, id: flightId };
            const flight =
              entry.kind === 'takeoff'
                ? await call('takeOffSheetFlight', { params, body })
                : await call('landSheetFlight', { params, body });
            took(flight);
            sentVersions.current.set(entry.id, flight.version);
            commitEntries(
              rebased(entriesRef.current, flightId, version, flight.version, stateRef.current.flights),
            );
            break;
          }
          case 'update': {
            const flight = await call('updateSheetFlight', {
              params: { date, id: flightId },
              body: { ...entry.body, version: version ?? 0 },
            });
            took(flight);
            commitEntries(
              rebased(entriesRef.current, flightId, version, flight.version, stateRef.current.flights),
            );
            break;
          }
          case 'delete':
            await call('deleteSheetFlight', {
              params: { date, id: flightId },
              query: { version: String(version ?? 0) },
            });
            update((s) => withoutFlight(s, flightId));
            break;
          case 'sheet': {
            const sheet = await call('saveDailySheet', {
              params: { date },
              body: { ...entry.body, version: entry.version },
            });
            update((s) => withSheet(s, sheet));
            // Settings changed again meanwhile were changed on what we showed: on our save.
            commitEntries(
              entriesRef.current.map((e) =>
                e.kind === 'sheet' && e.version === entry.version ? { ...e, version: sheet.version } : e,
              ),
            );
            break;
          }
        }
        return { outcome: 'done' };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.status === 0 || error.status >= 500 || error.status === 401) return { outcome: 'wait' };
        if (error instanceof FieldErrors) {
          flash('error', 'daily-flight:write_rejected');
          return { outcome: 'drop' };
        }
        if (error.status === 409 && error.code === 'conflict') {
          if (entry.kind === 'sheet') {
            // The sheet header has no merge: show the other operator's settings.
            flash('warning', 'daily-flight:sheet_changed_by_other');
            await reload();
            return { outcome: 'drop' };
          }
          if (entry.kind === 'create') {
            flash('error', 'conflict');
            return { outcome: 'drop' };
          }
          const theirs = await call('getFlight', { params: { id: flightId } }).catch((e: unknown) => {
            if (e instanceof ApiError && e.status === 404) return null;
            throw e;
          });
          if (theirs) took(theirs);
          else update((s) => withoutFlight(s, flightId));
          if (theirs && merges < MAX_MERGES && mergesWith(entry, theirs))
            return { outcome: 'again', entry: { ...entry, version: theirs.version } };
          return { outcome: 'conflict', theirs };
        }
        if (error.status === 404 && entry.kind !== 'sheet' && entry.kind !== 'create') {
          update((s) => withoutFlight(s, flightId));
          return { outcome: 'conflict', theirs: null };
        }
        // continuity_lapsed, not_editable, missing_permissions…: the write cannot succeed as it is.
        if (!error.handled) flash('error', error.code);
        return { outcome: 'drop' };
      }
    },
    [commitEntries, date, reload, took, update],
  );

  /** Sends the queue in order; stops at the first write the network or the server could not take. */
  const drain = useCallback(async () => {
    if (draining.current || !navigator.onLine) return;
    draining.current = true;
    try {
      let merges = 0;
      for (;;) {
        const entry = entriesRef.current[0];
        if (!entry) break;
        let result: Sent;
        sending.current = entry.id;
        try {
          result = await send(entry, merges);
        } catch {
          result = { outcome: 'wait' };
        } finally {
          sending.current = null;
        }
        if (result.outcome === 'wait') {
          setUnreachable(true);
          break;
        }
        setUnreachable(false);
        const rest = entriesRef.current.filter((e) => e.id !== entry.id);
        if (result.outcome === 'again') {
          merges += 1;
          commitEntries([result.entry, ...rest]);
          continue;
        }
        merges = 0;
        commitEntries(rest);
        if (result.outcome === 'conflict' && entry.kind !== 'sheet') {
          const conflict: SheetConflict = { entry, theirs: result.theirs };
          setConflicts((list) => [...list, conflict]);
        }
      }
    } finally {
      draining.current = false;
    }
  }, [commitEntries, send]);

  const enqueue = useCallback(
    (entry: OutboxEntry) => {
      commitEntries([...entriesRef.current, entry]);
      void drain();
    },
    [commitEntries, drain],
  );

  /**
   * Takes back a take-off, a landing or a flight launched at once (the sheet's undo). A tap still
   * waiting on this device is simply removed; one the server has is reversed by a write of its own,
   * version-checked and queued like every other, so it works offline too.
   */
  const undo = useCallback(
    (entry: UndoableEntry) => {
      const unsent = entriesRef.current.some((e) => e.id === entry.id) && sending.current !== entry.id;
      if (unsent) {
        commitEntries(withoutUnsent(entriesRef.current, entry));
        return;
      }
      const version = sentVersions.current.get(entry.id) ?? null;
      enqueue(reversalOf(entry, version, crypto.randomUUID(), new Date().toISOString()));
    },
    [commitEntries, enqueue],
  );

  // The day's sheet, and a new outbox when the day or organization changes.
  useEffect(() => {
    stateRef.current = emptySheet;
    setState(emptySheet);
    setLoaded('loading');
    const stored = readOutbox(localStorage, key);
    entriesRef.current = stored;
    setEntries(stored);
    setConflicts([]);
    void reload().then(() => drain());
  }, [key, reload, drain]);

  // Live: the other timer operators' changes; after a gap, read the sheet again for what we missed.
  useEffect(() => {
    const topic = `org/${organizationId}/daily-flight/${date}`;
    let wasLive = false;
    // The sheet's channel (spec §6: the broker lets only daily-flight-edit holders receive it).
    return watchTopics(
      userId,
      [topic],
      {
        onMessage(_topic, payload) {
          if (!isSheetPush(payload)) return;
          if (payload.type === 'flight.changed') arrivedSinceRead.current?.add(payload.flight.flight_id);
          if (payload.type === 'proposal.changed')
            arrivedSinceRead.current?.add(payload.proposal.proposal_id);
          update((s) => withPush(s, payload, date));
        },
        onState(connected) {
          setLive(connected);
          if (connected && wasLive) void reload();
          if (connected) wasLive = true;
        },
      },
      { maxDelayMs: 30_000, reconnectWhenOnline: true },
    );
  }, [organizationId, userId, date, update, reload]);

  // Network back: send what waits. Also retry on a timer (a server that was down, a lost answer).
  useEffect(() => {
    const up = () => {
      setOnline(true);
      void drain();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    const timer = setInterval(() => {
      if (entriesRef.current.length > 0) void drain();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      clearInterval(timer);
    };
  }, [drain]);

  const flights: SheetFlight[] = useMemo(
    () => withPending(state.flights, entries, date),
    [state.flights, entries, date],
  );

  /**
   * A detected flight confirmed (into `flightId`, or as a new flight) or dismissed. Sent at once, not
   * through the outbox: it is an answer to what the server proposed, so it needs the server — the
   * screen disables it while offline. A 409 means another operator (or a newer detection) was first:
   * the sheet is read again and shows what now stands.
   */
  const settleProposal = useCallback(
    async (
      proposal: ProposalOutput,
      action: 'confirm' | 'dismiss',
      flightId?: string,
    ): Promise<FlightOutput | null> => {
      const id = proposal.proposal_id;
      setSettling((held) => new Set(held).add(id));
      try {
        const params = { date, id };
        if (action === 'dismiss') {
          const dismissed = await call('dismissProposal', { params, body: { version: proposal.version } });
          update((s) => withProposal(s, dismissed));
        } else {
          const result = await call('confirmProposal', {
            params,
            body: { version: proposal.version, ...(flightId && { flight_id: flightId }) },
          });
          took(result.flight);
          update((s) => withProposal(s, result.proposal));
          // An aerotow changed its tow flight and the tug's proposal too: read them if no push brings them.
          if (!live && (result.flight.tow_flight_id || result.proposal.tow_proposal_id)) await reload();
          return result.flight;
        }
      } catch (error) {
        if (error instanceof ApiError && (error.code === 'conflict' || error.status === 404)) {
          flash('warning', 'daily-flight:detected.changed');
          await reload();
        } else if (error instanceof FieldErrors) {
          flash('error', 'daily-flight:detected.rejected');
        } else {
          // continuity_lapsed, not_editable, the network…: said as for any other tap.
          reportFailure(error);
        }
      } finally {
        setSettling((held) => {
          const next = new Set(held);
          next.delete(id);
          return next;
        });
      }
      return null;
    },
    [date, live, reload, took, update],
  );

  const proposals = useMemo(
    () => proposalsOnSheet(state.proposals, state.flights),
    [state.proposals, state.flights],
  );

  const resolveConflict = useCallback(
    (conflict: SheetConflict, choice: 'mine' | 'theirs') => {
      setConflicts((list) => list.filter((c) => c !== conflict));
      if (choice === 'theirs' || !conflict.theirs) return;
      const { entry, theirs } = conflict;
      const at = entry.kind === 'takeoff' || entry.kind === 'land' ? entry.at : new Date().toISOString();
      if (entry.kind === 'create') return;
      enqueue({
        ...entry,
        id: crypto.randomUUID(),
        at,
        version: theirs.version,
        ...(entry.kind === 'update' && {
          base: Object.fromEntries(
            Object.keys(entry.body).map((f) => [f, (theirs as unknown as Record<string, unknown>)[f]]),
          ),
        }),
      } as OutboxEntry);
    },
    [enqueue],
  );

  return {
    sheet: state.sheet,
    canOverrideBalance,
    dayCrew,
    serverFlights: state.flights,
    flights,
    entries,
    conflicts,
    loaded,
    offline: !online || unreachable,
    live,
    enqueue,
    undo,
    resolveConflict,
    reload,
    proposals,
    settling,
    settleProposal,
  };
}
