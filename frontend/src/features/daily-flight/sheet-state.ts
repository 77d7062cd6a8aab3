import type { SheetOutput } from '../../../../contracts/schemas/daily-flights.ts';
import type { FlightOutput } from '../../../../contracts/schemas/flights.ts';
import type { ProposalOutput } from '../../../../contracts/schemas/tracking.ts';

/**
 * The sheet as this browser knows it: the server's flights, kept by version. Answers to our own
 * writes, pushes from other timer operators and reloads arrive in any order; a flight only ever
 * moves to a newer version, and a deleted one does not come back from a late push.
 */
export interface SheetState {
  sheet: SheetOutput | null;
  flights: Readonly<Record<string, FlightOutput>>;
  /** Flights deleted while we watched: a late `flight.changed` must not bring them back. */
  deleted: Readonly<Record<string, true>>;
  /** The OGN detector's proposals of the day (issue 6 §5), kept by version like the flights. */
  proposals: Readonly<Record<string, ProposalOutput>>;
}

export const emptySheet: SheetState = { sheet: null, flights: {}, deleted: {}, proposals: {} };

/** Takes a flight unless we already hold the same or a newer version of it. */
export const withFlight = (state: SheetState, flight: FlightOutput): SheetState => {
  if (state.deleted[flight.flight_id]) return state;
  const held = state.flights[flight.flight_id];
  if (held && held.version >= flight.version) return state;
  return { ...state, flights: { ...state.flights, [flight.flight_id]: flight } };
};

export const withoutFlight = (state: SheetState, flightId: string): SheetState => {
  const { [flightId]: _gone, ...flights } = state.flights;
  return { ...state, flights, deleted: { ...state.deleted, [flightId]: true } };
};

export const withSheet = (state: SheetState, sheet: SheetOutput): SheetState =>
  state.sheet && state.sheet.version > sheet.version ? state : { ...state, sheet };

/** Takes a proposal unless we already hold the same or a newer version of it. */
export const withProposal = (state: SheetState, proposal: ProposalOutput): SheetState => {
  const held = state.proposals[proposal.proposal_id];
  if (held && held.version >= proposal.version) return state;
  return { ...state, proposals: { ...state.proposals, [proposal.proposal_id]: proposal } };
};

/** A proposal the ingest removed (the pilot's privacy bit, seen mid-flight): gone from the sheet. */
const withoutProposal = (state: SheetState, proposalId: string): SheetState => {
  if (!state.proposals[proposalId]) return state;
  const { [proposalId]: _gone, ...proposals } = state.proposals;
  return { ...state, proposals };
};

/** A push on `org/<id>/daily-flight/<date>` (functions/flights/flight-service.ts, the OGN ingest). */
type SheetPush =
  | { type: 'flight.changed'; flight_id: string; flight: FlightOutput }
  | { type: 'flight.deleted'; flight_id: string; flight: null }
  | { type: 'sheet.changed'; sheet: SheetOutput }
  | { type: 'proposal.changed'; proposal: ProposalOutput }
  | { type: 'proposal.removed'; proposal_id: string; date: string };

export const isSheetPush = (value: unknown): value is SheetPush => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (v.type === 'flight.changed') return typeof v.flight === 'object' && v.flight !== null;
  if (v.type === 'flight.deleted') return typeof v.flight_id === 'string';
  if (v.type === 'sheet.changed') return typeof v.sheet === 'object' && v.sheet !== null;
  if (v.type === 'proposal.changed') return typeof v.proposal === 'object' && v.proposal !== null;
  if (v.type === 'proposal.removed') return typeof v.proposal_id === 'string' && typeof v.date === 'string';
  return false;
};

export const withPush = (state: SheetState, push: SheetPush, date: string): SheetState => {
  switch (push.type) {
    case 'flight.changed':
      // A flight moved to another day leaves this sheet.
      return push.flight.date === date
        ? withFlight(state, push.flight)
        : withoutFlight(state, push.flight.flight_id);
    case 'flight.deleted':
      return withoutFlight(state, push.flight_id);
    case 'sheet.changed':
      return withSheet(state, push.sheet);
    case 'proposal.changed':
      return push.proposal.date === date ? withProposal(state, push.proposal) : state;
    case 'proposal.removed':
      return push.date === date ? withoutProposal(state, push.proposal_id) : state;
  }
};

/**
 * A fresh read of the sheet. Flights it lacks were deleted — unless they reached us after the read
 * started (a push or our own answer), in which case the read simply came too early for them. An
 * open proposal it lacks was settled meanwhile (by the same rule); settled ones we hold stay, as
 * they say which flights are taken.
 */
export const withLoaded = (
  state: SheetState,
  loaded: { sheet: SheetOutput; flights: FlightOutput[]; proposals?: ProposalOutput[] },
  arrivedSinceRead: ReadonlySet<string>,
): SheetState => {
  const proposals: Record<string, ProposalOutput> = {};
  for (const held of Object.values(state.proposals))
    if (held.status !== 'open' || arrivedSinceRead.has(held.proposal_id)) proposals[held.proposal_id] = held;
  for (const proposal of loaded.proposals ?? []) {
    const held = proposals[proposal.proposal_id];
    if (!held || held.version < proposal.version) proposals[proposal.proposal_id] = proposal;
  }
  const flights: Record<string, FlightOutput> = {};
  for (const flight of loaded.flights) {
    const held = state.flights[flight.flight_id];
    flights[flight.flight_id] = held && held.version > flight.version ? held : flight;
  }
  for (const id of arrivedSinceRead) {
    const held = state.flights[id];
    if (held && !flights[id]) flights[id] = held;
  }
  return { sheet: withSheet(state, loaded.sheet).sheet, flights, deleted: state.deleted, proposals };
};

/** A flight as the sheet shows it: the server's, or one of ours still on its way (`pending`). */
export type SheetFlight = FlightOutput & { pending: boolean };

interface SheetGroups {
  waiting: SheetFlight[];
  airborne: SheetFlight[];
  landed: SheetFlight[];
}

/** Waiting in the order they were put on, airborne longest first, landed latest first. */
export const groupsOf = (flights: readonly SheetFlight[]): SheetGroups => {
  const by = (field: 'created_at' | 'takeoff_time' | 'landing_time', desc = false) => {
    return (a: SheetFlight, b: SheetFlight) => {
      const x = a[field] ?? '';
      const y = b[field] ?? '';
      const order = x < y ? -1 : x > y ? 1 : a.flight_id < b.flight_id ? -1 : 1;
      return desc ? -order : order;
    };
  };
  return {
    waiting: flights.filter((f) => f.status === 'planned').sort(by('created_at')),
    airborne: flights.filter((f) => f.status === 'airborne').sort(by('takeoff_time')),
    landed: flights.filter((f) => f.status === 'landed').sort(by('landing_time', true)),
  };
};
