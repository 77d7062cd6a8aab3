import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { ComponentOutput } from '../../../../contracts/schemas/maintenance.ts';
import { PageButton, PageLink } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDate, formatMinutes } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { DueDate, DueStatus, dimensionRemaining, remainingText } from './due.tsx';

const PAGE_SIZE = 25;

/** What is left of the component's life (the most urgent life dimension), or a dash. */
function remainingLife(t: TFunction<'maintenance'>, c: ComponentOutput): string {
  const life = c.due.dimensions
    .filter((d) => d.key.startsWith('lifetime_'))
    .sort((a, b) => (a.state === b.state ? 0 : a.state === 'ok' ? 1 : -1))[0];
  return life ? `${t(`due_key.${life.key}`)}: ${dimensionRemaining(t, life)}` : '—';
}

/** `1655:00 h · 11800 T/O`: the readings since new that matter for this component. */
const readings = (t: TFunction<'maintenance'>, c: ComponentOutput) =>
  [
    c.current_counter_engine ? t('reading.engine', { value: formatMinutes(c.current_counter_engine) }) : '',
    c.current_counter_flight ? t('reading.flight', { value: formatMinutes(c.current_counter_flight) }) : '',
    c.current_counter_takeoff ? t('reading.takeoffs', { count: c.current_counter_takeoff }) : '',
  ]
    .filter(Boolean)
    .join(' · ') || '—';

/**
 * `components` (the fleet's) and `plane/{plane_id}/components` (one aircraft's): each component with
 * its readings, remaining life, next due and state.
 */
export default function ComponentsPage() {
  const { t } = useTranslation(['maintenance', 'common', 'nav']);
  const { plane_id: planeId } = useParams();

  const fetchPage = useCallback(
    (cursor: string | undefined) =>
      planeId
        ? call('listPlaneComponents', {
            params: { id: planeId },
            query: { cursor, limit: PAGE_SIZE },
          })
        : call('listComponents', { query: { cursor, limit: PAGE_SIZE } }),
    [planeId],
  );
  const pages = useCursorPages<ComponentOutput>(fetchPage, planeId ?? '');
  const regNum = planeId ? pages.items[0]?.reg_num : undefined;
  const editHref = (c: { component_id: string; plane_id: string }) =>
    planeId
      ? hrefOf('component/:plane_id/:id', { plane_id: c.plane_id, id: c.component_id })
      : hrefOf('component/:id', { id: c.component_id });

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={planeId ? t('components.plane_description') : t('components.description')}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              {planeId && (
                <PageButton href={`${hrefOf('maintenance/operations')}?plane=${encodeURIComponent(planeId)}`}>
                  {t('fleet.operations')}
                </PageButton>
              )}
              <PageButton
                variant="primary"
                href={
                  planeId
                    ? hrefOf('component/:plane_id/:id', { plane_id: planeId, id: 'new' })
                    : hrefOf('component/:id', { id: 'new' })
                }
                data-testid="component-new"
              >
                {t('components.new')}
              </PageButton>
            </SpaceBetween>
          }
        >
          {planeId
            ? `${t('nav:title.plane_components')}${regNum ? `: ${regNum}` : ''}`
            : t('nav:title.components')}
        </Header>
      }
    >
      <DataTable<ComponentOutput>
        id="components"
        testId="components-table"
        variant="full-page"
        loading={pages.loading}
        loadingText={t('common:nav.loading')}
        items={pages.items}
        trackBy="component_id"
        header={
          <Header
            actions={
              <Button iconName="refresh" onClick={pages.restart} ariaLabel={t('common:action.reload')} />
            }
          >
            {t('components.header')}
          </Header>
        }
        empty={<Box color="text-status-inactive">{t('components.none')}</Box>}
        pagination={
          <Pagination
            currentPageIndex={pages.pageNumber}
            pagesCount={pages.pagesCount}
            openEnd={pages.hasMore}
            onChange={({ detail }) => pages.goTo(detail.currentPageIndex)}
          />
        }
        columns={[
          {
            id: 'name',
            header: t('column.component'),
            cell: (c) => (
              <span data-testid={`component-${c.component_id}`}>
                <PageLink href={editHref(c)}>
                  <strong>{c.name}</strong>
                </PageLink>
                <Box variant="small" display="block" color="text-body-secondary">
                  {[t(`component_type.${c.component_type}`), c.serial_no ? `S/N ${c.serial_no}` : '']
                    .filter(Boolean)
                    .join(' · ')}
                </Box>
              </span>
            ),
          },
          ...(planeId
            ? []
            : [
                {
                  id: 'plane',
                  header: t('column.plane'),
                  cell: (c: ComponentOutput) => c.reg_num ?? c.plane_id,
                },
              ]),
          {
            id: 'installed',
            header: t('column.installed'),
            cell: (c) => formatDate(c.installation_date) || '—',
          },
          { id: 'readings', header: t('column.since_new'), cell: (c) => readings(t, c) },
          { id: 'life', header: t('column.remaining_life'), cell: (c) => remainingLife(t, c) },
          {
            id: 'due',
            header: t('column.next_due'),
            cell: (c) =>
              c.due.first ? (
                <span>
                  <DueDate date={c.due.due_date} forecast={c.due.first.forecast} />
                  <Box variant="small" display="block">
                    {remainingText(t, c.due, c.due.first.unit)}
                  </Box>
                </span>
              ) : (
                '—'
              ),
          },
          {
            id: 'state',
            header: t('column.state'),
            cell: (c) => <DueStatus state={c.due.state} testId={`state-${c.component_id}`} />,
          },
          {
            id: 'history',
            header: t('column.links'),
            cell: (c) => (
              <PageLink href={hrefOf('component/:id/events', { id: c.component_id })} fallback={null}>
                {t('components.history')}
              </PageLink>
            ),
          },
        ]}
      />
    </ContentLayout>
  );
}
