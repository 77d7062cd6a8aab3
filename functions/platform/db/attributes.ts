/** The instant now, as every entity's defaults store it (the one clock read entities may make). */
export const isoNow = () => new Date().toISOString();

/**
 * What every editable record carries (docs/ARCHITECTURE.md "Data"): the `version` a write is
 * conditioned on (a lost race is a 409, never a silent overwrite) and when it was created and last
 * changed.
 */
export const versionedRecord = {
  version: { type: 'number', required: true, default: 1 },
  created_at: { type: 'string', readOnly: true, required: true, default: isoNow },
  updated_at: { type: 'string', required: true, default: isoNow, watch: '*', set: () => isoNow() },
} as const;

/**
 * The two partitions every item lives under (docs/ARCHITECTURE.md "Data", tenancy): an
 * organization's (`org#<id>`) and a person's (`person#<id>`), as an index's `pk`.
 */
export const organizationPartition = {
  field: 'pk',
  composite: ['organization_id'],
  template: 'org#${organization_id}',
} as const;
export const personPartition = {
  field: 'pk',
  composite: ['user_id'],
  template: 'person#${user_id}',
} as const;
