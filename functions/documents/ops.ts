import type { DomainOps } from '../platform/http/router.ts';
import * as documents from './document-service.ts';

/** HTTP adaptor of the documents domain: one line per operation, the rules are in document-service.ts. */
export const ops: DomainOps<'documents'> = {
  listMemberDocuments: ({ actor, query }) => documents.listMemberDocuments(actor, query),
  listPlaneDocuments: ({ actor, query }) => documents.listPlaneDocuments(actor, query),
  listDocuments: ({ actor, params, query }) =>
    documents.listDocuments(actor, params.source_type, params.holder_id, query),
  createDocument: ({ actor, params, body }) =>
    documents.createDocument(actor, params.source_type, params.holder_id, body),
  getDocument: ({ actor, params }) =>
    documents.getDocument(actor, params.source_type, params.holder_id, params.document_id),
  updateDocument: ({ actor, params, body }) =>
    documents.updateDocument(actor, params.source_type, params.holder_id, params.document_id, body),
  deleteDocument: ({ actor, params }) =>
    documents.deleteDocument(actor, params.source_type, params.holder_id, params.document_id),
  createDocumentUpload: ({ actor, params, body }) =>
    documents.createDocumentUpload(actor, params.source_type, params.holder_id, params.document_id, body),
  addDocumentFile: ({ actor, params, body }) =>
    documents.addDocumentFile(actor, params.source_type, params.holder_id, params.document_id, body),
  removeDocumentFile: ({ actor, params }) =>
    documents.removeDocumentFile(
      actor,
      params.source_type,
      params.holder_id,
      params.document_id,
      params.file_id,
    ),
  completeDocument: ({ actor, params, body }) =>
    documents.completeDocument(actor, params.source_type, params.holder_id, params.document_id, body),
  getDocumentFile: ({ actor, params }) =>
    documents.getDocumentFile(
      actor,
      params.source_type,
      params.holder_id,
      params.document_id,
      params.file_id,
    ),
  searchDocuments: ({ actor, body }) => documents.searchDocuments(actor, body),
};
