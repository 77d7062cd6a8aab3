import { Entity } from 'electrodb';
import { SIGNUP_ROLES, SIGNUP_STATUSES } from '../../contracts/schemas/operating-days.ts';
import { CHECK_LEVELS } from '../../contracts/schemas/reservations.ts';
import { organizationPartition, versionedRecord } from '../platform/db/attributes.ts';

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
