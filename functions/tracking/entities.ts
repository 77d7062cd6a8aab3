import { Entity } from 'electrodb';
import { PLANE_CATEGORIES } from '../../contracts/schemas/aircraft-enums.ts';
import { PROPOSAL_STATUSES } from '../../contracts/schemas/tracking.ts';
import { versionedRecord } from '../platform/db/attributes.ts';

/**
 * The tracking domain (issue 6; docs/ARCHITECTURE.md "Data", "OGN tracking"). OGN/FLARM devices are mapped to an organization's
 * aircraft by the plane's `ogn_id` (aircraft entities, index `byDevice`); everything stored here
 * belongs to that organization and lives under `org#<id>#…`: a device flown by two clubs (a shared
 * or private aircraft) is stored once per club, and no club reads another's.
 *
 * Short-lived items carry `ttl` (epoch SECONDS, DynamoDB's TTL attribute); DynamoDB deletes them
 * some time after it passes, so every read filters on it too (ttl > now).
 *
 * Units: timestamps are epoch MILLISECONDS (numbers, for cheap comparisons and sort keys) or ISO
 * instants where a person reads them (proposals); altitude metres MSL; ground speed km/h; climb m/s.
 */
const service = 'windsock';

/** A device's latest position in one organization: the live map is one Query of `org#<id>#live`. */
export const livePosition = new Entity({
  model: { entity: 'livePosition', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    /** Device address, 6 hex digits upper-case (the plane's ogn_id). */
    address: { type: 'string', required: true },
    plane_id: { type: 'string', required: true },
    reg_num: { type: 'string', required: true },
    plane_category: { type: PLANE_CATEGORIES, required: true },
    timestamp: { type: 'number', required: true },
    latitude: { type: 'number', required: true },
    longitude: { type: 'number', required: true },
    altitude: { type: 'number', required: true },
    ground_speed: { type: 'number', required: true },
    climb_rate: { type: 'number', required: true },
    track: { type: 'number', required: true },
    turn_rate: { type: 'number' },
    /** Receiver that heard the newest fix. */
    receiver: { type: 'string' },
    /** 'ground' | 'air' | null: the detector's phase after this fix. */
    phase: { type: 'string' },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#live' },
      sk: { field: 'sk', composite: ['address'], template: 'device#${address}' },
    },
  },
});

/**
 * One fix of a device's track on an operating day (the organization's time zone). The key holds
 * the device and the beacon's timestamp, so a duplicate or a redelivered beacon writes the same
 * item again; a flight's route is a key-range Query between its take-off and landing.
 */
export const trackPoint = new Entity({
  model: { entity: 'trackPoint', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    /** yyyy-mm-dd in the organization's time zone. */
    date: { type: 'string', required: true },
    address: { type: 'string', required: true },
    timestamp: { type: 'number', required: true },
    latitude: { type: 'number', required: true },
    longitude: { type: 'number', required: true },
    altitude: { type: 'number', required: true },
    ground_speed: { type: 'number', required: true },
    climb_rate: { type: 'number', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byDay: {
      pk: {
        field: 'pk',
        composite: ['organization_id', 'date'],
        template: 'org#${organization_id}#track#${date}',
      },
      /** Timestamps are 13-digit epoch ms until the year 2286, so string order is time order. */
      sk: { field: 'sk', composite: ['address', 'timestamp'], template: '${address}#${timestamp}' },
    },
  },
});

/**
 * The take-off and landing detector's state of one device (detection.ts), kept per organization
 * with a version: two batches holding the same device (two receivers heard it) are processed one
 * after the other, the loser of a race re-reads and steps again (duplicates change nothing).
 */
export const detectorState = new Entity({
  model: { entity: 'detectorState', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    address: { type: 'string', required: true },
    /** DetectionState as JSON. */
    state: { type: 'string', required: true },
    /** Timestamp (epoch ms) of the take-off whose launch method is still to be inferred. */
    launch_pending: { type: 'number' },
    /**
     * Timestamp (epoch ms) of the take-off whose launch was read from its first LAUNCH_MS and that
     * may still owe a release read from a longer track (a tow beyond it): at landing, or LONG_TOW_MS on.
     */
    release_pending: { type: 'number' },
    /**
     * JSON: the events (and launch inferences) this state produced that are not yet applied to
     * the proposals. Written with the state, cleared once applied: a batch that fails in between
     * leaves them for the next one (ingest.ts), so no detected event is lost or applied from a
     * state that lost a race.
     */
    outbox: { type: 'string' },
    /**
     * When (epoch ms, the ingest's clock) a batch last changed this state: the sweep (jobs.ts)
     * settles a quiet device's waiting fixes only when nothing has reached it for a while, by
     * receive time — a replay's beacons carry old stamps however fresh they are.
     */
    heard_at: { type: 'number' },
    /**
     * The pilot's privacy bit (OGN no-tracking or stealth, issue 18): the device's fixes from
     * `private_from` (epoch ms: just after its last landing, 0 when none was seen) through the end of
     * the operating day `private_day` are neither stored nor detected, and what was stored of them
     * is removed (privacy.ts). The state then holds no position.
     */
    private_from: { type: 'number' },
    private_day: { type: 'string' },
    /** The removal was run again once the device went quiet (a batch racing the first removal). */
    private_checked: { type: 'boolean' },
    version: { type: 'number', required: true, default: 1 },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byDevice: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#detector' },
      sk: { field: 'sk', composite: ['address'], template: 'device#${address}' },
    },
  },
});

/**
 * A flight the detector saw (issue 6 §5): proposed on the organization's daily sheet of that day
 * until the timer operator confirms it (into a new or a matched manual flight) or dismisses it.
 * The id is `<address>-<take-off epoch ms>` (`<address>-L<landing ms>` for a landing whose take-off
 * went unseen), so detecting the same event twice finds the same proposal.
 */
export const flightProposal = new Entity({
  model: { entity: 'flightProposal', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    date: { type: 'string', required: true },
    proposal_id: { type: 'string', required: true },
    address: { type: 'string', required: true },
    plane_id: { type: 'string', required: true },
    reg_num: { type: 'string', required: true },
    plane_category: { type: PLANE_CATEGORIES, required: true },
    is_tmg: { type: 'boolean', required: true, default: false },
    status: { type: PROPOSAL_STATUSES, required: true, default: 'open' },
    /** ISO instants. */
    takeoff_time: { type: 'string' },
    landing_time: { type: 'string' },
    /** ICAO of the airfield; absent for a field (an outlanding, a take-off from a field). */
    takeoff_airport: { type: 'string' },
    landing_airport: { type: 'string' },
    outlanding: { type: 'boolean', required: true, default: false },
    /** Spec §3 takeoff type id (flight-enums.ts); absent until inferred. */
    takeoff_type_id: { type: 'number' },
    /** The launch was read from the tracks (launch.ts), not just guessed at take-off. */
    launch_inferred: { type: 'boolean', required: true, default: false },
    /** An aerotow: this proposal's part and its partner's proposal. */
    tow_role: { type: ['glider', 'tug'] as const },
    tow_proposal_id: { type: 'string' },
    tow_plane_id: { type: 'string' },
    /** Metres above the take-off airfield where the glider released. */
    release_height: { type: 'number' },
    /** A winch launch that ended low (a cable break): the sheet marks it. Absent otherwise. */
    short_launch: { type: 'boolean' },
    /** The landing fell into a gap in reception: its time is an estimate. Absent otherwise. */
    landing_uncertain: { type: 'boolean' },
    /** The flight it was confirmed into. */
    flight_id: { type: 'string' },
    confirmed_by: { type: 'string' },
    ...versionedRecord,
  },
  indexes: {
    byDay: {
      pk: {
        field: 'pk',
        composite: ['organization_id'],
        template: 'org#${organization_id}#proposals',
      },
      sk: { field: 'sk', composite: ['date', 'proposal_id'], template: '${date}#${proposal_id}' },
    },
  },
});
