import { Entity } from 'electrodb';
import {
  FEE_PAYMENTS,
  FEE_PURPOSES,
  FLIGHT_PURPOSES,
  MOVEMENTS,
  RUNWAY_SURFACES,
} from '../../contracts/schemas/airports.ts';
import { AIRPORT_CATEGORIES } from '../../contracts/schemas/lookups.ts';
import { SIGNUP_ROLES, SIGNUP_STATUSES } from '../../contracts/schemas/operating-days.ts';
import { CHECK_LEVELS } from '../../contracts/schemas/reservations.ts';
import { isoNow, organizationPartition, versionedRecord } from '../platform/db/attributes.ts';

/**
 * The operations domain (issue 15; docs/ARCHITECTURE.md "Data"): everything is club-owned, under
 * `org#<id>`. Reservations live in a partition of their own (`org#<id>#reservations`) under ids
 * made from their start (timeOrderedId of reservation_start), so they sort by start and a calendar week is one Query; gsi1 holds one aircraft's bookings by start, gsi2 one
 * instructor's.
 */
const service = 'windsock';

const levelAttribute = { type: CHECK_LEVELS, required: true } as const;

/** A booking of an aircraft (spec §3 Reservation: reservation_start, reservation_end). */
export const reservation = new Entity({
  model: { entity: 'reservation', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    reservation_id: { type: 'string', required: true },
    plane_id: { type: 'string', required: true },
    /** The member who flies it. */
    user_id: { type: 'string', required: true },
    instructor_id: { type: 'string' },
    /** instructor_id, or `-` without one (gsi2 needs a value; nobody reads the `-` partition). */
    instructor_key: { type: 'string', required: true, default: '-' },
    /** UTC instants. */
    reservation_start: { type: 'string', required: true },
    reservation_end: { type: 'string', required: true },
    comment: { type: 'string' },
    status: { type: ['active', 'cancelled'] as const, required: true, default: 'active' },
    cancel_reason: { type: 'string' },
    cancelled_by: { type: 'string' },
    cancelled_at: { type: 'string' },
    /** Message keys of the findings the member confirmed or an administrator overrode. */
    warnings: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    overridden: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    created_by: { type: 'string', required: true },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#reservations' },
      sk: {
        field: 'sk',
        composite: ['reservation_id'],
        template: 'reservation#${reservation_id}',
      },
    },
    byPlane: {
      index: 'gsi1',
      pk: {
        field: 'gsi1pk',
        composite: ['organization_id', 'plane_id'],
        template: 'org#${organization_id}#plane#${plane_id}',
      },
      sk: {
        field: 'gsi1sk',
        composite: ['reservation_id'],
        template: 'reservation#${reservation_id}',
      },
    },
    byInstructor: {
      index: 'gsi2',
      pk: {
        field: 'gsi2pk',
        composite: ['organization_id', 'instructor_key'],
        template: 'org#${organization_id}#instructor#${instructor_key}',
      },
      sk: {
        field: 'gsi2sk',
        composite: ['reservation_id'],
        template: 'reservation#${reservation_id}',
      },
    },
  },
});

/**
 * The booking book of one aircraft or instructor (`plane#<id>`, `instructor#<id>`): every new booking
 * moves its version on, conditioned on the version read before the overlap check. Two members booking
 * one aircraft at once: one TransactWrite wins, the other is cancelled, re-reads and finds the overlap.
 */
export const reservationBook = new Entity({
  model: { entity: 'reservationBook', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    subject: { type: 'string', required: true },
    version: { type: 'number', required: true, default: 1 },
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#reservations' },
      sk: { field: 'sk', composite: ['subject'], template: '#book#${subject}' },
    },
  },
});

/** The club's level per booking check (reservation-administration). */
export const reservationSettings = new Entity({
  model: { entity: 'reservationSettings', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    overlap: levelAttribute,
    instructor_overlap: levelAttribute,
    maintenance: levelAttribute,
    rent_permit: levelAttribute,
    recency: levelAttribute,
    medical: levelAttribute,
    /** Added after the first clubs saved their levels: absent reads as the default. */
    balance_min: { type: CHECK_LEVELS },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: organizationPartition,
      sk: { field: 'sk', composite: [], template: '#reservation-settings' },
    },
  },
});

const operatingDaysPk = {
  field: 'pk',
  composite: ['organization_id'],
  template: 'org#${organization_id}#operating-days',
} as const;

/** A flying day of the club (spec §3 Operating day). Its version moves with every sign-up change. */
export const operatingDay = new Entity({
  model: { entity: 'operatingDay', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    date: { type: 'string', required: true },
    leader_id: { type: 'string' },
    operating_day_editor_id: { type: 'string' },
    students_per_instructor: { type: 'number', required: true, default: 3 },
    note: { type: 'string' },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: operatingDaysPk,
      sk: { field: 'sk', composite: ['date'], template: 'day#${date}' },
    },
  },
});

/** One member's sign-up for a day, with the role they come for; a student may wait for a place. */
export const operatingDaySignup = new Entity({
  model: { entity: 'operatingDaySignup', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    date: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    role: { type: SIGNUP_ROLES, required: true },
    status: { type: SIGNUP_STATUSES, required: true },
    signed_at: { type: 'string', required: true },
  },
  indexes: {
    byOrganization: {
      pk: operatingDaysPk,
      sk: { field: 'sk', composite: ['date', 'user_id'], template: 'signup#${date}#${user_id}' },
    },
  },
});

/** Work management and RFID badges (issue 15 §7, §8), declared in their own file. */
export { rfidBadge, work, workHoursEntry, workSettings, workYearClose } from './work-entities.ts';
/**
 * An iCalendar feed's token (issue 15 §9): a member's private feed lives under `person#<id>`, the
 * club's operating-day feed under `org#<id>`. Only the token's SHA-256 is stored; gsi1 finds the
 * feed by it. A new token replaces the old one (its gsi1 key goes with it); a revoked feed is deleted.
 */
export const icalFeed = new Entity({
  model: { entity: 'icalFeed', version: '1', service },
  attributes: {
    /** `person#<user_id>` or `org#<organization_id>`: whose feed it is. */
    owner_key: { type: 'string', required: true },
    kind: { type: ['member', 'club'] as const, required: true },
    user_id: { type: 'string' },
    organization_id: { type: 'string' },
    token_hash: { type: 'string', required: true },
    created_by: { type: 'string', required: true },
    created_at: { type: 'string', required: true },
  },
  indexes: {
    byOwner: {
      pk: { field: 'pk', composite: ['owner_key'], template: '${owner_key}' },
      sk: { field: 'sk', composite: [], template: '#ical-feed' },
    },
    byToken: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['token_hash'], template: 'ical#${token_hash}' },
      sk: { field: 'gsi1sk', composite: [], template: 'feed' },
    },
  },
});

/**
 * What a feed last published of one event (RFC 5545 §3.8.7.4): its SEQUENCE, raised whenever its
 * content changes, and the content itself, so an event that left the feed (a cancelled sign-up,
 * a deleted duty) is still published as STATUS:CANCELLED. Kept until `ttl` (its end + 90 days).
 */
export const icalEntry = new Entity({
  model: { entity: 'icalEntry', version: '1', service },
  attributes: {
    owner_key: { type: 'string', required: true },
    uid: { type: 'string', required: true },
    sequence: { type: 'number', required: true },
    /** A digest of what the event says (summary, times, status). */
    fingerprint: { type: 'string', required: true },
    /** The event as last published, JSON (ical-format.ts IcalEvent). */
    event: { type: 'string', required: true },
    cancelled: { type: 'boolean', required: true },
    updated_at: { type: 'string', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byOwner: {
      pk: { field: 'pk', composite: ['owner_key'], template: '${owner_key}#ical' },
      sk: { field: 'sk', composite: ['uid'], template: 'event#${uid}' },
    },
  },
});

/**
 * A reference airport (spec §3 "Airport"; issue 15 §1): global, not owned by a club, so all of them
 * live in one partition `ref#airports` (a few hundred items): the airports screen pages through it,
 * the airports datasource and the OGN detection read it whole. A supervisor edits it with its
 * runways and landing-fee table; `runway_length`/`runway_heading` repeat the main (longest) runway
 * for the detection.
 */
export const airport = new Entity({
  model: { entity: 'airport', version: '1', service },
  attributes: {
    airport_id: { type: 'string', required: true },
    icao: { type: 'string' },
    iata_faa: { type: 'string' },
    name: { type: 'string', required: true },
    latitude: { type: 'number', required: true },
    longitude: { type: 'number', required: true },
    /** Metres above mean sea level. */
    altitude: { type: 'number', required: true },
    airport_category: { type: AIRPORT_CATEGORIES, required: true },
    show_in_map: { type: 'boolean', required: true, default: true },
    /** ISO 3166-1 alpha-2 (the airportCountries type list's code). */
    country: { type: 'string', required: true },
    city: { type: 'string' },
    /** Main runway: length in metres, true heading of the lower-numbered end in degrees. */
    runway_length: { type: 'number' },
    runway_heading: { type: 'number' },
    runways: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          designator: { type: 'string', required: true },
          heading: { type: 'number', required: true },
          length: { type: 'number', required: true },
          width: { type: 'number' },
          surface: { type: RUNWAY_SURFACES, required: true },
        },
      },
    },
    landing_fees: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          valid_from: { type: 'string', required: true },
          mtow_min: { type: 'number', required: true },
          mtow_max: { type: 'number' },
          purpose: { type: FEE_PURPOSES, required: true },
          time_from: { type: 'string' },
          time_to: { type: 'string' },
          amount: { type: 'number', required: true },
        },
      },
    },
    fee_currency_id: { type: 'string' },
    version: { type: 'number', required: true, default: 1 },
    updated_at: { type: 'string', required: true, default: isoNow, watch: '*', set: () => isoNow() },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: [], template: 'ref#airports' },
      sk: { field: 'sk', composite: ['airport_id'], template: 'airport#${airport_id}' },
    },
  },
});

/**
 * The airports' revision: every airport change adds one in the same TransactWrite. The OGN ingest
 * reads it (one GetItem a batch) and reloads its cached airfields when it moved, so an airport
 * added or changed is used by the detection at once.
 */
export const airportRevision = new Entity({
  model: { entity: 'airportRevision', version: '1', service },
  attributes: {
    revision: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: [], template: 'ref#airports' },
      sk: { field: 'sk', composite: [], template: '#revision' },
    },
  },
});

/**
 * A movement at the club's own airfield (issue 15 §3), in the club's partition
 * `org#<id>#airport-operations`, its sort key the club's day then a time-ordered id: one day's
 * movements are one Query. The fee is computed from the airport's table when saved; posting it to
 * a ledger (finance, entry `ao-<operation_id>`) happens once.
 */
export const airportOperation = new Entity({
  model: { entity: 'airportOperation', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    date: { type: 'string', required: true },
    operation_id: { type: 'string', required: true },
    airport_icao: { type: 'string', required: true },
    movement: { type: MOVEMENTS, required: true },
    time: { type: 'string', required: true },
    registration: { type: 'string', required: true },
    plane_type: { type: 'string' },
    mtow: { type: 'number', required: true },
    pilot_name: { type: 'string', required: true },
    pilot_id: { type: 'string' },
    payer_id: { type: 'string' },
    purpose: { type: FLIGHT_PURPOSES, required: true },
    payment: { type: FEE_PAYMENTS, required: true },
    fee: { type: 'number' },
    currency_id: { type: 'string', required: true },
    posted_entry_id: { type: 'string' },
    comment: { type: 'string' },
    created_by: { type: 'string', required: true },
    ...versionedRecord,
  },
  indexes: {
    byDay: {
      pk: {
        field: 'pk',
        composite: ['organization_id'],
        template: 'org#${organization_id}#airport-operations',
      },
      sk: { field: 'sk', composite: ['date', 'operation_id'], template: 'op#${date}#${operation_id}' },
    },
    byId: {
      index: 'gsi1',
      pk: {
        field: 'gsi1pk',
        composite: ['organization_id', 'operation_id'],
        template: 'org#${organization_id}#airport-operation#${operation_id}',
      },
      sk: { field: 'gsi1sk', composite: [], template: 'airport-operation' },
    },
  },
});
