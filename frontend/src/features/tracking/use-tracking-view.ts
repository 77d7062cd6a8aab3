import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LivePositionOutput } from '../../../../contracts/schemas/tracking.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { dayOffset } from '../../lib/zoned-time.ts';
import { ageOf, heardRows, withLiveTail } from './map-model.ts';
import type { MapAirfield } from './tracking-map.tsx';
import { useClock, useDayTracks, useLivePositions } from './use-tracking.ts';

/** Markers' ages move on this often: seconds matter little on a map, a re-render per second would. */
const CLOCK_MS = 5000;
/** A position older than this is drawn faded: the aircraft has not been heard for a while. */
const STALE_MS = 5 * 60_000;

/** How a marker and the table say how long ago a fix was ("20 s", "3 min", "2 h"). */
export function useAgeText() {
  const { t } = useTranslation('tracking');
  return useCallback(
    (timestamp: number, now: number) => {
      const age = ageOf(timestamp, now);
      return t(`age.${age.unit}`, { n: age.n });
    },
    [t],
  );
}

/** The airfields a map marks: those shown on maps, and the organization's base (labelled). */
export function useAirfields(): MapAirfield[] {
  const { profile } = useStore(session);
  const airports = useDatasource('airports');
  const baseIcao = profile?.organization?.base_airport ?? null;
  return useMemo(
    () =>
      airports.items
        .filter((a) => a.icao && (a.show_in_map || a.icao === baseIcao))
        .map((a) => ({
          icao: a.icao ?? '',
          name: a.name,
          latitude: a.latitude,
          longitude: a.longitude,
          base: a.icao === baseIcao,
        })),
    [airports.items, baseIcao],
  );
}

/**
 * Everything a map of one day shows: today, the aircraft heard live and the tracks flown so far
 * (extended by the live positions between two reads); another day, that day's tracks only.
 */
export function useTrackingView(date: string) {
  const { t } = useTranslation('tracking');
  const { profile } = useStore(session);
  const organization = profile?.organization;
  const timeZone = organization?.timezone ?? 'UTC';
  const isToday = date === dayOffset(timeZone, 0);
  const live = useLivePositions({
    organizationId: organization?.organization_id ?? '',
    userId: profile?.user_id ?? '',
    canPush: profile?.can['daily-flight-edit'] === true,
    enabled: isToday && Boolean(organization),
  });
  const day = useDayTracks({ date, today: isToday, enabled: Boolean(organization) });
  const now = useClock(CLOCK_MS);
  const ageText = useAgeText();

  const positions = useMemo(() => (isToday ? [...live.positions.values()] : []), [isToday, live.positions]);
  const tracks = useMemo(() => {
    if (!isToday) return day.tracks;
    const kept = live.removed.size > 0 ? day.tracks.filter((t) => !live.removed.has(t.address)) : day.tracks;
    return withLiveTail(kept, live.positions);
  }, [isToday, day.tracks, live.positions, live.removed]);
  const rows = useMemo(
    () => heardRows(tracks, isToday ? live.positions : new Map()),
    [tracks, isToday, live.positions],
  );

  const airfields = useAirfields();

  const describe = useCallback(
    (p: LivePositionOutput) =>
      [
        t('unit.altitude', { n: Math.round(p.altitude) }),
        t('unit.speed', { n: Math.round(p.ground_speed) }),
        ageText(p.timestamp, now),
      ].join(' · '),
    [t, ageText, now],
  );

  const states = isToday ? [day.state, live.state] : [day.state];
  const state = states.includes('failed') ? 'failed' : states.includes('loading') ? 'loading' : 'ready';
  return {
    isToday,
    timeZone,
    positions,
    tracks,
    rows,
    airfields,
    describe,
    now,
    staleBefore: now - STALE_MS,
    pushing: live.pushing,
    canPush: profile?.can['daily-flight-edit'] === true,
    state,
  };
}
