import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageButton, PageLink } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call } from '../../lib/api-client.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { useDebounced } from '../../lib/use-debounced.ts';

const PAGE_SIZE = 25;
const EMPTY = '—';

/**
 * `organizations` (supervisor): every organization, by name, paged by the server; the filter looks
 * at the name, short name and base airport.
 */
export default function OrganizationsPage() {
  const { t } = useTranslation(['organizations', 'nav', 'common']);
  const [filterText, setFilterText] = useState('');
  const [descending, setDescending] = useState(false);
  const filter = useDebounced(filterText.trim(), 300);

  const fetchPage = useCallback(
    (cursor: string | undefined) =>
      call('listOrganizations', {
        query: { limit: PAGE_SIZE, order: descending ? 'desc' : 'asc', filter: filter || undefined, cursor },
      }),
    [descending, filter],
  );
  const list = useCursorPages(fetchPage, `${filter}|${descending}`);

  return (
    <DataTable
      id="organizations"
      testId="organizations-table"
      variant="full-page"
      loading={list.loading}
      loadingText={t('common:nav.loading')}
      items={list.items}
      trackBy="organization_id"
      sortingColumn={{ sortingField: 'organization_name' }}
      sortingDescending={descending}
      onSortingChange={({ detail }) => setDescending(detail.isDescending === true)}
      header={
        <Header
          variant="awsui-h1-sticky"
          description={t('list.description')}
          actions={
            <PageButton href={hrefOf('organization/new')} data-testid="organization-new">
              {t('list.new')}
            </PageButton>
          }
        >
          {t('nav:title.organizations')}
        </Header>
      }
      filter={
        <TextFilter
          filteringText={filterText}
          filteringPlaceholder={t('list.filter')}
          filteringAriaLabel={t('list.filter')}
          onChange={({ detail }) => setFilterText(detail.filteringText)}
          data-testid="organizations-filter"
        />
      }
      pagination={
        <Pagination
          currentPageIndex={list.pageNumber}
          pagesCount={list.pagesCount}
          openEnd={list.hasMore}
          onChange={({ detail }) => list.goTo(detail.currentPageIndex)}
        />
      }
      empty={
        <Box textAlign="center" color="inherit">
          <SpaceBetween size="xs">
            <b>{filter ? t('list.no_match') : t('list.empty')}</b>
            {filter ? <Button onClick={() => setFilterText('')}>{t('list.clear_filter')}</Button> : null}
          </SpaceBetween>
        </Box>
      }
      columns={[
        {
          id: 'organization_name',
          header: t('column.name'),
          sortingField: 'organization_name',
          cell: (item) => (
            <PageLink
              href={hrefOf('organization/edit/:id', { id: item.organization_id })}
              data-testid={`organization-row-${item.short_name}`}
            >
              {item.organization_name}
            </PageLink>
          ),
        },
        { id: 'short_name', header: t('column.short_name'), cell: (item) => item.short_name },
        { id: 'base_airport', header: t('column.base_airport'), cell: (item) => item.base_airport ?? EMPTY },
        {
          id: 'modules_count',
          header: t('column.modules_count'),
          cell: (item) => item.modules_count,
        },
        {
          id: 'package_name',
          header: t('column.package'),
          cell: (item) => (
            <span data-testid={`package-${item.organization_id}`}>
              {item.package_name ?? EMPTY}
              {item.package_requested ? (
                <Box variant="small" display="block" color="text-status-warning">
                  {t('column.package_requested', { name: item.package_requested })}
                </Box>
              ) : null}
            </span>
          ),
        },
        {
          id: 'subscriptions',
          header: t('column.subscriptions'),
          cell: (item) => (
            <PageLink
              href={hrefOf('organization/:id/subscriptions', { id: item.organization_id })}
              data-testid={`organization-subscriptions-${item.short_name}`}
              fallback={null}
            >
              {t('list.subscriptions')}
            </PageLink>
          ),
        },
      ]}
    />
  );
}
