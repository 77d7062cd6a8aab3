import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FaultStatus } from '../../../../contracts/schemas/aircraft-enums.ts';
import type { FaultOutput } from '../../../../contracts/schemas/faults.ts';
import { PageLink, usePageNavigate } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { formatDateTime } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { SeverityBadge, StatusText } from './fault-badges.tsx';

const PAGE_SIZE = 25;
type StatusFilter = FaultStatus | 'all';

/**
 * `plane-faults` (technical_operator): the organization's fault reports, newest first, open ones
 * by default; by aircraft too. Each row opens the report.
 */
export default function PlaneFaultsPage() {
  const { t } = useTranslation(['faults', 'common', 'nav']);
  const navigate = usePageNavigate();
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const planes = useDatasource('planes');
  const [status, setStatus] = useState<StatusFilter>('open');
  const [planeId, setPlaneId] = useState('');

  const fetchPage = useCallback(
    (cursor: string | undefined) =>
      call('listFaults', {
        query: {
          cursor,
          limit: PAGE_SIZE,
          status: status === 'all' ? undefined : status,
          plane_id: planeId || undefined,
        },
      }),
    [status, planeId],
  );
  const faults = useCursorPages<FaultOutput>(fetchPage, `${status}|${planeId}`);
  const planeOptions = [
    { value: '', label: t('list.all_planes') },
    ...planes.items.map((plane) => ({ value: plane.plane_id, label: plane.reg_num })),
  ];
  const narrow = useNarrow();
  const viewHref = (fault: FaultOutput) =>
    hrefOf('plane-fault/:edit_type/:id?', { edit_type: 'view', id: fault.fault_id });

  const header = (
    <Header
      variant="awsui-h1-sticky"
      description={t('list.description')}
      actions={
        <Button
          variant="primary"
          iconName="add-plus"
          onClick={() => navigate(hrefOf('plane-fault/:edit_type/:id?', { edit_type: 'new' }))}
          data-testid="faults-report"
        >
          {t('nav:menu.report_fault')}
        </Button>
      }
    >
      {t('nav:title.plane_faults')}
    </Header>
  );
  const filter = (
    <SpaceBetween direction="horizontal" size="m" alignItems="end">
      <FormField label={t('list.status')}>
        <SegmentedControl
          selectedId={status}
          onChange={({ detail }) => setStatus(detail.selectedId as StatusFilter)}
          options={[
            { id: 'open', text: t('status.open') },
            { id: 'closed', text: t('status.closed') },
            { id: 'all', text: t('list.all') },
          ]}
          data-testid="faults-filter-status"
        />
      </FormField>
      <FormField label={t('field.plane')}>
        <Select
          selectedOption={planeOptions.find((o) => o.value === planeId) ?? planeOptions[0] ?? null}
          options={planeOptions}
          onChange={({ detail }) => setPlaneId(detail.selectedOption.value ?? '')}
          statusType={planes.loading ? 'loading' : 'finished'}
          data-testid="faults-filter-plane"
        />
      </FormField>
    </SpaceBetween>
  );
  const pagination = (
    <Pagination
      currentPageIndex={faults.pageNumber}
      pagesCount={faults.pagesCount}
      openEnd={faults.hasMore}
      onChange={({ detail }) => faults.goTo(detail.currentPageIndex)}
    />
  );
  const empty = (
    <Box color="text-status-inactive" data-testid="faults-empty">
      {status === 'open' ? t('list.empty_open') : t('list.empty')}
    </Box>
  );
  const planeLink = (fault: FaultOutput) => (
    <PageLink href={viewHref(fault)} data-testid={`fault-link-${fault.fault_id}`}>
      {fault.reg_num}
    </PageLink>
  );
  const reported = (fault: FaultOutput) => (
    <SpaceBetween size="xxxs">
      <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(fault.reported_at, timeZone)}</span>
      <Box variant="small" color="text-body-secondary">
        {fault.reported_by_name}
      </Box>
    </SpaceBetween>
  );
  const shortText = (fault: FaultOutput) =>
    fault.description.length > 120 ? `${fault.description.slice(0, 119)}…` : fault.description;

  // A phone gets cards: six columns do not fit 390 pixels without squeezing every cell.
  if (narrow)
    return (
      <Cards<FaultOutput>
        data-testid="faults-table"
        variant="full-page"
        header={header}
        filter={filter}
        pagination={pagination}
        empty={empty}
        loading={faults.loading}
        loadingText={t('common:nav.loading')}
        items={faults.items}
        trackBy="fault_id"
        cardsPerRow={[{ cards: 1 }]}
        cardDefinition={{
          header: (fault) => (
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              {planeLink(fault)}
              <SeverityBadge severity={fault.severity} />
            </SpaceBetween>
          ),
          sections: [
            {
              id: 'description',
              content: (fault) => <span style={{ overflowWrap: 'anywhere' }}>{shortText(fault)}</span>,
            },
            {
              id: 'state',
              content: (fault) => (
                <SpaceBetween direction="horizontal" size="s" alignItems="center">
                  <StatusText status={fault.status} />
                  <Box variant="small" color="text-body-secondary">
                    {formatDateTime(fault.reported_at, timeZone)} · {fault.reported_by_name}
                  </Box>
                  {fault.photo_count > 0 ? (
                    <Box variant="small" color="text-body-secondary">
                      {t('list.photo_count', { photos: fault.photo_count })}
                    </Box>
                  ) : null}
                </SpaceBetween>
              ),
            },
          ],
        }}
      />
    );

  return (
    <DataTable<FaultOutput>
      id="plane-faults"
      testId="faults-table"
      variant="full-page"
      header={header}
      filter={filter}
      pagination={pagination}
      empty={empty}
      loading={faults.loading}
      loadingText={t('common:nav.loading')}
      items={faults.items}
      trackBy="fault_id"
      columns={[
        { id: 'plane', header: t('field.plane'), cell: planeLink },
        {
          id: 'severity',
          header: t('field.severity'),
          cell: (fault) => <SeverityBadge severity={fault.severity} />,
        },
        { id: 'status', header: t('field.status'), cell: (fault) => <StatusText status={fault.status} /> },
        {
          id: 'description',
          header: t('field.description'),
          cell: (fault) => (
            <span
              style={{
                display: 'block',
                minWidth: 220,
                maxWidth: 420,
                whiteSpace: 'normal',
                overflowWrap: 'anywhere',
              }}
            >
              {shortText(fault)}
            </span>
          ),
        },
        { id: 'reported', header: t('field.reported'), cell: reported },
        {
          id: 'photos',
          header: t('field.photos'),
          cell: (fault) => (fault.photo_count > 0 ? fault.photo_count : '–'),
        },
      ]}
    />
  );
}

/** Below Cloudscape's small breakpoint (a phone held upright). */
function useNarrow() {
  const query = '(max-width: 688px)';
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const change = () => setNarrow(media.matches);
    media.addEventListener('change', change);
    return () => media.removeEventListener('change', change);
  }, []);
  return narrow;
}
