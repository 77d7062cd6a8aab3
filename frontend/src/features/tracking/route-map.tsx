import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrackOutput } from '../../../../contracts/schemas/tracking.ts';
import { call, reportFailure } from '../../lib/api-client.ts';
import { formatMinutes } from '../../lib/format.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { clockTimeOf } from './map-model.ts';
import TrackingMap from './tracking-map.tsx';
import { useAirfields } from './use-tracking-view.ts';

const NO_POSITIONS: never[] = [];

/** Whose route: a line of the person's own logbook, or a club flight (its screen). */
export type RouteSource = { kind: 'glider' | 'general'; entryId: string } | { flightId: string };
const keyOf = (source: RouteSource) =>
  'flightId' in source ? `flight#${source.flightId}` : `${source.kind}#${source.entryId}`;
const describeNothing = () => '';

/**
 * A logbook line's route (route-map-section.tsx loads it on request): the track of the club flight
 * behind the line, from take-off to landing. No points — a private line, an aircraft without a
 * tracker, a flight before the club's OGN data or past its keeping time — says so plainly.
 */
export default function RouteMap({ source }: { source: RouteSource }) {
  const { t } = useTranslation(['tracking', 'common']);
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const [track, setTrack] = useState<TrackOutput | null>(null);
  const [failed, setFailed] = useState(false);
  const airfields = useAirfields();

  const key = keyOf(source);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the source's values
  const load = useCallback(async () => {
    setFailed(false);
    try {
      setTrack(
        'flightId' in source
          ? await call('getFlightTrack', { params: { id: source.flightId } })
          : await call('getLogbookEntryTrack', { params: { kind: source.kind, id: source.entryId } }),
      );
    } catch (error) {
      setFailed(true);
      reportFailure(error);
    }
  }, [key]);
  useEffect(() => {
    void load();
  }, [load]);

  const tracks = useMemo(() => (track && track.points.length > 0 ? [track] : []), [track]);
  if (failed)
    return (
      <Alert type="error" action={<Button onClick={() => void load()}>{t('common:action.retry')}</Button>}>
        {t('route.load_failed')}
      </Alert>
    );
  if (!track) return <Spinner size="large" />;
  const first = track.points[0];
  const last = track.points.at(-1);
  if (!first || !last)
    return (
      <Box color="text-body-secondary" data-testid="entry-route-none">
        {t('route.none')}
      </Box>
    );

  const time = (ms: number) => clockTimeOf(ms, timeZone).slice(0, 5);
  const highest = Math.max(...track.points.map((p) => p[3]));
  return (
    <SpaceBetween size="s">
      <KeyValuePairs
        columns={4}
        items={[
          { label: t('route.takeoff'), value: time(first[0]) },
          { label: t('route.landing'), value: time(last[0]) },
          { label: t('route.duration'), value: formatMinutes((last[0] - first[0]) / 60_000) },
          { label: t('route.highest'), value: t('unit.altitude', { n: Math.round(highest) }) },
        ]}
      />
      <TrackingMap
        airfields={airfields}
        positions={NO_POSITIONS}
        tracks={tracks}
        describe={describeNothing}
        endpoints={{
          takeoff: `${t('route.takeoff')} ${time(first[0])}`,
          landing: `${t('route.landing')} ${time(last[0])}`,
        }}
        fitKey={key}
        height={420}
        testId="entry-route-map"
      />
    </SpaceBetween>
  );
}
