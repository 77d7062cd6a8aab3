import { Entity } from 'electrodb';
import { isoNow } from '../db/attributes.ts';

const service = 'windsock';

/**
 * The activity log (organization/actions, profile/actions): who did what, when, to which item —
 * ids and action keys only, never personal data. One item per action, readable by organization
 * (the main key), by the person who acted (gsi1) and by the person it was done to (gsi2, when an
 * organization changed someone's own data). Items expire after two years.
 */
export const action = new Entity({
  model: { entity: 'action', version: '1', service },
  attributes: {
    action_id: { type: 'string', required: true },
    /** The organization the action belongs to; `personal` for a person's own actions outside one. */
    organization_id: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    /** The supervisor acting as `user_id` (users/change), when that is how it was done. */
    acting_supervisor_id: { type: 'string' },
    /**
     * The person whose own data an organization changed (their person record, pilot data, permits,
     * membership): they read it in profile/actions (issue 11 §1), not only the organization's log.
     * '' for none: ElectroDB needs every composite of a conditional index on each write.
     */
    subject_user_id: { type: 'string', required: true, default: '' },
    /**
     * A second record of one change, written only so another person it concerns reads it in
     * profile/actions (a flight with two pilots on board): the organization's log and the actor's
     * own list show the first record alone.
     */
    subject_copy: { type: 'boolean' },
    /** i18n key of the verb, e.g. `role.create`, `user.update`, `act_as.start`. */
    action: { type: 'string', required: true },
    target_type: { type: 'string', required: true },
    target_id: { type: 'string', required: true },
    /** Ids and codes only (changed field names, role ids) — never names, dates of birth or licences. */
    details: { type: 'any' },
    at: { type: 'string', required: true, default: isoNow },
    ttl: { type: 'number' },
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#actions' },
      sk: { field: 'sk', composite: ['at', 'action_id'], template: 'at#${at}#${action_id}' },
    },
    byActor: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['user_id'], template: 'person#${user_id}#actions' },
      sk: { field: 'gsi1sk', composite: ['at', 'action_id'], template: 'at#${at}#${action_id}' },
    },
    /**
     * What organizations did to the person's own data: only items with a subject are in it (action
     * items are only ever put whole, so the condition always sees every attribute).
     */
    bySubject: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['subject_user_id'], template: 'person#${subject_user_id}#about' },
      sk: { field: 'gsi2sk', composite: ['at', 'action_id'], template: 'at#${at}#${action_id}' },
      condition: (attributes) =>
        typeof attributes.subject_user_id === 'string' && attributes.subject_user_id !== '',
    },
  },
});
