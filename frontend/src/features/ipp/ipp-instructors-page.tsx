import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import type { ippInstructorsOutput } from '../../../../contracts/schemas/ipp.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call } from '../../lib/api-client.ts';
import { ValidityText } from '../dto/dto-instructors-page.tsx';
import { ShareFilter, useReceived, useShareFilter } from './ipp-filter.tsx';

type Instructor = z.infer<typeof ippInstructorsOutput>['items'][number];

/** ipp/instructors: the instructors partners share with this organization, with their FI(S) validity. */
export default function IppInstructorsPage() {
  const { t } = useTranslation(['training', 'nav', 'common']);
  const filter = useShareFilter();
  const load = useCallback(
    (shareId: string | undefined) => call('listIppInstructors', { query: { share_id: shareId } }),
    [],
  );
  const items = useReceived<Instructor>(load, filter.shareId);
  return (
    <DataTable<Instructor>
      id="ipp-instructors"
      variant="full-page"
      header={<Header variant="awsui-h1-sticky">{t('nav:title.ipp_instructors')}</Header>}
      filter={<ShareFilter shares={filter.shares} shareId={filter.shareId} onChange={filter.setShareId} />}
      items={items ?? []}
      loading={!items}
      loadingText={t('common:nav.loading')}
      trackBy={(i) => `${i.share_id}-${i.user_id}`}
      empty={<Box color="text-status-inactive">{t('ipp.received.nothing')}</Box>}
      testId="ipp-instructors"
      columns={[
        { id: 'name', header: t('dto.instructors.name'), cell: (i) => i.name },
        { id: 'organization', header: t('ipp.field.partner'), cell: (i) => i.organization_name },
        { id: 'fis', header: t('dto.instructors.fis'), cell: (i) => <ValidityText fis={i.fis} /> },
      ]}
    />
  );
}
