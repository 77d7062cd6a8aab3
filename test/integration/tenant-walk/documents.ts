import { subOf } from '../../helpers/platform.ts';
import type { WalkArea } from './area.ts';

/** Organization A's documents the walk tries to reach from organization B. */
const a = { medical: '', insurance: '' };
const pilot = { source_type: 'person', holder_id: 'user-pilot' };
const plane = { source_type: 'plane', holder_id: 'plane-ha-4012' };
const ownOrganization = { source_type: 'organization', holder_id: 'org-demo' };
const fileOf = (documentId: () => string) => () => ({
  ...pilot,
  document_id: documentId(),
  file_id: '00000000-0000-4000-8000-000000000000',
});

/**
 * The tenant walk over the documents domain: A's member's medical, A's aircraft's insurance and
 * A's own documents, by every operation that names a holder.
 */
export const documentsWalk: WalkArea = {
  ids: {
    listDocuments: () => pilot,
    createDocument: () => plane,
    getDocument: () => ({ ...pilot, document_id: a.medical }),
    updateDocument: () => ({ ...plane, document_id: a.insurance }),
    deleteDocument: () => ({ ...plane, document_id: a.insurance }),
    createDocumentUpload: () => ({ ...pilot, document_id: a.medical }),
    addDocumentFile: () => ({ ...ownOrganization, document_id: a.medical }),
    removeDocumentFile: fileOf(() => a.medical),
    completeDocument: () => ({ ...pilot, document_id: a.medical }),
    getDocumentFile: fileOf(() => a.medical),
  },
  bodies: {
    createDocument: { document_type_id: 'insurance', expiration_date: '2027-05-31', no_expiry: false },
    updateDocument: { expiration_date: '2027-05-31', no_expiry: false, version: 1 },
    createDocumentUpload: { name: 'walk.pdf', content_type: 'application/pdf', size: 100 },
    addDocumentFile: () => ({
      key: `person/user-pilot/documents/${a.medical}/00000000-0000-4000-8000-000000000000.pdf`,
      name: 'walk.pdf',
    }),
    completeDocument: { version: 1 },
    searchDocuments: { text: 'Walk' },
  },
  async setup(platform) {
    const medical = await platform.invoke('createDocument', {
      sub: subOf('pilot@demo.windsock.aero'),
      params: pilot,
      body: { document_type_id: 'medical', expiration_date: '2027-05-31', no_expiry: false, note: 'Walk' },
    });
    a.medical = medical.body.document_id;
    const insurance = await platform.invoke('createDocument', {
      sub: subOf('technical@demo.windsock.aero'),
      params: plane,
      body: { document_type_id: 'insurance', expiration_date: '2027-05-31', no_expiry: false },
    });
    a.insurance = insurance.body.document_id;
  },
};
