import { expect } from 'vitest';
import { clubEntryId } from '../../../functions/flights/completion.ts';
import { db } from '../../../functions/platform/db/service.ts';
import { subOf } from '../../helpers/platform.ts';
import type { WalkArea } from './area.ts';

/** Organization A's flight and its day, created by A's admin before the walk. */
const a = { flightId: '', date: '2026-08-15' };
const flight = () => ({ id: a.flightId });
const sheetFlight = () => ({ date: a.date, id: a.flightId });
/** A detected flight on A's sheet of that day (issue 6 §5), as the tracking ingest stores it. */
const PROPOSAL_ID = 'DD4012-1786784400000';
const proposal = () => ({ date: a.date, id: PROPOSAL_ID });
/** A's pilot's logbook line of that flight. */
const line = () => clubEntryId('org-demo', a.flightId);

const landedWinchLaunch = {
  plane_id: 'plane-ha-4012',
  takeoff_type_id: 3,
  takeoff_time: '2026-08-15T09:00:00Z',
  landing_time: '2026-08-15T09:07:00Z',
  pic_id: 'user-pilot',
};

/** The tenant walk over the flights domain: flights and the daily sheet. */
export const flightsWalk: WalkArea = {
  async setup(platform) {
    const created = await platform.invoke('createFlight', {
      sub: subOf('admin@demo.windsock.aero'),
      body: landedWinchLaunch,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    a.flightId = created.body.flight_id;
    await db()
      .entities.flightProposal.create({
        organization_id: 'org-demo',
        date: a.date,
        proposal_id: PROPOSAL_ID,
        address: 'DD4012',
        plane_id: 'plane-ha-4012',
        reg_num: 'HA-4012',
        plane_category: 'plc_02',
        takeoff_time: '2026-08-15T09:00:00.000Z',
      })
      .go();
  },
  ids: {
    getFlight: flight,
    updateFlight: flight,
    deleteFlight: flight,
    acceptFlight: flight,
    // Not an id: B reads the same day of its own sheet and must see none of A's flights.
    getDailySheet: () => ({ date: a.date }),
    saveDailySheet: () => ({ date: a.date }),
    createSheetFlight: () => ({ date: a.date }),
    updateSheetFlight: sheetFlight,
    takeOffSheetFlight: sheetFlight,
    landSheetFlight: sheetFlight,
    deleteSheetFlight: sheetFlight,
    confirmProposal: proposal,
    dismissProposal: proposal,
    // B's own logbook of that kind (person-owned: never A's pilots' lines).
    listLogbook: () => ({ kind: 'glider' }),
    getLogbookBook: () => ({ kind: 'glider' }),
    savePrevTotals: () => ({ kind: 'glider' }),
    verifyLogbook: () => ({ kind: 'glider' }),
    createPrivateEntry: () => ({ kind: 'glider' }),
    getStatistics: () => ({ kind: 'glider' }),
    // A's pilot's line: not in B's logbook.
    getLogbookEntry: () => ({ kind: 'glider', id: line() }),
    updatePrivateEntry: () => ({ kind: 'glider', id: line() }),
    deletePrivateEntry: () => ({ kind: 'glider', id: line() }),
    listMemberLogbook: () => ({ user_id: 'user-pilot' }),
    signEntry: () => ({ user_id: 'user-pilot', id: line() }),
    getMemberRecency: () => ({ user_id: 'user-pilot' }),
  },
  bodies: {
    // A's aircraft in B's request: not B's aircraft.
    createFlight: landedWinchLaunch,
    createSheetFlight: landedWinchLaunch,
    updateFlight: { remarks: 'x', version: 1 },
    updateSheetFlight: { remarks: 'x', version: 1 },
    acceptFlight: { version: 1 },
    takeOffSheetFlight: { version: 1 },
    landSheetFlight: { version: 1 },
    saveDailySheet: { airport: 'LOWZ', version: 0 },
    // A's flight as the target: B must not reach A's proposal, nor A's flight through it.
    confirmProposal: () => ({ version: 1, flight_id: a.flightId }),
    dismissProposal: { version: 1 },
    savePrevTotals: { prev_glider: 600, version: 0 },
    createPrivateEntry: {
      takeoff_time: '2026-08-15T09:00:00Z',
      reg_num: 'OE-5678',
      takeoff_type_id: 3,
      role: 'pic',
    },
    updatePrivateEntry: {
      takeoff_time: '2026-08-15T09:00:00Z',
      reg_num: 'OE-5678',
      takeoff_type_id: 3,
      role: 'pic',
      version: 1,
    },
    signEntry: { version: 1 },
    // A's pilot's line in B's bulk: not B's to sign.
    signEntries: () => ({ lines: [{ user_id: 'user-pilot', entry_id: line(), version: 1 }] }),
  },
  refusesAInBody: ['signEntries'],
  expected: {
    getDailySheet: [200],
    saveDailySheet: [200],
    createFlight: [422],
    createSheetFlight: [422],
    listLogbook: [200],
    getLogbookBook: [200],
    savePrevTotals: [200],
    verifyLogbook: [200],
    createPrivateEntry: [200],
    getStatistics: [200],
  },
};
