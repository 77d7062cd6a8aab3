import ContentLayout from '@cloudscape-design/components/content-layout';
import { useTranslation } from 'react-i18next';
import { HolderDocuments, type HolderSource } from './holder-documents.tsx';

const OWN: HolderSource = { kind: 'own' };

/**
 * `profile/documents`: the person's own documents (spec §7 search-documents) — a pilot who
 * registered alone keeps theirs here too, with the same expiry reminders.
 */
export default function ProfileDocumentsPage() {
  const { t } = useTranslation('nav');
  return (
    <ContentLayout>
      <HolderDocuments source={OWN} title={t('title.profile_documents')} />
    </ContentLayout>
  );
}
