import type { Guard, RouteDef } from '../route-types.ts';
import { logbookKind } from '../schemas/logbook.ts';
import * as tracking from '../schemas/tracking.ts';
import { entityId } from '../validation.ts';

/**
 * Any member of the organization sees its aircraft on the map (ogn-log, the daily sheet's map
 * panel): spec §6 keeps only the live PUSH (`org/<id>/live`) to daily-flight-edit, so the others
 * read these routes again every few seconds instead.
 */
const member: Guard = { auth: 'user' };

/**
 * Tracking domain (issue 6 §6): what the maps read. The ingest that writes these items is not an
 * HTTP route (an IoT rule in the cloud, the aedes publish hook locally).
 */
export const trackingRoutes = {
  getLivePositions: {
    method: 'GET',
    path: '/api/tracking/live',
    domain: 'tracking',
    guard: member,
    output: tracking.liveOutput,
  },
  listTracks: {
    method: 'GET',
    path: '/api/tracking/tracks',
    domain: 'tracking',
    guard: member,
    query: tracking.tracksQuery,
    output: tracking.tracksOutput,
  },
  /** A club flight's route: any member who may read the flight (its organization's). */
  getFlightTrack: {
    method: 'GET',
    path: '/api/flights/{id}/track',
    params: { id: entityId },
    domain: 'tracking',
    guard: member,
    output: tracking.trackOutput,
  },
  /** The route map of a line of the caller's own logbook (the club flight it was written from). */
  getLogbookEntryTrack: {
    method: 'GET',
    path: '/api/logbook/{kind}/entries/{id}/track',
    params: { kind: logbookKind, id: entityId },
    domain: 'tracking',
    guard: member,
    output: tracking.trackOutput,
  },
} as const satisfies Record<string, RouteDef>;
