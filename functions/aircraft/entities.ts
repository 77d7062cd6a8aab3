import { Entity } from 'electrodb';
import {
  AIRCRAFT_EVENT_KINDS,
  COMPONENT_TYPES,
  CYCLE_CALENDARS,
  FAULT_SEVERITIES,
  FAULT_STATUSES,
  HOURS_BASES,
  MAINTENANCE_KINDS,
  PLANE_CATEGORIES,
  PLANE_STATUSES,
  RENT_TYPES,
} from '../../contracts/schemas/aircraft-enums.ts';
import { isoNow, organizationPartition, versionedRecord } from '../platform/db/attributes.ts';

/**
 * The aircraft domain (spec §3 Plane, Component, Maintenance operation; docs/ARCHITECTURE.md "Data"). Everything is
 * organization-owned and lives in the `org#<id>` partition; gsi1 `org#<id>#plane#<plane_id>` holds
 * one aircraft's components, maintenance items and faults, so plane/{id} reads them in one Query.
 *
 * Units, everywhere in this domain: flight and engine time in integer MINUTES (no float drift when
 * thousands of flights are added; shown as hours:minutes or decimal hours), takeoffs and landings as
 * counts, dates as yyyy-mm-dd, money as integer minor units of the organization's currency.
 */
const service = 'windsock';

/** Items that pile up with use (history, daily usage) get partitions of their own, by kind. */
const orgPartition = (kind: string) =>
  ({ field: 'pk', composite: ['organization_id'], template: `org#\${organization_id}#${kind}` }) as const;
const planePartition = {
  index: 'gsi1',
  pk: {
    field: 'gsi1pk',
    composite: ['organization_id', 'plane_id'],
    template: 'org#${organization_id}#plane#${plane_id}',
  },
} as const;

const counterAttribute = { type: 'number', required: true, default: 0 } as const;
type CounterName = 'counter_flight' | 'counter_engine' | 'counter_takeoff' | 'counter_landing';

/** Counter attributes of one kind of reading: flight and engine minutes, takeoffs, landings. */
const counters = <P extends string>(prefix: P) =>
  Object.fromEntries(
    (['counter_flight', 'counter_engine', 'counter_takeoff', 'counter_landing'] as const).map((name) => [
      `${prefix}${name}`,
      counterAttribute,
    ]),
  ) as Record<`${P}${CounterName}`, typeof counterAttribute>;

/**
 * A maintenance schedule (a maintenance item's, a component's own overhaul cycle): any mix of
 * cycles, due at whichever comes first (next-due.ts). The `done_*` values are when it was last
 * performed (or the installation / start point), in the owner's counters.
 */
const schedule = {
  cycle_hours: { type: 'number' },
  hours_basis: { type: HOURS_BASES },
  cycle_takeoffs: { type: 'number' },
  cycle_days: { type: 'number' },
  cycle_calendar: { type: CYCLE_CALENDARS },
  /** yyyy-mm-dd the cycle starts from: last performed, or installed. */
  maintenanced_at: { type: 'string' },
  done_counter_flight: { type: 'number' },
  done_counter_engine: { type: 'number' },
  done_counter_takeoff: { type: 'number' },
  /** Warn this many days / hours / takeoffs before due (the daily job's notice window). */
  notice_days: { type: 'number' },
  notice_hours: { type: 'number' },
  notice_takeoffs: { type: 'number' },
} as const;

/** An aircraft (planes, plane/{id}); every spec §3 Plane field. */
export const plane = new Entity({
  model: { entity: 'plane', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    plane_id: { type: 'string', required: true },
    // Identity
    reg_num: { type: 'string', required: true },
    tail_number: { type: 'string' },
    /** ICAO type designator (ASK2, PA25) or the type list's code. */
    plane_type: { type: 'string' },
    plane_category: { type: PLANE_CATEGORIES, required: true },
    plane_class: { type: 'string' },
    callsign: { type: 'string' },
    serial_number: { type: 'string' },
    manufacturer: { type: 'string' },
    model: { type: 'string' },
    year_of_manufacture: { type: 'number' },
    seats: { type: 'number' },
    logcard_number: { type: 'string' },
    certificate_number: { type: 'string' },
    /** FLARM/OGN device address (6 hex digits), for the tracking issue. */
    ogn_id: { type: 'string' },
    is_tmg: { type: 'boolean', required: true, default: false },
    // Ownership and status
    /** user id of a private owner */
    owner: { type: 'string' },
    owner_name: { type: 'string' },
    owner_organization: { type: 'string' },
    private_plane: { type: 'boolean', required: true, default: false },
    /** The truth; the spec's `functional` / `inoperable` flags are derived from it (aircraft-enums.ts). */
    status: { type: PLANE_STATUSES, required: true, default: 'functional' },
    /**
     * Issue 17 §2: how the aircraft certificates stand, as the documents domain last told
     * (public.ts recordCertificates): the fleet overview shows them.
     */
    certificates: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          requirement: { type: 'string', required: true },
          state: { type: 'string', required: true },
          expiration_date: { type: 'string' },
        },
      },
    },
    /** An expired certificate grounds the aircraft (the organization's policy `ground`). */
    certificate_grounded: { type: 'boolean' },
    /** The status before a certificate grounded it, given back when the certificate is renewed. */
    certificate_status_before: { type: PLANE_STATUSES },
    // Sharing
    can_be_shared: { type: 'boolean', required: true, default: false },
    share_start_date: { type: 'string' },
    share_end_date: { type: 'string' },
    // Counters: start_ when recorded in Windsock, counter_ added by flights since, current_ = both.
    ...counters('start_'),
    ...counters(''),
    ...counters('current_'),
    // Aircraft limits (spec §9 "limits on flight time, engine time and takeoff count per aircraft"):
    // absolute readings of current_ at which the aircraft must stop (e.g. airframe life, TBO).
    limit_date: { type: 'string' },
    limit_counter_flight: { type: 'number' },
    limit_counter_engine: { type: 'number' },
    limit_counter_takeoff: { type: 'number' },
    lifetime_flight: { type: 'number' },
    lifetime_engine: { type: 'number' },
    lifetime_takeoff: { type: 'number' },
    installation_date: { type: 'string' },
    // Rental (prices in minor units)
    rentable: { type: 'boolean', required: true, default: false },
    rent_type: { type: RENT_TYPES },
    rent_price_flight: { type: 'number' },
    rent_price_motor: { type: 'number' },
    rent_price_landing: { type: 'number' },
    rent_price_training: { type: 'number' },
    /** percent, 0–100 */
    rent_discount: { type: 'number' },
    rent_flat_rate: { type: 'number' },
    rent_req_instructor: { type: 'boolean', required: true, default: false },
    rent_multiple_days_allowed: { type: 'boolean', required: true, default: false },
    night_reservation_on: { type: 'boolean', required: true, default: false },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: organizationPartition,
      sk: { field: 'sk', composite: ['plane_id'], template: 'plane#${plane_id}' },
    },
    /**
     * The tracking ingest: which organizations' aircraft carry this OGN/FLARM device (a shared or
     * private aircraft may be in several).
     */
    byDevice: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['ogn_id'], template: 'ogn#${ogn_id}' },
      // Only ogn_id in this index: with the plane's key composites here, every write of the plane
      // (a counter ADD) would have to carry ogn_id. Two clubs' items may share a GSI key. An aircraft
      // without ogn_id has no keys here; removing it removes them (checked in tracking-ingest tests).
      sk: { field: 'gsi2sk', composite: ['ogn_id'], template: 'plane#${ogn_id}' },
    },
  },
});

/**
 * How many aircraft an organization holds, per package bucket (aircraft-enums `limitBucketOf`).
 * Creating or deleting an aircraft changes it in the same TransactWrite, with a condition against
 * the package's limits: two admins adding the last allowed aircraft at once cannot both succeed.
 */
export const planeCount = new Entity({
  model: { entity: 'planeCount', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    total: { type: 'number', required: true, default: 0 },
    general: { type: 'number', required: true, default: 0 },
    glider: { type: 'number', required: true, default: 0 },
    /**
     * The registrations in use (upper-cased): a create adds its own with a not-contains condition
     * in the same TransactWrite, so two admins cannot both record HA-4012 (plane-store.ts).
     */
    reg_nums: { type: 'set', items: 'string' },
  },
  indexes: {
    byOrganization: {
      pk: organizationPartition,
      sk: { field: 'sk', composite: [], template: '#plane-count' },
    },
  },
});

/** A component of an aircraft (components, component/{id}): engine, propeller, instruments, … */
export const component = new Entity({
  model: { entity: 'component', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    component_id: { type: 'string', required: true },
    /** The aircraft it is installed in. */
    plane_id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    component_type: { type: COMPONENT_TYPES, required: true },
    part_number: { type: 'string' },
    serial_no: { type: 'string' },
    installation_date: { type: 'string' },
    installation_comment: { type: 'string' },
    /** Time since new: the reading when recorded (start_) and what flights added since (counter_). */
    ...counters('start_'),
    ...counters(''),
    // Life limit (remaining life = lifetime − since new); lifetime_date: life ends on this date.
    lifetime_flight: { type: 'number' },
    lifetime_engine: { type: 'number' },
    lifetime_takeoff: { type: 'number' },
    lifetime_date: { type: 'string' },
    // Its own overhaul / inspection cycle, and hard limits (absolute readings since new, a date).
    ...schedule,
    limit_counter_flight: { type: 'number' },
    limit_counter_engine: { type: 'number' },
    limit_counter_takeoff: { type: 'number' },
    limit_date: { type: 'string' },
    /** Cached due state for the lists (recomputed on every write and by the daily job). */
    maintenance_status_id: { type: ['ok', 'due_soon', 'overdue'] as const, required: true, default: 'ok' },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: organizationPartition,
      sk: { field: 'sk', composite: ['component_id'], template: 'component#${component_id}' },
    },
    byPlane: {
      ...planePartition,
      sk: { field: 'gsi1sk', composite: ['component_id'], template: 'component#${component_id}' },
    },
  },
});

/**
 * A maintenance item (maintenance/operations): an inspection, the ARC, an overhaul — of the aircraft,
 * or of one of its components (`component_id`, counters then the component's).
 */
export const maintenanceItem = new Entity({
  model: { entity: 'maintenanceItem', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    maintenance_id: { type: 'string', required: true },
    plane_id: { type: 'string', required: true },
    component_id: { type: 'string' },
    name: { type: 'string', required: true },
    kind: { type: MAINTENANCE_KINDS, required: true, default: 'inspection' },
    /** active: tracked; closed: no longer applies (kept for the history). */
    status: { type: ['active', 'closed'] as const, required: true, default: 'active' },
    ...schedule,
    comment: { type: 'string' },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: organizationPartition,
      sk: { field: 'sk', composite: ['maintenance_id'], template: 'maintenance#${maintenance_id}' },
    },
    byPlane: {
      ...planePartition,
      sk: { field: 'gsi1sk', composite: ['maintenance_id'], template: 'maintenance#${maintenance_id}' },
    },
  },
});

/**
 * One entry of a history (component/{id}/events; an aircraft's and a maintenance item's too):
 * `subject_id` is the component, maintenance item or plane id. Ids sort by time (timeOrderedId).
 */
export const aircraftEvent = new Entity({
  model: { entity: 'aircraftEvent', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    subject_id: { type: 'string', required: true },
    event_id: { type: 'string', required: true },
    plane_id: { type: 'string', required: true },
    kind: { type: AIRCRAFT_EVENT_KINDS, required: true },
    /** yyyy-mm-dd the event happened (a maintenance performed last week is recorded today). */
    date: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    comment: { type: 'string' },
    /** The counters at the event, and codes (maintenance id, changed fields); no personal data. */
    details: { type: 'any' },
    at: { type: 'string', required: true, default: isoNow },
  },
  indexes: {
    bySubject: {
      pk: orgPartition('events'),
      sk: {
        field: 'sk',
        composite: ['subject_id', 'event_id'],
        template: 'event#${subject_id}#${event_id}',
      },
    },
  },
});

/**
 * An aircraft's use on one day, added to by every completed flight (counters.ts): what the
 * forecast of the next-due date reads (hours and takeoffs per week over recent weeks).
 */
export const usageDay = new Entity({
  model: { entity: 'usageDay', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    plane_id: { type: 'string', required: true },
    /** yyyy-mm-dd in the organization's time zone */
    date: { type: 'string', required: true },
    flight_minutes: { type: 'number', required: true, default: 0 },
    engine_minutes: { type: 'number', required: true, default: 0 },
    takeoffs: { type: 'number', required: true, default: 0 },
    landings: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byPlaneDate: {
      pk: orgPartition('usage'),
      sk: { field: 'sk', composite: ['plane_id', 'date'], template: 'usage#${plane_id}#${date}' },
    },
  },
});

/** A fault report (plane-faults, plane-fault/{edit_type}/{id?}). */
export const fault = new Entity({
  model: { entity: 'fault', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    fault_id: { type: 'string', required: true },
    plane_id: { type: 'string', required: true },
    /** The aircraft's registration when reported (the list shows it without reading every plane). */
    reg_num: { type: 'string', required: true },
    description: { type: 'string', required: true },
    severity: { type: FAULT_SEVERITIES, required: true },
    status: { type: FAULT_STATUSES, required: true, default: 'open' },
    /** S3 keys under `org/<id>/faults/<fault_id>/`, validated after upload. */
    photos: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: {
          key: { type: 'string', required: true },
          name: { type: 'string', required: true },
          size: { type: 'number', required: true },
          content_type: { type: 'string', required: true },
        },
      },
    },
    reported_by: { type: 'string', required: true },
    /** The reporter's name as shown when reported (ids alone mean nothing in the list). */
    reported_by_name: { type: 'string', required: true },
    reported_at: { type: 'string', required: true, default: isoNow },
    /** The aircraft's status before a grounding fault made it inoperable: restored on closing. */
    status_before: { type: PLANE_STATUSES },
    closed_by: { type: 'string' },
    closed_by_name: { type: 'string' },
    closed_at: { type: 'string' },
    closing_comment: { type: 'string' },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: organizationPartition,
      sk: { field: 'sk', composite: ['fault_id'], template: 'fault#${fault_id}' },
    },
    byPlane: {
      ...planePartition,
      sk: { field: 'gsi1sk', composite: ['fault_id'], template: 'fault#${fault_id}' },
    },
  },
});

/**
 * "Told the technical operators about this on this day": the daily job creates it with a
 * not-exists condition before notifying, so a retried or doubled run notifies once (docs/ARCHITECTURE.md "Scheduled jobs").
 */
export const dueNotice = new Entity({
  model: { entity: 'dueNotice', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    date: { type: 'string', required: true },
    /** `<plane_id>#<item id or 'limits'>` */
    subject: { type: 'string', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byDay: {
      pk: organizationPartition,
      sk: { field: 'sk', composite: ['date', 'subject'], template: 'due#${date}#${subject}' },
    },
  },
});
