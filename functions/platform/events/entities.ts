import { Entity } from 'electrodb';

/**
 * The outbox's items (functions/platform/events/outbox.ts): one per announced event, under its
 * organization (`org#<id>#outbox`), keyed by the event's natural id. Written only inside the
 * announcing change's TransactWrite, read by nobody: the table's stream carries each new one on.
 */
export const OUTBOX_ENTITY = 'domainEvent';

export const domainEvent = new Entity({
  model: { entity: OUTBOX_ENTITY, version: '1', service: 'windsock' },
  attributes: {
    organization_id: { type: 'string', required: true },
    event_id: { type: 'string', required: true },
    type: { type: 'string', required: true },
    /** `windsock.<domain>`: the announcing domain. */
    source: { type: 'string', required: true },
    /** Ids, versions and what changed (contracts/events.ts), never personal data. */
    detail: { type: 'any', required: true },
    occurred_at: { type: 'string', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#outbox' },
      sk: { field: 'sk', composite: ['event_id'], template: 'event#${event_id}' },
    },
  },
});
