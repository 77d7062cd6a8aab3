import type { EntityItem } from 'electrodb';
import type { DocumentSourceType, ExpiryStage } from '../../contracts/documents.ts';
import { type ActionRecord, auditedWrite } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { db } from '../platform/db/service.ts';
import { writtenIf } from '../platform/db/writes.ts';
import { validationFailed } from '../platform/http/errors.ts';
import { NO_DATE, type organizationDocument, type personDocument } from './entities.ts';

/**
 * The documents domain's reads and writes; document-service.ts holds the rules. A person's
 * documents and the organization's (aircraft, organization) are two entities of one shape: this
 * store hides which, so the rules speak of a holder and its documents.
 */

/** Whose documents: a person (by user id), or an aircraft or the organization within an organization. */
export type Holder =
  | { source_type: 'person'; holder_id: string }
  | { source_type: 'plane' | 'organization'; holder_id: string; organization_id: string };

type PersonItem = EntityItem<typeof personDocument>;
type OrganizationItem = EntityItem<typeof organizationDocument>;
export type DocumentFile = PersonItem['files'][number];

/** A document as the rules see it, whoever holds it. */
export interface StoredDocument {
  holder: Holder;
  document_id: string;
  document_type_id: string;
  issue_date?: string;
  expiration_date?: string;
  no_expiry: boolean;
  note?: string;
  phase: PersonItem['phase'];
  files: DocumentFile[];
  replaces?: string;
  replaced_by?: string;
  notified_stages: ExpiryStage[];
  created_by: string;
  created_by_name: string;
  version: number;
  created_at: string;
  updated_at: string;
}

type Auditor = Pick<Actor, 'userId' | 'organizationId' | 'actingSupervisorId'>;

const fromPerson = (item: PersonItem): StoredDocument => ({
  holder: { source_type: 'person', holder_id: item.user_id },
  ...common(item),
});

const fromOrganization = (item: OrganizationItem): StoredDocument => ({
  holder: { source_type: item.source_type, holder_id: item.holder_id, organization_id: item.organization_id },
  ...common(item),
});

function common(item: PersonItem | OrganizationItem) {
  return {
    document_id: item.document_id,
    document_type_id: item.document_type_id,
    ...(item.issue_date ? { issue_date: item.issue_date } : {}),
    ...(item.expiration_date ? { expiration_date: item.expiration_date } : {}),
    no_expiry: item.no_expiry,
    ...(item.note ? { note: item.note } : {}),
    phase: item.phase,
    files: item.files.map((f) => ({ ...f })),
    ...(item.replaces ? { replaces: item.replaces } : {}),
    ...(item.replaced_by ? { replaced_by: item.replaced_by } : {}),
    notified_stages: [...item.notified_stages],
    created_by: item.created_by,
    created_by_name: item.created_by_name,
    version: item.version,
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

/** The item to put: every attribute, with the expiry index's composites worked out from the date. */
function itemOf(doc: StoredDocument) {
  const { holder, ...rest } = doc;
  const dated = !doc.no_expiry && doc.expiration_date;
  return {
    ...rest,
    files: rest.files.map((f) => ({ ...f })),
    expiry_month: dated ? doc.expiration_date!.slice(0, 7) : NO_DATE,
    expiry_date_key: dated ? doc.expiration_date! : NO_DATE,
    updated_at: doc.updated_at,
  };
}

/** A cursor from another list (opened by the router, but not this query's) is the caller's mistake. */
async function paged<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (
      error instanceof Error &&
      /cursor|ExclusiveStartKey|ValidationException/i.test(`${error.name} ${error.message}`)
    )
      throw validationFailed({ cursor: ['invalid_value'] });
    throw error;
  }
}

const holderQuery = (holder: Holder) =>
  holder.source_type === 'person'
    ? ({
        kind: 'person',
        query: db().entities.personDocument.query.byHolder({ user_id: holder.holder_id }),
      } as const)
    : ({
        kind: 'organization',
        query: db().entities.organizationDocument.query.byHolder({
          organization_id: holder.organization_id,
          source_type: holder.source_type,
          holder_id: holder.holder_id,
        }),
      } as const);

/** A filtered Query page can come back short with more to read: read on, at most this many rounds. */
const MAX_ROUNDS = 20;

/** One document change and what goes with it, in one TransactWrite (DESIGN §4). */
export interface DocumentWrite {
  /** New documents (must not exist yet). */
  create?: StoredDocument[];
  /** Whole documents to put back, each conditioned on the version it was read at (`expected`). */
  put?: { doc: StoredDocument; expected: number }[];
  remove?: { doc: StoredDocument; expected: number }[];
  audit: ActionRecord;
}

export const documentStore = {
  async get(holder: Holder, documentId: string): Promise<StoredDocument | null> {
    if (holder.source_type === 'person') {
      const { data } = await db()
        .entities.personDocument.get({ user_id: holder.holder_id, document_id: documentId })
        .go();
      return data ? fromPerson(data) : null;
    }
    const { data } = await db()
      .entities.organizationDocument.get({
        organization_id: holder.organization_id,
        source_type: holder.source_type,
        holder_id: holder.holder_id,
        document_id: documentId,
      })
      .go();
    return data ? fromOrganization(data) : null;
  },

  /** Every document of the holder, every version (a holder has tens). */
  async all(holder: Holder): Promise<StoredDocument[]> {
    const found = holderQuery(holder);
    if (found.kind === 'person') return (await found.query.go({ pages: 'all' })).data.map(fromPerson);
    return (await found.query.go({ pages: 'all' })).data.map(fromOrganization);
  },

  /** Newest first, earlier (replaced) versions left out: the holder's list, a page at a time. */
  async currentPage(holder: Holder, page: { cursor?: string; limit: number }) {
    const items: StoredDocument[] = [];
    let cursor: string | null = page.cursor ?? null;
    let rounds = 0;
    do {
      const found = holderQuery(holder);
      const count = page.limit - items.length;
      const result = await paged(() =>
        found.kind === 'person'
          ? found.query
              .where(({ phase }, { ne }) => ne(phase, 'replaced'))
              .go({ cursor, count, order: 'desc' })
              .then((r) => ({ data: r.data.map(fromPerson), cursor: r.cursor }))
          : found.query
              .where(({ phase }, { ne }) => ne(phase, 'replaced'))
              .go({ cursor, count, order: 'desc' })
              .then((r) => ({ data: r.data.map(fromOrganization), cursor: r.cursor })),
      );
      items.push(...result.data);
      cursor = result.cursor;
      rounds += 1;
    } while (items.length < page.limit && cursor && rounds < MAX_ROUNDS);
    return { items, cursor };
  },

  /** Every document of one kind of the organization's holders (all its aircraft's: one Query). */
  async ofOrganizationSource(organizationId: string, source: Exclude<DocumentSourceType, 'person'>) {
    const { data } = await db()
      .entities.organizationDocument.query.byHolder({ organization_id: organizationId, source_type: source })
      .go({ pages: 'all' });
    return data.map(fromOrganization);
  },

  /** Documents in force expiring in a month (yyyy-mm), every holder's: what the daily job reads. */
  async expiringIn(month: string): Promise<StoredDocument[]> {
    const [people, organizations] = await Promise.all([
      db().entities.personDocument.query.byExpiry({ expiry_month: month }).go({ pages: 'all' }),
      db().entities.organizationDocument.query.byExpiry({ expiry_month: month }).go({ pages: 'all' }),
    ]);
    return [...people.data.map(fromPerson), ...organizations.data.map(fromOrganization)];
  },

  async write(auditor: Auditor, change: DocumentWrite): Promise<void> {
    await auditedWrite(
      auditor,
      change.audit,
      ({ personDocument: people, organizationDocument: organizations }) => {
        const writes = [];
        for (const doc of change.create ?? []) {
          const item = itemOf(doc);
          writes.push(
            doc.holder.source_type === 'person'
              ? people.create({ ...item, user_id: doc.holder.holder_id }).commit()
              : organizations
                  .create({
                    ...item,
                    organization_id: doc.holder.organization_id,
                    source_type: doc.holder.source_type,
                    holder_id: doc.holder.holder_id,
                  })
                  .commit(),
          );
        }
        for (const { doc, expected } of change.put ?? []) {
          const item = itemOf(doc);
          writes.push(
            doc.holder.source_type === 'person'
              ? people
                  .put({ ...item, user_id: doc.holder.holder_id })
                  .where(({ version }, { eq }) => eq(version, expected))
                  .commit()
              : organizations
                  .put({
                    ...item,
                    organization_id: doc.holder.organization_id,
                    source_type: doc.holder.source_type,
                    holder_id: doc.holder.holder_id,
                  })
                  .where(({ version }, { eq }) => eq(version, expected))
                  .commit(),
          );
        }
        for (const { doc, expected } of change.remove ?? []) {
          writes.push(
            doc.holder.source_type === 'person'
              ? people
                  .delete({ user_id: doc.holder.holder_id, document_id: doc.document_id })
                  .where(({ version }, { eq }) => eq(version, expected))
                  .commit()
              : organizations
                  .delete({
                    organization_id: doc.holder.organization_id,
                    source_type: doc.holder.source_type,
                    holder_id: doc.holder.holder_id,
                    document_id: doc.document_id,
                  })
                  .where(({ version }, { eq }) => eq(version, expected))
                  .commit(),
          );
        }
        return writes;
      },
    );
  },

  /**
   * Marks an expiry stage as told (the daily job), on the version read: false when another run (or
   * an edit) got there first, so a stage is told at most once per document.
   */
  async claimStage(doc: StoredDocument, stage: ExpiryStage): Promise<boolean> {
    if (doc.notified_stages.includes(stage)) return false;
    const next: StoredDocument = {
      ...doc,
      notified_stages: [...doc.notified_stages, stage],
      version: doc.version + 1,
    };
    const item = itemOf(next);
    return writtenIf(() =>
      doc.holder.source_type === 'person'
        ? db()
            .entities.personDocument.put({ ...item, user_id: doc.holder.holder_id })
            .where(({ version }, { eq }) => eq(version, doc.version))
            .go({ response: 'none' })
        : db()
            .entities.organizationDocument.put({
              ...item,
              organization_id: doc.holder.organization_id,
              source_type: doc.holder.source_type,
              holder_id: doc.holder.holder_id,
            })
            .where(({ version }, { eq }) => eq(version, doc.version))
            .go({ response: 'none' }),
    );
  },
};

export type DocumentStore = typeof documentStore;
