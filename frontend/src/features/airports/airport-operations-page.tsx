import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, localDateTimeIn, todayIn } from '../../../../contracts/calendar.ts';
import { formatMoney } from '../../../../contracts/money.ts';
import type { AirportOperationOutput } from '../../../../contracts/schemas/airports.ts';
import { PageButton, PageLink } from '../../app/links.tsx';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import { DateField } from '../../components/forms/date-field.tsx';
import { call } from '../../lib/api-client.ts';
import { formatQuantity } from '../../lib/format.ts';
import { currentLang } from '../../lib/i18n.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';

const PAGE_SIZE = 100;

/**
 * `airport-operations` (airport-operation-list, module airport; issue 15 §3): the airfield
 * manager's day at the club's airfield — every arrival and departure with its landing fee and how
 * it was settled, the day's counts and takings, a day back or forward.
 */
export default function AirportOperationsPage() {
  const { t } = useTranslation(['airports', 'nav', 'common']);
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const [date, setDate] = useState(() => todayIn(timeZone));
  const [airfield, setAirfield] = useState<string | null | undefined>(undefined);
  const fetchPage = useCallback(
    async (cursor: string | undefined) => {
      const page = await call('listAirportOperations', { query: { date, cursor, limit: PAGE_SIZE } });
      setAirfield(page.airport_icao);
      return page;
    },
    [date],
  );
  const list = useCursorPages<AirportOperationOutput>(fetchPage, date);
  const lang = currentLang();
  const money = (minor: number | null, currency: string) =>
    minor === null ? '—' : formatMoney(minor, currency, lang);
  const items = list.items;
  const currency = items[0]?.currency_id ?? profile?.organization?.currency_id ?? 'EUR';
  const sum = (payment: string) =>
    items.filter((o) => o.payment === payment).reduce((total, o) => total + (o.fee ?? 0), 0);

  const settled = (o: AirportOperationOutput) => {
    if (o.payment === 'cash') return <StatusIndicator type="success">{t('payment.cash')}</StatusIndicator>;
    if (o.payment === 'none') return <StatusIndicator type="stopped">{t('payment.none')}</StatusIndicator>;
    return o.posted_entry_id ? (
      <StatusIndicator type="success">{t('payment.posted', { name: o.payer_name ?? '' })}</StatusIndicator>
    ) : (
      <StatusIndicator type="pending">{t('payment.not_posted')}</StatusIndicator>
    );
  };
  const columns: DataColumn<AirportOperationOutput>[] = [
    {
      id: 'time',
      header: t('operation.time'),
      cell: (o) => (
        <PageLink
          href={hrefOf('airport-operation/:id', { id: o.operation_id })}
          data-testid={`airport-operation-open-${o.operation_id}`}
        >
          {localDateTimeIn(timeZone, o.time).slice(11, 16)}
        </PageLink>
      ),
    },
    { id: 'movement', header: t('operation.movement'), cell: (o) => t(`movement.${o.movement}`) },
    { id: 'registration', header: t('operation.registration'), cell: (o) => o.registration },
    { id: 'plane_type', header: t('operation.plane_type'), cell: (o) => o.plane_type ?? '—' },
    { id: 'mtow', header: t('operation.mtow'), cell: (o) => formatQuantity(o.mtow, 'kg', lang) },
    { id: 'pilot', header: t('operation.pilot_name'), cell: (o) => o.pilot_name },
    { id: 'purpose', header: t('operation.purpose'), cell: (o) => t(`flight_purpose.${o.purpose}`) },
    { id: 'fee', header: t('operation.fee'), cell: (o) => money(o.fee, o.currency_id) },
    { id: 'payment', header: t('operation.payment'), cell: settled },
  ];

  return (
    <SpaceBetween size="l">
      <Container
        header={
          <Header
            variant="h1"
            description={airfield ? t('day.description', { icao: airfield }) : undefined}
            actions={
              <PageButton
                variant="primary"
                href={hrefOf('airport-operation/:id', { id: 'new' })}
                data-testid="airport-operation-new"
              >
                {t('day.new')}
              </PageButton>
            }
          >
            {t('nav:title.airport_operations')}
          </Header>
        }
      >
        <SpaceBetween size="m">
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <Button
              iconName="angle-left"
              ariaLabel={t('day.previous')}
              onClick={() => setDate(addDays(date, -1))}
            />
            <DateField
              value={date}
              onChange={(value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && setDate(value)}
              ariaLabel={t('day.date')}
              testId="airport-operations-date"
            />
            <Button
              iconName="angle-right"
              ariaLabel={t('day.next')}
              onClick={() => setDate(addDays(date, 1))}
            />
            <Button onClick={() => setDate(todayIn(timeZone))}>{t('day.today')}</Button>
          </SpaceBetween>
          {airfield === null && <Alert type="warning">{t('day.no_airfield')}</Alert>}
          <ColumnLayout columns={4} variant="text-grid">
            <div>
              <Box variant="awsui-key-label">{t('day.arrivals')}</Box>
              <div data-testid="airport-operations-arrivals">
                {items.filter((o) => o.movement === 'arrival').length}
              </div>
            </div>
            <div>
              <Box variant="awsui-key-label">{t('day.departures')}</Box>
              <div>{items.filter((o) => o.movement === 'departure').length}</div>
            </div>
            <div>
              <Box variant="awsui-key-label">{t('day.cash')}</Box>
              <div>{money(sum('cash'), currency)}</div>
            </div>
            <div>
              <Box variant="awsui-key-label">{t('day.ledger')}</Box>
              <div>{money(sum('ledger'), currency)}</div>
            </div>
          </ColumnLayout>
        </SpaceBetween>
      </Container>
      <DataTable<AirportOperationOutput>
        id="airport-operations"
        testId="airport-operations-table"
        variant="container"
        loading={list.loading}
        loadingText={t('common:nav.loading')}
        items={items}
        trackBy="operation_id"
        columns={columns}
        header={<Header variant="h2">{t('day.movements')}</Header>}
        empty={<Box color="text-status-inactive">{t('day.empty')}</Box>}
        pagination={
          <Pagination
            currentPageIndex={list.pageNumber}
            pagesCount={list.pagesCount}
            openEnd={list.hasMore}
            onChange={({ detail }) => list.goTo(detail.currentPageIndex)}
          />
        }
      />
    </SpaceBetween>
  );
}
