import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { DateField } from '../../components/forms/date-field.tsx';
import { formatDate } from '../../lib/format.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { dayOffset } from '../../lib/zoned-time.ts';
import { clockTimeOf, type HeardRow } from './map-model.ts';
import TrackingMap, { type MapFocus } from './tracking-map.tsx';
import { POLL_MS } from './use-tracking.ts';
import { useAgeText, useTrackingView } from './use-tracking-view.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, '0');
/** The date picker's day (local midnight in the browser) as yyyy-mm-dd. */
const calendarDateOf = (day: Date) => `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;

/**
 * `ogn-log` (spec §2): the organization's aircraft as the Open Glider Network hears them — live on
 * the map with registration, altitude, speed, heading and the age of the fix, the day's tracks
 * (another day from the date picker), and the table of aircraft heard. Any member may look; the
 * timer operators get the positions pushed, the others see them refreshed every 15 seconds.
 */
export default function OgnLogPage() {
  const { t } = useTranslation(['tracking', 'common']);
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const today = dayOffset(timeZone, 0);
  const [date, setDate] = useState(today);
  const view = useTrackingView(date);
  const ageText = useAgeText();
  const [focus, setFocus] = useState<MapFocus | null>(null);

  const status = !view.isToday ? null : view.canPush ? (
    view.pushing ? (
      <StatusIndicator type="success">{t('status.live')}</StatusIndicator>
    ) : (
      <StatusIndicator type="pending">{t('status.connecting')}</StatusIndicator>
    )
  ) : (
    <StatusIndicator type="info">{t('status.polling', { n: POLL_MS / 1000 })}</StatusIndicator>
  );

  const columns = [
    {
      id: 'reg_num',
      header: t('heard.reg_num'),
      cell: (row: HeardRow) => (
        <Link
          onFollow={(event) => {
            event.preventDefault();
            setFocus({
              latitude: row.latitude,
              longitude: row.longitude,
              key: `${row.address}|${Date.now()}`,
            });
          }}
          ariaLabel={t('heard.show_on_map', { reg: row.reg_num ?? row.address })}
          data-testid={`heard-${row.address}`}
        >
          {row.reg_num ?? t('heard.unknown')}
        </Link>
      ),
    },
    { id: 'address', header: t('heard.address'), cell: (row: HeardRow) => <code>{row.address}</code> },
    {
      id: 'last_seen',
      header: t('heard.last_seen'),
      cell: (row: HeardRow) =>
        view.isToday
          ? `${clockTimeOf(row.timestamp, timeZone)} (${ageText(row.timestamp, view.now)})`
          : clockTimeOf(row.timestamp, timeZone),
    },
    {
      id: 'altitude',
      header: t('heard.altitude'),
      cell: (row: HeardRow) => t('unit.altitude', { n: Math.round(row.altitude) }),
    },
    {
      id: 'ground_speed',
      header: t('heard.ground_speed'),
      cell: (row: HeardRow) => t('unit.speed', { n: Math.round(row.ground_speed) }),
    },
    {
      id: 'climb_rate',
      header: t('heard.climb_rate'),
      cell: (row: HeardRow) =>
        row.climb_rate === null ? '—' : t('unit.climb', { n: row.climb_rate.toFixed(1) }),
    },
    {
      id: 'phase',
      header: t('heard.phase'),
      cell: (row: HeardRow) =>
        row.live ? (
          <StatusIndicator type={row.phase === 'air' ? 'success' : 'stopped'}>
            {t(`phase.${row.phase ?? 'unknown'}`)}
          </StatusIndicator>
        ) : (
          <Box color="text-body-secondary">{t(view.isToday ? 'phase.gone' : 'phase.flown')}</Box>
        ),
    },
  ];

  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        description={t('log.description')}
        actions={
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <span data-testid="ogn-log-status">{status}</span>
            <DateField
              value={date}
              onChange={(value) => {
                if (DATE.test(value)) setDate(value);
              }}
              isDateEnabled={(day) => calendarDateOf(day) <= today}
              ariaLabel={t('log.date')}
              testId="ogn-log-date"
            />
            <Button onClick={() => setDate(today)} disabled={view.isToday} data-testid="ogn-log-today">
              {t('log.today')}
            </Button>
          </SpaceBetween>
        }
      >
        {t('log.title')}
      </Header>
      <Box variant="small" data-testid="ogn-log-privacy">
        {t('log.privacy')}
      </Box>
      {view.state === 'failed' && (
        <Alert type="error" data-testid="ogn-log-failed">
          {t('log.load_failed')}
        </Alert>
      )}
      <Container
        header={
          <Header
            variant="h2"
            description={view.isToday ? t('map.today') : t('map.day', { date: formatDate(date) })}
          >
            {t('map.title')}
          </Header>
        }
      >
        <TrackingMap
          airfields={view.airfields}
          positions={view.positions}
          tracks={view.tracks}
          describe={view.describe}
          staleBefore={view.staleBefore}
          fitKey={date}
          ready={view.state !== 'loading'}
          focus={focus}
          height={520}
          testId="ogn-log-map"
        />
      </Container>
      <DataTable
        id="ogn-heard"
        header={
          <Header variant="h2" counter={`(${view.rows.length})`}>
            {t('heard.title')}
          </Header>
        }
        items={view.rows}
        trackBy="address"
        loading={view.state === 'loading' && view.rows.length === 0}
        loadingText={t('common:nav.loading')}
        columns={columns}
        empty={<Box textAlign="center">{t('heard.empty')}</Box>}
        testId="ogn-log-heard"
      />
    </SpaceBetween>
  );
}
