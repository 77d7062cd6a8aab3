import { describe, expect, it } from 'vitest';
import type { SheetOutput } from '../../contracts/schemas/daily-flights.ts';
import type { FlightOutput } from '../../contracts/schemas/flights.ts';
import type { ProposalOutput } from '../../contracts/schemas/tracking.ts';
import { proposalsOnSheet } from '../../frontend/src/features/daily-flight/proposals.ts';
import {
  emptySheet,
  isSheetPush,
  withFlight,
  withLoaded,
  withPush,
} from '../../frontend/src/features/daily-flight/sheet-state.ts';

/**
 * Detected flights in the browser (issue 6 §5): kept by version like the flights, and placed on
 * the sheet again whenever a flight or a proposal changes — the ingest pushes them unmatched.
 */
const DATE = '2026-06-06';

const proposal = (id: string, patch: Partial<ProposalOutput> = {}): ProposalOutput => ({
  proposal_id: id,
  date: DATE,
  address: 'DD4012',
  plane_id: 'plane-ha-4012',
  reg_num: 'HA-4012',
  plane_category: 'plc_02',
  is_tmg: false,
  status: 'open',
  takeoff_time: '2026-06-06T12:02:10.000Z',
  landing_time: null,
  takeoff_airport: 'LHDK',
  landing_airport: null,
  outlanding: false,
  takeoff_type_id: 3,
  launch_inferred: true,
  tow_role: null,
  tow_proposal_id: null,
  tow_plane_id: null,
  release_height: null,
  short_launch: false,
  landing_uncertain: false,
  flight_id: null,
  matched_flight_id: null,
  version: 1,
  ...patch,
});

const flight = (id: string, patch: Partial<FlightOutput> = {}): FlightOutput =>
  ({
    flight_id: id,
    date: DATE,
    status: 'planned',
    plane_id: 'plane-ha-4012',
    reg_num: 'HA-4012',
    takeoff_time: null,
    landing_time: null,
    version: 1,
    created_at: '2026-06-06T11:00:00.000Z',
    ...patch,
  }) as FlightOutput;

const sheet = { date: DATE, version: 1 } as SheetOutput;

describe('detected flights on the sheet in the browser', () => {
  it('a pushed proposal shows as its own card until a flight of that aircraft is put on the sheet', () => {
    // Prepare
    const push = { type: 'proposal.changed', proposal: proposal('p1') };
    expect(isSheetPush(push)).toBe(true);

    // Act
    const pushed = withPush(emptySheet, push as never, DATE);
    const before = proposalsOnSheet(pushed.proposals, pushed.flights);
    const withWaiting = withFlight(pushed, flight('f1'));
    const after = proposalsOnSheet(withWaiting.proposals, withWaiting.flights);

    // Assess
    expect(before.unmatched.map((p) => p.proposal_id)).toEqual(['p1']);
    expect(after.unmatched).toEqual([]);
    expect(after.byFlight.get('f1')?.proposal_id).toBe('p1');
  });

  it('keeps the newest version of a proposal whatever order the news arrives in', () => {
    const confirmed = proposal('p1', { status: 'confirmed', flight_id: 'f1', version: 2 });

    const state = withPush(
      withPush(emptySheet, { type: 'proposal.changed', proposal: confirmed }, DATE),
      { type: 'proposal.changed', proposal: proposal('p1') },
      DATE,
    );

    expect(state.proposals.p1?.status).toBe('confirmed');
  });

  it('a confirmed proposal leaves the sheet, unless its detected landing is still to apply', () => {
    const flights = { f1: flight('f1', { status: 'airborne', takeoff_time: '2026-06-06T12:02:10.000Z' }) };

    const done = proposalsOnSheet({ p1: proposal('p1', { status: 'confirmed', flight_id: 'f1' }) }, flights);
    const landing = proposalsOnSheet(
      {
        p1: proposal('p1', {
          status: 'confirmed',
          flight_id: 'f1',
          landing_time: '2026-06-06T12:40:00.000Z',
          version: 3,
        }),
      },
      flights,
    );

    expect([done.unmatched, [...done.byFlight.keys()]]).toEqual([[], []]);
    expect(landing.byFlight.get('f1')?.landing_time).toBe('2026-06-06T12:40:00.000Z');
  });

  it('a fresh read drops open proposals it lacks (settled meanwhile) but keeps those that arrived since', () => {
    let state = withPush(emptySheet, { type: 'proposal.changed', proposal: proposal('gone') }, DATE);
    state = withPush(state, { type: 'proposal.changed', proposal: proposal('new') }, DATE);

    const loaded = withLoaded(
      state,
      { sheet, flights: [], proposals: [proposal('other')] },
      new Set(['new']),
    );

    expect(Object.keys(loaded.proposals).sort()).toEqual(['new', 'other']);
  });

  it('a proposal the ingest removed (a pilot’s privacy bit) leaves the sheet, on its day only', () => {
    // Prepare
    const held = withPush(emptySheet, { type: 'proposal.changed', proposal: proposal('p1') }, DATE);
    const removal = { type: 'proposal.removed', proposal_id: 'p1', date: DATE };
    expect(isSheetPush(removal)).toBe(true);
    expect(isSheetPush({ type: 'proposal.removed', proposal_id: 7, date: DATE })).toBe(false);

    // Act
    const gone = withPush(held, removal as never, DATE);
    const otherDay = withPush(held, { ...removal, date: '2026-06-07' } as never, DATE);
    const unknown = withPush(held, { ...removal, proposal_id: 'p9' } as never, DATE);

    // Assess
    expect(proposalsOnSheet(gone.proposals, gone.flights).unmatched).toEqual([]);
    expect(Object.keys(otherDay.proposals)).toEqual(['p1']);
    expect(unknown).toBe(held);
  });

  it("ignores another day's proposal", () => {
    const state = withPush(
      emptySheet,
      { type: 'proposal.changed', proposal: proposal('p1', { date: '2026-06-07' }) },
      DATE,
    );

    expect(state.proposals).toEqual({});
  });
});
