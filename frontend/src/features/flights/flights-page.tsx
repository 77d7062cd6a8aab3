import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Icon from '@cloudscape-design/components/icon';
import Pagination from '@cloudscape-design/components/pagination';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { type TakeoffTypeId, takeoffTypeOf } from '../../../../contracts/schemas/flight-enums.ts';
import type { FlightOutput } from '../../../../contracts/schemas/flights.ts';
import { PageButton, PageLink, useCanOpen, usePageNavigate } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { DateField, isIsoDate } from '../../components/forms/date-field.tsx';
import { reportSaveFailure } from '../../components/forms/use-record-form.ts';
import { call } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate, formatMinutes } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { dayOffset, wallClockOf } from '../../lib/zoned-time.ts';

const PAGE_SIZE = 25;
/** The list opens on the last 30 days (spec silent; a club's month of flying fits a few pages). */
const DEFAULT_DAYS = 30;

/**
 * `flight/glider` and `flight/general`: the organization's flights of one kind between two days,
 * newest first, with the crew's names, times, status, the instructor's acceptance and the lock of a
 * signed logbook line. The flight's instructor accepts it here (spec §4).
 */
export default function FlightsPage() {
  const { t } = useTranslation(['flights', 'messages', 'common']);
  const { pathname } = useLocation();
  const kind = pathname.startsWith('/flight/general') ? 'general' : 'glider';
  const navigate = usePageNavigate();
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const users = useDatasource('users');
  const planes = useDatasource('planes');
  const [from, setFrom] = useState(() => dayOffset(timeZone, -DEFAULT_DAYS));
  const [to, setTo] = useState(() => dayOffset(timeZone, 0));
  const [planeId, setPlaneId] = useState('');
  const [accepting, setAccepting] = useState('');

  const validRange = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to);
  const fetchPage = useCallback(
    (cursor: string | undefined) =>
      call('listFlights', {
        query: {
          kind,
          from: validRange ? from : undefined,
          to: validRange ? to : undefined,
          plane_id: planeId || undefined,
          cursor,
          limit: PAGE_SIZE,
        },
      }),
    [kind, from, to, planeId, validRange],
  );
  const list = useCursorPages(fetchPage, `${kind}|${from}|${to}|${planeId}`);
  const names = useMemo(() => new Map(users.items.map((u) => [u.user_id, u.name])), [users.items]);
  const nameOf = (userId: string | null, typed?: string | null) =>
    (userId ? names.get(userId) : undefined) ?? typed ?? '';

  const category = kind === 'glider' ? 'plc_02' : 'plc_01';
  const kindPlanes = planes.items.filter((p) => p.plane_category === category);
  const planeOptions = [
    { value: '', label: t('list.all_planes') },
    ...kindPlanes.map((p) => ({ value: p.plane_id, label: p.reg_num })),
  ];
  const mayOpen = useCanOpen();

  const editHref = (flight: FlightOutput) =>
    kind === 'glider'
      ? hrefOf('flight/glider/:id', { id: flight.flight_id })
      : hrefOf('flight/general/:plane_id/:id', { plane_id: flight.plane_id, id: flight.flight_id });
  const newHref =
    kind === 'glider'
      ? hrefOf('flight/glider/:id', { id: 'new' })
      : hrefOf('flight/general/:plane_id/:id', { plane_id: planeId || '-', id: 'new' });

  const accept = async (flight: FlightOutput) => {
    setAccepting(flight.flight_id);
    try {
      await call('acceptFlight', { params: { id: flight.flight_id }, body: { version: flight.version } });
      flash('success', 'flights:flash.accepted', { values: { reg_num: flight.reg_num } });
      list.restart();
    } catch (error) {
      reportSaveFailure(error, list.restart);
    } finally {
      setAccepting('');
    }
  };

  const multipleHref = (planeId: string) =>
    hrefOf('flight/general-multiple/:plane_id', { plane_id: planeId });
  const severalOf = kind === 'general' ? kindPlanes.filter((p) => mayOpen(multipleHref(p.plane_id))) : [];
  const actions = (
    <SpaceBetween direction="horizontal" size="xs">
      {severalOf.length > 0 ? (
        <ButtonDropdown
          items={severalOf.map((p) => ({ id: p.plane_id, text: p.reg_num }))}
          onItemClick={({ detail }) => navigate(multipleHref(detail.id))}
          data-testid="flights-multiple"
        >
          {t('list.several')}
        </ButtonDropdown>
      ) : null}
      <PageButton variant="primary" href={newHref} data-testid="flights-new">
        {t('list.new')}
      </PageButton>
    </SpaceBetween>
  );

  return (
    <DataTable
      id="flights"
      testId="flights-table"
      variant="full-page"
      loading={list.loading}
      loadingText={t('common:nav.loading')}
      items={list.items}
      trackBy="flight_id"
      header={
        <Header variant="awsui-h1-sticky" description={t(`list.description_${kind}`)} actions={actions}>
          {t(`list.title_${kind}`)}
        </Header>
      }
      filter={
        <SpaceBetween direction="horizontal" size="s" alignItems="end">
          <FormField label={t('list.from')}>
            <DateField
              value={from}
              onChange={(value) => (value === '' || isIsoDate(value)) && setFrom(value)}
              testId="flights-from"
            />
          </FormField>
          <FormField label={t('list.to')}>
            <DateField
              value={to}
              onChange={(value) => (value === '' || isIsoDate(value)) && setTo(value)}
              testId="flights-to"
            />
          </FormField>
          <FormField label={t('field.plane_id')}>
            <Select
              selectedOption={planeOptions.find((o) => o.value === planeId) ?? planeOptions[0] ?? null}
              options={planeOptions}
              filteringType="auto"
              onChange={({ detail }) => setPlaneId(detail.selectedOption.value ?? '')}
              data-testid="flights-plane"
            />
          </FormField>
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
          <b>{t('list.empty')}</b>
        </Box>
      }
      columns={[
        {
          id: 'date',
          header: t('column.date'),
          cell: (flight) => (
            <PageLink href={editHref(flight)} data-testid={`flight-row-${flight.flight_id}`}>
              {formatDate(flight.date)}
            </PageLink>
          ),
        },
        { id: 'reg_num', header: t('column.reg_num'), cell: (flight) => flight.reg_num },
        {
          id: 'takeoff_type',
          header: t('column.takeoff_type'),
          cell: (flight) => t(`takeoff_type.${takeoffTypeOf(flight.takeoff_type_id as TakeoffTypeId)}`),
        },
        {
          id: 'pic',
          header: t('column.pic'),
          cell: (flight) => nameOf(flight.pic_id, flight.pic_name) || '—',
        },
        {
          id: 'instructor',
          header: t('column.instructor'),
          cell: (flight) => nameOf(flight.instructor_id) || '—',
        },
        {
          id: 'times',
          header: t('column.times'),
          cell: (flight) =>
            `${wallClockOf(flight.takeoff_time, timeZone).time || '?'}–${wallClockOf(flight.landing_time, timeZone).time || '?'}`,
        },
        {
          id: 'time',
          header: t('column.time'),
          cell: (flight) => (flight.flight_time === null ? '' : formatMinutes(flight.flight_time)),
        },
        {
          id: 'status',
          header: t('column.status'),
          cell: (flight) => (
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <StatusIndicator
                type={
                  flight.status === 'landed'
                    ? 'success'
                    : flight.status === 'airborne'
                      ? 'in-progress'
                      : 'pending'
                }
              >
                {t(`status.${flight.status}`)}
              </StatusIndicator>
              {flight.instructor_accepted ? (
                <span title={t('list.accepted')} data-testid={`flight-accepted-${flight.flight_id}`}>
                  <Icon name="user-profile-active" variant="success" ariaLabel={t('list.accepted')} />
                </span>
              ) : null}
              {flight.locked ? (
                <span title={t('list.locked')} data-testid={`flight-locked-${flight.flight_id}`}>
                  <Icon name="lock-private" ariaLabel={t('list.locked')} />
                </span>
              ) : null}
              {!flight.instructor_accepted &&
              flight.instructor_id === profile?.user_id &&
              flight.status === 'landed' ? (
                <Button
                  variant="inline-link"
                  loading={accepting === flight.flight_id}
                  onClick={() => void accept(flight)}
                  data-testid={`flight-accept-${flight.flight_id}`}
                >
                  {t('list.accept')}
                </Button>
              ) : null}
            </SpaceBetween>
          ),
        },
      ]}
    />
  );
}
