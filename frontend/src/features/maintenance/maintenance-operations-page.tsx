import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DUE_STATES } from '../../../../contracts/schemas/aircraft-enums.ts';
import type { MaintenanceOutput } from '../../../../contracts/schemas/maintenance.ts';
import { PageLink } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { cycleText } from './cycle-text.ts';
import { DueDate, DueStatus, remainingText } from './due.tsx';
import { MaintenanceItemModal } from './maintenance-item-modal.tsx';
import { PerformedModal } from './performed-modal.tsx';

const PAGE_SIZE = 25;
const STATE_ORDER = { overdue: 0, due_soon: 1, ok: 2 } as const;

/** Every page of the organization's items (a club has dozens, not thousands): one Query each. */
async function allItems() {
  const items: MaintenanceOutput[] = [];
  let cursor: string | undefined;
  do {
    const page = await call('listMaintenanceItems', { query: { cursor, limit: 200 } });
    items.push(...page.items);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return items;
}

/**
 * `maintenance/operations`: every maintenance item of the fleet (the ARC among them) with its next
 * due, state and forecast; filter by aircraft and state; create, edit and close items, record one
 * as performed.
 */
export default function MaintenanceOperationsPage() {
  const { t } = useTranslation(['maintenance', 'common', 'nav']);
  const { profile } = useStore(session);
  const canEdit = profile?.can['component-edit'] === true;
  const [search, setSearch] = useSearchParams();
  const [items, setItems] = useState<MaintenanceOutput[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<MaintenanceOutput | null | undefined>(undefined);
  const [performing, setPerforming] = useState<MaintenanceOutput | null>(null);
  const [showClosed, setShowClosed] = useState(false);
  const planeFilter = search.get('plane') ?? '';
  const stateFilter = search.get('state') ?? '';

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setItems(await allItems());
    } catch (error) {
      reportFailure(error);
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const planes = useMemo(
    () =>
      [...new Map(items.map((i) => [i.plane_id, i.reg_num ?? i.plane_id])).entries()].sort((a, b) =>
        a[1].localeCompare(b[1]),
      ),
    [items],
  );
  const visible = useMemo(
    () =>
      items
        .filter((i) => (showClosed ? true : i.status === 'active'))
        .filter((i) => !planeFilter || i.plane_id === planeFilter)
        .filter((i) => !stateFilter || (i.status === 'active' && i.due.state === stateFilter))
        .sort(
          (a, b) =>
            STATE_ORDER[a.due.state] - STATE_ORDER[b.due.state] ||
            (a.due.due_date ?? '9999').localeCompare(b.due.due_date ?? '9999') ||
            (a.reg_num ?? '').localeCompare(b.reg_num ?? ''),
        ),
    [items, planeFilter, stateFilter, showClosed],
  );
  const { items: pageItems, paginationProps } = useCollection(visible, {
    pagination: { pageSize: PAGE_SIZE },
  });

  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearch(next, { replace: true });
  };
  const replace = (saved: MaintenanceOutput) =>
    setItems((list) =>
      list.some((i) => i.maintenance_id === saved.maintenance_id)
        ? list.map((i) => (i.maintenance_id === saved.maintenance_id ? saved : i))
        : [...list, saved],
    );

  const planeOptions = [
    { value: '', label: t('filter.all_planes') },
    ...planes.map(([value, label]) => ({ value, label })),
  ];
  const stateOptions = [
    { value: '', label: t('filter.all_states') },
    ...DUE_STATES.map((s) => ({ value: s, label: t(`state.${s}`) })),
  ];

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={t('operations.description')}
          actions={
            canEdit && (
              <Button variant="primary" onClick={() => setEditing(null)} data-testid="item-new">
                {t('item.new')}
              </Button>
            )
          }
        >
          {t('nav:title.maintenance_operations')}
        </Header>
      }
    >
      <DataTable<MaintenanceOutput>
        id="maintenance-operations"
        testId="maintenance-table"
        variant="full-page"
        loading={loading}
        loadingText={t('common:nav.loading')}
        items={pageItems}
        trackBy="maintenance_id"
        header={
          <Header
            counter={`(${visible.length})`}
            actions={
              <Button iconName="refresh" onClick={() => void load()} ariaLabel={t('common:action.reload')} />
            }
          >
            {t('operations.header')}
          </Header>
        }
        filter={
          <SpaceBetween direction="horizontal" size="xs">
            <Select
              selectedOption={planeOptions.find((o) => o.value === planeFilter) ?? planeOptions[0]!}
              options={planeOptions}
              onChange={({ detail }) => setFilter('plane', detail.selectedOption.value ?? '')}
              data-testid="filter-plane"
            />
            <Select
              selectedOption={stateOptions.find((o) => o.value === stateFilter) ?? stateOptions[0]!}
              options={stateOptions}
              onChange={({ detail }) => setFilter('state', detail.selectedOption.value ?? '')}
              data-testid="filter-state"
            />
            <Button variant="normal" onClick={() => setShowClosed(!showClosed)} data-testid="toggle-closed">
              {showClosed ? t('filter.hide_closed') : t('filter.show_closed')}
            </Button>
          </SpaceBetween>
        }
        pagination={<Pagination {...paginationProps} />}
        empty={<Box color="text-status-inactive">{t('operations.none')}</Box>}
        columns={[
          {
            id: 'plane',
            header: t('column.plane'),
            cell: (i) => (
              <PageLink href={hrefOf('plane/:plane_id/components', { plane_id: i.plane_id })}>
                {i.reg_num ?? i.plane_id}
              </PageLink>
            ),
          },
          {
            id: 'name',
            header: t('column.item'),
            cell: (i) => (
              <span data-testid={`item-${i.maintenance_id}`}>
                <strong>{i.name}</strong>
                <Box variant="small" display="block" color="text-body-secondary">
                  {[t(`kind.${i.kind}`) === i.name ? '' : t(`kind.${i.kind}`), i.component_name]
                    .filter(Boolean)
                    .join(' · ')}
                </Box>
              </span>
            ),
          },
          {
            id: 'state',
            header: t('column.state'),
            minWidth: 140,
            cell: (i) =>
              i.status === 'active' ? (
                <DueStatus state={i.due.state} testId={`state-${i.maintenance_id}`} />
              ) : (
                <Box color="text-status-inactive">{t('status.closed')}</Box>
              ),
          },
          { id: 'cycle', header: t('column.cycle'), cell: (i) => cycleText(t, i) },
          { id: 'last', header: t('column.last_done'), cell: (i) => formatDate(i.maintenanced_at) || '—' },
          {
            id: 'due',
            header: t('column.next_due'),
            cell: (i) =>
              i.status === 'active' ? (
                <DueDate date={i.due.due_date} forecast={i.due.first?.forecast ?? false} />
              ) : (
                '—'
              ),
          },
          {
            id: 'remaining',
            header: t('column.remaining'),
            cell: (i) => (i.status === 'active' ? remainingText(t, i.due, i.due.first?.unit) : '—'),
          },
          ...(canEdit
            ? [
                {
                  id: 'actions',
                  header: t('column.actions'),
                  cell: (i: MaintenanceOutput) => (
                    <SpaceBetween direction="horizontal" size="xxs">
                      <Button
                        variant="inline-link"
                        onClick={() => setEditing(i)}
                        data-testid={`edit-${i.maintenance_id}`}
                      >
                        {t('action.edit')}
                      </Button>
                      {i.status === 'active' && (
                        <Button
                          variant="inline-link"
                          onClick={() => setPerforming(i)}
                          data-testid={`perform-${i.maintenance_id}`}
                        >
                          {t('action.performed')}
                        </Button>
                      )}
                    </SpaceBetween>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing !== undefined && (
        <MaintenanceItemModal
          existing={editing}
          planeId={planeFilter || undefined}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            replace(saved);
            setEditing(undefined);
          }}
        />
      )}
      {performing && (
        <PerformedModal
          name={`${performing.reg_num ?? ''} ${performing.name}`.trim()}
          current={performing.current}
          version={performing.version}
          onClose={() => setPerforming(null)}
          onSubmit={async (body) => {
            replace(await call('performMaintenance', { params: { id: performing.maintenance_id }, body }));
            setPerforming(null);
          }}
        />
      )}
    </ContentLayout>
  );
}
