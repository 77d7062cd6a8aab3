import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client.ts';
import { StatisticsPanel } from './statistics-panel.tsx';
import { planeView, type StatisticsView } from './statistics-shape.ts';

/** An aircraft's statistics (plane/{id} "Statistics" tab): its use per month and year. */
export function PlaneStatistics(props: { planeId: string }) {
  const { t } = useTranslation('statistics');
  const [year, setYear] = useState(new Date().getFullYear());
  const [view, setView] = useState<StatisticsView | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setLoading(true);
    call('getPlaneStatistics', { params: { id: props.planeId }, query: { year } })
      .then((output) => {
        if (!current) return;
        setView(planeView(output));
        setFailed(false);
      })
      .catch(() => current && setFailed(true))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [props.planeId, year]);

  return (
    <StatisticsPanel
      header={t('plane_header')}
      description={t('plane_description')}
      testId="plane-statistics"
      variant="aircraft"
      view={view}
      year={year}
      onYear={setYear}
      loading={loading}
      failed={failed}
    />
  );
}
