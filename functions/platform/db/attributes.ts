const now = () => new Date().toISOString();

/**
 * What every editable record carries (DESIGN §4): the `version` a write is conditioned on (a lost
 * race is a 409, never a silent overwrite) and when it was created and last changed.
 */
export const versionedRecord = {
  version: { type: 'number', required: true, default: 1 },
  created_at: { type: 'string', readOnly: true, required: true, default: now },
  updated_at: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
} as const;
