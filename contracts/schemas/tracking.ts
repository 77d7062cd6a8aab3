import * as z from 'zod/mini';
import { entityId, isoDate, version } from '../validation.ts';
import { PLANE_CATEGORIES } from './aircraft-enums.ts';
import { flightOutput } from './flights.ts';

/**
 * Tracking (issue 6): live positions of an organization's aircraft, their tracks, and the flights
 * the take-off/landing detector proposes on the daily sheet. Units: timestamps epoch ms, altitude
 * metres MSL, ground speed km/h, climb m/s, track degrees; proposal times are UTC ISO instants.
 */

export const PROPOSAL_STATUSES = ['open', 'confirmed', 'dismissed'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** The MQTT message the bridge publishes on `ogn/beacons/<bridge>` (bin/ogn-bridge/batcher.ts). */
export const beaconBatch = z.object({
  lines: z.array(z.string()),
  /** ISO instant the bridge received the batch: the reference date for the lines' hhmmss times. */
  received_at: z.string(),
});
export type BeaconBatch = z.infer<typeof beaconBatch>;

const livePositionOutput = z.object({
  address: z.string(),
  plane_id: z.string(),
  reg_num: z.string(),
  plane_category: z.enum(PLANE_CATEGORIES),
  timestamp: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  altitude: z.number(),
  ground_speed: z.number(),
  climb_rate: z.number(),
  track: z.number(),
  phase: z.nullable(z.enum(['ground', 'air'])),
});
export type LivePositionOutput = z.infer<typeof livePositionOutput>;

/** GET /api/tracking/live: the organization's aircraft heard lately (the positions not yet expired). */
export const liveOutput = z.object({ items: z.array(livePositionOutput) });

/**
 * What `org/<id>/live` carries: the newest position of each device of one ingested batch, or the
 * devices whose positions were removed (a pilot's privacy bit seen mid-flight, issue 18).
 */
const livePush = z.union([
  z.object({ type: z.literal('positions'), items: z.array(livePositionOutput) }),
  z.object({ type: z.literal('removed'), addresses: z.array(z.string()) }),
]);
export type LivePush = z.infer<typeof livePush>;

/** A track as compact rows: [timestamp ms, latitude, longitude, altitude m, ground speed km/h]. */
export const trackOutput = z.object({
  address: z.string(),
  plane_id: z.nullable(z.string()),
  reg_num: z.nullable(z.string()),
  points: z.array(z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()])),
});
export type TrackOutput = z.infer<typeof trackOutput>;

/** GET /api/tracking/tracks?date=: the day's tracks of the organization's aircraft. */
export const tracksQuery = z.object({
  date: isoDate,
  /** An OGN device address (6 hex digits, as the live map lists it). */
  address: z.optional(z.string().check(z.regex(/^[0-9A-Fa-f]{6}$/, { error: 'invalid_value' }))),
});
export const tracksOutput = z.object({ items: z.array(trackOutput) });

export const proposalOutput = z.object({
  proposal_id: z.string(),
  date: z.string(),
  address: z.string(),
  plane_id: z.string(),
  reg_num: z.string(),
  plane_category: z.enum(PLANE_CATEGORIES),
  is_tmg: z.boolean(),
  status: z.enum(PROPOSAL_STATUSES),
  takeoff_time: z.nullable(z.string()),
  landing_time: z.nullable(z.string()),
  takeoff_airport: z.nullable(z.string()),
  landing_airport: z.nullable(z.string()),
  outlanding: z.boolean(),
  takeoff_type_id: z.nullable(z.number()),
  launch_inferred: z.boolean(),
  tow_role: z.nullable(z.enum(['glider', 'tug'])),
  tow_proposal_id: z.nullable(z.string()),
  tow_plane_id: z.nullable(z.string()),
  release_height: z.nullable(z.number()),
  /** A winch launch that ended low: most likely a cable break. */
  short_launch: z.boolean(),
  /** The landing fell into a gap in reception: its time is estimated. */
  landing_uncertain: z.boolean(),
  flight_id: z.nullable(z.string()),
  /** A flight on the sheet this proposal matches (same aircraft, take-off close in time, or waiting). */
  matched_flight_id: z.nullable(z.string()),
  version: z.number(),
});
export type ProposalOutput = z.infer<typeof proposalOutput>;

/**
 * POST /api/daily-flights/{date}/proposals/{id}/confirm: apply the detected times to the matched
 * flight (`flight_id`) or record a new flight from the proposal (no `flight_id`).
 */
export const confirmProposalInput = z.strictObject({
  version,
  flight_id: z.optional(z.nullable(entityId)),
});
export type ConfirmProposalInput = z.infer<typeof confirmProposalInput>;
export const confirmProposalOutput = z.object({ proposal: proposalOutput, flight: flightOutput });
export type ConfirmProposalOutput = z.infer<typeof confirmProposalOutput>;

export const dismissProposalInput = z.strictObject({ version });
