import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Icon from '@cloudscape-design/components/icon';
import Pagination from '@cloudscape-design/components/pagination';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PLANE_CATEGORY_FILTERS,
  type PlaneCategoryFilter,
  type PlaneListItem,
} from '../../../../contracts/schemas/aircraft.ts';
import { PLANE_STATUSES, type PlaneStatus } from '../../../../contracts/schemas/aircraft-enums.ts';
import { PageButton, PageLink } from '../../app/links.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { formatMinutes } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { refreshProfile } from '../../lib/session.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { PlaneCategoryLabel, PlaneStatusIndicator } from './plane-status.tsx';

const PAGE_SIZE = 25;

/**
 * `planes` (plane-list): the organization's aircraft by registration, with status, counters,
 * sharing and rental at a glance; filtered and paged by the server.
 */
export default function PlanesPage() {
  const { t } = useTranslation(['aircraft', 'nav', 'common', 'messages']);
  const { profile } = useStore(session);
  const [filterText, setFilterText] = useState('');
  const [status, setStatus] = useState<PlaneStatus | ''>('');
  const [category, setCategory] = useState<PlaneCategoryFilter | ''>('');
  const [deleting, setDeleting] = useState<PlaneListItem | null>(null);
  const [busy, setBusy] = useState(false);
  const filter = useDebounced(filterText.trim(), 300);

  const fetchPage = useCallback(
    (cursor: string | undefined) =>
      call('listPlanes', {
        query: {
          limit: PAGE_SIZE,
          cursor,
          filter: filter || undefined,
          status: status || undefined,
          category: category || undefined,
        },
      }),
    [filter, status, category],
  );
  const list = useCursorPages(fetchPage, `${filter}|${status}|${category}`);
  const canDelete = profile?.can['plane-delete'] === true;
  const filtered = Boolean(filter || status || category);

  const cancelDelete = () => setDeleting(null);
  const confirmDelete = async () => {
    if (!deleting || busy) return;
    setBusy(true);
    try {
      await call('deletePlane', { params: { id: deleting.plane_id } });
      flash('success', 'aircraft:flash.deleted', { values: { reg_num: deleting.reg_num } });
      setDeleting(null);
      list.reload();
      // The profile's aircraft drive the flight and reservation guards.
      void refreshProfile().catch(reportFailure);
    } catch (error) {
      setDeleting(null);
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const statusOptions = [
    { value: '', label: t('list.all_statuses') },
    ...PLANE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
  ];
  const categoryOptions = [
    { value: '', label: t('list.all_categories') },
    ...PLANE_CATEGORY_FILTERS.map((c) => ({ value: c, label: t(`category.${c}`) })),
  ];

  return (
    <>
      <DataTable
        id="planes"
        testId="planes-table"
        variant="full-page"
        loading={list.loading}
        loadingText={t('common:nav.loading')}
        items={list.items}
        trackBy="plane_id"
        header={
          <Header
            variant="awsui-h1-sticky"
            description={t('list.description')}
            actions={
              <PageButton href={hrefOf('plane/new')} data-testid="plane-new">
                {t('list.new')}
              </PageButton>
            }
          >
            {t('nav:title.planes')}
          </Header>
        }
        filter={
          <SpaceBetween direction="horizontal" size="xs">
            <TextFilter
              filteringText={filterText}
              filteringPlaceholder={t('list.filter')}
              filteringAriaLabel={t('list.filter')}
              onChange={({ detail }) => setFilterText(detail.filteringText)}
              data-testid="planes-filter"
            />
            <Select
              selectedOption={statusOptions.find((o) => o.value === status) ?? statusOptions[0] ?? null}
              options={statusOptions}
              onChange={({ detail }) => setStatus((detail.selectedOption.value ?? '') as PlaneStatus | '')}
              ariaLabel={t('column.status')}
              data-testid="planes-status-filter"
            />
            <Select
              selectedOption={categoryOptions.find((o) => o.value === category) ?? categoryOptions[0] ?? null}
              options={categoryOptions}
              onChange={({ detail }) =>
                setCategory((detail.selectedOption.value ?? '') as PlaneCategoryFilter | '')
              }
              ariaLabel={t('column.category')}
              data-testid="planes-category-filter"
            />
          </SpaceBetween>
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
              <b>{filtered ? t('list.no_match') : t('list.empty')}</b>
              {filtered ? (
                <Button
                  onClick={() => {
                    setFilterText('');
                    setStatus('');
                    setCategory('');
                  }}
                >
                  {t('list.clear_filter')}
                </Button>
              ) : null}
            </SpaceBetween>
          </Box>
        }
        columns={[
          {
            id: 'reg_num',
            header: t('column.reg_num'),
            cell: (item) => (
              <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
                <PageLink
                  href={hrefOf('plane/:id', { id: item.plane_id })}
                  data-testid={`plane-row-${item.reg_num}`}
                >
                  {item.reg_num}
                </PageLink>
                {item.can_be_shared ? (
                  <span title={t('list.shared')}>
                    <Icon name="share" ariaLabel={t('list.shared')} variant="subtle" />
                  </span>
                ) : null}
                {item.rentable ? (
                  <span title={t('list.rentable')}>
                    <Icon name="key" ariaLabel={t('list.rentable')} variant="subtle" />
                  </span>
                ) : null}
              </SpaceBetween>
            ),
          },
          {
            id: 'status',
            header: t('column.status'),
            cell: (item) => (
              <PlaneStatusIndicator status={item.status} testId={`plane-status-${item.reg_num}`} />
            ),
          },
          {
            id: 'flight_time',
            header: t('column.flight_time'),
            cell: (item) => formatMinutes(item.current_counter_flight),
          },
          {
            id: 'takeoffs',
            header: t('column.takeoffs'),
            cell: (item) => item.current_counter_takeoff.toLocaleString(profile?.lang ?? 'hu'),
          },
          {
            id: 'type',
            header: t('column.type'),
            cell: (item) => [item.model, item.plane_type].filter(Boolean).join(' · ') || '—',
          },
          {
            id: 'category',
            header: t('column.category'),
            cell: (item) => <PlaneCategoryLabel category={item.plane_category} isTmg={item.is_tmg} />,
          },
          {
            id: 'engine_time',
            header: t('column.engine_time'),
            hiddenByDefault: true,
            cell: (item) =>
              item.current_counter_engine > 0 ? formatMinutes(item.current_counter_engine) : '—',
          },
          ...(canDelete
            ? [
                {
                  id: 'actions',
                  header: t('column.actions'),
                  cell: (item: PlaneListItem) => (
                    <Button
                      variant="inline-icon"
                      iconName="remove"
                      ariaLabel={`${t('list.delete')} ${item.reg_num}`}
                      onClick={() => setDeleting(item)}
                      data-testid={`plane-delete-${item.reg_num}`}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      <ConfirmModal
        visible={deleting !== null}
        header={t('list.delete_title', { reg_num: deleting?.reg_num ?? '' })}
        confirmText={t('list.delete')}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={cancelDelete}
        testId="plane-delete-dialog"
      >
        {t('list.delete_body')}
      </ConfirmModal>
    </>
  );
}
