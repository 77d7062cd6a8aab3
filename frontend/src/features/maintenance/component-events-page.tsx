import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { AircraftEventOutput } from '../../../../contracts/schemas/maintenance.ts';
import { PageButton } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDate, formatDateTime, formatMinutes } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';

const PAGE_SIZE = 25;

/** The codes an event carries, in words: readings, the aircraft, the changed fields. */
function detailsText(t: TFunction<'maintenance'>, e: AircraftEventOutput): string {
  const d = e.details as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof d.name === 'string' && e.kind === 'maintenance_performed') parts.push(d.name);
  if (typeof d.reg_num === 'string' && d.reg_num) parts.push(d.reg_num);
  if (typeof d.counter_engine === 'number' && d.counter_engine)
    parts.push(t('reading.engine', { value: formatMinutes(d.counter_engine) }));
  if (typeof d.counter_flight === 'number' && d.counter_flight)
    parts.push(t('reading.flight', { value: formatMinutes(d.counter_flight) }));
  if (typeof d.counter_takeoff === 'number' && d.counter_takeoff)
    parts.push(t('reading.takeoffs', { count: d.counter_takeoff }));
  if (Array.isArray(d.fields) && d.fields.length > 0)
    parts.push((d.fields as string[]).map((f) => t(`field.${f}`, { defaultValue: f })).join(', '));
  return parts.join(' · ');
}

/** `component/{id}/events`: the component's history, newest first. */
export default function ComponentEventsPage() {
  const { t } = useTranslation(['maintenance', 'common', 'nav']);
  const { id = '' } = useParams();
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const [name, setName] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    call('getComponent', { params: { id } }).then(
      (c) => active && setName(`${c.name}${c.reg_num ? ` (${c.reg_num})` : ''}`),
      () => active && setName(null),
    );
    return () => {
      active = false;
    };
  }, [id]);

  const fetchPage = useCallback(
    (cursor: string | undefined) =>
      call('listComponentEvents', { params: { id }, query: { cursor, limit: PAGE_SIZE } }),
    [id],
  );
  const pages = useCursorPages<AircraftEventOutput>(fetchPage, id);

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={name ?? undefined}
          actions={name && <PageButton href={hrefOf('component/:id', { id })}>{t('events.back')}</PageButton>}
        >
          {t('nav:title.component_events')}
        </Header>
      }
    >
      <DataTable<AircraftEventOutput>
        id="component-events"
        testId="events-table"
        variant="full-page"
        loading={pages.loading}
        loadingText={t('common:nav.loading')}
        items={pages.items}
        trackBy="event_id"
        empty={<Box color="text-status-inactive">{t('events.none')}</Box>}
        pagination={
          <Pagination
            currentPageIndex={pages.pageNumber}
            pagesCount={pages.pagesCount}
            openEnd={pages.hasMore}
            onChange={({ detail }) => pages.goTo(detail.currentPageIndex)}
          />
        }
        columns={[
          { id: 'date', header: t('column.date'), cell: (e) => formatDate(e.date) },
          {
            id: 'kind',
            header: t('column.event'),
            cell: (e) => <strong data-testid={`event-${e.kind}`}>{t(`event.${e.kind}`)}</strong>,
          },
          { id: 'details', header: t('column.details'), cell: (e) => detailsText(t, e) || '—' },
          { id: 'comment', header: t('column.comment'), cell: (e) => e.comment ?? '—' },
          { id: 'by', header: t('column.by'), cell: (e) => e.user_name ?? '—' },
          { id: 'at', header: t('column.recorded'), cell: (e) => formatDateTime(e.at, timeZone) },
        ]}
      />
    </ContentLayout>
  );
}
