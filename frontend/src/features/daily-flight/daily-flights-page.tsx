import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SheetOutput } from '../../../../contracts/schemas/daily-flights.ts';
import { PageLink, useCanOpen, usePageNavigate } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { formatDate } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { dayIn } from './sheet-time.ts';
import './daily-sheet.css';

const PAGE_SIZE = 30;

/**
 * daily-flight (daily-flight-list): the days that have a sheet, newest first, and one big button
 * for today's sheet — today in the organization's time zone, wherever the tablet's clock is set.
 */
export default function DailyFlightsPage() {
  const { t } = useTranslation(['daily-flight', 'common']);
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const users = useDatasource('users');
  const [items, setItems] = useState<SheetOutput[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async (from: string | undefined) => {
    setLoading(true);
    try {
      const page = await call('listDailySheets', { query: { cursor: from, limit: PAGE_SIZE } });
      setItems((known) => (from ? [...known, ...page.items] : page.items));
      setCursor(page.cursor);
    } catch (error) {
      reportFailure(error);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(undefined);
  }, [load]);

  const today = dayIn(new Date(), timeZone);
  // Whoever may work a sheet opens it; everyone else reads the day (issue 13 §2).
  const mayOpen = useCanOpen();
  const go = usePageNavigate();
  const dayHref = (date: string) => {
    const sheet = hrefOf('daily-flight/:id', { id: date });
    return mayOpen(sheet) ? sheet : hrefOf('daily-flight/day/:id', { id: date });
  };
  const nameOf = (userId: string | null) =>
    userId ? (users.items.find((u) => u.user_id === userId)?.name ?? '') : '';

  return (
    <div className="ws-sheet" data-testid="daily-flights">
      <SpaceBetween size="l">
        <Header variant="h1" description={t('list.intro')}>
          {t('list.title')}
        </Header>
        <button
          type="button"
          className="ws-tap ws-tap--today"
          onClick={() => go(dayHref(today))}
          data-testid="daily-flights-today"
        >
          {t('list.today', { date: formatDate(today) })}
        </button>
        <DataTable
          id="daily-flights"
          items={items}
          loading={loading && items.length === 0}
          loadingText={t('list.loading')}
          trackBy="date"
          variant="container"
          header={<Header variant="h2">{t('list.earlier')}</Header>}
          empty={<Box textAlign="center">{t('list.empty')}</Box>}
          columns={[
            {
              id: 'date',
              header: t('list.date'),
              cell: (sheet) => (
                <PageLink
                  href={dayHref(sheet.date)}
                  fontSize="heading-m"
                  data-testid={`daily-flights-row-${sheet.date}`}
                >
                  {formatDate(sheet.date)}
                </PageLink>
              ),
            },
            { id: 'airport', header: t('sheet.airport'), cell: (sheet) => sheet.airport ?? '' },
            { id: 'leader', header: t('sheet.leader'), cell: (sheet) => nameOf(sheet.leader_id) },
            {
              id: 'status',
              header: t('list.status'),
              cell: (sheet) =>
                sheet.status === 'open' ? (
                  <StatusIndicator type="success">{t('list.open')}</StatusIndicator>
                ) : (
                  <StatusIndicator type="stopped">{t('list.closed')}</StatusIndicator>
                ),
            },
          ]}
        />
        {cursor && (
          <Button onClick={() => void load(cursor)} loading={loading} data-testid="daily-flights-more">
            {t('list.more')}
          </Button>
        )}
      </SpaceBetween>
    </div>
  );
}
