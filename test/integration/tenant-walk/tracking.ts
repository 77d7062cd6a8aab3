import { expect } from 'vitest';
import { clubEntryId } from '../../../functions/flights/completion.ts';
import { subOf } from '../../helpers/platform.ts';
import type { WalkArea } from './area.ts';

/** Organization A's flight (with a route to read), created by A's admin before the walk. */
const a = { flightId: '' };

/** The tenant walk over the tracking domain: the maps' reads. */
export const trackingWalk: WalkArea = {
  async setup(platform) {
    const created = await platform.invoke('createFlight', {
      sub: subOf('admin@demo.windsock.aero'),
      body: {
        plane_id: 'plane-ha-4370',
        takeoff_type_id: 3,
        takeoff_time: '2026-08-16T09:00:00Z',
        landing_time: '2026-08-16T09:07:00Z',
        pic_id: 'user-pilot',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    a.flightId = created.body.flight_id;
  },
  ids: {
    getFlightTrack: () => ({ id: a.flightId }),
    // A's pilot's club line: not in B's admin's own logbook.
    getLogbookEntryTrack: () => ({ kind: 'glider', id: clubEntryId('org-demo', a.flightId) }),
  },
  bodies: {},
  expected: {
    // B's own aircraft heard lately (none of A's: tracking-maps.test.ts seeds both clubs).
    getLivePositions: [200],
    // The walk sends no query string: the day is required.
    listTracks: [422],
  },
};
