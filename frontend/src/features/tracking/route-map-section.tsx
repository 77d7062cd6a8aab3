import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Spinner from '@cloudscape-design/components/spinner';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import type { RouteSource } from './route-map.tsx';

/** The map and Leaflet load only when the person asks for the route. */
const RouteMap = lazy(() => import('./route-map.tsx'));

/**
 * "Route" on a logbook line (spec §1: the route map is an extra of a club's pilot) and on a club
 * flight's screen: the flight's track from the club's OGN/FLARM data, with take-off and landing,
 * opened on request.
 */
export function RouteMapSection({ source }: { source: RouteSource }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={null}>
        <Section source={source} />
      </Suspense>
    </ErrorBoundary>
  );
}

function Section({ source }: { source: RouteSource }) {
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
              <Button
                iconName="map"
                formAction="none"
                onClick={() => setOpen(true)}
                data-testid="entry-route-show"
              >
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
          <RouteMap source={source} />
        </Suspense>
      )}
    </Container>
  );
}
