import { Entity } from 'electrodb';
import { PLANE_CATEGORIES } from '../../contracts/schemas/aircraft-enums.ts';
import {
  DAY_NIGHT,
  FLIGHT_KINDS,
  FLIGHT_SOURCES,
  FLIGHT_STATUSES,
  LOGBOOK_SOURCES,
  LOGBOOK_STATUSES,
  PILOT_ROLES,
  SAILPLANE_LAUNCH_METHODS,
} from '../../contracts/schemas/flight-enums.ts';
import {
  isoNow,
  organizationPartition,
  personPartition,
  versionedRecord,
} from '../platform/db/attributes.ts';

type TakeoffTypeName = (typeof SAILPLANE_LAUNCH_METHODS)[number];

/**
 * The flights domain (spec §3 Flight, §4 flight and logbook states; docs/ARCHITECTURE.md "Data"). Club flights are
 * organization-owned (`org#<id>`), logbooks person-owned (`person#<id>`): a pilot's logbook stays
 * theirs when they leave the club.
 *
 * Units: times of day are UTC ISO instants; durations are integer MINUTES; the engine counter
 * readings (takeoff_counter, landing_counter) are minutes too (a Hobbs 1234.50 h is 74070);
 * altitudes in metres; dates yyyy-mm-dd (the organization's operating day).
 */
const service = 'windsock';

const minutes = { type: 'number' } as const;

/** What a landed flight added to its aircraft's counters (so a correction adds the difference). */
const appliedCounters = {
  type: 'map',
  properties: {
    flight_minutes: { type: 'number', required: true },
    engine_minutes: { type: 'number', required: true },
    takeoffs: { type: 'number', required: true },
    landings: { type: 'number', required: true },
  },
} as const;

/** A club flight: on the daily sheet (daily-flight/{id}) or recorded afterwards (flight/glider…). */
export const flight = new Entity({
  model: { entity: 'flight', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    flight_id: { type: 'string', required: true },
    /** The operating day, yyyy-mm-dd in the organization's time zone: the daily sheet it is on. */
    date: { type: 'string', required: true },
    kind: { type: FLIGHT_KINDS, required: true },
    status: { type: FLIGHT_STATUSES, required: true, default: 'planned' },
    source: { type: FLIGHT_SOURCES, required: true, default: 'manual' },
    plane_id: { type: 'string', required: true },
    /** Copied from the aircraft at recording time, for lists and logbooks. */
    reg_num: { type: 'string', required: true },
    plane_type: { type: 'string' },
    plane_category: { type: PLANE_CATEGORIES, required: true },
    is_tmg: { type: 'boolean', required: true, default: false },
    /** Spec §3: 1 self launch, 2 rubber rope, 3 winch, 4 car lift, 5 tow, 6 TMG. */
    takeoff_type_id: { type: 'number', required: true },
    // Times and places
    takeoff_time: { type: 'string' },
    landing_time: { type: 'string' },
    takeoff_airport: { type: 'string' },
    landing_airport: { type: 'string' },
    flight_time: minutes,
    route: { type: 'string' },
    // Crew (user ids of members; names for people without a login)
    pic_id: { type: 'string' },
    sic_id: { type: 'string' },
    instructor_id: { type: 'string' },
    tow_pilot_id: { type: 'string' },
    tow_plane_id: { type: 'string' },
    rope_puller_id: { type: 'string' },
    winch_operator_id: { type: 'string' },
    winch_trainee_id: { type: 'string' },
    timer_operator_id: { type: 'string' },
    other_person: { type: 'string' },
    pic_name: { type: 'string' },
    sic_name: { type: 'string' },
    // Counters
    takeoff_counter: minutes,
    landing_counter: minutes,
    takeoff_blocktime: { type: 'string' },
    landing_blocktime: { type: 'string' },
    // Other
    /** metres, the glider's release height on an aerotow */
    tow_altitude: { type: 'number' },
    touch_and_go: { type: 'number' },
    traffic_pattern: { type: 'boolean' },
    takeoff_day_night: { type: DAY_NIGHT },
    landing_day_night: { type: DAY_NIGHT },
    ifr_time: minutes,
    night_time: minutes,
    sim_time: minutes,
    sim_type: { type: 'string' },
    sim_date: { type: 'string' },
    /** A training flight: the trainee's logbook entry waits for the instructor's signature. */
    training: { type: 'boolean', required: true, default: false },
    proficiency_check: { type: 'boolean', required: true, default: false },
    /** Spec §4 "Flight: accepted by the instructor". */
    instructor_accepted: { type: 'boolean', required: true, default: false },
    accepted_by: { type: 'string' },
    accepted_at: { type: 'string' },
    /** An aerotow: the glider's flight points at the tow plane's, and back. */
    tow_flight_id: { type: 'string' },
    towed_flight_id: { type: 'string' },
    remarks: { type: 'string' },
    /** An instructor signed a logbook line of this flight: it is locked (spec §8 "Not editable"). */
    locked: { type: 'boolean', required: true, default: false },
    /** What this flight has added to the aircraft's counters so far (landed flights only). */
    applied: appliedCounters,
    /** Whose logbooks hold an entry of this flight (to update or remove them with it). */
    logbook_user_ids: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    created_by: { type: 'string', required: true },
    ...versionedRecord,
  },
  indexes: {
    /**
     * A day's sheet, a date range of flights: `flight#<date>#<id>`, in the organization's own flights
     * partition — a season of flights must not sit in front of every other query of the club.
     */
    byDate: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#flights' },
      sk: { field: 'sk', composite: ['date', 'flight_id'], template: 'flight#${date}#${flight_id}' },
    },
    /** One aircraft's flights by day (the aircraft's statistics, its flight list). */
    byPlane: {
      index: 'gsi1',
      pk: {
        field: 'gsi1pk',
        composite: ['organization_id', 'plane_id'],
        template: 'org#${organization_id}#plane#${plane_id}',
      },
      sk: { field: 'gsi1sk', composite: ['date', 'flight_id'], template: 'flight#${date}#${flight_id}' },
    },
    /** flight/glider/{id}: the flight by its id alone (the organization is part of the key). */
    byId: {
      index: 'gsi2',
      pk: {
        field: 'gsi2pk',
        composite: ['organization_id', 'flight_id'],
        template: 'org#${organization_id}#flight#${flight_id}',
      },
      sk: { field: 'gsi2sk', composite: [], template: '#flight' },
    },
  },
});

/** A daily flight sheet (daily-flight/{id}, the id is the date): who runs it, where, open or closed. */
export const dailySheet = new Entity({
  model: { entity: 'dailySheet', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    date: { type: 'string', required: true },
    airport: { type: 'string' },
    status: { type: ['open', 'closed'] as const, required: true, default: 'open' },
    /** The coordinator (flight leader) of the day. */
    leader_id: { type: 'string' },
    timer_operator_ids: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    /** Winch and tow planes in use that day. */
    winch: { type: 'string' },
    tow_plane_ids: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    notes: { type: 'string' },
    ...versionedRecord,
  },
  indexes: {
    byDate: {
      pk: organizationPartition,
      sk: { field: 'sk', composite: ['date'], template: 'sheet#${date}' },
    },
  },
});

/**
 * One line of a pilot's logbook (logbook/glider, logbook/general): a club flight written on
 * landing, or a private flight the pilot adds. Ordered by takeoff time in the key. Training flights
 * wait for the instructor's signature; a signed entry is locked and chained (logbook-signature.ts).
 */
export const logbookEntry = new Entity({
  model: { entity: 'logbookEntry', version: '1', service },
  attributes: {
    user_id: { type: 'string', required: true },
    entry_id: { type: 'string', required: true },
    kind: { type: FLIGHT_KINDS, required: true },
    source: { type: LOGBOOK_SOURCES, required: true },
    organization_id: { type: 'string' },
    flight_id: { type: 'string' },
    date: { type: 'string', required: true },
    takeoff_time: { type: 'string', required: true },
    landing_time: { type: 'string' },
    takeoff_airport: { type: 'string' },
    landing_airport: { type: 'string' },
    plane_id: { type: 'string' },
    reg_num: { type: 'string', required: true },
    plane_type: { type: 'string' },
    is_tmg: { type: 'boolean', required: true, default: false },
    multi_engine: { type: 'boolean', required: true, default: false },
    takeoff_type_id: { type: 'number', required: true },
    role: { type: PILOT_ROLES, required: true },
    /** The pilot in command's name, for dual and passenger lines (EASA column). */
    pic_name: { type: 'string' },
    instructor_id: { type: 'string' },
    flight_minutes: { type: 'number', required: true, default: 0 },
    launches: { type: 'number', required: true, default: 1 },
    landings: { type: 'number', required: true, default: 1 },
    night_minutes: { type: 'number', required: true, default: 0 },
    ifr_minutes: { type: 'number', required: true, default: 0 },
    multi_pilot_minutes: { type: 'number', required: true, default: 0 },
    sim_minutes: { type: 'number', required: true, default: 0 },
    sim_type: { type: 'string' },
    tow_altitude: { type: 'number' },
    training: { type: 'boolean', required: true, default: false },
    proficiency_check: { type: 'boolean', required: true, default: false },
    remarks: { type: 'string' },
    status: { type: LOGBOOK_STATUSES, required: true, default: 'final' },
    /**
     * The instructor's signature: the hash covers this entry's content and the previous signature
     * in the pilot's chain (`seq`), so any later change or removal is detectable.
     */
    signature: {
      type: 'map',
      properties: {
        signer_id: { type: 'string', required: true },
        signer_name: { type: 'string', required: true },
        signed_at: { type: 'string', required: true },
        seq: { type: 'number', required: true },
        prev_hash: { type: 'string', required: true },
        hash: { type: 'string', required: true },
      },
    },
    /**
     * The instructor who is to sign ('' for none). ElectroDB needs every composite of a conditional
     * index on each write, so it is always present; the index holds awaiting lines only.
     */
    signer_id: { type: 'string', required: true, default: '' },
    ...versionedRecord,
  },
  indexes: {
    byKind: {
      pk: personPartition,
      sk: {
        field: 'sk',
        composite: ['kind', 'takeoff_time', 'entry_id'],
        template: 'logbook#${kind}#${takeoff_time}#${entry_id}',
      },
    },
    /**
     * One line by its id (logbook/glider/{id}). A club line's id is its club and flight
     * (`clubEntryId`, completion.ts): flight ids are unique per club only, this key per person.
     */
    byEntry: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['user_id'], template: 'person#${user_id}#logbook' },
      sk: { field: 'gsi1sk', composite: ['entry_id'], template: 'entry#${entry_id}' },
    },
    /** An instructor's entries to sign (signature screen); only entries awaiting a signature. */
    toSign: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['signer_id'], template: 'person#${signer_id}#to-sign' },
      sk: {
        field: 'gsi2sk',
        composite: ['takeoff_time', 'entry_id'],
        template: '${takeoff_time}#${entry_id}',
      },
      condition: (attributes) =>
        attributes.status === 'awaiting_signature' && typeof attributes.signer_id === 'string',
    },
  },
});

/**
 * A pilot's logbook settings per kind: the previous totals (spec §3 prev_*: glider, TMG, PIC,
 * dual, instructor, multi-engine, multi-pilot, night, IFR, simulator — minutes; launches and
 * landings counts) that start the sums, and the head of the signature chain.
 */
export const logbookBook = new Entity({
  model: { entity: 'logbookBook', version: '1', service },
  attributes: {
    user_id: { type: 'string', required: true },
    kind: { type: FLIGHT_KINDS, required: true },
    prev_glider: { type: 'number', required: true, default: 0 },
    prev_tmg: { type: 'number', required: true, default: 0 },
    prev_pic: { type: 'number', required: true, default: 0 },
    prev_dual: { type: 'number', required: true, default: 0 },
    prev_instructor: { type: 'number', required: true, default: 0 },
    prev_multi_engine: { type: 'number', required: true, default: 0 },
    prev_multi_pilot: { type: 'number', required: true, default: 0 },
    prev_night: { type: 'number', required: true, default: 0 },
    prev_ifr: { type: 'number', required: true, default: 0 },
    prev_simulator: { type: 'number', required: true, default: 0 },
    prev_launches: { type: 'number', required: true, default: 0 },
    prev_landings: { type: 'number', required: true, default: 0 },
    /** The signature chain: how many signatures and the last hash ('' before the first). */
    chain_seq: { type: 'number', required: true, default: 0 },
    chain_head: { type: 'string', required: true, default: '' },
    version: { type: 'number', required: true, default: 1 },
    updated_at: { type: 'string', required: true, default: isoNow, watch: '*', set: () => isoNow() },
  },
  indexes: {
    byKind: {
      pk: personPartition,
      sk: { field: 'sk', composite: ['kind'], template: '#logbook-book#${kind}' },
    },
  },
});

/**
 * A pilot's flying per kind and month (statistics, spec §9): added to in the same TransactWrite
 * as each logbook line, so the charts never read the whole logbook.
 */
export const flightStat = new Entity({
  model: { entity: 'flightStat', version: '1', service },
  attributes: {
    user_id: { type: 'string', required: true },
    kind: { type: FLIGHT_KINDS, required: true },
    /** yyyy-mm */
    month: { type: 'string', required: true },
    flights: { type: 'number', required: true, default: 0 },
    minutes: { type: 'number', required: true, default: 0 },
    launches: { type: 'number', required: true, default: 0 },
    landings: { type: 'number', required: true, default: 0 },
    /** Spec §9: flights over 3 hours are counted. */
    over_3h: { type: 'number', required: true, default: 0 },
    /** Minutes by the pilot's part (the logbook's EASA columns). */
    pic_minutes: { type: 'number', required: true, default: 0 },
    dual_minutes: { type: 'number', required: true, default: 0 },
    instructor_minutes: { type: 'number', required: true, default: 0 },
    sic_minutes: { type: 'number', required: true, default: 0 },
    night_minutes: { type: 'number', required: true, default: 0 },
    ifr_minutes: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byMonth: {
      pk: personPartition,
      sk: { field: 'sk', composite: ['kind', 'month'], template: 'stat#${kind}#${month}' },
    },
  },
});

/**
 * A launch method opened to a pilot by training (SFCL.155(a)): a finished launch-method task of a
 * club's training records it here, with the pilot, so the recency engine (recency.ts) and the daily
 * sheet's check (contracts/recency-check.ts) read it with the logbook. Derived from a club's record,
 * so the club is in the key: each club's grant stands on its own and is withdrawn on its own.
 */
export const launchPrivilege = new Entity({
  model: { entity: 'launchPrivilege', version: '1', service },
  attributes: {
    user_id: { type: 'string', required: true },
    method: { type: SAILPLANE_LAUNCH_METHODS as readonly TakeoffTypeName[], required: true },
    organization_id: { type: 'string', required: true },
    /** yyyy-mm-dd: the day the task was finished. */
    granted_on: { type: 'string', required: true },
    /** The training record it came from (training domain ids). */
    enrolment_id: { type: 'string', required: true },
    task_id: { type: 'string', required: true },
    instructor_id: { type: 'string', required: true },
  },
  indexes: {
    byPilot: {
      pk: personPartition,
      sk: {
        field: 'sk',
        composite: ['method', 'organization_id'],
        template: 'launch-privilege#${method}#${organization_id}',
      },
    },
  },
});

/**
 * "Lines wait for your signature" told to an instructor in one week (issue 13 §8): written with a
 * not-exists condition by the daily reminder job, so a second run, a retry or two runs at once in
 * the same week remind nobody twice. DynamoDB's TTL removes it after the week.
 */
export const signReminder = new Entity({
  model: { entity: 'signReminder', version: '1', service },
  attributes: {
    user_id: { type: 'string', required: true },
    /** ISO week, `2026-W48`. */
    week: { type: 'string', required: true },
    /** How many lines waited, and since which day, when the reminder went (for the log). */
    waiting: { type: 'number', required: true },
    oldest: { type: 'string', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byWeek: {
      pk: personPartition,
      sk: { field: 'sk', composite: ['week'], template: 'sign-reminder#${week}' },
    },
  },
});
