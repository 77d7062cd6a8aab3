import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { AirportOutput } from '../../../../contracts/schemas/airports.ts';
import { PageButton, PageLink } from '../../app/links.tsx';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import { call } from '../../lib/api-client.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';

const PAGE_SIZE = 50;

/**
 * `airports` (supervisor, airport-list; issue 15 §1): the reference airports every club draws on,
 * a page at a time, each opening its edit screen with runways and landing fees.
 */
export default function AirportsPage() {
  const { t } = useTranslation(['airports', 'nav', 'common']);
  const fetchPage = useCallback(
    (cursor: string | undefined) => call('listAirports', { query: { cursor, limit: PAGE_SIZE } }),
    [],
  );
  const list = useCursorPages<AirportOutput>(fetchPage, 'airports');
  const columns: DataColumn<AirportOutput>[] = [
    {
      id: 'name',
      header: t('field.name'),
      cell: (a) => (
        <PageLink
          href={hrefOf('airport/:id', { id: a.airport_id })}
          data-testid={`airport-open-${a.airport_id}`}
        >
          {a.name}
        </PageLink>
      ),
    },
    { id: 'icao', header: t('field.icao'), cell: (a) => a.icao ?? '—' },
    { id: 'iata_faa', header: t('field.iata_faa'), cell: (a) => a.iata_faa ?? '—', hiddenByDefault: true },
    { id: 'city', header: t('field.city'), cell: (a) => a.city ?? '—' },
    { id: 'country', header: t('field.country'), cell: (a) => a.country },
    { id: 'category', header: t('field.airport_category'), cell: (a) => t(`category.${a.airport_category}`) },
    {
      id: 'runways',
      header: t('runways.title'),
      cell: (a) => a.runways.map((r) => `${r.designator} (${r.length} m)`).join(', ') || '—',
    },
    {
      id: 'fees',
      header: t('fees.title'),
      cell: (a) =>
        a.landing_fees.length > 0 ? (
          <StatusIndicator type="success">{t('fees.rows', { count: a.landing_fees.length })}</StatusIndicator>
        ) : (
          '—'
        ),
    },
    {
      id: 'show_in_map',
      header: t('field.show_in_map'),
      cell: (a) => (a.show_in_map ? t('yes') : t('no')),
      hiddenByDefault: true,
    },
  ];
  return (
    <DataTable<AirportOutput>
      id="airports"
      testId="airports-table"
      variant="full-page"
      loading={list.loading}
      loadingText={t('common:nav.loading')}
      items={list.items}
      trackBy="airport_id"
      columns={columns}
      header={
        <Header
          variant="awsui-h1-sticky"
          description={t('list.description')}
          actions={
            <PageButton href={hrefOf('airport/:id', { id: 'new' })} data-testid="airport-new">
              {t('list.new')}
            </PageButton>
          }
        >
          {t('nav:title.airports')}
        </Header>
      }
      empty={<Box color="text-status-inactive">{t('list.empty')}</Box>}
      pagination={
        <Pagination
          currentPageIndex={list.pageNumber}
          pagesCount={list.pagesCount}
          openEnd={list.hasMore}
          onChange={({ detail }) => list.goTo(detail.currentPageIndex)}
        />
      }
    />
  );
}
