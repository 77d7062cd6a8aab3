import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Spinner from '@cloudscape-design/components/spinner';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../components/error-boundary.tsx';

/** The map and Leaflet load only when the person asks for the route. */
const RouteMap = lazy(() => import('./route-map.tsx'));

/**
 * "Route" on a logbook line (spec §1: the route map is an extra of a club's pilot): the flight's
 * track from the club's OGN/FLARM data, with take-off and landing, opened on request.
 */
export function RouteMapSection({ kind, entryId }: { kind: 'glider' | 'general'; entryId: string }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={null}>
        <Section kind={kind} entryId={entryId} />
      </Suspense>
    </ErrorBoundary>
  );
}

function Section({ kind, entryId }: { kind: 'glider' | 'general'; entryId: string }) {
  const { t } = useTranslation('tracking');
  const [open, setOpen] = useState(false);
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={t('route.description')}
          actions={
            open ? null : (
              <Button iconName="map" onClick={() => setOpen(true)} data-testid="entry-route-show">
                {t('route.show')}
              </Button>
            )
          }
        >
          {t('route.title')}
        </Header>
      }
      data-testid="entry-route"
    >
      {open && (
        <Suspense fallback={<Spinner size="large" />}>
          <RouteMap kind={kind} entryId={entryId} />
        </Suspense>
      )}
    </Container>
  );
}
