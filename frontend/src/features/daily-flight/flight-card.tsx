import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TAKEOFF_TYPES,
  type TakeoffTypeId,
  takeoffTypeOf,
} from '../../../../contracts/schemas/flight-enums.ts';
import type { ProposalOutput } from '../../../../contracts/schemas/tracking.ts';
import { formatMinutes } from '../../lib/format.ts';
import { DetectedStrip, type SettleProposal } from './proposal-card.tsx';
import type { SheetFlight } from './sheet-state.ts';
import { runningTime, timeIn } from './sheet-time.ts';

export const launchName = (id: number) =>
  id >= 1 && id <= TAKEOFF_TYPES.length ? takeoffTypeOf(id as TakeoffTypeId) : 'self_launch';

/**
 * One flight on the sheet: the aircraft and crew (tap to correct it), and the one tap it waits for
 * — "Take off" while waiting, "Land" while airborne with the time running since takeoff. A matched
 * OGN detection (issue 6 §5) shows under it with its own one tap, "Apply".
 */
export const FlightCard = memo(function FlightCard({
  flight,
  nameOf,
  timeZone,
  now,
  onTakeOff,
  onLand,
  onOpen,
  detected,
  detectedBusy = false,
  offline = false,
  onDetected,
  belowMinimum = false,
}: {
  flight: SheetFlight;
  nameOf: (userId: string | null) => string;
  timeZone: string;
  now: number;
  onTakeOff: (flight: SheetFlight) => void;
  onLand: (flight: SheetFlight) => void;
  onOpen: (flight: SheetFlight) => void;
  /** The detection matched to this flight, if any. */
  detected?: ProposalOutput;
  detectedBusy?: boolean;
  offline?: boolean;
  onDetected?: SettleProposal;
  /** Issue 14 §9: the payer's balance is below the minimum (states only, never an amount). */
  belowMinimum?: boolean;
}) {
  const { t } = useTranslation('daily-flight');
  const tow = Boolean(flight.towed_flight_id);
  const crew = [
    flight.pic_id && `${t('crew.pic_short')} ${nameOf(flight.pic_id)}`,
    flight.instructor_id && `${t('crew.instructor_short')} ${nameOf(flight.instructor_id)}`,
    flight.sic_id && `${t('crew.sic_short')} ${nameOf(flight.sic_id)}`,
  ]
    .filter(Boolean)
    .join(' · ');
  const launch = tow
    ? t('card.towing')
    : [
        t(`launch.${launchName(flight.takeoff_type_id)}`),
        flight.winch_operator_id && `${t('crew.winch_operator_short')} ${nameOf(flight.winch_operator_id)}`,
        flight.tow_pilot_id && `${t('crew.tow_pilot_short')} ${nameOf(flight.tow_pilot_id)}`,
        flight.tow_altitude && `${flight.tow_altitude}\u00a0m`,
        flight.training && t('card.training'),
      ]
        .filter(Boolean)
        .join(' · ');
  // A landing away from where it took off (an outlanding) names its place.
  const away =
    flight.landing_airport && flight.landing_airport !== flight.takeoff_airport
      ? ` ${flight.landing_airport}`
      : '';
  const times = [
    flight.takeoff_time && `${t('card.takeoff')} ${timeIn(flight.takeoff_time, timeZone)}`,
    flight.landing_time && `${t('card.landing')} ${timeIn(flight.landing_time, timeZone)}${away}`,
  ]
    .filter(Boolean)
    .join(' – ');
  return (
    <div
      className={`ws-card${tow ? ' ws-card--tow' : ''}${flight.pending ? ' ws-card--pending' : ''}${detected ? ' ws-card--matched' : ''}`}
      data-testid="sheet-flight"
      data-flight-id={flight.flight_id}
      data-reg={flight.reg_num}
      data-status={flight.status}
      data-pending={flight.pending ? 'true' : 'false'}
      data-tow={tow ? 'true' : 'false'}
    >
      <button
        type="button"
        className="ws-card__open"
        onClick={() => onOpen(flight)}
        aria-label={t('card.open', { reg: flight.reg_num })}
        data-testid="sheet-flight-open"
      >
        <div>
          <span className="ws-card__reg">{flight.reg_num}</span>
          {flight.plane_type}
          {flight.pending && (
            <span className="ws-badge ws-badge--pending" data-testid="sheet-flight-pending">
              {t('card.pending')}
            </span>
          )}
          {belowMinimum && (
            <span className="ws-badge ws-badge--pending" data-testid="sheet-flight-below-minimum">
              {t('card.below_minimum')}
            </span>
          )}
        </div>
        {crew && <div className="ws-card__line">{crew}</div>}
        <div className="ws-card__line">{launch}</div>
        {times && <div className="ws-card__line">{times}</div>}
      </button>
      {flight.status === 'airborne' && flight.takeoff_time && (
        <span className="ws-card__time" data-testid="sheet-flight-timer" role="timer">
          {runningTime(flight.takeoff_time, now)}
        </span>
      )}
      {flight.status === 'landed' && (
        <span className="ws-card__time" data-testid="sheet-flight-time">
          {formatMinutes(flight.flight_time)}
        </span>
      )}
      {flight.status === 'planned' && (
        <button
          type="button"
          className="ws-tap"
          onClick={() => onTakeOff(flight)}
          data-testid="sheet-flight-takeoff"
        >
          {t('action.take_off')}
        </button>
      )}
      {flight.status === 'airborne' && (
        <button
          type="button"
          className="ws-tap ws-tap--land"
          onClick={() => onLand(flight)}
          data-testid="sheet-flight-land"
        >
          {t('action.land')}
        </button>
      )}
      {detected && onDetected && (
        <DetectedStrip
          proposal={detected}
          flight={flight}
          timeZone={timeZone}
          offline={offline}
          waiting={flight.pending}
          busy={detectedBusy}
          onSettle={onDetected}
        />
      )}
    </div>
  );
});
