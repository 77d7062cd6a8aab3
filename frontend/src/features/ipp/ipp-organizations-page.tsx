import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import type { ippOrganizationsOutput } from '../../../../contracts/schemas/ipp.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';

type Share = z.infer<typeof ippOrganizationsOutput>['items'][number];

/** ipp/organizations: the organizations that share with this one now, and what they share. */
export default function IppOrganizationsPage() {
  const { t } = useTranslation(['training', 'nav', 'common']);
  const fetchPage = useCallback(
    (cursor: string | undefined) => call('listIppOrganizations', { query: { cursor, limit: 50 } }),
    [],
  );
  const shares = useCursorPages<Share>(fetchPage, 'ipp-organizations');
  return (
    <DataTable<Share>
      id="ipp-organizations"
      variant="full-page"
      header={
        <Header variant="awsui-h1-sticky" description={t('ipp.received.description')}>
          {t('nav:title.ipp_organizations')}
        </Header>
      }
      items={shares.items}
      loading={shares.loading}
      loadingText={t('common:nav.loading')}
      trackBy="share_id"
      empty={<Box color="text-status-inactive">{t('ipp.received.empty')}</Box>}
      pagination={
        <Pagination
          currentPageIndex={shares.pageNumber}
          pagesCount={shares.pagesCount}
          openEnd={shares.hasMore}
          onChange={({ detail }) => shares.goTo(detail.currentPageIndex)}
        />
      }
      testId="ipp-organizations"
      columns={[
        {
          id: 'name',
          header: t('ipp.field.partner'),
          cell: (s) => `${s.organization_name} (${s.short_name})`,
        },
        {
          id: 'window',
          header: t('ipp.field.window'),
          cell: (s) => `${formatDate(s.start_date)} – ${formatDate(s.end_date)}`,
        },
        { id: 'instructors', header: t('ipp.field.instructors'), cell: (s) => s.instructors },
        { id: 'students', header: t('ipp.field.students'), cell: (s) => s.students },
        { id: 'planes', header: t('ipp.field.planes'), cell: (s) => s.planes },
        { id: 'programmes', header: t('ipp.field.programmes'), cell: (s) => s.programmes },
      ]}
    />
  );
}
