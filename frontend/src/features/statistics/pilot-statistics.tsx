import SegmentedControl from '@cloudscape-design/components/segmented-control';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlightKind } from '../../../../contracts/schemas/flight-enums.ts';
import { call } from '../../lib/api-client.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { StatisticsPanel } from './statistics-panel.tsx';
import { pilotView, type StatisticsView } from './statistics-shape.ts';

/**
 * The signed-in pilot's statistics (dashboard, profile): glider or powered logbook, by year. `flies`
 * (the dashboard reads it from the pilot's recency) opens the category the person flies.
 */
export function PilotStatistics({ flies }: { flies?: FlightKind | null } = {}) {
  const { t } = useTranslation('statistics');
  const { profile } = useStore(session);
  const kinds: FlightKind[] = [
    ...(profile?.logbook_glider_on !== false ? (['glider'] as const) : []),
    ...(profile?.logbook_general_on ? (['general'] as const) : []),
  ];
  const [kind, setKind] = useState<FlightKind>(kinds[0] ?? 'glider');
  const [chosen, setChosen] = useState(false);
  const fliesShown = flies && kinds.includes(flies) ? flies : null;
  useEffect(() => {
    if (fliesShown && !chosen) setKind(fliesShown);
  }, [fliesShown, chosen]);
  const [year, setYear] = useState(new Date().getFullYear());
  const [view, setView] = useState<StatisticsView | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setLoading(true);
    call('getStatistics', { params: { kind }, query: { year } })
      .then((output) => {
        if (!current) return;
        setView(pilotView(output));
        setFailed(false);
      })
      .catch(() => current && setFailed(true))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [kind, year]);

  return (
    <StatisticsPanel
      header={t('header')}
      description={t('description')}
      testId="pilot-statistics"
      variant="pilot"
      view={view}
      year={year}
      onYear={setYear}
      loading={loading}
      failed={failed}
      actions={
        kinds.length > 1 ? (
          <SegmentedControl
            selectedId={kind}
            onChange={({ detail }) => {
              setChosen(true);
              setKind(detail.selectedId as FlightKind);
            }}
            label={t('kind_label')}
            options={kinds.map((k) => ({ id: k, text: t(`kind.${k}`) }))}
            data-testid="pilot-statistics-kind"
          />
        ) : undefined
      }
    />
  );
}
