import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Cards from '@cloudscape-design/components/cards';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { DailySheetOutput } from '../../../../contracts/schemas/daily-flights.ts';
import type { FlightOutput } from '../../../../contracts/schemas/flights.ts';
import { PageButton } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { formatDate, formatMinutes } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { DAY_POLL_MS, dayBoardOf, isAboard, isTug } from './day-board.ts';
import { launchName } from './flight-card.tsx';
import { dayIn, minutesBetween, timeIn } from './sheet-time.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The day's address: `today` is the organization's today, wherever the phone's clock is set. */
export const dayBoardHref = (date: string) => hrefOf('daily-flight/day/:id', { id: date });

/**
 * daily-flight/day/{id} (daily-flight-list): the day as a member reads it — who is in the air, who
 * is next, who has landed — without the timer's buttons (issue 13 §2). Spec §6 keeps live push for
 * daily-flight-edit: whoever may work the sheet (the API's `can_edit`) gets it; everyone else reads
 * the day again every half minute while the page is in view.
 */
export default function DayBoardPage() {
  const { t } = useTranslation('daily-flight');
  const { id = '' } = useParams();
  const { profile } = useStore(session);
  const organization = profile?.organization;
  if (!profile || !organization) return null;
  const date = id === 'today' ? dayIn(new Date(), organization.timezone) : id;
  if (!DATE.test(date) || Number.isNaN(Date.parse(date)))
    return (
      <Alert type="error" data-testid="day-bad-date">
        {t('sheet.bad_date')}
      </Alert>
    );
  return (
    <DayBoard
      key={`${organization.organization_id}|${date}`}
      organizationId={organization.organization_id}
      userId={profile.user_id}
      timeZone={organization.timezone}
      date={date}
    />
  );
}

/** The day's sheet, read again on a push (editors) or every half minute while the tab is shown. */
function useDay(organizationId: string, userId: string, date: string) {
  const [day, setDay] = useState<DailySheetOutput | null>(null);
  const [failed, setFailed] = useState(false);
  const [readAt, setReadAt] = useState<number | null>(null);

  const read = useCallback(async () => {
    try {
      const next = await call('getDailySheet', { params: { date } });
      setDay(next);
      setFailed(false);
      setReadAt(Date.now());
    } catch {
      // Shown as a note; the last read stays on screen (the field's signal comes and goes).
      setFailed(true);
    }
  }, [date]);

  useEffect(() => {
    void read();
  }, [read]);

  const live = day?.can_edit === true;
  useEffect(() => {
    if (live) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void read();
    }, DAY_POLL_MS);
    const shown = () => {
      if (document.visibilityState === 'visible') void read();
    };
    document.addEventListener('visibilitychange', shown);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [live, read]);

  useEffect(() => {
    if (!live) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    // The MQTT client loads only for those who may listen (lib/live-topics.ts).
    void import('../../lib/live-topics.ts').then(({ watchTopics }) => {
      if (cancelled) return;
      stop = watchTopics(userId, [`org/${organizationId}/daily-flight/${date}`], {
        onMessage: () => void read(),
        onState: (connected) => {
          if (connected) void read();
        },
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [live, userId, organizationId, date, read]);

  return { day, failed, readAt, live };
}

function DayBoard({
  organizationId,
  userId,
  timeZone,
  date,
}: {
  organizationId: string;
  userId: string;
  timeZone: string;
  date: string;
}) {
  const { t } = useTranslation(['daily-flight', 'common']);
  const { day, failed, readAt, live } = useDay(organizationId, userId, date);
  const users = useDatasource('users');
  const planes = useDatasource('planes');
  const names = useMemo(() => new Map(users.items.map((u) => [u.user_id, u.name])), [users.items]);
  const nameOf = (id: string | null, typed?: string | null) => (id ? (names.get(id) ?? '…') : (typed ?? ''));
  const board = useMemo(() => dayBoardOf(day?.flights ?? []), [day]);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);

  // Names come from the members list: until it is here, no card shows an id or an empty crew.
  const ready = day !== null && !users.loading;
  const sheet = day?.sheet;
  const towPlanes = (sheet?.tow_plane_ids ?? [])
    .map((id) => planes.items.find((p) => p.plane_id === id)?.reg_num)
    .filter(Boolean)
    .join(', ');

  const crew = (flight: FlightOutput) =>
    [
      nameOf(flight.pic_id, flight.pic_name),
      flight.instructor_id && `${t('crew.instructor_short')} ${nameOf(flight.instructor_id)}`,
      (flight.sic_id || flight.sic_name) &&
        `${t('crew.sic_short')} ${nameOf(flight.sic_id, flight.sic_name)}`,
    ]
      .filter(Boolean)
      .join(' · ');
  const launch = (flight: FlightOutput) =>
    isTug(flight) ? t('card.towing') : t(`launch.${launchName(flight.takeoff_type_id)}`);
  const you = (flight: FlightOutput) =>
    isAboard(flight, userId) ? (
      <Badge color="blue" data-testid="day-you">
        {t('day.you')}
      </Badge>
    ) : null;
  const planeHeader = (flight: FlightOutput) => (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      <span data-testid="day-reg">{flight.reg_num}</span>
      {flight.plane_type ? (
        <Box variant="span" color="text-body-secondary" fontWeight="normal">
          {flight.plane_type}
        </Box>
      ) : null}
      {you(flight)}
    </SpaceBetween>
  );

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={live ? t('day.intro_live') : t('day.intro')}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <PageButton href={hrefOf('daily-flight')} data-testid="day-all">
                {t('sheet.all_sheets')}
              </PageButton>
              <PageButton
                variant="primary"
                href={hrefOf('daily-flight/:id', { id: date })}
                data-testid="day-sheet"
              >
                {t('day.open_sheet')}
              </PageButton>
            </SpaceBetween>
          }
        >
          <span data-testid="day-title">{t('day.title', { date: formatDate(date) })}</span>
        </Header>
      }
    >
      <SpaceBetween size="l">
        {failed ? (
          <Alert type="warning" data-testid="day-stale">
            {day
              ? t('day.stale', { time: timeIn(new Date(readAt ?? 0).toISOString(), timeZone) })
              : t('sheet.load_failed')}
          </Alert>
        ) : null}
        <Box data-testid="day-summary">
          <KeyValuePairs
            columns={4}
            items={[
              { label: t('sheet.airport'), value: sheet?.airport ?? '—' },
              {
                label: t('list.status'),
                value: sheet ? (
                  <StatusIndicator type={sheet.status === 'open' ? 'success' : 'stopped'}>
                    {t(sheet.status === 'open' ? 'list.open' : 'list.closed')}
                  </StatusIndicator>
                ) : (
                  '—'
                ),
              },
              { label: t('sheet.leader'), value: sheet?.leader_id ? nameOf(sheet.leader_id) : '—' },
              { label: t('sheet.tow_planes'), value: towPlanes || '—' },
              { label: t('day.launches'), value: <span data-testid="day-launches">{board.launches}</span> },
              { label: t('day.flight_time'), value: formatMinutes(board.minutes) },
            ]}
          />
        </Box>

        <FlightCards
          testId="day-airborne"
          title={t('group.airborne')}
          ready={ready}
          flights={board.airborne}
          empty={t('group.airborne_empty')}
          header={planeHeader}
          sections={[
            { id: 'crew', content: (flight) => crew(flight) || '—' },
            {
              id: 'time',
              content: (flight) => (
                <span data-testid="day-in-air">
                  {t('day.in_air', {
                    takeoff: timeIn(flight.takeoff_time, timeZone) ?? '?',
                    time: formatMinutes(flight.takeoff_time ? minutesBetween(flight.takeoff_time, now) : 0),
                  })}
                </span>
              ),
            },
            { id: 'launch', content: launch },
          ]}
        />

        <FlightCards
          testId="day-next"
          title={t('day.next')}
          description={t('day.next_hint')}
          ready={ready}
          flights={board.next}
          empty={t('group.waiting_empty')}
          header={(flight) => (
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <Box variant="span" color="text-body-secondary">
                {t('day.position', { n: board.next.indexOf(flight) + 1 })}
              </Box>
              {planeHeader(flight)}
            </SpaceBetween>
          )}
          sections={[
            { id: 'crew', content: (flight) => crew(flight) || '—' },
            { id: 'launch', content: launch },
          ]}
        />

        <DataTable<FlightOutput>
          id="daily-flight-day-landed"
          testId="day-landed"
          header={
            <Header variant="h2" counter={ready ? `(${board.landed.length})` : undefined}>
              {t('group.landed')}
            </Header>
          }
          loading={!ready}
          loadingText={t('list.loading')}
          items={ready ? board.landed : []}
          trackBy="flight_id"
          empty={<Box color="text-status-inactive">{t('group.landed_empty')}</Box>}
          columns={[
            { id: 'reg_num', header: t('day.column.plane'), cell: planeHeader, alwaysVisible: true },
            { id: 'crew', header: t('day.column.crew'), cell: (flight) => crew(flight) || '—' },
            { id: 'launch', header: t('field.launch'), cell: launch },
            {
              id: 'takeoff',
              header: t('day.column.takeoff'),
              cell: (flight) => timeIn(flight.takeoff_time, timeZone) ?? '—',
            },
            {
              id: 'landing',
              header: t('day.column.landing'),
              cell: (flight) => timeIn(flight.landing_time, timeZone) ?? '—',
            },
            {
              id: 'time',
              header: t('day.column.time'),
              cell: (flight) => formatMinutes(flight.flight_time),
            },
          ]}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}

/** One group of the day as cards in a container: its title and count, and a line when it is empty. */
function FlightCards({
  testId,
  title,
  description,
  ready,
  flights,
  empty,
  header,
  sections,
}: {
  testId: string;
  title: string;
  description?: string;
  ready: boolean;
  flights: FlightOutput[];
  empty: string;
  header: (flight: FlightOutput) => ReactNode;
  sections: { id: string; content: (flight: FlightOutput) => ReactNode }[];
}) {
  const { t } = useTranslation('daily-flight');
  return (
    <Container
      data-testid={testId}
      header={
        <Header variant="h2" counter={ready ? `(${flights.length})` : undefined} description={description}>
          {title}
        </Header>
      }
    >
      {!ready ? (
        <StatusIndicator type="loading">{t('list.loading')}</StatusIndicator>
      ) : flights.length === 0 ? (
        <Box color="text-status-inactive">{empty}</Box>
      ) : (
        <Cards<FlightOutput>
          variant="container"
          items={flights}
          trackBy="flight_id"
          cardsPerRow={[{ cards: 1 }, { minWidth: 500, cards: 2 }, { minWidth: 900, cards: 3 }]}
          cardDefinition={{ header, sections }}
        />
      )}
    </Container>
  );
}
