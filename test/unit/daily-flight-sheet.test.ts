import { describe, expect, it } from 'vitest';
import type { FlightOutput } from '../../contracts/schemas/flights.ts';
import {
  mergesWith,
  type OutboxEntry,
  rebased,
  resolvedId,
  reversalOf,
  withoutUnsent,
  withPending,
} from '../../frontend/src/features/daily-flight/outbox.ts';
import {
  emptySheet,
  groupsOf,
  isSheetPush,
  withFlight,
  withLoaded,
  withPush,
} from '../../frontend/src/features/daily-flight/sheet-state.ts';

/**
 * The daily sheet in the browser (issue 5 §2): several timer operators' changes applied by version,
 * never back to an older one; queued taps shown at once and sent with the version they were made on;
 * a 409 merges only when the other operator did not touch the same thing.
 */
const DATE = '2026-06-06';

const flight = (id: string, patch: Partial<FlightOutput> = {}): FlightOutput =>
  ({
    flight_id: id,
    organization_id: 'org-demo',
    date: DATE,
    kind: 'glider',
    status: 'planned',
    source: 'daily_sheet',
    plane_id: 'plane-ha-4012',
    reg_num: 'HA-4012',
    plane_category: 'plc_02',
    is_tmg: false,
    takeoff_type_id: 3,
    takeoff_time: null,
    landing_time: null,
    flight_time: null,
    pic_id: 'user-pilot',
    instructor_id: null,
    sic_id: null,
    tow_flight_id: null,
    towed_flight_id: null,
    remarks: null,
    version: 1,
    created_at: '2026-06-06T08:00:00.000Z',
    ...patch,
  }) as FlightOutput;

describe('the sheet kept by version', () => {
  it('never goes back to an older version of a flight, whatever order the news arrives in', () => {
    // Prepare
    const newer = flight('f1', { status: 'landed', version: 3, landing_time: '2026-06-06T09:00:00.000Z' });
    const older = flight('f1', { status: 'airborne', version: 2 });

    // Act
    const state = withFlight(withFlight(emptySheet, newer), older);

    // Assess
    expect(state.flights.f1?.version).toBe(3);
    expect(state.flights.f1?.status).toBe('landed');
  });

  it('applies pushes: a change, a deletion that a late change does not undo, a flight moved to another day', () => {
    // Prepare
    const pushes = [
      { type: 'flight.changed', flight_id: 'f1', flight: flight('f1') },
      { type: 'flight.changed', flight_id: 'f2', flight: flight('f2') },
      { type: 'flight.deleted', flight_id: 'f1', flight: null },
      { type: 'flight.changed', flight_id: 'f1', flight: flight('f1', { version: 2 }) },
      { type: 'flight.changed', flight_id: 'f2', flight: flight('f2', { version: 2, date: '2026-06-07' }) },
      { type: 'something.else' },
    ];

    // Act
    let state = emptySheet;
    for (const push of pushes) if (isSheetPush(push)) state = withPush(state, push, DATE);

    // Assess
    expect(Object.keys(state.flights)).toEqual([]);
    expect(state.deleted).toEqual({ f1: true, f2: true });
  });

  it('a reload keeps what arrived while it was on its way, and drops what the server no longer has', () => {
    // Prepare
    let state = withFlight(emptySheet, flight('gone'));
    state = withFlight(state, flight('kept', { version: 4 }));
    state = withFlight(state, flight('arrived'));

    // Act
    const after = withLoaded(
      state,
      { sheet: { date: DATE, version: 0 } as never, flights: [flight('kept', { version: 2 })] },
      new Set(['arrived']),
    );

    // Assess
    expect(Object.keys(after.flights).sort()).toEqual(['arrived', 'kept']);
    expect(after.flights.kept?.version).toBe(4);
  });

  it('groups waiting in order, airborne longest first, landed latest first', () => {
    // Prepare
    const view = [
      flight('w2', { created_at: '2026-06-06T08:05:00Z' }),
      flight('w1', { created_at: '2026-06-06T08:01:00Z' }),
      flight('a2', { status: 'airborne', takeoff_time: '2026-06-06T09:10:00Z' }),
      flight('a1', { status: 'airborne', takeoff_time: '2026-06-06T09:00:00Z' }),
      flight('l1', { status: 'landed', landing_time: '2026-06-06T09:30:00Z' }),
      flight('l2', { status: 'landed', landing_time: '2026-06-06T09:40:00Z' }),
    ].map((f) => ({ ...f, pending: false }));

    // Act
    const groups = groupsOf(view);

    // Assess
    expect(groups.waiting.map((f) => f.flight_id)).toEqual(['w1', 'w2']);
    expect(groups.airborne.map((f) => f.flight_id)).toEqual(['a1', 'a2']);
    expect(groups.landed.map((f) => f.flight_id)).toEqual(['l2', 'l1']);
  });
});

describe('the outbox laid over the sheet', () => {
  const create: OutboxEntry = {
    id: 'e1',
    kind: 'create',
    at: '2026-06-06T10:00:00.000Z',
    flight_id: 'c1',
    body: {
      client_id: 'c1',
      plane_id: 'plane-ha-4455',
      takeoff_type_id: 5,
      tow_plane_id: 'plane-ha-sbx',
      tow_pilot_id: 'user-instructor',
      pic_id: 'user-pilot',
      takeoff_time: '2026-06-06T10:00:00.000Z',
    },
    preview: {
      reg_num: 'HA-4455',
      plane_type: 'Discus',
      plane_category: 'plc_02',
      is_tmg: false,
      tow_reg_num: 'HA-SBX',
    },
  };

  it('shows an aerotow launched offline at once: the glider and its tow plane airborne, pending', () => {
    // Act
    const view = withPending({}, [create], DATE);

    // Assess
    expect(view.map((f) => [f.flight_id, f.reg_num, f.status, f.pending])).toEqual([
      ['c1', 'HA-4455', 'airborne', true],
      ['c1-tow', 'HA-SBX', 'airborne', true],
    ]);
  });

  it('lands the tow plane at the instant tapped, before and after the server named its flight', () => {
    // Prepare
    const land: OutboxEntry = {
      id: 'e2',
      kind: 'land',
      at: '2026-06-06T10:07:00.000Z',
      flight_id: 'c1-tow',
      version: null,
    };
    const created = {
      c1: flight('c1', { status: 'airborne', takeoff_time: create.at, tow_flight_id: 't9' }),
      t9: flight('t9', {
        status: 'airborne',
        takeoff_time: create.at,
        towed_flight_id: 'c1',
        reg_num: 'HA-SBX',
      }),
    };

    // Act
    const before = withPending({}, [create, land], DATE);
    const after = withPending(created, [land], DATE);

    // Assess
    expect(before.find((f) => f.flight_id === 'c1-tow')).toMatchObject({ status: 'landed', flight_time: 7 });
    expect(resolvedId(created, 'c1-tow')).toBe('t9');
    expect(after.find((f) => f.flight_id === 't9')).toMatchObject({
      status: 'landed',
      landing_time: '2026-06-06T10:07:00.000Z',
      pending: true,
    });
    expect(after.find((f) => f.flight_id === 'c1')).toMatchObject({ status: 'airborne', pending: false });
  });

  it('a take-off moves the tow plane with the glider; a delete hides the flight', () => {
    // Prepare
    const flights = {
      g: flight('g', { tow_flight_id: 't' }),
      t: flight('t', { towed_flight_id: 'g', reg_num: 'HA-SBX' }),
      x: flight('x'),
    };
    const entries: OutboxEntry[] = [
      { id: '1', kind: 'takeoff', at: '2026-06-06T11:00:00.000Z', flight_id: 'g', version: 1 },
      { id: '2', kind: 'delete', at: '2026-06-06T11:01:00.000Z', flight_id: 'x', version: 1 },
    ];

    // Act
    const view = withPending(flights, entries, DATE);

    // Assess
    expect(view.map((f) => [f.flight_id, f.status])).toEqual([
      ['g', 'airborne'],
      ['t', 'airborne'],
    ]);
  });

  it('queued taps on one flight follow our own write to its new version, and no one else’s', () => {
    // Prepare
    const entries: OutboxEntry[] = [
      { id: '1', kind: 'land', at: 'x', flight_id: 'f', version: 2 },
      {
        id: '2',
        kind: 'update',
        at: 'x',
        flight_id: 'f',
        version: 2,
        body: { remarks: 'ok' },
        base: { remarks: null },
      },
      { id: '3', kind: 'land', at: 'x', flight_id: 'other', version: 2 },
      { id: '4', kind: 'land', at: 'x', flight_id: 'f', version: 7 },
    ];

    // Act
    const next = rebased(entries.slice(1), 'f', 2, 3, {});

    // Assess
    expect(next.map((e) => (e.kind === 'sheet' || e.kind === 'create' ? null : e.version))).toEqual([
      3, 2, 7,
    ]);
  });

  it('on a 409 merges a moment not yet set and an edit of untouched fields; anything else is a conflict', () => {
    // Prepare
    const theirs = flight('f', {
      version: 4,
      remarks: 'theirs',
      status: 'airborne',
      takeoff_time: '2026-06-06T09:00:00Z',
    });
    const edit = (body: Record<string, unknown>, base: Record<string, unknown>): OutboxEntry => ({
      id: 'u',
      kind: 'update',
      at: 'x',
      flight_id: 'f',
      version: 3,
      body,
      base,
    });

    // Assess
    expect(mergesWith({ id: 'l', kind: 'land', at: 'x', flight_id: 'f', version: 3 }, theirs)).toBe(true);
    expect(mergesWith({ id: 't', kind: 'takeoff', at: 'x', flight_id: 'f', version: 3 }, theirs)).toBe(false);
    expect(mergesWith(edit({ sic_id: 'user-student' }, { sic_id: null }) as never, theirs)).toBe(true);
    expect(mergesWith(edit({ remarks: 'mine' }, { remarks: null }) as never, theirs)).toBe(false);
    expect(mergesWith({ id: 'd', kind: 'delete', at: 'x', flight_id: 'f', version: 3 }, theirs)).toBe(false);
  });
});

describe('undo of a take-off, a landing or a launch', () => {
  const at = '2026-06-06T10:00:00.000Z';
  const takeoff = { id: 't1', kind: 'takeoff', at, flight_id: 'f1', version: 1 } as const;
  const land = { id: 'l1', kind: 'land', at, flight_id: 'f1', version: 2 } as const;

  it('reverses a tap the server has by a version-checked write of its own', () => {
    // Act
    const back = reversalOf(takeoff, 2, 'u1', '2026-06-06T10:00:05.000Z');
    const aground = reversalOf(land, 3, 'u2', '2026-06-06T10:00:05.000Z');

    // Assess: the moment as we set it is the base, so another operator's change of it is a conflict.
    expect(back).toMatchObject({
      kind: 'update',
      flight_id: 'f1',
      version: 2,
      body: { takeoff_time: null, status: 'planned' },
      base: { takeoff_time: at, status: 'airborne' },
    });
    expect(aground).toMatchObject({ version: 3, body: { landing_time: null, status: 'airborne' } });
    expect(mergesWith(aground as never, flight('f1', { status: 'landed', landing_time: at } as never))).toBe(
      true,
    );
    expect(
      mergesWith(
        aground as never,
        flight('f1', { status: 'landed', landing_time: '2026-06-06T10:03:00.000Z' } as never),
      ),
    ).toBe(false);
  });

  it('grounds the tow plane that took off with its glider, and a deleted glider takes its tow along', () => {
    // Prepare: an aerotow in the air on the server, glider and tow plane at the same instant.
    const glider = flight('g1', { status: 'airborne', takeoff_time: at, tow_flight_id: 'tw1', version: 2 });
    const tow = flight('tw1', { status: 'airborne', takeoff_time: at, towed_flight_id: 'g1', version: 2 });
    const flights = { g1: glider, tw1: tow };
    const undoTakeoff = reversalOf({ ...takeoff, flight_id: 'g1' }, 2, 'u1', at);
    const undoLaunch = reversalOf({ id: 'c', kind: 'create', at, flight_id: 'g1' } as never, 1, 'u2', at);

    // Act
    const waiting = withPending(flights, [undoTakeoff], DATE);
    const gone = withPending(flights, [undoLaunch], DATE);

    // Assess
    expect(waiting.map((f) => [f.flight_id, f.status, f.takeoff_time])).toEqual([
      ['g1', 'planned', null],
      ['tw1', 'planned', null],
    ]);
    expect(gone).toEqual([]);
  });

  it('takes an unsent tap out of the outbox, and an unsent launch with every tap queued on it', () => {
    // Prepare
    const create = {
      id: 'c1',
      kind: 'create',
      at,
      flight_id: 'n1',
      body: {},
      preview: {},
    } as never as Extract<OutboxEntry, { kind: 'create' }>;
    const entries: OutboxEntry[] = [
      takeoff,
      create,
      { id: 'l2', kind: 'land', at, flight_id: 'n1', version: null },
      { id: 'l3', kind: 'land', at, flight_id: 'n1-tow', version: null },
      land,
    ];

    // Act
    const withoutLanding = withoutUnsent(entries, land);
    const withoutLaunch = withoutUnsent(entries, create);

    // Assess
    expect(withoutLanding.map((e) => e.id)).toEqual(['t1', 'c1', 'l2', 'l3']);
    expect(withoutLaunch.map((e) => e.id)).toEqual(['t1', 'l1']);
  });
});
