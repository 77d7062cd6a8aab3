import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import TextFilter from '@cloudscape-design/components/text-filter';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AirportItem } from '../../../../contracts/schemas/lookups.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { useDatasource } from '../../lib/datasource.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useNarrow } from '../../lib/use-narrow.ts';

// The app's one Leaflet map (tracking), loaded with this screen only.
const TrackingMap = lazy(() => import('../tracking/tracking-map.tsx'));

/**
 * maps (spec §2 named screen): the airfields on a map — every airport of the reference list marked
 * for the map, the organization's base labelled — and as a list to search; a row shows it on the
 * map. Tiles as everywhere (`tilesUrl`); without them, the plain background with the airfields.
 */
export default function MapsPage() {
  const { t } = useTranslation(['lookups', 'nav', 'common']);
  const { profile } = useStore(session);
  const airports = useDatasource('airports');
  const narrow = useNarrow();
  const [filter, setFilter] = useState('');
  const [focus, setFocus] = useState<{ latitude: number; longitude: number; key: string } | null>(null);
  const base = profile?.organization?.base_airport ?? null;
  const onMap = useMemo(() => airports.items.filter((a) => a.show_in_map), [airports.items]);
  const airfields = useMemo(
    () =>
      onMap.map((a) => ({
        icao: a.icao ?? a.airport_id,
        name: a.name,
        latitude: a.latitude,
        longitude: a.longitude,
        base: a.icao === base,
      })),
    [onMap, base],
  );
  const shown = filter
    ? onMap.filter((a) =>
        `${a.icao ?? ''} ${a.name} ${a.city ?? ''}`.toLowerCase().includes(filter.toLowerCase()),
      )
    : onMap;
  const show = (a: AirportItem) => {
    setFocus({ latitude: a.latitude, longitude: a.longitude, key: `${a.airport_id}-${Date.now()}` });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('maps.description')}>
          {t('nav:title.maps')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container disableContentPaddings>
          {airports.loading ? (
            <Box padding="l" textAlign="center">
              <Spinner />
            </Box>
          ) : (
            <Suspense fallback={<Box padding="l">{t('common:nav.loading')}</Box>}>
              <TrackingMap
                airfields={airfields}
                positions={[]}
                tracks={[]}
                describe={() => ''}
                fitKey="airfields"
                ready
                focus={focus}
                height={narrow ? 360 : 520}
                testId="maps-map"
              />
            </Suspense>
          )}
        </Container>
        <DataTable<AirportItem>
          id="maps-airports"
          testId="maps-airports"
          variant="container"
          header={<Header counter={`(${onMap.length})`}>{t('maps.airfields')}</Header>}
          filter={
            <TextFilter
              filteringText={filter}
              onChange={({ detail }) => setFilter(detail.filteringText)}
              filteringPlaceholder={t('maps.filter')}
            />
          }
          loading={airports.loading}
          loadingText={t('common:nav.loading')}
          items={shown}
          trackBy="airport_id"
          empty={<Box color="text-status-inactive">{t('maps.empty')}</Box>}
          columns={[
            {
              id: 'icao',
              header: 'ICAO',
              cell: (a) => (
                <Button
                  variant="inline-link"
                  onClick={() => show(a)}
                  data-testid={`maps-show-${a.icao ?? a.airport_id}`}
                >
                  {a.icao ?? '—'}
                </Button>
              ),
            },
            { id: 'name', header: t('maps.name'), cell: (a) => a.name, short: true },
            {
              id: 'city',
              header: t('maps.city'),
              cell: (a) => [a.city, a.country].filter(Boolean).join(', '),
              short: true,
            },
            {
              id: 'runway',
              header: t('maps.runway'),
              short: true,
              cell: (a) =>
                a.runway_length
                  ? t('maps.runway_text', { length: a.runway_length, heading: a.runway_heading ?? '—' })
                  : '—',
            },
            {
              id: 'altitude',
              header: t('maps.elevation'),
              cell: (a) => `${a.altitude}\u00a0m`,
              align: 'end',
            },
          ]}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
