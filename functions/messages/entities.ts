import { Entity } from 'electrodb';
import { MESSAGE_STATUSES, RECIPIENT_KINDS } from '../../contracts/schemas/messages.ts';
import { organizationPartition, personPartition, versionedRecord } from '../platform/db/attributes.ts';

/**
 * Messages (spec §3 Message) and their deliveries. A message is the organization's
 * (`org#<id>`); what one recipient received is theirs (`person#<id>`), and since it comes from a
 * club record it carries the club in its key (`inbox#<org>#<message>`): the message center lists
 * one organization's messages of the person with one Query.
 */
const service = 'windsock';

/** "No time" in an index composite; the condition keeps such messages out of the queue. */
export const NO_TIME = '-';

export const message = new Entity({
  model: { entity: 'message', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    message_id: { type: 'string', required: true },
    subject: { type: 'string', required: true },
    body: { type: 'string', required: true },
    recipient_kind: { type: RECIPIENT_KINDS, required: true },
    role_ids: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    user_ids: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    send_mail: { type: 'boolean', required: true, default: false },
    send_notification: { type: 'boolean', required: true, default: true },
    show_dashboard: { type: 'boolean', required: true, default: false },
    require_ack: { type: 'boolean', required: true, default: false },
    /** UTC ISO instant of a scheduled sending. */
    sending_at: { type: 'string' },
    status: { type: MESSAGE_STATUSES, required: true, default: 'draft' },
    /** When the delivery is due (sending_at, or when the sender said "send"): the queue's order. */
    due_at: { type: 'string', required: true, default: NO_TIME },
    sent_at: { type: 'string' },
    author_id: { type: 'string', required: true },
    author_name: { type: 'string', required: true },
    sent_by: { type: 'string' },
    sent_by_name: { type: 'string' },
    /** Who it went to, fixed when the sending starts (members active at that moment). */
    recipient_ids: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    recipient_count: { type: 'number', required: true, default: 0 },
    read_count: { type: 'number', required: true, default: 0 },
    ack_count: { type: 'number', required: true, default: 0 },
    ...versionedRecord,
  },
  indexes: {
    /** Newest first: message ids sort by creation time. */
    byOrganization: {
      pk: organizationPartition,
      sk: { field: 'sk', composite: ['message_id'], template: 'message#${message_id}' },
    },
    /**
     * The sending queue across organizations: messages scheduled or being sent, by due time. Every
     * write of a message is a whole-item put conditioned on its version, so this conditional index
     * always follows the status.
     */
    byDue: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], template: 'messages#due' },
      sk: {
        field: 'gsi1sk',
        composite: ['due_at', 'organization_id', 'message_id'],
        template: '${due_at}#${organization_id}#${message_id}',
      },
      condition: (attributes) =>
        (attributes.status === 'scheduled' || attributes.status === 'sending') &&
        attributes.due_at !== NO_TIME,
    },
  },
});

/** One recipient's copy of a sent message: what they read, and whether they read and acknowledged it. */
export const messageDelivery = new Entity({
  model: { entity: 'messageDelivery', version: '1', service },
  attributes: {
    user_id: { type: 'string', required: true },
    organization_id: { type: 'string', required: true },
    message_id: { type: 'string', required: true },
    /** The recipient's name as the sender's list shows it (family name first), sortable. */
    recipient_name: { type: 'string', required: true },
    subject: { type: 'string', required: true },
    body: { type: 'string', required: true },
    sender_name: { type: 'string', required: true },
    organization_name: { type: 'string', required: true },
    sent_at: { type: 'string', required: true },
    show_dashboard: { type: 'boolean', required: true },
    require_ack: { type: 'boolean', required: true },
    read_at: { type: 'string' },
    acknowledged_at: { type: 'string' },
    /** The push and the e-mail went out (an interrupted sending resumes without doubling them). */
    notified: { type: 'boolean', required: true, default: false },
    mailed: { type: 'boolean', required: true, default: false },
  },
  indexes: {
    byRecipient: {
      pk: personPartition,
      sk: {
        field: 'sk',
        composite: ['organization_id', 'message_id'],
        template: 'inbox#${organization_id}#${message_id}',
      },
    },
    /** The sender's view: who got one message, in name order. */
    byMessage: {
      index: 'gsi1',
      pk: {
        field: 'gsi1pk',
        composite: ['organization_id', 'message_id'],
        template: 'org#${organization_id}#message#${message_id}',
      },
      sk: {
        field: 'gsi1sk',
        composite: ['recipient_name', 'user_id'],
        template: '${recipient_name}#${user_id}',
      },
    },
  },
});
