import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Spinner from '@cloudscape-design/components/spinner';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../components/error-boundary.tsx';

/** The map and Leaflet load only when the panel is opened. */
const LiveMap = lazy(() => import('./live-map.tsx'));

/** Whether the operator keeps the map open: remembered on this device, like a panel left open. */
const OPEN_KEY = 'windsock.sheet_map_open';

/**
 * The daily sheet's map panel (issue 6 §6): the club's aircraft live and the day's tracks, folded
 * away by default so the sheet stays what it is at the launch point. Self-contained: its strings,
 * its data and its failures stay inside (a map that cannot load never takes the sheet with it).
 */
export function LiveMapPanel({ date }: { date: string }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={null}>
        <Panel date={date} />
      </Suspense>
    </ErrorBoundary>
  );
}

function Panel({ date }: { date: string }) {
  const { t } = useTranslation('tracking');
  const [open, setOpen] = useState(() => localStorage.getItem(OPEN_KEY) === '1');
  return (
    <ExpandableSection
      variant="container"
      headerText={t('panel.title')}
      headerDescription={t('panel.description')}
      expanded={open}
      onChange={({ detail }) => {
        setOpen(detail.expanded);
        localStorage.setItem(OPEN_KEY, detail.expanded ? '1' : '0');
      }}
      data-testid="sheet-map-panel"
    >
      {open && (
        <Suspense fallback={<Spinner size="large" />}>
          <LiveMap date={date} />
        </Suspense>
      )}
    </ExpandableSection>
  );
}
