import { Entity } from 'electrodb';
import { NOTIFICATION_KINDS } from '../../contracts/schemas/notifications.ts';
import { isoNow, personPartition } from '../platform/db/attributes.ts';

/**
 * The identity domain's own items: person-owned ones under `person#<user_id>` (the person's
 * notifications, the private profile an individual pilot gets at registration, their open live
 * connections).
 */
const service = 'windsock';

/**
 * One notification (spec §3 "Notification"). The sort key is the id, and the id starts with the
 * creation instant (`20261105T101500123Z-1a2b3c4d`), so one Query lists them by time and a date
 * range is a key condition, while mark-read and delete are single-item writes by id. Items expire
 * (`ttl`) after NOTIFICATION_DAYS; reads filter on it too, since DynamoDB deletes lazily.
 */
export const notification = new Entity({
  model: { entity: 'notification', version: '1', service },
  attributes: {
    user_id: { type: 'string', required: true },
    notification_id: { type: 'string', required: true },
    kind: { type: NOTIFICATION_KINDS, required: true },
    /** i18n key under `notifications:message.` */
    message: { type: 'string', required: true },
    params: { type: 'any', required: true, default: () => ({}) },
    link: { type: 'string' },
    read: { type: 'boolean', required: true, default: false },
    read_at: { type: 'string' },
    created_at: { type: 'string', readOnly: true, required: true, default: isoNow },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byPerson: {
      pk: personPartition,
      sk: { field: 'sk', composite: ['notification_id'], template: 'notification#${notification_id}' },
    },
  },
});

/**
 * The private profile of a pilot who registered alone (spec §1: a free logbook, document storage
 * with expiry notifications and flight statistics), written with the person at registration.
 */
export const privateProfile = new Entity({
  model: { entity: 'privateProfile', version: '1', service },
  attributes: {
    user_id: { type: 'string', required: true },
    private_profile_id: { type: 'string', required: true },
    private_profile_status: {
      type: ['active', 'suspended', 'closed'] as const,
      required: true,
      default: 'active',
    },
    private_profile_created_at: { type: 'string', readOnly: true, required: true, default: isoNow },
    logbook_glider_on: { type: 'boolean', required: true, default: true },
    logbook_general_on: { type: 'boolean', required: true, default: true },
    documents_on: { type: 'boolean', required: true, default: true },
    statistics_on: { type: 'boolean', required: true, default: true },
    version: { type: 'number', required: true, default: 1 },
  },
  indexes: {
    byPerson: {
      pk: personPartition,
      sk: { field: 'sk', composite: [], template: '#private' },
    },
  },
});

/**
 * A browser's open MQTT connection to AWS IoT Core, recorded by the custom authorizer at connect
 * and at each policy refresh, so that a revocation can end it (IoT DeleteConnection needs the
 * client id, and IoT offers no list of a principal's connections). `ttl` (epoch seconds) is when
 * IoT ends the connection anyway (the authorizer's disconnectAfterInSeconds); reads filter on it.
 */
export const realtimeConnection = new Entity({
  model: { entity: 'realtimeConnection', version: '1', service },
  attributes: {
    user_id: { type: 'string', required: true },
    client_id: { type: 'string', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byPerson: {
      pk: personPartition,
      sk: { field: 'sk', composite: ['client_id'], template: 'mqtt#${client_id}' },
    },
  },
});
