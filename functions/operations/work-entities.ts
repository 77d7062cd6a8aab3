import { Entity } from 'electrodb';
import { HOURS_STATUSES, WORK_CATEGORIES, WORK_TYPES } from '../../contracts/schemas/work.ts';
import { versionedRecord } from '../platform/db/attributes.ts';

/**
 * Work management and RFID badges (issue 15 §7, §8; docs/ARCHITECTURE.md "Data"): club-owned, under
 * `org#<id>`. Works and their hours share a partition (`org#<id>#works`); gsi1 lists a year's works by
 * date and one member's hours by year, gsi2 a whole year's hours (the balances and the close).
 */
const service = 'windsock';

const worksPk = {
  field: 'pk',
  composite: ['organization_id'],
  template: 'org#${organization_id}#works',
} as const;

/** A work (spec §3: work_name, work_type, work_category, working_hours, leader; the workers are its hours). */
export const work = new Entity({
  model: { entity: 'work', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    work_id: { type: 'string', required: true },
    year: { type: 'number', required: true },
    date: { type: 'string', required: true },
    work_name: { type: 'string', required: true },
    work_type: { type: WORK_TYPES, required: true },
    work_category: { type: WORK_CATEGORIES, required: true },
    working_hours: { type: 'number' },
    description: { type: 'string' },
    leader_id: { type: 'string' },
    locked: { type: 'boolean', required: true, default: false },
    created_by: { type: 'string', required: true },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: worksPk,
      sk: { field: 'sk', composite: ['work_id'], template: 'work#${work_id}' },
    },
    byYear: {
      index: 'gsi1',
      pk: {
        field: 'gsi1pk',
        composite: ['organization_id', 'year'],
        template: 'org#${organization_id}#works#${year}',
      },
      sk: { field: 'gsi1sk', composite: ['date', 'work_id'], template: 'work#${date}#${work_id}' },
    },
  },
});

/** One member's hours on one work; approved or rejected by the work's leader or a checker. */
export const workHoursEntry = new Entity({
  model: { entity: 'workHoursEntry', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    work_id: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    /** The work's year (a work with hours keeps its year). */
    year: { type: 'number', required: true },
    hours: { type: 'number', required: true },
    note: { type: 'string' },
    status: { type: HOURS_STATUSES, required: true, default: 'pending' },
    recorded_by: { type: 'string', required: true },
    decided_by: { type: 'string' },
    decided_at: { type: 'string' },
    reason: { type: 'string' },
    ...versionedRecord,
  },
  indexes: {
    byWork: {
      pk: worksPk,
      sk: { field: 'sk', composite: ['work_id', 'user_id'], template: 'hours#${work_id}#${user_id}' },
    },
    byMember: {
      index: 'gsi1',
      pk: {
        field: 'gsi1pk',
        composite: ['organization_id', 'user_id'],
        template: 'org#${organization_id}#work-hours#${user_id}',
      },
      sk: { field: 'gsi1sk', composite: ['year', 'work_id'], template: 'year#${year}#${work_id}' },
    },
    byYear: {
      index: 'gsi2',
      pk: {
        field: 'gsi2pk',
        composite: ['organization_id', 'year'],
        template: 'org#${organization_id}#work-hours-year#${year}',
      },
      sk: { field: 'gsi2sk', composite: ['user_id', 'work_id'], template: 'hours#${user_id}#${work_id}' },
    },
  },
});

/** The club's yearly obligation of hours, by membership type. */
export const workSettings = new Entity({
  model: { entity: 'workSettings', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    obligation_hours: { type: 'number', required: true },
    by_membership_type: { type: 'any', required: true, default: () => ({}) },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}' },
      sk: { field: 'sk', composite: [], template: '#work-settings' },
    },
  },
});

/** A closed year: after it, the year's hours do not change; its settlements are on the ledger. */
export const workYearClose = new Entity({
  model: { entity: 'workYearClose', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    year: { type: 'number', required: true },
    closed_by: { type: 'string', required: true },
    closed_at: { type: 'string', required: true },
    members: { type: 'number', required: true },
    charged: { type: 'number', required: true },
    credited: { type: 'number', required: true },
    currency_id: { type: 'string', required: true },
  },
  indexes: {
    byOrganization: {
      pk: worksPk,
      sk: { field: 'sk', composite: ['year'], template: 'close#${year}' },
    },
  },
});

/** An RFID badge of a member: the token is never stored, only its SHA-256 with the organization. */
export const rfidBadge = new Entity({
  model: { entity: 'rfidBadge', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    token_hash: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    linked_at: { type: 'string', required: true },
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#rfid' },
      sk: { field: 'sk', composite: ['token_hash'], template: 'badge#${token_hash}' },
    },
  },
});
