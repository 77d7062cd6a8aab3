import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../app/links.tsx';
import TrackingMap from './tracking-map.tsx';
import { useTrackingView } from './use-tracking-view.ts';

/**
 * The daily sheet panel's content (live-map-panel.tsx loads it on opening): the sheet's day on the
 * map — live aircraft and today's tracks, or that day's tracks for a past sheet — and a link to the
 * full OGN log.
 */
export default function LiveMap({ date }: { date: string }) {
  const { t } = useTranslation('tracking');
  const view = useTrackingView(date);
  const heardNow = view.positions.length;
  return (
    <SpaceBetween size="s">
      <SpaceBetween direction="horizontal" size="m" alignItems="center">
        {view.isToday ? (
          <StatusIndicator type={heardNow > 0 ? 'success' : 'info'}>
            {t('panel.heard', { n: heardNow })}
          </StatusIndicator>
        ) : (
          <Box color="text-body-secondary">{t('panel.past_day')}</Box>
        )}
        <PageLink href="/ogn-log/" data-testid="sheet-map-ogn-log">
          {t('panel.open_log')}
        </PageLink>
      </SpaceBetween>
      {view.state === 'failed' && <Alert type="error">{t('log.load_failed')}</Alert>}
      <TrackingMap
        airfields={view.airfields}
        positions={view.positions}
        tracks={view.tracks}
        describe={view.describe}
        staleBefore={view.staleBefore}
        fitKey={date}
        ready={view.state !== 'loading'}
        height={380}
        testId="sheet-map"
      />
    </SpaceBetween>
  );
}
