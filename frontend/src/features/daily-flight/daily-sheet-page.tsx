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
import type { ProposalOutput } from '../../../../contracts/schemas/tracking.ts';
import { PageButton } from '../../app/links.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { useDatasource } from '../../lib/datasource.ts';
import { formatDate } from '../../lib/format.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { usePayerStanding } from '../finance/payer-standing.tsx';
import { LiveMapPanel } from '../tracking/live-map-panel.tsx';
import { ConflictDialog } from './conflict-dialog.tsx';
import { FlightCard } from './flight-card.tsx';
import { FlightEditModal } from './flight-edit-modal.tsx';
import { type NewLaunch, NewLaunchPanel } from './new-launch-panel.tsx';
import { newClientId, resolvedId, type UndoableEntry } from './outbox.ts';
import { DetectedPanel } from './proposal-card.tsx';
import { SheetHeaderPanel } from './sheet-header-panel.tsx';
import { groupsOf, type SheetFlight } from './sheet-state.ts';
import { type LastTap, UndoBar } from './undo-bar.tsx';
import { useDailySheet } from './use-daily-sheet.ts';
import './daily-sheet.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NO_TOW_PLANES: readonly string[] = [];
/** A landing less than a minute after the take-off is a 0:00 flight: asked before it is recorded. */
const shorterThanAMinute = (from: string | null, to: number) =>
  from !== null && to - Date.parse(from) < 60_000;

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
  const [editing, setEditing] = useState<{
    id: string;
    version: number | null;
    seen?: FlightOutput;
    /** A detected flight just recorded without crew: the dialog asks who flew. */
    askCrew?: boolean;
  } | null>(null);
  /** The last take-off, landing or launch, offered for undo (UndoBar). */
  const [lastTap, setLastTap] = useState<LastTap | null>(null);
  const clearTap = useCallback(() => setLastTap(null), []);
  /** A landing that would make a 0:00 flight, waiting for the operator's word. */
  /** A 0:00 landing waiting for the operator's word, with the moment it was tapped (its landing time). */
  const [zeroLanding, setZeroLanding] = useState<{ flight: SheetFlight; at: Date } | null>(null);
  const narrow = useNarrow();
  const [part, setPart] = useState<'flights' | 'launch'>('flights');
  const groups = useMemo(() => groupsOf(data.flights), [data.flights]);
  const payers = useMemo(() => data.flights.map((f) => f.pic_id ?? f.instructor_id), [data.flights]);
  const standing = usePayerStanding(payers);
  const now = useNow(groups.airborne.length > 0);

  const names = useMemo(() => new Map(users.items.map((u) => [u.user_id, u.name])), [users.items]);
  const nameOf = useCallback((userId: string | null) => (userId ? (names.get(userId) ?? '…') : ''), [names]);
  // Only ever a registration: the screen is drawn once the aircraft are known (see `ready`).
  const regOf = (planeId: string | null) =>
    planeId ? (planes.items.find((p) => p.plane_id === planeId)?.reg_num ?? '') : '';

  // Read at tap time, so the cards' handlers stay the same and 300 cards do not re-render per tick.
  const server = useRef(data.serverFlights);
  server.current = data.serverFlights;
  /** The version the operator saw: the server's, or null when they saw only our pending create. */
  const seenVersion = useCallback(
    (flight: SheetFlight) => server.current[resolvedId(server.current, flight.flight_id)]?.version ?? null,
    [],
  );

  const { enqueue, undo } = data;
  const launch = useCallback(
    ({ body, preview, launchNow }: NewLaunch) => {
      const at = new Date().toISOString();
      const clientId = newClientId(Date.parse(at));
      const entry: UndoableEntry = {
        id: crypto.randomUUID(),
        kind: 'create',
        at,
        flight_id: clientId,
        body: { ...body, client_id: clientId, ...(launchNow && { takeoff_time: at }) },
        preview,
      };
      enqueue(entry);
      if (launchNow) setLastTap({ entry, reg: preview.reg_num });
      // On a phone the operator goes back to the list, where the launch now is.
      setPart('flights');
    },
    [enqueue],
  );
  const moment = useCallback(
    (kind: 'takeoff' | 'land', flight: SheetFlight, at = new Date()) => {
      const entry: UndoableEntry = {
        id: crypto.randomUUID(),
        kind,
        at: at.toISOString(),
        flight_id: flight.flight_id,
        version: seenVersion(flight),
      };
      enqueue(entry);
      setLastTap({ entry, reg: flight.reg_num });
    },
    [enqueue, seenVersion],
  );
  const takeOff = useCallback((flight: SheetFlight) => moment('takeoff', flight), [moment]);
  const land = useCallback(
    (flight: SheetFlight) => {
      const at = new Date();
      if (shorterThanAMinute(flight.takeoff_time, at.getTime())) setZeroLanding({ flight, at });
      else moment('land', flight, at);
    },
    [moment],
  );
  const takeBack = useCallback(
    (tap: LastTap) => {
      undo(tap.entry);
      setLastTap(null);
    },
    [undo],
  );
  const { settleProposal } = data;
  /** A detected flight recorded as a new flight has no crew yet: ask who flew at once. */
  const settle = useCallback(
    async (proposal: ProposalOutput, action: 'confirm' | 'dismiss', flightId?: string) => {
      const flight = await settleProposal(proposal, action, flightId);
      if (action === 'confirm' && !flightId && flight && !flight.pic_id && !flight.towed_flight_id)
        setEditing({ id: flight.flight_id, version: flight.version, seen: flight, askCrew: true });
    },
    [settleProposal],
  );
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
              onDetected={settle}
              belowMinimum={
                standing.policy !== 'off' && standing.below.has(flight.pic_id ?? flight.instructor_id ?? '')
              }
            />
          ))}
        </div>
      )}
    </Container>
  );

  // Drawn once the sheet, the aircraft and the members are all here: never an empty glider row or
  // an aircraft id in place of its registration while one of them is still on its way.
  const failed = data.loaded === 'failed' || planes.failed || users.failed;
  const ready = data.loaded === 'ready' && !planes.loading && !users.loading && !failed;

  return (
    <div
      className="ws-sheet"
      data-testid="daily-sheet"
      data-date={date}
      data-ready={ready ? 'true' : 'false'}
    >
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
              <PageButton href="/" iconName="menu" data-testid="sheet-menu">
                {t('sheet.menu')}
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
        {!ready && !failed && (
          <Box textAlign="center" padding="xxl" data-testid="sheet-loading">
            <SpaceBetween size="s" alignItems="center">
              <Spinner size="large" />
              <Box color="text-body-secondary">{t('sheet.loading')}</Box>
            </SpaceBetween>
          </Box>
        )}
        {failed && (
          <Alert
            type="error"
            action={
              <Button
                onClick={() => {
                  if (data.loaded === 'failed') void data.reload();
                  if (planes.failed) planes.reload();
                  if (users.failed) users.reload();
                }}
              >
                {t('common:action.retry')}
              </Button>
            }
            data-testid="sheet-load-failed"
          >
            {t('sheet.load_failed')}
          </Alert>
        )}
        {ready && sheet && (
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
        {ready && narrow && (
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
        {ready && (
          <Grid gridDefinition={[{ colspan: { default: 12, s: 5 } }, { colspan: { default: 12, s: 7 } }]}>
            {/* Hidden, not removed, on a phone: the half-picked launch stays while the list is shown. */}
            <div
              className="ws-launch-column"
              style={narrow && part !== 'launch' ? { display: 'none' } : undefined}
            >
              <NewLaunchPanel
                organizationId={organizationId}
                planes={planes.items}
                users={users.items}
                towPlaneIds={sheet?.tow_plane_ids ?? NO_TOW_PLANES}
                dayCrew={data.dayCrew}
                blocking={blocking}
                canOverrideBalance={data.canOverrideBalance}
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
                  onSettle={settle}
                />
                {group('airborne', groups.airborne)}
                {group('waiting', groups.waiting)}
                {group('landed', groups.landed)}
              </SpaceBetween>
            </div>
          </Grid>
        )}
        {ready && <LiveMapPanel date={date} />}
      </SpaceBetween>
      {lastTap && (
        <UndoBar
          key={lastTap.entry.id}
          tap={lastTap}
          timeZone={timeZone}
          onUndo={takeBack}
          onExpire={clearTap}
        />
      )}
      <ConfirmModal
        visible={zeroLanding !== null}
        header={t('zero.title')}
        confirmText={t('zero.confirm')}
        busy={false}
        onCancel={() => setZeroLanding(null)}
        onConfirm={() => {
          if (zeroLanding) moment('land', zeroLanding.flight, zeroLanding.at);
          setZeroLanding(null);
        }}
        testId="sheet-zero"
      >
        {t('zero.text', { reg: zeroLanding?.flight.reg_num ?? '' })}
      </ConfirmModal>
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
          askCrew={editing.askCrew ?? false}
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
