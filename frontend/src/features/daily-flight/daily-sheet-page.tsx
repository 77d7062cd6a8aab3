import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { FlightOutput } from '../../../../contracts/schemas/flights.ts';
import { PageButton } from '../../app/links.tsx';
import { useDatasource } from '../../lib/datasource.ts';
import { formatDate } from '../../lib/format.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { LiveMapPanel } from '../tracking/live-map-panel.tsx';
import { ConflictDialog } from './conflict-dialog.tsx';
import { FlightCard } from './flight-card.tsx';
import { FlightEditModal } from './flight-edit-modal.tsx';
import { type NewLaunch, NewLaunchPanel } from './new-launch-panel.tsx';
import { newClientId, resolvedId } from './outbox.ts';
import { DetectedPanel } from './proposal-card.tsx';
import { SheetHeaderPanel } from './sheet-header-panel.tsx';
import { groupsOf, type SheetFlight } from './sheet-state.ts';
import { useDailySheet } from './use-daily-sheet.ts';
import './daily-sheet.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NO_TOW_PLANES: readonly string[] = [];

/** Below Cloudscape's `s` grid breakpoint (a phone, a tablet upright) the sheet shows one part at a time. */
const NARROW = '(max-width: 911px)';
function useNarrow() {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW).matches);
  useEffect(() => {
    const query = window.matchMedia(NARROW);
    const change = () => setNarrow(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return narrow;
}

/** The clock of the running timers: ticks every second while something is airborne. */
function useNow(running: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/**
 * daily-flight/{id} (the id is the day): the timer operator's screen at the launch point, for a
 * 10-inch tablet or a phone. New launches, then waiting → airborne → landed with one tap each;
 * the other operators' taps arrive live; writes survive a lost connection (use-daily-sheet.ts).
 */
export default function DailySheetPage() {
  const { t } = useTranslation('daily-flight');
  const { id = '' } = useParams();
  const { profile } = useStore(session);
  const organization = profile?.organization;
  if (!profile || !organization || !DATE.test(id) || Number.isNaN(Date.parse(id))) {
    return (
      <Box padding="l" data-testid="sheet-bad-date">
        <Alert type="error">{t('sheet.bad_date')}</Alert>
      </Box>
    );
  }
  const policy = (organization as { recency_policy?: string }).recency_policy;
  return (
    <SheetScreen
      key={`${organization.organization_id}|${id}`}
      organizationId={organization.organization_id}
      userId={profile.user_id}
      timeZone={organization.timezone}
      date={id}
      blocking={policy === 'block'}
    />
  );
}

function SheetScreen({
  organizationId,
  userId,
  timeZone,
  date,
  blocking,
}: {
  organizationId: string;
  userId: string;
  timeZone: string;
  date: string;
  blocking: boolean;
}) {
  const { t } = useTranslation(['daily-flight', 'common']);
  const data = useDailySheet(organizationId, userId, date);
  const planes = useDatasource('planes');
  const users = useDatasource('users');
  /** The flight being corrected, and its server state when the drawer opened: what the edit is made on. */
  const [editing, setEditing] = useState<{ id: string; version: number | null; seen?: FlightOutput } | null>(
    null,
  );
  const narrow = useNarrow();
  const [part, setPart] = useState<'flights' | 'launch'>('flights');
  const groups = useMemo(() => groupsOf(data.flights), [data.flights]);
  const now = useNow(groups.airborne.length > 0);

  const names = useMemo(() => new Map(users.items.map((u) => [u.user_id, u.name])), [users.items]);
  const nameOf = useCallback((userId: string | null) => (userId ? (names.get(userId) ?? '…') : ''), [names]);
  const regOf = (planeId: string | null) =>
    planeId ? (planes.items.find((p) => p.plane_id === planeId)?.reg_num ?? planeId) : '';

  // Read at tap time, so the cards' handlers stay the same and 300 cards do not re-render per tick.
  const server = useRef(data.serverFlights);
  server.current = data.serverFlights;
  /** The version the operator saw: the server's, or null when they saw only our pending create. */
  const seenVersion = useCallback(
    (flight: SheetFlight) => server.current[resolvedId(server.current, flight.flight_id)]?.version ?? null,
    [],
  );

  const { enqueue } = data;
  const launch = useCallback(
    ({ body, preview, launchNow }: NewLaunch) => {
      const at = new Date().toISOString();
      const clientId = newClientId(Date.parse(at));
      enqueue({
        id: crypto.randomUUID(),
        kind: 'create',
        at,
        flight_id: clientId,
        body: { ...body, client_id: clientId, ...(launchNow && { takeoff_time: at }) },
        preview,
      });
      // On a phone the operator goes back to the list, where the launch now is.
      setPart('flights');
    },
    [enqueue],
  );
  const moment = useCallback(
    (kind: 'takeoff' | 'land', flight: SheetFlight) =>
      enqueue({
        id: crypto.randomUUID(),
        kind,
        at: new Date().toISOString(),
        flight_id: flight.flight_id,
        version: seenVersion(flight),
      }),
    [enqueue, seenVersion],
  );
  const takeOff = useCallback((flight: SheetFlight) => moment('takeoff', flight), [moment]);
  const land = useCallback((flight: SheetFlight) => moment('land', flight), [moment]);
  const open = useCallback(
    (flight: SheetFlight) =>
      setEditing({
        id: flight.flight_id,
        version: seenVersion(flight),
        seen: server.current[resolvedId(server.current, flight.flight_id)],
      }),
    [seenVersion],
  );

  const edited = editing ? data.flights.find((f) => f.flight_id === editing.id) : undefined;
  const sheet = data.sheet;

  const group = (name: 'waiting' | 'airborne' | 'landed', flights: SheetFlight[]) => (
    <Container
      header={
        <Header variant="h2" counter={`(${flights.length})`}>
          {t(`group.${name}`)}
        </Header>
      }
      data-testid={`sheet-group-${name}`}
    >
      {flights.length === 0 ? (
        <Box color="text-body-secondary" fontSize="heading-s">
          {t(`group.${name}_empty`)}
        </Box>
      ) : (
        <div className="ws-cards">
          {flights.map((flight) => (
            <FlightCard
              key={flight.flight_id}
              flight={flight}
              nameOf={nameOf}
              timeZone={timeZone}
              now={flight.status === 'airborne' ? now : 0}
              onTakeOff={takeOff}
              onLand={land}
              onOpen={open}
              detected={data.proposals.byFlight.get(flight.flight_id)}
              detectedBusy={data.settling.has(
                data.proposals.byFlight.get(flight.flight_id)?.proposal_id ?? '',
              )}
              offline={data.offline}
              onDetected={data.settleProposal}
            />
          ))}
        </div>
      )}
    </Container>
  );

  return (
    <div className="ws-sheet" data-testid="daily-sheet" data-date={date}>
      <SpaceBetween size="m">
        <Header
          variant="h1"
          actions={
            <SpaceBetween direction="horizontal" size="s" alignItems="center">
              <span data-testid="sheet-live" data-live={data.live ? 'true' : 'false'}>
                {data.live ? (
                  <StatusIndicator type="success">{t('sheet.live')}</StatusIndicator>
                ) : (
                  <StatusIndicator type="pending">{t('sheet.not_live')}</StatusIndicator>
                )}
              </span>
              <PageButton href="/daily-flight/" data-testid="sheet-all">
                {t('sheet.all_sheets')}
              </PageButton>
            </SpaceBetween>
          }
        >
          {t('sheet.title', { date: formatDate(date) })}
        </Header>
        {data.offline && (
          <Alert type="warning" header={t('offline.title')} data-testid="sheet-offline">
            {t('offline.text', { n: data.entries.length })}
          </Alert>
        )}
        {!data.offline && data.entries.length > 0 && (
          <Box data-testid="sheet-sending">
            <StatusIndicator type="in-progress">
              {t('offline.sending', { n: data.entries.length })}
            </StatusIndicator>
          </Box>
        )}
        {data.loaded === 'loading' && <Spinner size="large" />}
        {data.loaded === 'failed' && (
          <Alert
            type="error"
            action={<Button onClick={() => void data.reload()}>{t('common:action.retry')}</Button>}
            data-testid="sheet-load-failed"
          >
            {t('sheet.load_failed')}
          </Alert>
        )}
        {sheet && (
          <SheetHeaderPanel
            sheet={sheet}
            planes={planes.items}
            users={users.items}
            nameOf={nameOf}
            onSave={(body, version) =>
              data.enqueue({
                id: crypto.randomUUID(),
                kind: 'sheet',
                at: new Date().toISOString(),
                version,
                body,
              })
            }
          />
        )}
        {narrow && (
          <div className="ws-parts">
            {(['flights', 'launch'] as const).map((name) => (
              <button
                key={name}
                type="button"
                className="ws-choice"
                aria-pressed={part === name}
                onClick={() => setPart(name)}
                data-testid={`sheet-part-${name}`}
              >
                {t(`part.${name}`, { n: groups.airborne.length })}
              </button>
            ))}
          </div>
        )}
        <Grid gridDefinition={[{ colspan: { default: 12, s: 5 } }, { colspan: { default: 12, s: 7 } }]}>
          {/* Hidden, not removed, on a phone: the half-picked launch stays while the list is shown. */}
          <div style={narrow && part !== 'launch' ? { display: 'none' } : undefined}>
            <NewLaunchPanel
              organizationId={organizationId}
              planes={planes.items}
              users={users.items}
              towPlaneIds={sheet?.tow_plane_ids ?? NO_TOW_PLANES}
              blocking={blocking}
              onLaunch={launch}
            />
          </div>
          <div style={narrow && part !== 'flights' ? { display: 'none' } : undefined}>
            <SpaceBetween size="m">
              <DetectedPanel
                proposals={data.proposals.unmatched}
                timeZone={timeZone}
                regOf={regOf}
                offline={data.offline}
                settling={data.settling}
                onSettle={data.settleProposal}
              />
              {group('airborne', groups.airborne)}
              {group('waiting', groups.waiting)}
              {group('landed', groups.landed)}
            </SpaceBetween>
          </div>
        </Grid>
        <LiveMapPanel date={date} />
      </SpaceBetween>
      {data.conflicts[0] && (
        <ConflictDialog
          conflict={data.conflicts[0]}
          nameOf={nameOf}
          regOf={regOf}
          timeZone={timeZone}
          onResolve={(choice) => {
            const first = data.conflicts[0];
            if (first) data.resolveConflict(first, choice);
          }}
        />
      )}
      {edited && editing && (
        <FlightEditModal
          key={edited.flight_id}
          flight={edited}
          planes={planes.items}
          users={users.items}
          timeZone={timeZone}
          onClose={() => setEditing(null)}
          onSave={(changes) => {
            const seen = editing.seen as unknown as Record<string, unknown> | undefined;
            data.enqueue({
              id: crypto.randomUUID(),
              kind: 'update',
              at: new Date().toISOString(),
              flight_id: edited.flight_id,
              version: editing.version,
              body: changes,
              base: Object.fromEntries(Object.keys(changes).map((field) => [field, seen?.[field] ?? null])),
            });
            setEditing(null);
          }}
          onDelete={() => {
            data.enqueue({
              id: crypto.randomUUID(),
              kind: 'delete',
              at: new Date().toISOString(),
              flight_id: edited.flight_id,
              version: editing.version,
            });
            setEditing(null);
          }}
        />
      )}
    </div>
  );
}
