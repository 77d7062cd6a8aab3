import { CustomAttributeType, Entity } from 'electrodb';
import { DOCUMENT_PHASES, type ExpiryStage } from '../../contracts/documents.ts';
import { organizationPartition, personPartition, versionedRecord } from '../platform/db/attributes.ts';

/**
 * Documents (spec §3 Document: document_type_id, storage_id, issue_date, expiration_date,
 * no_expiry) and their files. A person's documents are theirs (`person#<user_id>`): a club reads
 * them only while the person is an active member (organizations/public.ts activeMember). An
 * aircraft's and the organization's own are the organization's (`org#<organization_id>`).
 *
 * Both kinds share one shape and one expiry index: gsi1 `docexpiry#<yyyy-mm>` sorted by the
 * expiration date, holding only documents in force with a date (a conditional index), so the daily
 * job reads the dates that may have something to tell with a few Queries, across all holders.
 * Every write of a document is a whole-item put conditioned on its version, so the index always
 * follows the item (ElectroDB rebuilds conditional index keys only from a write that has them all).
 */
const service = 'windsock';

/** `''` stands for "no date" in the index composites; the condition keeps such items out. */
export const NO_DATE = '-';

const documentAttributes = {
  document_id: { type: 'string', required: true },
  document_type_id: { type: 'string', required: true },
  issue_date: { type: 'string' },
  /** yyyy-mm-dd, still a valid day; absent with no_expiry. */
  expiration_date: { type: 'string' },
  no_expiry: { type: 'boolean', required: true, default: false },
  note: { type: 'string' },
  /** in_progress: being uploaded; active: in force; replaced: an earlier version of a single type. */
  phase: { type: DOCUMENT_PHASES, required: true, default: 'in_progress' },
  files: {
    type: 'list',
    required: true,
    default: () => [],
    items: {
      type: 'map',
      properties: {
        /** The spec's storage_id: the stored object's id (its key's last part). */
        file_id: { type: 'string', required: true },
        key: { type: 'string', required: true },
        name: { type: 'string', required: true },
        size: { type: 'number', required: true },
        /** What the first bytes showed, never what the browser declared. */
        content_type: { type: 'string', required: true },
        uploaded_at: { type: 'string', required: true },
      },
    },
  },
  replaces: { type: 'string' },
  replaced_by: { type: 'string' },
  /** Expiry notifications already given (issue 17 §2: once per document and stage). */
  notified_stages: {
    type: 'list',
    required: true,
    default: () => [],
    items: { type: CustomAttributeType<ExpiryStage>('string') },
  },
  created_by: { type: 'string', required: true },
  created_by_name: { type: 'string', required: true },
  /** The expiry index's composites: the date's month and the date, or NO_DATE. */
  expiry_month: { type: 'string', required: true, default: NO_DATE },
  expiry_date_key: { type: 'string', required: true, default: NO_DATE },
  ...versionedRecord,
} as const;

/** Only documents in force with an expiration date are in the expiry index. */
const inForceWithDate = (attributes: { phase?: string; expiry_month?: string }) =>
  attributes.phase === 'active' &&
  typeof attributes.expiry_month === 'string' &&
  attributes.expiry_month !== NO_DATE;

const expiryIndex = (holderComposites: readonly string[], holderTemplate: string) =>
  ({
    index: 'gsi1',
    pk: { field: 'gsi1pk', composite: ['expiry_month'], template: 'docexpiry#${expiry_month}' },
    sk: {
      field: 'gsi1sk',
      composite: ['expiry_date_key', ...holderComposites, 'document_id'],
      template: `\${expiry_date_key}#${holderTemplate}#\${document_id}`,
    },
    condition: inForceWithDate,
  }) as const;

/** A person's own document (licence, medical, logbook copy, …). */
export const personDocument = new Entity({
  model: { entity: 'personDocument', version: '1', service },
  attributes: { user_id: { type: 'string', required: true }, ...documentAttributes },
  indexes: {
    /** A holder's documents by time (ids sort by creation); a holder has tens, not thousands. */
    byHolder: {
      pk: personPartition,
      sk: { field: 'sk', composite: ['document_id'], template: 'doc#${document_id}' },
    },
    byExpiry: expiryIndex(['user_id'], 'person#${user_id}'),
  },
});

/**
 * An aircraft's document (`holder_id` the plane id) or the organization's own (`holder_id` the
 * organization id): `source_type` says which.
 */
export const organizationDocument = new Entity({
  model: { entity: 'organizationDocument', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    source_type: { type: ['plane', 'organization'] as const, required: true },
    holder_id: { type: 'string', required: true },
    ...documentAttributes,
  },
  indexes: {
    byHolder: {
      pk: organizationPartition,
      sk: {
        field: 'sk',
        composite: ['source_type', 'holder_id', 'document_id'],
        template: 'doc#${source_type}#${holder_id}#${document_id}',
      },
    },
    byExpiry: expiryIndex(
      ['organization_id', 'source_type', 'holder_id'],
      'org#${organization_id}#${source_type}#${holder_id}',
    ),
  },
});
