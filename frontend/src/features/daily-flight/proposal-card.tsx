import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TAKEOFF_TYPES,
  type TakeoffTypeId,
  takeoffTypeOf,
} from '../../../../contracts/schemas/flight-enums.ts';
import type { FlightOutput } from '../../../../contracts/schemas/flights.ts';
import type { ProposalOutput } from '../../../../contracts/schemas/tracking.ts';
import { secondsIn } from './sheet-time.ts';

/** Confirm (into a flight, or as a new one) or dismiss a detected flight. */
export type SettleProposal = (
  proposal: ProposalOutput,
  action: 'confirm' | 'dismiss',
  flightId?: string,
) => void;

/**
 * Detected flights on the daily sheet (issue 6 §5): what OGN saw, for the timer operator to take
 * with one tap instead of typing. An unmatched detection is a card of its own ("Add to sheet"); a
 * matched one sits on its flight's card ("Detected take-off 14:02:10 — Apply").
 */

const launchOf = (id: number) =>
  id >= 1 && id <= TAKEOFF_TYPES.length ? takeoffTypeOf(id as TakeoffTypeId) : null;

/**
 * "took off 14:02:10 from LHDK · landed 14:40:05 at LHDK": what the detector saw, in the sheet's
 * zone; a landing time estimated across a gap in reception reads "≈14:40:05".
 */
function useMoments(proposal: ProposalOutput, timeZone: string) {
  const { t } = useTranslation('daily-flight');
  const takeoff = secondsIn(proposal.takeoff_time, timeZone);
  const landed = secondsIn(proposal.landing_time, timeZone);
  const landing = landed && proposal.landing_uncertain ? `≈${landed}` : landed;
  return [
    takeoff &&
      (proposal.takeoff_airport
        ? t('detected.took_off_from', { time: takeoff, airport: proposal.takeoff_airport })
        : t('detected.took_off', { time: takeoff })),
    !takeoff && landing && t('detected.takeoff_unseen'),
    landing &&
      (proposal.outlanding
        ? t('detected.landed_out', { time: landing })
        : proposal.landing_airport
          ? t('detected.landed_at', { time: landing, airport: proposal.landing_airport })
          : t('detected.landed', { time: landing })),
  ].filter((part): part is string => Boolean(part));
}

const MARKS = [
  { mark: 'short_launch', testId: 'sheet-proposal-short' },
  { mark: 'landing_uncertain', testId: 'sheet-proposal-uncertain' },
] as const;

/**
 * What the timer operator must see at a glance (issue 18): a winch launch that ended low (a cable
 * break) and a landing time estimated across a gap in reception.
 */
function Marks({ proposal }: { proposal: ProposalOutput }) {
  const { t } = useTranslation('daily-flight');
  return MARKS.filter(({ mark }) => proposal[mark]).map(({ mark, testId }) => (
    <span
      key={mark}
      className="ws-badge ws-badge--mark"
      title={t(`detected.${mark}_hint`)}
      data-testid={testId}
    >
      {t(`detected.${mark}`)}
    </span>
  ));
}

/** An unmatched detection: "HA-4012 took off 14:02:10 from LHDK · winch (detected)" and "Add to sheet". */
const DetectedCard = memo(function DetectedCard({
  proposal,
  timeZone,
  regOf,
  disabled,
  busy,
  onSettle,
}: {
  proposal: ProposalOutput;
  timeZone: string;
  regOf: (planeId: string | null) => string;
  disabled: boolean;
  busy: boolean;
  onSettle: SettleProposal;
}) {
  const { t } = useTranslation('daily-flight');
  const moments = useMoments(proposal, timeZone);
  const launch = [
    proposal.tow_role === 'tug'
      ? t('detected.towing')
      : proposal.takeoff_type_id !== null &&
        ((launch) => launch && t(`launch.${launch}`))(launchOf(proposal.takeoff_type_id)),
    proposal.tow_role === 'glider' &&
      proposal.tow_plane_id &&
      t('detected.towed_by', { reg: regOf(proposal.tow_plane_id) }),
    proposal.release_height !== null &&
      t('detected.release', { height: Math.round(proposal.release_height) }),
  ].filter(Boolean);
  // A landing alone (its take-off unheard) is no flight to record: it can only be dismissed.
  const addable = proposal.takeoff_time !== null;
  return (
    <div
      className="ws-card ws-card--detected"
      data-testid="sheet-proposal"
      data-proposal-id={proposal.proposal_id}
      data-reg={proposal.reg_num}
    >
      <div className="ws-card__body">
        <div>
          <span className="ws-card__reg">{proposal.reg_num}</span>
          <span className="ws-badge ws-badge--detected">{t('detected.badge')}</span>
          <Marks proposal={proposal} />
        </div>
        <div className="ws-card__line">{[...moments, ...launch].join(' · ')}</div>
      </div>
      <div className="ws-detected__actions">
        {addable && (
          <button
            type="button"
            className="ws-tap"
            disabled={disabled || busy}
            onClick={() => onSettle(proposal, 'confirm')}
            aria-label={t('detected.add_label', { reg: proposal.reg_num })}
            data-testid="sheet-proposal-add"
          >
            {t('detected.add')}
          </button>
        )}
        <button
          type="button"
          className="ws-choice"
          disabled={disabled || busy}
          onClick={() => onSettle(proposal, 'dismiss')}
          aria-label={t('detected.dismiss_label', { reg: proposal.reg_num })}
          data-testid="sheet-proposal-dismiss"
        >
          {t('detected.dismiss')}
        </button>
      </div>
    </div>
  );
});

/** The detections no flight on the sheet matches; nothing at all when there are none. */
export function DetectedPanel({
  proposals,
  timeZone,
  regOf,
  offline,
  settling,
  onSettle,
}: {
  proposals: readonly ProposalOutput[];
  timeZone: string;
  regOf: (planeId: string | null) => string;
  offline: boolean;
  settling: ReadonlySet<string>;
  onSettle: SettleProposal;
}) {
  const { t } = useTranslation('daily-flight');
  if (proposals.length === 0) return null;
  return (
    <Container
      header={
        <Header variant="h2" counter={`(${proposals.length})`} description={t('detected.intro')}>
          {t('detected.title')}
        </Header>
      }
      data-testid="sheet-proposals"
    >
      <div className="ws-cards">
        {offline && (
          <Box color="text-status-warning" fontSize="heading-xs" data-testid="sheet-proposals-offline">
            {t('detected.offline')}
          </Box>
        )}
        {proposals.map((proposal) => (
          <DetectedCard
            key={proposal.proposal_id}
            proposal={proposal}
            timeZone={timeZone}
            regOf={regOf}
            disabled={offline}
            busy={settling.has(proposal.proposal_id)}
            onSettle={onSettle}
          />
        ))}
      </div>
    </Container>
  );
}

/**
 * A matched detection on its flight's card: the detected moments the flight does not have yet, and
 * one tap to apply them. A detected landing of a flight confirmed at take-off shows here the same way.
 */
export function DetectedStrip({
  proposal,
  flight,
  timeZone,
  offline,
  waiting,
  busy,
  onSettle,
}: {
  proposal: ProposalOutput;
  flight: Pick<FlightOutput, 'flight_id' | 'reg_num' | 'takeoff_time' | 'landing_time'>;
  timeZone: string;
  offline: boolean;
  /** The flight has taps of ours still on their way: apply after them, on what the server has. */
  waiting: boolean;
  busy: boolean;
  onSettle: SettleProposal;
}) {
  const disabled = offline || waiting;
  const { t } = useTranslation('daily-flight');
  const same = (a: string | null, b: string | null) => Boolean(a && b && Date.parse(a) === Date.parse(b));
  const takeoff =
    proposal.status === 'open' && !same(proposal.takeoff_time, flight.takeoff_time)
      ? secondsIn(proposal.takeoff_time, timeZone)
      : null;
  const landed = !same(proposal.landing_time, flight.landing_time)
    ? secondsIn(proposal.landing_time, timeZone)
    : null;
  const landing = landed && proposal.landing_uncertain ? `≈${landed}` : landed;
  const parts = [
    takeoff && t('detected.detected_takeoff', { time: takeoff }),
    landing && t('detected.detected_landing', { time: landing }),
  ].filter(Boolean);
  if (parts.length === 0) parts.push(t('detected.same_times'));
  return (
    <div className="ws-detected" data-testid="sheet-flight-detected" data-proposal-id={proposal.proposal_id}>
      <span className="ws-detected__text">
        <span className="ws-badge ws-badge--detected">{t('detected.badge')}</span> {parts.join(' · ')}
        <Marks proposal={proposal} />
      </span>
      <button
        type="button"
        className="ws-tap ws-tap--apply"
        disabled={disabled || busy}
        onClick={() => onSettle(proposal, 'confirm', flight.flight_id)}
        aria-label={t('detected.apply_label', { reg: flight.reg_num })}
        data-testid="sheet-flight-apply"
      >
        {t('detected.apply')}
      </button>
      {proposal.status === 'open' && (
        <button
          type="button"
          className="ws-choice"
          disabled={disabled || busy}
          onClick={() => onSettle(proposal, 'dismiss')}
          aria-label={t('detected.dismiss_label', { reg: flight.reg_num })}
          data-testid="sheet-flight-detected-dismiss"
        >
          {t('detected.dismiss')}
        </button>
      )}
      {offline && <span className="ws-detected__note">{t('detected.offline')}</span>}
    </div>
  );
}
