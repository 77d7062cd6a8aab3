import { timeOrderedId } from '../../../../contracts/ids.ts';
import type { SaveSheetInput } from '../../../../contracts/schemas/daily-flights.ts';
import type {
  CreateFlightInput,
  FlightOutput,
  UpdateFlightInput,
} from '../../../../contracts/schemas/flights.ts';
import { UNSENT_PREFIX } from '../../lib/session-state.ts';
import type { SheetFlight } from './sheet-state.ts';
import { minutesBetween } from './sheet-time.ts';

/**
 * The daily sheet's outbox (issue 5 §2 "a brief network loss loses nothing"): every write is kept
 * in localStorage (per organization and day) before it is sent, shown on the sheet as pending,
 * and sent in order; what the network lost is sent again when it returns. A take-off or landing
 * keeps the instant it was TAPPED (`at`), and a new flight carries a client id that becomes its
 * id, so sending it twice records it once.
 */

/** How the sheet shows a flight that is not on the server yet. */
export interface CreatePreview {
  reg_num: string;
  plane_type: string | null;
  plane_category: 'plc_01' | 'plc_02';
  is_tmg: boolean;
  tow_reg_num: string | null;
}

interface Base {
  /** This entry's own id (ordering, removal). */
  id: string;
  /** The client-side instant of the tap. */
  at: string;
}

export type OutboxEntry = Base &
  (
    | {
        kind: 'create';
        flight_id: string;
        body: CreateFlightInput & { client_id: string };
        preview: CreatePreview;
      }
    /**
     * `version`: the version the operator saw; null when they saw only our own pending state (the
     * flight's create or its tow's), resolved when it is sent.
     */
    | { kind: 'takeoff' | 'land'; flight_id: string; version: number | null }
    | {
        kind: 'update';
        flight_id: string;
        version: number | null;
        body: Omit<UpdateFlightInput, 'version'>;
        /** The changed fields as the operator saw them: what a 409 compares with. */
        base: Partial<Record<string, unknown>>;
      }
    | { kind: 'delete'; flight_id: string; version: number | null }
    | { kind: 'sheet'; version: number; body: Omit<SaveSheetInput, 'version'> }
  );

export type FlightEntry = Exclude<OutboxEntry, { kind: 'sheet' }>;

/** Under UNSENT_PREFIX: an expired session keeps the taps, a chosen logout clears them. */
export const outboxKey = (organizationId: string, date: string) =>
  `${UNSENT_PREFIX}daily-flight.${organizationId}.${date}`;

export const readOutbox = (storage: Storage, key: string): OutboxEntry[] => {
  try {
    const raw = storage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as OutboxEntry[]) : [];
  } catch {
    return [];
  }
};

export const writeOutbox = (storage: Storage, key: string, entries: readonly OutboxEntry[]) => {
  if (entries.length === 0) storage.removeItem(key);
  else storage.setItem(key, JSON.stringify(entries));
};

/** A time-ordered id of the server's shape (contracts/ids.ts, contracts clientFlightId). */
export const newClientId = (at = Date.now()) => timeOrderedId(at);

/** The synthetic id of an aerotow's tow plane flight until the server has given it its own. */
const towRef = (clientId: string) => `${clientId}-tow`;

/** The server's id of a flight an entry names (an aerotow's tow is known only once its glider is). */
export const resolvedId = (flights: Readonly<Record<string, FlightOutput>>, flightId: string) => {
  if (!flightId.endsWith('-tow')) return flightId;
  return flights[flightId.slice(0, -'-tow'.length)]?.tow_flight_id ?? flightId;
};

/**
 * After one of our writes went through (`sent` → `now`), the entries queued behind it on the same
 * flight were tapped on what we showed, i.e. on our write: they follow it to the new version.
 */
export const rebased = (
  entries: readonly OutboxEntry[],
  flightId: string,
  sent: number | null,
  now: number,
  flights: Readonly<Record<string, FlightOutput>>,
): OutboxEntry[] =>
  entries.map((entry) =>
    entry.kind !== 'sheet' &&
    entry.kind !== 'create' &&
    resolvedId(flights, entry.flight_id) === flightId &&
    (entry.version === sent || entry.version === null)
      ? { ...entry, version: now }
      : entry,
  );

const BLANK: Omit<FlightOutput, 'flight_id' | 'plane_id' | 'reg_num' | 'takeoff_type_id' | 'date'> = {
  organization_id: '',
  kind: 'glider',
  status: 'planned',
  source: 'daily_sheet',
  plane_type: null,
  plane_category: 'plc_02',
  is_tmg: false,
  takeoff_time: null,
  landing_time: null,
  takeoff_airport: null,
  landing_airport: null,
  flight_time: null,
  route: null,
  pic_id: null,
  sic_id: null,
  instructor_id: null,
  tow_pilot_id: null,
  tow_plane_id: null,
  rope_puller_id: null,
  winch_operator_id: null,
  winch_trainee_id: null,
  timer_operator_id: null,
  other_person: null,
  pic_name: null,
  sic_name: null,
  takeoff_counter: null,
  landing_counter: null,
  takeoff_blocktime: null,
  landing_blocktime: null,
  tow_altitude: null,
  touch_and_go: null,
  traffic_pattern: false,
  takeoff_day_night: null,
  landing_day_night: null,
  ifr_time: null,
  night_time: null,
  sim_time: null,
  sim_type: null,
  sim_date: null,
  training: false,
  proficiency_check: false,
  instructor_accepted: false,
  accepted_by: null,
  accepted_at: null,
  tow_flight_id: null,
  towed_flight_id: null,
  remarks: null,
  applied: null,
  locked: false,
  version: 0,
  created_by: '',
  created_at: '',
  updated_at: '',
};

const AEROTOW = 5;

/** The flight a queued create stands for (and its tow plane's, for an aerotow). */
const previewFlights = (entry: Extract<OutboxEntry, { kind: 'create' }>, date: string): SheetFlight[] => {
  const b = entry.body;
  const status = b.landing_time ? 'landed' : b.takeoff_time ? 'airborne' : 'planned';
  const glider: SheetFlight = {
    ...BLANK,
    ...Object.fromEntries(Object.entries(b).filter(([k, v]) => v !== undefined && k !== 'client_id')),
    flight_id: entry.flight_id,
    date,
    plane_id: b.plane_id,
    reg_num: entry.preview.reg_num,
    plane_type: entry.preview.plane_type,
    plane_category: entry.preview.plane_category,
    kind: entry.preview.plane_category === 'plc_02' ? 'glider' : 'general',
    is_tmg: entry.preview.is_tmg,
    takeoff_type_id: b.takeoff_type_id,
    status,
    created_at: entry.at,
    updated_at: entry.at,
    pending: true,
  } as SheetFlight;
  if (b.takeoff_type_id !== AEROTOW || !b.tow_plane_id) return [glider];
  const tow: SheetFlight = {
    ...BLANK,
    flight_id: towRef(entry.flight_id),
    date,
    plane_id: b.tow_plane_id,
    reg_num: entry.preview.tow_reg_num ?? '',
    plane_category: 'plc_01',
    kind: 'general',
    takeoff_type_id: 1,
    takeoff_time: b.takeoff_time ?? null,
    pic_id: b.tow_pilot_id ?? null,
    towed_flight_id: entry.flight_id,
    status: status === 'landed' ? 'airborne' : status,
    created_at: entry.at,
    updated_at: entry.at,
    pending: true,
  };
  return [{ ...glider, tow_flight_id: tow.flight_id }, tow];
};

/** One object per server version of a flight: a card whose flight did not change is not drawn again. */
const settledViews = new WeakMap<FlightOutput, SheetFlight>();
const settled = (flight: FlightOutput): SheetFlight => {
  let view = settledViews.get(flight);
  if (!view) {
    view = { ...flight, pending: false };
    settledViews.set(flight, view);
  }
  return view;
};

/**
 * The sheet as the operator should see it: the server's flights with our queued writes laid over
 * them in order (marked pending), so a tap shows at once, online or not.
 */
export const withPending = (
  flights: Readonly<Record<string, FlightOutput>>,
  entries: readonly OutboxEntry[],
  date: string,
): SheetFlight[] => {
  const view = new Map<string, SheetFlight>(Object.values(flights).map((f) => [f.flight_id, settled(f)]));
  const put = (flight: SheetFlight) => view.set(flight.flight_id, flight);
  for (const entry of entries) {
    if (entry.kind === 'sheet') continue;
    if (entry.kind === 'create') {
      if (!flights[entry.flight_id]) for (const f of previewFlights(entry, date)) put(f);
      continue;
    }
    const id = resolvedId(flights, entry.flight_id);
    const flight = view.get(id) ?? view.get(entry.flight_id);
    if (!flight) continue;
    if (entry.kind === 'delete') {
      view.delete(flight.flight_id);
      // The server deletes a glider's tow flight with it.
      if (flight.tow_flight_id) view.delete(resolvedId(flights, flight.tow_flight_id));
      continue;
    }
    if (entry.kind === 'takeoff') {
      put({ ...flight, takeoff_time: entry.at, status: 'airborne', pending: true });
      // The tow plane takes off with its glider (as the server does).
      const tow = flight.tow_flight_id ? view.get(resolvedId(flights, flight.tow_flight_id)) : undefined;
      if (tow && !tow.takeoff_time)
        put({ ...tow, takeoff_time: entry.at, status: 'airborne', pending: true });
    } else if (entry.kind === 'land') {
      const takeoff = flight.takeoff_time ?? entry.at;
      put({
        ...flight,
        takeoff_time: takeoff,
        landing_time: entry.at,
        flight_time: minutesBetween(takeoff, entry.at),
        status: 'landed',
        pending: true,
      });
    } else if (entry.kind === 'update') {
      const merged = { ...flight, ...entry.body, pending: true } as SheetFlight;
      // A take-off taken back grounds the tow plane that left with it (as the server does).
      const tow = flight.tow_flight_id ? view.get(resolvedId(flights, flight.tow_flight_id)) : undefined;
      if (
        entry.body.takeoff_time === null &&
        tow &&
        !tow.landing_time &&
        tow.takeoff_time === flight.takeoff_time
      )
        put({ ...tow, takeoff_time: null, status: 'planned', pending: true });
      if (entry.body.status === undefined)
        merged.status = merged.landing_time ? 'landed' : merged.takeoff_time ? 'airborne' : 'planned';
      if (merged.takeoff_time && merged.landing_time)
        merged.flight_time = minutesBetween(merged.takeoff_time, merged.landing_time);
      put(merged);
    }
  }
  return [...view.values()];
};

/**
 * A 409 on a queued write: does it still merge with what the other operator did? A take-off or
 * landing merges while the server has no such moment yet; an edit merges when none of the fields
 * it changes was changed by the other. Anything else is a conflict the operator resolves.
 */
export const mergesWith = (entry: FlightEntry, fresh: FlightOutput): boolean => {
  switch (entry.kind) {
    case 'takeoff':
      return !fresh.takeoff_time;
    case 'land':
      return !fresh.landing_time;
    case 'update':
      return Object.keys(entry.body).every(
        (field) => (fresh as unknown as Record<string, unknown>)[field] === (entry.base[field] ?? null),
      );
    case 'delete':
    case 'create':
      return false;
  }
};

/** How long a launch or landing can be taken back from the sheet's confirmation (UndoBar). */
export const UNDO_MS = 15_000;

/** A tap the sheet offers to take back: a take-off, a landing, or a flight launched at once. */
export type UndoableEntry = Extract<OutboxEntry, { kind: 'takeoff' | 'land' | 'create' }>;

/**
 * The write that takes a tap back once it has reached the server: a take-off back to waiting, a
 * landing back to airborne, a flight launched at once deleted. `version` is the one our tap left the
 * flight at (null while our tap is still on its way: it follows it, see `rebased`); the base is the
 * moment as we set it, so another operator's change of it since is a conflict, not an overwrite.
 */
export function reversalOf(
  entry: UndoableEntry,
  version: number | null,
  id: string,
  at: string,
): FlightEntry {
  switch (entry.kind) {
    case 'takeoff':
      return {
        id,
        at,
        kind: 'update',
        flight_id: entry.flight_id,
        version,
        body: { takeoff_time: null, status: 'planned' },
        base: { takeoff_time: entry.at, status: 'airborne' },
      };
    case 'land':
      return {
        id,
        at,
        kind: 'update',
        flight_id: entry.flight_id,
        version,
        body: { landing_time: null, status: 'airborne' },
        base: { landing_time: entry.at, status: 'landed' },
      };
    case 'create':
      return { id, at, kind: 'delete', flight_id: entry.flight_id, version };
  }
}

/**
 * Taking back a tap that has not left this device: it and what was queued on its flight after it
 * (a flight that never reached the server has nothing to take back there).
 */
export function withoutUnsent(entries: readonly OutboxEntry[], entry: UndoableEntry): OutboxEntry[] {
  if (entry.kind !== 'create') return entries.filter((e) => e.id !== entry.id);
  const gone = new Set([entry.flight_id, towRef(entry.flight_id)]);
  return entries.filter((e) => e.id !== entry.id && !(e.kind !== 'sheet' && gone.has(e.flight_id)));
}
