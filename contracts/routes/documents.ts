import type { Guard, RouteDef } from '../route-types.ts';
import * as documents from '../schemas/documents.ts';
import { entityId } from '../validation.ts';

/**
 * Documents domain (spec §2 documents/{sourcetype?}/{id?}, profile/documents; §7 GET /files,
 * POST /api/profile/search-documents). Whose documents a caller reads and writes depends on the
 * holder: a person their own, and the club's responsible people a member's (only while the person
 * is an active member); an aircraft's by plane-list / plane-edit; the organization's by its members
 * / organization-edit. So most rows need a signed-in member and the service decides the rest.
 */
const member: Guard = { auth: 'user' };

/** `/api/documents/{source_type}/{holder_id}`: the holder's documents. */
const holder = { source_type: documents.sourceType, holder_id: entityId };
const oneDocument = { ...holder, document_id: entityId };

export const documentRoutes = {
  /** documents/ (members): each active member's requirements and how they stand, in name order. */
  listMemberDocuments: {
    method: 'GET',
    path: '/api/documents/members',
    domain: 'documents',
    guard: { auth: 'user', permission: 'user-edit' },
    query: documents.listHoldersQuery,
    output: documents.memberDocumentsOutput,
  },
  /** documents/ (aircraft): each aircraft's certificates and the organization's policy about them. */
  listPlaneDocuments: {
    method: 'GET',
    path: '/api/documents/planes',
    domain: 'documents',
    guard: { auth: 'user', permission: 'plane-list' },
    query: documents.listHoldersQuery,
    output: documents.planeDocumentsOutput,
  },
  listDocuments: {
    method: 'GET',
    path: '/api/documents/{source_type}/{holder_id}',
    params: holder,
    domain: 'documents',
    guard: member,
    query: documents.listDocumentsQuery,
    output: documents.documentListOutput,
  },
  createDocument: {
    method: 'POST',
    path: '/api/documents/{source_type}/{holder_id}',
    params: holder,
    domain: 'documents',
    guard: member,
    body: documents.createDocumentInput,
    output: documents.documentOutput,
  },
  getDocument: {
    method: 'GET',
    path: '/api/documents/{source_type}/{holder_id}/{document_id}',
    params: oneDocument,
    domain: 'documents',
    guard: member,
    output: documents.documentDetailOutput,
  },
  /** Dates and note; a replaced (earlier) version is read-only. */
  updateDocument: {
    method: 'PATCH',
    path: '/api/documents/{source_type}/{holder_id}/{document_id}',
    params: oneDocument,
    domain: 'documents',
    guard: member,
    body: documents.updateDocumentInput,
    output: documents.documentOutput,
  },
  /** Removes the document and its files; the version it replaced is current again. */
  deleteDocument: {
    method: 'DELETE',
    path: '/api/documents/{source_type}/{holder_id}/{document_id}',
    params: oneDocument,
    domain: 'documents',
    guard: member,
    output: documents.noContent,
  },
  /** A presigned S3 POST for one file (jpg, png, bmp, pdf). */
  createDocumentUpload: {
    method: 'POST',
    path: '/api/documents/{source_type}/{holder_id}/{document_id}/files/upload',
    params: oneDocument,
    domain: 'documents',
    guard: member,
    body: documents.documentUploadInput,
    output: documents.documentUploadOutput,
  },
  /** After the upload: the object is checked (size, first bytes) and added, or deleted with a 422. */
  addDocumentFile: {
    method: 'POST',
    path: '/api/documents/{source_type}/{holder_id}/{document_id}/files',
    params: oneDocument,
    domain: 'documents',
    guard: member,
    body: documents.addDocumentFileInput,
    output: documents.documentOutput,
  },
  removeDocumentFile: {
    method: 'DELETE',
    path: '/api/documents/{source_type}/{holder_id}/{document_id}/files/{file_id}',
    params: { ...oneDocument, file_id: entityId },
    domain: 'documents',
    guard: member,
    output: documents.documentOutput,
  },
  /**
   * In progress → in force: needs at least one file ("Document not uploaded."); a single type's
   * current document becomes the earlier version in the same write.
   */
  completeDocument: {
    method: 'POST',
    path: '/api/documents/{source_type}/{holder_id}/{document_id}/complete',
    params: oneDocument,
    domain: 'documents',
    guard: member,
    body: documents.versionInput,
    output: documents.documentOutput,
  },
  /** Spec §7 GET /files: a short-lived link to one file, for whoever may read its document. */
  getDocumentFile: {
    method: 'GET',
    path: '/api/files/{source_type}/{holder_id}/{document_id}/{file_id}',
    params: { ...oneDocument, file_id: entityId },
    domain: 'documents',
    guard: member,
    output: documents.fileLinkOutput,
  },
  /** Spec §7: profile/documents, the caller's own documents and requirements. */
  searchDocuments: {
    method: 'POST',
    path: '/api/profile/search-documents',
    domain: 'documents',
    guard: member,
    body: documents.searchDocumentsInput,
    output: documents.searchDocumentsOutput,
  },
} as const satisfies Record<string, RouteDef>;
