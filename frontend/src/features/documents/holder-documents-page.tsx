import ContentLayout from '@cloudscape-design/components/content-layout';
import { useMemo } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { DOCUMENT_SOURCE_TYPES, type DocumentSourceType } from '../../../../contracts/documents.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { HolderDocuments, type HolderSource } from './holder-documents.tsx';

const isSource = (value: string | undefined): value is DocumentSourceType =>
  (DOCUMENT_SOURCE_TYPES as readonly string[]).includes(value ?? '');

/**
 * `documents/{sourcetype}/{id?}`: a member's (person), an aircraft's (plane) or the organization's
 * documents. Without an id: one's own (person) or the current organization's; the API decides who
 * may see and change what.
 */
export default function HolderDocumentsPage() {
  const { sourcetype, id } = useParams();
  const { profile } = useStore(session);
  const holderId =
    id ??
    (sourcetype === 'organization'
      ? profile?.organization?.organization_id
      : sourcetype === 'person'
        ? profile?.user_id
        : undefined);
  const source = useMemo<HolderSource | null>(
    () =>
      isSource(sourcetype) && holderId
        ? { kind: 'holder', place: { source_type: sourcetype, holder_id: holderId } }
        : null,
    [sourcetype, holderId],
  );
  if (!source) return <Navigate to={hrefOf('documents')} replace />;
  return (
    <ContentLayout>
      <HolderDocuments source={source} />
    </ContentLayout>
  );
}
