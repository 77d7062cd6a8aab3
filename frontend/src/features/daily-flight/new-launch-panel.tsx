import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { memo, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TAKEOFF_TYPES } from '../../../../contracts/schemas/flight-enums.ts';
import type { CreateFlightInput } from '../../../../contracts/schemas/flights.ts';
import type { PlaneItem, UserItem } from '../../../../contracts/schemas/lookups.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { TOP_NAV_ID } from '../../lib/navigation.ts';
import { PayerStandingWarning } from '../finance/payer-standing.tsx';
import { MemberSelect } from './member-select.tsx';
import type { CreatePreview } from './outbox.ts';
import { RecencyWarning } from './recency-warning.tsx';
import { TowRecencyWarning } from './tow-recency-warning.tsx';
import type { DayCrew } from './use-daily-sheet.ts';

const WINCH = 3;
const AEROTOW = 5;
const SELF_LAUNCH = 1;
const TMG = 6;

/** What the next launch starts from: the last winch operator, tow pilot, tow plane and method. */
interface Remembered {
  takeoff_type_id: number;
  winch_operator_id: string | null;
  tow_pilot_id: string | null;
  tow_plane_id: string | null;
  tow_altitude: number | null;
}

const rememberedKey = (organizationId: string) => `windsock.daily-flight.last.${organizationId}`;

const readRemembered = (organizationId: string): Remembered => {
  const fallback: Remembered = {
    takeoff_type_id: WINCH,
    winch_operator_id: null,
    tow_pilot_id: null,
    tow_plane_id: null,
    tow_altitude: null,
  };
  try {
    const raw = localStorage.getItem(rememberedKey(organizationId));
    return raw ? { ...fallback, ...(JSON.parse(raw) as Partial<Remembered>) } : fallback;
  } catch {
    return fallback;
  }
};

/** The gap kept between the panel and the screen's edges (and the app's top bar). */
const EDGE = 8;

/**
 * Keeps the panel within the screen from wherever it starts: at most the height left below its top
 * (under the page's title and the day's settings), and once the page has scrolled it sticks under
 * the app's top bar at the screen's full height. Its fields scroll inside it, and the launch buttons
 * under them stay on the screen.
 */
function useFitToScreen(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    let frame = 0;
    const resize = () => {
      frame = 0;
      const bar = document.getElementById(TOP_NAV_ID)?.offsetHeight ?? 0;
      panel.style.top = `${bar + EDGE}px`;
      const top = Math.max(panel.getBoundingClientRect().top, bar + EDGE);
      panel.style.maxHeight = `${Math.max(320, window.innerHeight - top - EDGE)}px`;
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(resize);
    };
    resize();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const observer = new ResizeObserver(schedule);
    observer.observe(document.body);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, [ref]);
}

export interface NewLaunch {
  body: Omit<CreateFlightInput, 'client_id'>;
  preview: Omit<CreatePreview, 'tow_reg_num'> & { tow_reg_num: string | null };
  launchNow: boolean;
}

/**
 * "New launch": the aircraft, the crew and the launch, then one tap — on the sheet (waiting) or
 * launched now. Gliders first; powered aircraft (TMG, tow planes) for general flights below them.
 */
export const NewLaunchPanel = memo(function NewLaunchPanel({
  organizationId,
  planes,
  users,
  towPlaneIds,
  dayCrew,
  blocking,
  canOverrideBalance = false,
  onLaunch,
}: {
  organizationId: string;
  planes: readonly PlaneItem[];
  users: readonly UserItem[];
  towPlaneIds: readonly string[];
  /** The crew signed up for the day's operating day (the sheet's `day_crew`): first in the pickers. */
  dayCrew: DayCrew;
  blocking: boolean;
  /** The reader may override the balance policy (issue 14 §9): the sheet's `can_override_balance`. */
  canOverrideBalance?: boolean;
  onLaunch: (launch: NewLaunch) => void;
}) {
  const { t } = useTranslation('daily-flight');
  const [remembered, setRemembered] = useState(() => readRemembered(organizationId));
  const [planeId, setPlaneId] = useState<string | null>(null);
  const [picId, setPicId] = useState<string | null>(null);
  const [instructorId, setInstructorId] = useState<string | null>(null);
  const [sicId, setSicId] = useState<string | null>(null);
  const [training, setTraining] = useState(false);
  const [typeId, setTypeId] = useState(remembered.takeoff_type_id);
  const [winchOperatorId, setWinchOperatorId] = useState(remembered.winch_operator_id);
  const [towPilotId, setTowPilotId] = useState(remembered.tow_pilot_id);
  const [towPlaneId, setTowPlaneId] = useState(remembered.tow_plane_id);
  const [towAltitude, setTowAltitude] = useState(
    remembered.tow_altitude === null ? '' : String(remembered.tow_altitude),
  );
  // The one winch operator or tow pilot signed up for the day runs the launches (issue 15 §6).
  const soleWinchOperator = dayCrew.winch_operator_ids.length === 1 ? dayCrew.winch_operator_ids[0] : null;
  const soleTowPilot = dayCrew.tow_pilot_ids.length === 1 ? dayCrew.tow_pilot_ids[0] : null;
  useEffect(() => {
    if (soleWinchOperator) setWinchOperatorId(soleWinchOperator);
  }, [soleWinchOperator]);
  useEffect(() => {
    if (soleTowPilot) setTowPilotId(soleTowPilot);
  }, [soleTowPilot]);
  const [problem, setProblem] = useState<string | null>(null);
  const [balanceOverride, setBalanceOverride] = useState(false);
  const panel = useRef<HTMLElement>(null);
  useFitToScreen(panel);

  const gliders = planes.filter((p) => p.plane_category === 'plc_02');
  const powered = planes.filter((p) => p.plane_category === 'plc_01');
  const towPlanes = [...powered].sort(
    (a, b) => Number(towPlaneIds.includes(b.plane_id)) - Number(towPlaneIds.includes(a.plane_id)),
  );
  const plane = planes.find((p) => p.plane_id === planeId) ?? null;
  const isPowered = plane?.plane_category === 'plc_01';
  // A powered aircraft launches itself (a TMG by its own type); a glider by winch, tow, rope, car or itself.
  const methods = isPowered
    ? [plane?.is_tmg ? TMG : SELF_LAUNCH]
    : TAKEOFF_TYPES.map((_, index) => index + 1).filter((id) => id !== TMG);
  const method = methods.includes(typeId) ? typeId : (methods[0] ?? SELF_LAUNCH);

  const pickPlane = (next: PlaneItem) => {
    setPlaneId(next.plane_id);
    setProblem(null);
    if (next.plane_category === 'plc_01') setTypeId(next.is_tmg ? TMG : SELF_LAUNCH);
    else if (typeId === TMG || typeId === SELF_LAUNCH) setTypeId(remembered.takeoff_type_id);
  };

  const submit = (launchNow: boolean) => {
    if (!plane) return setProblem('choose_plane');
    if (training && !instructorId) return setProblem('training_needs_instructor');
    if (method === AEROTOW && !towPlaneId) return setProblem('choose_tow_plane');
    const altitude = towAltitude.trim() === '' ? null : Number(towAltitude);
    if (altitude !== null && (!Number.isInteger(altitude) || altitude < 0 || altitude > 3000))
      return setProblem('tow_altitude_invalid');
    setProblem(null);
    const towPlane = planes.find((p) => p.plane_id === towPlaneId) ?? null;
    const body: NewLaunch['body'] = {
      plane_id: plane.plane_id,
      takeoff_type_id: method,
      pic_id: picId,
      instructor_id: instructorId,
      sic_id: sicId,
      training,
      ...(balanceOverride && { balance_override: true }),
      ...(method === WINCH && { winch_operator_id: winchOperatorId }),
      ...(method === AEROTOW && {
        tow_plane_id: towPlaneId,
        tow_pilot_id: towPilotId,
        tow_altitude: altitude,
      }),
    };
    onLaunch({
      body,
      preview: {
        reg_num: plane.reg_num,
        plane_type: plane.plane_type,
        plane_category: plane.plane_category,
        is_tmg: plane.is_tmg,
        tow_reg_num: method === AEROTOW ? (towPlane?.reg_num ?? null) : null,
      },
      launchNow,
    });
    setBalanceOverride(false);
    const next: Remembered = {
      takeoff_type_id: isPowered ? remembered.takeoff_type_id : method,
      winch_operator_id: winchOperatorId,
      tow_pilot_id: towPilotId,
      tow_plane_id: towPlaneId,
      tow_altitude: altitude,
    };
    setRemembered(next);
    localStorage.setItem(rememberedKey(organizationId), JSON.stringify(next));
    // The next launch is another aircraft with another crew; the launch team stays.
    setPlaneId(null);
    setPicId(null);
    setInstructorId(null);
    setSicId(null);
    setTraining(false);
  };

  const planeChoice = (p: PlaneItem) => (
    <button
      key={p.plane_id}
      type="button"
      className="ws-choice"
      aria-pressed={p.plane_id === planeId}
      disabled={!p.functional}
      onClick={() => pickPlane(p)}
      data-testid={`launch-plane-${p.reg_num}`}
    >
      {p.reg_num}
      <small>{p.functional ? (p.plane_type ?? '') : t('launch_panel.inoperable')}</small>
    </button>
  );

  // The panel keeps to the screen's height: its fields scroll inside it, above the two launch
  // buttons, so the buttons never cover a crew field (a 10-inch tablet is 800 px high).
  return (
    <section className="ws-launch" ref={panel} aria-labelledby="ws-launch-title" data-testid="launch-panel">
      <h2 className="ws-launch__title" id="ws-launch-title">
        {t('launch_panel.title')}
      </h2>
      <div className="ws-launch__fields">
        <SpaceBetween size="m">
          <FormField label={t('field.glider')} stretch>
            <fieldset className="ws-choices" aria-label={t('field.glider')}>
              {gliders.map(planeChoice)}
            </fieldset>
          </FormField>
          {powered.length > 0 && (
            <FormField label={t('field.powered')} stretch>
              <fieldset className="ws-choices" aria-label={t('field.powered')}>
                {powered.map(planeChoice)}
              </fieldset>
            </FormField>
          )}
          <FormField label={t('field.launch')} stretch>
            <fieldset className="ws-choices" aria-label={t('field.launch')}>
              {methods.map((id) => (
                <button
                  key={id}
                  type="button"
                  className="ws-choice"
                  aria-pressed={id === method}
                  onClick={() => setTypeId(id)}
                  data-testid={`launch-method-${id}`}
                >
                  {t(`launch.${TAKEOFF_TYPES[id - 1] ?? 'tow'}`)}
                </button>
              ))}
            </fieldset>
          </FormField>
          <MemberSelect
            label={t('field.pic')}
            value={picId}
            users={users}
            onChange={setPicId}
            testId="launch-pic"
          />
          <MemberSelect
            label={t('field.instructor')}
            value={instructorId}
            users={users}
            signedUp={dayCrew.instructor_ids}
            onChange={(id) => {
              setInstructorId(id);
              // An instructor on board makes it a training flight (the toggle can still say otherwise).
              if (id) setTraining(true);
            }}
            testId="launch-instructor"
          />
          <MemberSelect
            label={t('field.sic')}
            value={sicId}
            users={users}
            onChange={setSicId}
            testId="launch-sic"
          />
          <Toggle
            checked={training}
            onChange={({ detail }) => setTraining(detail.checked)}
            data-testid="launch-training"
          >
            {t('field.training')}
          </Toggle>
          {method === WINCH && (
            <MemberSelect
              label={t('field.winch_operator')}
              value={winchOperatorId}
              users={users}
              signedUp={dayCrew.winch_operator_ids}
              onChange={setWinchOperatorId}
              testId="launch-winch-operator"
            />
          )}
          {method === AEROTOW && (
            <SpaceBetween size="m">
              <FormField label={t('field.tow_plane')} stretch>
                <fieldset className="ws-choices" aria-label={t('field.tow_plane')}>
                  {towPlanes.map((p) => (
                    <button
                      key={p.plane_id}
                      type="button"
                      className="ws-choice"
                      aria-pressed={p.plane_id === towPlaneId}
                      disabled={!p.functional}
                      onClick={() => setTowPlaneId(p.plane_id)}
                      data-testid={`launch-tow-plane-${p.reg_num}`}
                    >
                      {p.reg_num}
                    </button>
                  ))}
                </fieldset>
              </FormField>
              <MemberSelect
                label={t('field.tow_pilot')}
                value={towPilotId}
                users={users}
                signedUp={dayCrew.tow_pilot_ids}
                onChange={setTowPilotId}
                testId="launch-tow-pilot"
              />
              <FormField label={t('field.tow_altitude')} stretch>
                <div className="ws-big-field">
                  <Input
                    value={towAltitude}
                    inputMode="numeric"
                    onChange={({ detail }) => setTowAltitude(detail.value.replace(/[^0-9]/g, ''))}
                    data-testid="launch-tow-altitude"
                  />
                </div>
              </FormField>
            </SpaceBetween>
          )}
          <RecencyWarning
            pilotId={picId}
            withInstructor={Boolean(instructorId)}
            withPassenger={Boolean(sicId)}
            powered={isPowered}
            takeoffTypeId={method}
            blocking={blocking}
          />
          <TowRecencyWarning towPilotId={method === AEROTOW ? towPilotId : null} blocking={blocking} />
          <PayerStandingWarning
            payerId={picId ?? instructorId}
            mayOverride={canOverrideBalance}
            override={balanceOverride}
            onOverride={setBalanceOverride}
          />
          {problem && (
            <div
              role="alert"
              className="ws-card__line"
              style={{ color: '#b0120a', fontWeight: 700 }}
              data-testid="launch-problem"
            >
              {dynamicT(t)(`launch_panel.problem.${problem}`)}
            </div>
          )}
        </SpaceBetween>
      </div>
      <div className="ws-launch-actions">
        <button
          type="button"
          className="ws-tap ws-tap--launch"
          onClick={() => submit(true)}
          data-testid="launch-now"
        >
          {t('action.launch_now')}
        </button>
        <button
          type="button"
          className="ws-tap ws-tap--plan"
          onClick={() => submit(false)}
          data-testid="launch-plan"
        >
          {t('action.put_on_sheet')}
        </button>
      </div>
    </section>
  );
});
