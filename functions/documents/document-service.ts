import { randomUUID } from 'node:crypto';
import { todayIn } from '../../contracts/calendar.ts';
import {
  type DocumentSourceType,
  type DocumentState,
  documentState,
  PLANE_REQUIREMENTS,
  PRIVATE_PILOT_REQUIREMENTS,
  REQUIREMENTS,
  type Requirement,
  requirementsForRoles,
  ruleOf,
  typeFitsSource,
  worstState,
} from '../../contracts/documents.ts';
import { FILE_FEATURES, FILE_TYPES, type FileType } from '../../contracts/file-types.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import {
  type AddDocumentFileInput,
  type CreateDocumentInput,
  DOCUMENT_EXTENSIONS,
  type DocumentDetailOutput,
  type DocumentFileError,
  type DocumentListOutput,
  type DocumentOutput,
  type DocumentUploadInput,
  type FileLinkOutput,
  type HolderOutput,
  type HolderSummaryOutput,
  type ListDocumentsQuery,
  type ListHoldersQuery,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_FILES,
  type RequirementOutput,
  type SearchDocumentsInput,
  type UpdateDocumentInput,
  type VersionInput,
} from '../../contracts/schemas/documents.ts';
import { extensionOf } from '../../contracts/schemas/faults.ts';
import * as aircraft from '../aircraft/public.ts';
import * as organizations from '../organizations/public.ts';
import type { ActionRecord } from '../platform/audit/actions.ts';
import { type Actor, displayName } from '../platform/auth/actor.ts';
import { contentDisposition, SNIFF_BYTES, sniffFileType } from '../platform/files/file-types.ts';
import * as files from '../platform/files/s3.ts';
import {
  conflict,
  domainError,
  missingPermissions,
  notFound,
  validationFailed,
} from '../platform/http/errors.ts';
import { logger } from '../platform/log/logger.ts';
import {
  type DocumentFile,
  type DocumentStore,
  documentStore,
  type Holder,
  type StoredDocument,
} from './document-store.ts';

/**
 * Documents with expiry (issue 17 §1): a holder's documents with their files, versions and states,
 * and the requirements a holder must meet. Who may read and write whose documents is decided here,
 * once (`access`), from the caller and the holder:
 * - a person's own documents: the person, always;
 * - a member's: the club's people with user-edit, only while the person is an ACTIVE member of the
 *   caller's organization (the consent gate, organizations/public.ts) — anyone else gets 404;
 * - an aircraft's: plane-list reads, plane-edit writes, the caller's organization's aircraft only;
 * - the organization's own: its members read, organization-edit writes.
 */

export interface DocumentDeps {
  store: DocumentStore;
  files: Pick<
    typeof files,
    'presignedPost' | 'presignedGetUrl' | 'objectSize' | 'objectStart' | 'deleteObject' | 'storeAs'
  >;
  organizations: Pick<
    typeof organizations,
    | 'activeMember'
    | 'activeMembersPage'
    | 'activeMembershipsOf'
    | 'organizationRoles'
    | 'organizationSettings'
    | 'typeListEntries'
  >;
  aircraft: Pick<typeof aircraft, 'planeOf' | 'planesOf' | 'recordCertificates'>;
  now: () => Date;
}

export const defaultDeps: DocumentDeps = {
  store: documentStore,
  files,
  organizations,
  aircraft,
  now: () => new Date(),
};

type DocActor = Pick<
  Actor,
  | 'userId'
  | 'userName'
  | 'lang'
  | 'organizationId'
  | 'organization'
  | 'actingSupervisorId'
  | 'permissions'
  | 'roles'
>;

/** The holder as the caller reaches it: what they may do, and on whose calendar days count. */
export interface Access {
  holder: Holder;
  name: string;
  write: boolean;
  /** The holder's own person (their own documents), not a club reading them. */
  own: boolean;
  timeZone: string;
  /** The organization the access goes through (the activity log's), null for one's own documents. */
  organizationId: string | null;
}

const DEFAULT_PAGE = 50;

/** Whose documents the caller may reach: 404 for what is not there for them, 403 for what they may not. */
export async function access(
  actor: DocActor,
  source: DocumentSourceType,
  holderId: string,
  deps: DocumentDeps = defaultDeps,
): Promise<Access> {
  const timeZone = actor.organization?.timezone ?? 'UTC';
  if (source === 'person') {
    if (holderId === actor.userId)
      return {
        holder: { source_type: 'person', holder_id: holderId },
        name: actor.userName,
        write: true,
        own: true,
        timeZone,
        organizationId: null,
      };
    const organizationId = actor.organizationId;
    if (!organizationId) throw notFound();
    if (!actor.permissions.has('user-edit')) throw missingPermissions();
    const member = await deps.organizations.activeMember(organizationId, holderId);
    if (!member) throw notFound();
    return {
      holder: { source_type: 'person', holder_id: holderId },
      name: displayName(member.first_name, member.last_name, actor.lang),
      write: true,
      own: false,
      timeZone,
      organizationId,
    };
  }
  const organizationId = actor.organizationId;
  if (!organizationId || !actor.organization) throw notFound();
  if (source === 'plane') {
    if (!actor.permissions.has('plane-list')) throw missingPermissions();
    const plane = await deps.aircraft.planeOf(organizationId, holderId);
    if (!plane) throw notFound();
    return {
      holder: { source_type: 'plane', holder_id: holderId, organization_id: organizationId },
      name: plane.reg_num,
      write: actor.permissions.has('plane-edit'),
      own: false,
      timeZone,
      organizationId,
    };
  }
  if (holderId !== organizationId) throw notFound();
  return {
    holder: { source_type: 'organization', holder_id: holderId, organization_id: organizationId },
    name: actor.organization.organization_name,
    write: actor.permissions.has('organization-edit'),
    own: false,
    timeZone,
    organizationId,
  };
}

const holderOutputOf = (a: Access): HolderOutput => ({
  source_type: a.holder.source_type,
  holder_id: a.holder.holder_id,
  name: a.name,
});

const today = (a: Pick<Access, 'timeZone'>, deps: Pick<DocumentDeps, 'now'>) =>
  todayIn(a.timeZone, deps.now());

export const stateOf = (doc: StoredDocument, day: string) =>
  documentState(doc, day, ruleOf(doc.document_type_id).notice_days);

export function documentView(doc: StoredDocument, a: Pick<Access, 'write'>, day: string): DocumentOutput {
  const open = doc.phase !== 'replaced';
  const rule = ruleOf(doc.document_type_id);
  return {
    document_id: doc.document_id,
    source_type: doc.holder.source_type,
    holder_id: doc.holder.holder_id,
    document_type_id: doc.document_type_id,
    issue_date: doc.issue_date ?? null,
    expiration_date: doc.no_expiry ? null : (doc.expiration_date ?? null),
    no_expiry: doc.no_expiry,
    note: doc.note ?? null,
    phase: doc.phase,
    state: stateOf(doc, day),
    notice_days: rule.notice_days,
    files: doc.files.map((f) => ({
      file_id: f.file_id,
      name: f.name,
      size: f.size,
      content_type: f.content_type,
      uploaded_at: f.uploaded_at,
    })),
    replaces: doc.replaces ?? null,
    replaced_by: doc.replaced_by ?? null,
    created_by_name: doc.created_by_name,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
    version: doc.version,
    can_edit: a.write && open,
    can_delete: a.write && open,
    can_upload: a.write && open && doc.files.length < MAX_DOCUMENT_FILES,
    can_complete: a.write && doc.phase === 'in_progress' && doc.files.length > 0,
    can_renew: a.write && doc.phase === 'active' && rule.single,
  };
}

/** A state's rank for choosing the document that meets a requirement best. */
const BEST: Record<DocumentState, number> = {
  valid: 0,
  expiring: 1,
  expired: 2,
  in_progress: 3,
  missing: 4,
  replaced: 5,
};

/**
 * How each requirement stands: the best current document of its types (in force before in
 * progress, the later expiry first), or `missing` when there is none (issue 17 §1).
 */
export function requirementStanding(
  requirements: readonly Requirement[],
  docs: readonly StoredDocument[],
  day: string,
): RequirementOutput[] {
  return requirements.map((requirement) => {
    const types: readonly string[] = REQUIREMENTS[requirement];
    const candidates = docs
      .filter((d) => d.phase !== 'replaced' && types.includes(d.document_type_id))
      .map((d) => ({ doc: d, state: stateOf(d, day) }))
      .sort(
        (a, b) =>
          BEST[a.state] - BEST[b.state] ||
          (b.doc.no_expiry ? '9999' : (b.doc.expiration_date ?? '')).localeCompare(
            a.doc.no_expiry ? '9999' : (a.doc.expiration_date ?? ''),
          ),
      );
    const best = candidates[0];
    return {
      requirement,
      document_type_ids: [...types],
      state: best?.state ?? 'missing',
      document_id: best?.doc.document_id ?? null,
      expiration_date: best && !best.doc.no_expiry ? (best.doc.expiration_date ?? null) : null,
    };
  });
}

/** What the holder must have: an aircraft its certificates; a person what their roles fly with. */
async function requirementsOf(a: Access, deps: DocumentDeps): Promise<Requirement[]> {
  if (a.holder.source_type === 'plane') return [...PLANE_REQUIREMENTS];
  if (a.holder.source_type === 'organization') return [];
  const userId = a.holder.holder_id;
  const memberships = a.organizationId
    ? [
        {
          organization_id: a.organizationId,
          role_ids: (await deps.organizations.activeMember(a.organizationId, userId))?.role_ids ?? [],
        },
      ]
    : await deps.organizations.activeMembershipsOf(userId);
  if (memberships.length === 0) return [...PRIVATE_PILOT_REQUIREMENTS];
  const needed = new Set<Requirement>();
  for (const m of memberships) {
    const roles = await deps.organizations.organizationRoles(m.organization_id);
    const held = roles.filter((r) => m.role_ids.includes(r.role_id));
    for (const r of requirementsForRoles(held)) needed.add(r);
  }
  return [...needed];
}

async function existing(a: Access, documentId: string, deps: DocumentDeps) {
  const doc = await deps.store.get(a.holder, documentId);
  if (!doc) throw notFound();
  return doc;
}

const writable = (a: Access) => {
  if (!a.write) throw missingPermissions();
};

/** A replaced (earlier) version is kept as it was: spec §8 "Not editable." */
const openForChange = (doc: StoredDocument) => {
  if (doc.phase === 'replaced') throw domainError('not_editable');
};

/**
 * The document a write changes: the caller may write this holder's documents (else 403), the
 * document is the holder's (else 404) and not a replaced version (not_editable).
 */
async function changeable(
  actor: DocActor,
  source: DocumentSourceType,
  holderId: string,
  documentId: string,
  deps: DocumentDeps,
) {
  const a = await access(actor, source, holderId, deps);
  writable(a);
  const doc = await existing(a, documentId, deps);
  openForChange(doc);
  return { a, doc };
}

/** The activity-log record: the organization it went through, or the person's own log. */
const auditOf = (
  a: Access,
  action: ActionRecord['action'],
  doc: StoredDocument,
  details = {},
): ActionRecord => ({
  action,
  target_type: 'document',
  target_id: doc.document_id,
  organization_id: a.organizationId ?? (a.holder.source_type === 'person' ? 'personal' : undefined),
  ...(a.holder.source_type === 'person' ? { subject_user_id: a.holder.holder_id } : {}),
  details: {
    source_type: a.holder.source_type,
    holder_id: a.holder.holder_id,
    document_type_id: doc.document_type_id,
    ...details,
  },
});

// ---- reads ------------------------------------------------------------------------------------

export async function listDocuments(
  actor: DocActor,
  source: DocumentSourceType,
  holderId: string,
  query: ListDocumentsQuery,
  deps: DocumentDeps = defaultDeps,
): Promise<DocumentListOutput> {
  const a = await access(actor, source, holderId, deps);
  const day = today(a, deps);
  const [page, all, requirements] = await Promise.all([
    deps.store.currentPage(a.holder, { cursor: query.cursor, limit: query.limit ?? DEFAULT_PAGE }),
    deps.store.all(a.holder),
    requirementsOf(a, deps),
  ]);
  return {
    holder: holderOutputOf(a),
    items: page.items.map((doc) => documentView(doc, a, day)),
    cursor: page.cursor,
    requirements: requirementStanding(requirements, all, day),
    can_create: a.write,
  };
}

/** The chain of versions a document belongs to (what it replaced, what replaced it), newest first. */
export function versionChain(doc: StoredDocument, all: readonly StoredDocument[]): StoredDocument[] {
  const byId = new Map(all.map((d) => [d.document_id, d]));
  const chain: StoredDocument[] = [];
  const seen = new Set([doc.document_id]);
  for (let at = doc.replaced_by; at && !seen.has(at); ) {
    const next = byId.get(at);
    if (!next) break;
    seen.add(at);
    chain.push(next);
    at = next.replaced_by;
  }
  for (let at = doc.replaces; at && !seen.has(at); ) {
    const previous = byId.get(at);
    if (!previous) break;
    seen.add(at);
    chain.push(previous);
    at = previous.replaces;
  }
  return chain.sort((x, y) => y.document_id.localeCompare(x.document_id));
}

export async function getDocument(
  actor: DocActor,
  source: DocumentSourceType,
  holderId: string,
  documentId: string,
  deps: DocumentDeps = defaultDeps,
): Promise<DocumentDetailOutput> {
  const a = await access(actor, source, holderId, deps);
  const doc = await existing(a, documentId, deps);
  const day = today(a, deps);
  const all = doc.replaces || doc.replaced_by ? await deps.store.all(a.holder) : [];
  return {
    holder: holderOutputOf(a),
    document: documentView(doc, a, day),
    versions: versionChain(doc, all).map((d) => documentView(d, a, day)),
  };
}

/** How a stored file is served: its sniffed type; images inline, PDFs as a download (issue 11 §7). */
const serving = (file: DocumentFile) => ({
  contentType: file.content_type as FileType,
  contentDisposition: contentDisposition(file.content_type as FileType, file.name),
});

/** Spec §7 GET /files: a short-lived link to one file of a document the caller may read. */
export async function getDocumentFile(
  actor: DocActor,
  source: DocumentSourceType,
  holderId: string,
  documentId: string,
  fileId: string,
  deps: DocumentDeps = defaultDeps,
): Promise<FileLinkOutput> {
  const a = await access(actor, source, holderId, deps);
  const doc = await existing(a, documentId, deps);
  const file = doc.files.find((f) => f.file_id === fileId);
  if (!file) throw notFound();
  return {
    url: await deps.files.presignedGetUrl(file.key, serving(file)),
    name: file.name,
    content_type: file.content_type,
    size: file.size,
    inline: FILE_TYPES[file.content_type as FileType]?.inline ?? false,
  };
}

const matchesText = (doc: StoredDocument, folded: string) =>
  [doc.note ?? '', ...doc.files.map((f) => f.name)].some((text) => text.toLowerCase().includes(folded));

/** POST /api/profile/search-documents: the caller's own documents, by type, state and text. */
export async function searchDocuments(
  actor: DocActor,
  input: SearchDocumentsInput,
  deps: DocumentDeps = defaultDeps,
) {
  const a = await access(actor, 'person', actor.userId, deps);
  const day = today(a, deps);
  const [all, requirements] = await Promise.all([deps.store.all(a.holder), requirementsOf(a, deps)]);
  // A person's documents are one partition of tens of items: read whole, filtered on the computed
  // state (it depends on today), then paged by the newest-first order of their ids.
  const folded = input.text?.toLowerCase();
  const matching = all
    .filter((doc) => (input.state === 'replaced' ? doc.phase === 'replaced' : doc.phase !== 'replaced'))
    .filter((doc) => !input.document_type_id || doc.document_type_id === input.document_type_id)
    .filter((doc) => !input.state || stateOf(doc, day) === input.state)
    .filter((doc) => !folded || matchesText(doc, folded))
    .sort((x, y) => y.document_id.localeCompare(x.document_id));
  const limit = input.limit ?? DEFAULT_PAGE;
  const start = input.cursor ? matching.findIndex((d) => d.document_id < input.cursor!) : 0;
  const from = start < 0 ? matching.length : start;
  const items = matching.slice(from, from + limit);
  const more = from + limit < matching.length;
  return {
    holder: holderOutputOf(a),
    items: items.map((doc) => documentView(doc, a, day)),
    cursor: more ? (items.at(-1)?.document_id ?? null) : null,
    requirements: requirementStanding(requirements, all, day),
  };
}

/** The caller's organization and its today, for the lists of holders (404 without one). */
const holdersOrganization = (actor: DocActor, deps: DocumentDeps) => {
  if (!actor.organizationId || !actor.organization) throw notFound();
  return { organizationId: actor.organizationId, day: todayIn(actor.organization.timezone, deps.now()) };
};

/** One holder in the lists: where each requirement stands, the current documents and the worst state of all. */
const holderSummary = (
  holderId: string,
  name: string,
  requirements: readonly Requirement[],
  docs: StoredDocument[],
  day: string,
): HolderSummaryOutput => {
  const standing = requirementStanding(requirements, docs, day);
  const current = docs.filter((d) => d.phase !== 'replaced');
  return {
    holder_id: holderId,
    name,
    state: worstState([...standing.map((r) => r.state), ...current.map((d) => stateOf(d, day))]),
    requirements: standing,
    documents: current.length,
  };
};

/** documents/ (members): one page of active members in name order, each with their requirements. */
export async function listMemberDocuments(
  actor: DocActor,
  query: ListHoldersQuery,
  deps: DocumentDeps = defaultDeps,
) {
  const { organizationId, day } = holdersOrganization(actor, deps);
  const [page, roles] = await Promise.all([
    deps.organizations.activeMembersPage(organizationId, { cursor: query.cursor, limit: query.limit ?? 25 }),
    deps.organizations.organizationRoles(organizationId),
  ]);
  const items: HolderSummaryOutput[] = await Promise.all(
    page.items.map(async (member) => {
      const docs = await deps.store.all({ source_type: 'person', holder_id: member.user_id });
      return holderSummary(
        member.user_id,
        displayName(member.first_name, member.last_name, actor.lang),
        requirementsForRoles(roles.filter((r) => member.role_ids.includes(r.role_id))),
        docs,
        day,
      );
    }),
  );
  return { items, cursor: page.cursor };
}

/** documents/ (aircraft): every aircraft with its certificates; one Query for all their documents. */
export async function listPlaneDocuments(
  actor: DocActor,
  query: ListHoldersQuery,
  deps: DocumentDeps = defaultDeps,
) {
  const { organizationId, day } = holdersOrganization(actor, deps);
  const [planes, docs, settings] = await Promise.all([
    deps.aircraft.planesOf(organizationId),
    deps.store.ofOrganizationSource(organizationId, 'plane'),
    deps.organizations.organizationSettings(organizationId),
  ]);
  // The fleet is read whole (one Query, tens of aircraft) and paged by registration.
  const limit = query.limit ?? 25;
  const start = query.cursor ? planes.findIndex((p) => p.reg_num > query.cursor!) : 0;
  const from = start < 0 ? planes.length : start;
  const shown = planes.slice(from, from + limit);
  const items = shown.map((plane) =>
    holderSummary(
      plane.plane_id,
      plane.reg_num,
      PLANE_REQUIREMENTS,
      docs.filter((d) => d.holder.holder_id === plane.plane_id),
      day,
    ),
  );
  return {
    items,
    cursor: from + limit < planes.length ? (shown.at(-1)?.reg_num ?? null) : null,
    policy: settings?.certificate_expiry_policy ?? 'warn',
  };
}

// ---- writes -----------------------------------------------------------------------------------

async function checkType(documentTypeId: string, source: DocumentSourceType, deps: DocumentDeps) {
  const types = await deps.organizations.typeListEntries('documentTypes');
  const entry = types.find((t) => t.code === documentTypeId);
  if (!entry?.active || !typeFitsSource(documentTypeId, source))
    throw validationFailed({ document_type_id: ['invalid_value'] });
}

const datesOf = (
  input: Pick<CreateDocumentInput, 'issue_date' | 'expiration_date' | 'no_expiry' | 'note'>,
) => ({
  issue_date: input.issue_date ?? undefined,
  expiration_date: input.no_expiry ? undefined : (input.expiration_date ?? undefined),
  no_expiry: input.no_expiry,
  note: input.note ?? undefined,
});

export async function createDocument(
  actor: DocActor,
  source: DocumentSourceType,
  holderId: string,
  input: CreateDocumentInput,
  deps: DocumentDeps = defaultDeps,
): Promise<DocumentOutput> {
  const a = await access(actor, source, holderId, deps);
  writable(a);
  await checkType(input.document_type_id, source, deps);
  const now = deps.now();
  const doc: StoredDocument = {
    holder: a.holder,
    document_id: timeOrderedId(now.getTime()),
    document_type_id: input.document_type_id,
    ...datesOf(input),
    phase: 'in_progress',
    files: [],
    notified_stages: [],
    created_by: actor.userId,
    created_by_name: actor.userName,
    version: 1,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await deps.store.write(actor, { create: [doc], audit: auditOf(a, 'document.create', doc) });
  return documentView(doc, a, today(a, deps));
}

export async function updateDocument(
  actor: DocActor,
  source: DocumentSourceType,
  holderId: string,
  documentId: string,
  input: UpdateDocumentInput,
  deps: DocumentDeps = defaultDeps,
): Promise<DocumentOutput> {
  const { a, doc } = await changeable(actor, source, holderId, documentId, deps);
  if (doc.version !== input.version) throw conflict();
  const dates = datesOf(input);
  const dateChanged = dates.expiration_date !== doc.expiration_date || dates.no_expiry !== doc.no_expiry;
  const next: StoredDocument = {
    ...doc,
    issue_date: dates.issue_date,
    expiration_date: dates.expiration_date,
    no_expiry: dates.no_expiry,
    note: dates.note,
    // A corrected date starts the notices over: what was told was about the wrong day.
    notified_stages: dateChanged ? [] : doc.notified_stages,
    version: doc.version + 1,
  };
  await deps.store.write(actor, {
    put: [{ doc: next, expected: input.version }],
    audit: auditOf(a, 'document.update', doc, { date_changed: dateChanged }),
  });
  if (dateChanged && next.phase === 'active') await syncCertificates(actor, a, deps);
  return documentView(next, a, today(a, deps));
}

const deleteFiles = async (keys: readonly string[], deps: DocumentDeps) => {
  // After the commit, best effort: an orphan object is harmless, a record pointing at nothing is not.
  const results = await Promise.allSettled(keys.map((key) => deps.files.deleteObject(key)));
  if (results.some((r) => r.status === 'rejected'))
    logger.warn('document file delete failed', { count: keys.length });
};

/** Removes a document and its files; the earlier version it replaced is current again. */
export async function deleteDocument(
  actor: DocActor,
  source: DocumentSourceType,
  holderId: string,
  documentId: string,
  deps: DocumentDeps = defaultDeps,
): Promise<null> {
  const { a, doc } = await changeable(actor, source, holderId, documentId, deps);
  const previous = doc.replaces ? await deps.store.get(a.holder, doc.replaces) : null;
  const restore =
    previous && previous.phase === 'replaced' && previous.replaced_by === doc.document_id
      ? [
          {
            doc: {
              ...previous,
              phase: 'active' as const,
              replaced_by: undefined,
              version: previous.version + 1,
            },
            expected: previous.version,
          },
        ]
      : [];
  await deps.store.write(actor, {
    remove: [{ doc, expected: doc.version }],
    put: restore,
    audit: auditOf(a, 'document.delete', doc, { files: doc.files.length }),
  });
  await deleteFiles(
    doc.files.map((f) => f.key),
    deps,
  );
  if (doc.phase === 'active' || restore.length > 0) await syncCertificates(actor, a, deps);
  return null;
}

/** `person/<id>/documents/<doc>/` or `org/<id>/documents/<plane|organization>/<holder>/<doc>/`. */
export const filePrefix = (holder: Holder, documentId: string) =>
  holder.source_type === 'person'
    ? `person/${holder.holder_id}/documents/${documentId}/`
    : `org/${holder.organization_id}/documents/${holder.source_type}/${holder.holder_id}/${documentId}/`;

const fileError = (reason: DocumentFileError) => validationFailed({ file: [reason] });

export async function createDocumentUpload(
  actor: DocActor,
  source: DocumentSourceType,
  holderId: string,
  documentId: string,
  input: DocumentUploadInput,
  deps: DocumentDeps = defaultDeps,
) {
  const { a, doc } = await changeable(actor, source, holderId, documentId, deps);
  if (doc.files.length >= MAX_DOCUMENT_FILES) throw fileError('file_limit');
  const extension = extensionOf(input.name) === 'jpeg' ? 'jpg' : extensionOf(input.name);
  const key = `${filePrefix(a.holder, documentId)}${randomUUID()}.${extension}`;
  // The declared type is one of the document types (the schema); what it really is is checked after.
  const post = await deps.files.presignedPost({
    key,
    contentType: input.content_type,
    maxBytes: MAX_DOCUMENT_BYTES,
  });
  return { ...post, key, max_bytes: MAX_DOCUMENT_BYTES };
}

/**
 * The upload is done: what arrived is checked (size, first bytes: jpg, png, bmp or pdf, whatever
 * the name says) before the document points at it; a bad file is deleted and the user told why.
 */
export async function addDocumentFile(
  actor: DocActor,
  source: DocumentSourceType,
  holderId: string,
  documentId: string,
  input: AddDocumentFileInput,
  deps: DocumentDeps = defaultDeps,
): Promise<DocumentOutput> {
  const { a, doc } = await changeable(actor, source, holderId, documentId, deps);
  const prefix = filePrefix(a.holder, documentId);
  const name = input.key.slice(prefix.length);
  const match = /^([0-9a-f-]{36})\.([a-z]{3,4})$/.exec(name);
  // Only a key this document handed out: another holder's object is never adopted.
  if (!input.key.startsWith(prefix) || !match || !DOCUMENT_EXTENSIONS.includes(match[2]!))
    throw validationFailed({ key: ['invalid_value'] });
  if (doc.files.some((f) => f.key === input.key)) return documentView(doc, a, today(a, deps));

  const size = await deps.files.objectSize(input.key);
  if (size === null) throw fileError('file_missing');
  const refuse = async (reason: DocumentFileError) => {
    await deps.files.deleteObject(input.key);
    return fileError(reason);
  };
  if (size === 0 || size > MAX_DOCUMENT_BYTES) throw await refuse('file_too_large');
  const contentType = sniffFileType(
    await deps.files.objectStart(input.key, SNIFF_BYTES),
    FILE_FEATURES.document,
  );
  if (!contentType) throw await refuse('file_not_accepted');
  if (doc.files.length >= MAX_DOCUMENT_FILES) throw await refuse('file_limit');

  const file: DocumentFile = {
    file_id: match[1]!,
    key: input.key,
    name: input.name,
    size,
    content_type: contentType,
    uploaded_at: deps.now().toISOString(),
  };
  const next: StoredDocument = { ...doc, files: [...doc.files, file], version: doc.version + 1 };
  try {
    // Stored under the type its bytes show, never the one the uploader declared.
    await deps.files.storeAs(input.key, serving(file));
    await deps.store.write(actor, {
      put: [{ doc: next, expected: doc.version }],
      audit: auditOf(a, 'document.file_add', doc, { size }),
    });
  } catch (error) {
    // Changed meanwhile: the object would belong to nothing.
    await deps.files.deleteObject(input.key);
    throw error;
  }
  return documentView(next, a, today(a, deps));
}

export async function removeDocumentFile(
  actor: DocActor,
  source: DocumentSourceType,
  holderId: string,
  documentId: string,
  fileId: string,
  deps: DocumentDeps = defaultDeps,
): Promise<DocumentOutput> {
  const { a, doc } = await changeable(actor, source, holderId, documentId, deps);
  const file = doc.files.find((f) => f.file_id === fileId);
  if (!file) throw notFound();
  // A document in force keeps at least one file: spec §8 "Document not uploaded."
  if (doc.phase === 'active' && doc.files.length === 1)
    throw validationFailed({ files: ['document_not_uploaded'] });
  const next: StoredDocument = {
    ...doc,
    files: doc.files.filter((f) => f.file_id !== fileId),
    version: doc.version + 1,
  };
  await deps.store.write(actor, {
    put: [{ doc: next, expected: doc.version }],
    audit: auditOf(a, 'document.file_remove', doc),
  });
  await deleteFiles([file.key], deps);
  return documentView(next, a, today(a, deps));
}

/**
 * In progress → in force. A single type's current documents of the holder become earlier versions
 * of this one in the same write (a renewed medical replaces the old one, which stays viewable).
 */
export async function completeDocument(
  actor: DocActor,
  source: DocumentSourceType,
  holderId: string,
  documentId: string,
  input: VersionInput,
  deps: DocumentDeps = defaultDeps,
): Promise<DocumentOutput> {
  const { a, doc } = await changeable(actor, source, holderId, documentId, deps);
  if (doc.phase !== 'in_progress' || doc.version !== input.version) throw conflict();
  if (doc.files.length === 0) throw validationFailed({ files: ['document_not_uploaded'] });
  const replaced = ruleOf(doc.document_type_id).single
    ? (await deps.store.all(a.holder))
        .filter((d) => d.phase === 'active' && d.document_type_id === doc.document_type_id)
        .sort((x, y) => y.document_id.localeCompare(x.document_id))
    : [];
  const next: StoredDocument = {
    ...doc,
    phase: 'active',
    ...(replaced[0] ? { replaces: replaced[0].document_id } : {}),
    version: doc.version + 1,
  };
  await deps.store.write(actor, {
    put: [
      { doc: next, expected: input.version },
      ...replaced.map((old) => ({
        doc: { ...old, phase: 'replaced' as const, replaced_by: doc.document_id, version: old.version + 1 },
        expected: old.version,
      })),
    ],
    audit: auditOf(a, 'document.complete', doc, { replaced: replaced.map((d) => d.document_id) }),
  });
  await syncCertificates(actor, a, deps);
  return documentView(next, a, today(a, deps));
}

// ---- aircraft certificates ----------------------------------------------------------------------

/**
 * Tells the aircraft domain how the aircraft's certificates stand now, with the organization's
 * policy (issue 17 §2): `off` records nothing to show; `ground` grounds while one is expired.
 * A lost race with an edit of the aircraft is tried again on fresh reads.
 */
export async function syncPlaneCertificates(
  auditor: aircraft.CertificateActor,
  organizationId: string,
  planeId: string,
  deps: DocumentDeps = defaultDeps,
  known?: { docs?: StoredDocument[]; settings?: organizations.OrganizationSettings | null },
) {
  const settings = known?.settings ?? (await deps.organizations.organizationSettings(organizationId));
  if (!settings) return null;
  const holder: Holder = { source_type: 'plane', holder_id: planeId, organization_id: organizationId };
  const docs = known?.docs ?? (await deps.store.all(holder));
  const now = deps.now();
  const day = todayIn(settings.timezone, now);
  const policy = settings.certificate_expiry_policy;
  const standing =
    policy === 'off'
      ? []
      : requirementStanding(PLANE_REQUIREMENTS, docs, day).map((r) => ({
          requirement: r.requirement,
          state: r.state,
          expiration_date: r.expiration_date,
        }));
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.aircraft.recordCertificates(
        auditor,
        organizationId,
        planeId,
        standing,
        policy === 'ground',
        {
          now,
          timeZone: settings.timezone,
        },
      );
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error && error.message === 'conflict')) throw error;
    }
  }
}

async function syncCertificates(actor: DocActor, a: Access, deps: DocumentDeps) {
  if (a.holder.source_type !== 'plane') return;
  try {
    await syncPlaneCertificates(actor, a.holder.organization_id, a.holder.holder_id, deps);
  } catch (error) {
    // The document is saved; the daily job brings the aircraft in line if this failed.
    logger.warn('certificate sync failed', {
      plane_id: a.holder.holder_id,
      reason: error instanceof Error ? error.message : '',
    });
  }
}
