import type { ActionKey } from '../../contracts/actions.ts';
import { addMonths, todayIn } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import { lapsedFor } from '../../contracts/recency-check.ts';
import {
  type FlightKind,
  type FlightStatus,
  type TakeoffTypeId,
  takeoffTypeOf,
} from '../../contracts/schemas/flight-enums.ts';
import type {
  CreateFlightInput,
  FlightMomentInput,
  FlightOutput,
  ListFlightsQuery,
  UpdateFlightInput,
} from '../../contracts/schemas/flights.ts';
import type { RecencyOutput } from '../../contracts/schemas/logbook.ts';
import { TOW_RECENCY, towRecency } from '../../contracts/tow-recency.ts';
import { payerStanding } from '../finance/public.ts';
import { operatingDayCrew } from '../operations/public.ts';
import type { Actor, ActorOrganization } from '../platform/auth/actor.ts';
import { fillPage } from '../platform/db/pages.ts';
import { eventItem } from '../platform/events/outbox.ts';
import { publish, sheetTopic } from '../platform/events/push.ts';
import {
  conflict,
  domainError,
  missingPermissions,
  notFound,
  validationFailed,
} from '../platform/http/errors.ts';
import { type SheetProposalStore, sheetProposalStore } from '../tracking/public.ts';
import { type CompletionFlight, entriesOf, flightChangeOf, planCompletion } from './completion.ts';
import { type DailySheetStore, dailySheetStore } from './daily-sheet-store.ts';
import {
  type FlightStore,
  type FlightWrite,
  flightStore,
  type StoredFlight,
  type StoredPlane,
} from './flight-store.ts';
import { defaultLogbookDeps, recencyFor } from './logbook-service.ts';

/**
 * Club flights: recorded afterwards (flight/glider, flight/general) or live on the daily sheet
 * (daily-flight/{id}), one rule set for both. Every change writes the flight, its aircraft's
 * counters and its pilots' logbook lines together (flight-store.ts `write`), version-checked:
 * two timer operators changing the same flight get one success and one 409, never a silent overwrite.
 */

export interface FlightDeps {
  store: FlightStore;
  /** The daily sheets' own settings (daily-sheet-store.ts). */
  sheets: DailySheetStore;
  /** The detector's proposals on the sheet (tracking). */
  proposals: SheetProposalStore;
  now: () => Date;
  publish: (topic: string, payload: unknown) => Promise<void>;
  /** A pilot's recency on a day (logbook-service.ts), for the organization's block policy. */
  recency: (userId: string, today: string) => Promise<Pick<RecencyOutput, 'rules'>>;
  /** The operating day's crew (operations public.ts): an unsaved sheet starts from it. */
  operatingDayCrew: typeof operatingDayCrew;
  /** Issue 14 §9: the flight's default payer and whether they are below the minimum balance (finance). */
  payerStanding: typeof payerStanding;
  /** The day's sheet (its coordinator may override the balance policy). */
  sheet: (organizationId: string, date: string) => Promise<{ leader_id?: string } | null>;
  /** Issue 15 §4: the days of the aerotows a tow pilot flew for the organization from `from` to `to`. */
  towDates: (organizationId: string, userId: string, from: string, to: string) => Promise<string[]>;
}

/** Every aerotow of the organization's days `from`..`to` the person flew as tow pilot (a Query by date). */
async function towDatesOf(organizationId: string, userId: string, from: string, to: string) {
  const dates: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await flightStore.flightsBetween(organizationId, { from, to, cursor, limit: 500 });
    for (const f of page.items)
      if (f.tow_pilot_id === userId && f.takeoff_type_id === AEROTOW && f.status !== 'planned')
        dates.push(f.date);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return dates;
}

export const defaultFlightDeps: FlightDeps = {
  store: flightStore,
  sheets: dailySheetStore,
  proposals: sheetProposalStore,
  now: () => new Date(),
  publish: (topic, payload) => publish(topic, payload),
  // Resolved at call time: logbook-service.ts imports this module too.
  recency: (userId, today) => recencyFor(defaultLogbookDeps, userId, today),
  operatingDayCrew,
  payerStanding,
  sheet: (organizationId, date) => dailySheetStore.sheet(organizationId, date),
  towDates: towDatesOf,
};

/** The operating day of an instant in the organization's time zone (yyyy-mm-dd). */
export const operatingDay = (instant: Date | string, timeZone: string) => todayIn(timeZone, instant);

const kindOf = (plane: StoredPlane): FlightKind => (plane.plane_category === 'plc_02' ? 'glider' : 'general');

const CREW_FIELDS = [
  'pic_id',
  'sic_id',
  'instructor_id',
  'tow_pilot_id',
  'rope_puller_id',
  'winch_operator_id',
  'winch_trainee_id',
  'timer_operator_id',
] as const;

/** Spec §3 takeoff type 5: tow (aerotow). */
const AEROTOW = 5;

const statusFor = (flight: { takeoff_time?: string | null; landing_time?: string | null }): FlightStatus =>
  flight.landing_time ? 'landed' : flight.takeoff_time ? 'airborne' : 'planned';

const minutesBetween = (from: string, to: string) =>
  Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 60000));

const organizationOf = (actor: Actor) => {
  if (!actor.organizationId || !actor.organization) throw missingPermissions();
  return actor.organization;
};

/** The stored flight without its absent fields (null in a request clears a field). */
const withoutNulls = <T extends Record<string, unknown>>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], null>;
  };

const toCompletion = (f: StoredFlight): CompletionFlight => ({ ...f });

export function flightOutputOf(f: StoredFlight): FlightOutput {
  const n = <T>(value: T | undefined) => value ?? null;
  return {
    flight_id: f.flight_id,
    organization_id: f.organization_id,
    date: f.date,
    kind: f.kind,
    status: f.status,
    source: f.source,
    plane_id: f.plane_id,
    reg_num: f.reg_num,
    plane_type: n(f.plane_type),
    plane_category: f.plane_category,
    is_tmg: f.is_tmg,
    takeoff_type_id: f.takeoff_type_id,
    takeoff_time: n(f.takeoff_time),
    landing_time: n(f.landing_time),
    takeoff_airport: n(f.takeoff_airport),
    landing_airport: n(f.landing_airport),
    flight_time: n(f.flight_time),
    route: n(f.route),
    pic_id: n(f.pic_id),
    sic_id: n(f.sic_id),
    instructor_id: n(f.instructor_id),
    tow_pilot_id: n(f.tow_pilot_id),
    tow_plane_id: n(f.tow_plane_id),
    rope_puller_id: n(f.rope_puller_id),
    winch_operator_id: n(f.winch_operator_id),
    winch_trainee_id: n(f.winch_trainee_id),
    timer_operator_id: n(f.timer_operator_id),
    other_person: n(f.other_person),
    pic_name: n(f.pic_name),
    sic_name: n(f.sic_name),
    takeoff_counter: n(f.takeoff_counter),
    landing_counter: n(f.landing_counter),
    takeoff_blocktime: n(f.takeoff_blocktime),
    landing_blocktime: n(f.landing_blocktime),
    tow_altitude: n(f.tow_altitude),
    touch_and_go: n(f.touch_and_go),
    traffic_pattern: f.traffic_pattern ?? false,
    takeoff_day_night: n(f.takeoff_day_night),
    landing_day_night: n(f.landing_day_night),
    ifr_time: n(f.ifr_time),
    night_time: n(f.night_time),
    sim_time: n(f.sim_time),
    sim_type: n(f.sim_type),
    sim_date: n(f.sim_date),
    training: f.training,
    proficiency_check: f.proficiency_check,
    instructor_accepted: f.instructor_accepted,
    accepted_by: n(f.accepted_by),
    accepted_at: n(f.accepted_at),
    tow_flight_id: n(f.tow_flight_id),
    towed_flight_id: n(f.towed_flight_id),
    remarks: n(f.remarks),
    applied: n(f.applied),
    locked: f.locked,
    version: f.version,
    created_by: f.created_by,
    created_at: f.created_at,
    updated_at: f.updated_at,
  };
}

/**
 * Issue 5 §6: an organization whose recency policy is `block` refuses a launch on the daily sheet
 * for a pilot in command who is not current for it (409 continuity_lapsed). A flight with an
 * instructor on board is a training or check flight: exactly how a lapsed pilot becomes current again.
 */
async function requireCurrent(
  deps: FlightDeps,
  organization: ActorOrganization,
  flight: Pick<
    StoredFlight,
    'source' | 'pic_id' | 'instructor_id' | 'kind' | 'is_tmg' | 'takeoff_type_id' | 'sic_id' | 'other_person'
  > & { date: string },
) {
  if (organization.recency_policy !== 'block' || flight.source !== 'daily_sheet') return;
  if (!flight.pic_id || flight.instructor_id) return;
  const recency = await deps.recency(flight.pic_id, flight.date);
  const powered = flight.kind === 'general' || flight.is_tmg || flight.takeoff_type_id === 6;
  const lapsed = lapsedFor(recency, {
    kind: powered ? 'powered' : 'glider',
    takeoff_type: takeoffTypeOf(flight.takeoff_type_id as TakeoffTypeId),
    with_passenger: Boolean(flight.sic_id || flight.other_person),
  });
  if (lapsed.length > 0) throw domainError('continuity_lapsed', { pic_id: ['continuity_lapsed'] });
}

/**
 * Issue 15 §4: an organization whose recency policy is `block` refuses an aerotow on the daily sheet
 * whose tow pilot has not towed five times in the last 24 months (409 continuity_lapsed on
 * tow_pilot_id); in `warn` mode the sheet only says so.
 */
async function requireTowCurrent(
  deps: FlightDeps,
  organization: ActorOrganization,
  flight: Pick<
    StoredFlight,
    'organization_id' | 'flight_id' | 'source' | 'tow_pilot_id' | 'takeoff_type_id'
  > & {
    date: string;
  },
) {
  if (organization.recency_policy !== 'block' || flight.source !== 'daily_sheet') return;
  if (!flight.tow_pilot_id || flight.takeoff_type_id !== AEROTOW) return;
  const from = addMonths(flight.date, -TOW_RECENCY.months);
  const dates = await deps.towDates(flight.organization_id, flight.tow_pilot_id, from, flight.date);
  if (towRecency(dates, flight.date).status === 'lapsed')
    throw domainError('continuity_lapsed', { tow_pilot_id: ['tow_recency_lapsed'] });
}

/**
 * Issue 14 §9 "money on the field": an organization whose balance policy is `block` refuses to put
 * a flight on the daily sheet whose payer is below their minimum balance (409
 * balance_below_minimum). The day's coordinator (the sheet's leader) or an admin may put it on all
 * the same: the flight's audit entry then says so (`flight.balance_override`). Returns whether the
 * write overrides the policy.
 */
async function requirePayerStanding(
  deps: FlightDeps,
  actor: Actor,
  flight: Pick<
    StoredFlight,
    'organization_id' | 'source' | 'pic_id' | 'instructor_id' | 'towed_flight_id' | 'date'
  >,
  override: boolean | undefined,
): Promise<boolean> {
  if (!onSheet(flight.source) || flight.towed_flight_id) return false;
  const standing = await deps.payerStanding(flight.organization_id, flight, flight.date);
  if (standing.policy !== 'block' || !standing.below_minimum) return false;
  if (!override) throw domainError('balance_below_minimum', { pic_id: ['balance_below_minimum'] });
  const sheet = await deps.sheet(flight.organization_id, flight.date);
  if (!mayOverrideBalance(actor, sheet)) throw missingPermissions();
  return true;
}

/** Who may put a flight whose payer is below the minimum on the sheet all the same: its coordinator or an admin. */
export const mayOverrideBalance = (
  actor: Pick<Actor, 'userId' | 'roles'>,
  sheet: { leader_id?: string | null } | null | undefined,
) => (sheet?.leader_id != null && sheet.leader_id === actor.userId) || actor.roles.has('admin');

/** Crew must be members of the organization; the tow plane one of its general aircraft. */
async function checkReferences(
  deps: FlightDeps,
  organizationId: string,
  flight: Partial<Record<(typeof CREW_FIELDS)[number] | 'tow_plane_id', string | null | undefined>>,
) {
  const errors: Record<string, string[]> = {};
  const ids = CREW_FIELDS.map((field) => flight[field]).filter((v): v is string => typeof v === 'string');
  const members = await deps.store.memberIds(organizationId, ids);
  for (const field of CREW_FIELDS) {
    const value = flight[field];
    if (typeof value === 'string' && !members.has(value)) errors[field] = ['invalid_value'];
  }
  if (flight.tow_plane_id) {
    const tow = await deps.store.plane(organizationId, flight.tow_plane_id);
    if (tow?.plane_category !== 'plc_01') errors.tow_plane_id = ['invalid_value'];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

async function planeOf(deps: FlightDeps, organizationId: string, planeId: string) {
  const plane = await deps.store.plane(organizationId, planeId);
  if (!plane) throw validationFailed({ plane_id: ['invalid_value'] });
  return plane;
}

const planeFieldsOf = (plane: StoredPlane) => ({
  plane_id: plane.plane_id,
  reg_num: plane.reg_num,
  plane_type: plane.plane_type,
  plane_category: plane.plane_category,
  is_tmg: plane.is_tmg,
  kind: kindOf(plane),
});

/** A landed flight needs both times; its time is the difference unless given. */
function completeTimes<
  T extends { status: FlightStatus; takeoff_time?: string; landing_time?: string; flight_time?: number },
>(flight: T): T {
  if (flight.status === 'landed' && !flight.takeoff_time)
    throw validationFailed({ takeoff_time: ['field_required'] });
  if (flight.status === 'landed' && !flight.landing_time)
    throw validationFailed({ landing_time: ['field_required'] });
  if (flight.status === 'airborne' && !flight.takeoff_time)
    throw validationFailed({ takeoff_time: ['field_required'] });
  if (flight.takeoff_time && flight.landing_time && flight.flight_time === undefined)
    return { ...flight, flight_time: minutesBetween(flight.takeoff_time, flight.landing_time) };
  return flight;
}

/**
 * The `flight.changed` event a change announces, if any (completion.ts `flightChangeOf`), written
 * in the flight's own transaction (issue 14 §5: charges follow events). A deletion's version is
 * one past the last stored one, so it orders after every earlier announcement of the flight.
 */
function announcementOf(before: StoredFlight | null, after: StoredFlight | null, now: Date) {
  const change = flightChangeOf(before && toCompletion(before), after && toCompletion(after));
  const flight = after ?? before;
  if (!change || !flight) return undefined;
  return eventItem(
    'flight.changed',
    {
      organization_id: flight.organization_id,
      flight_id: flight.flight_id,
      version: after ? after.version : flight.version + 1,
      change,
      plane_id: flight.plane_id,
      date: flight.date,
    },
    now,
  );
}

/**
 * Which flight a log line is about (issue 13 §7, profile/actions): its date, registration, take-off
 * place and time — the flight's own facts, so the line still names a flight deleted since.
 */
function flightFacts(
  changes: { before: StoredFlight | null; after: StoredFlight | null }[],
  targetId: string,
) {
  const change = changes.find((c) => (c.after ?? c.before)?.flight_id === targetId) ?? changes[0];
  const flight = change?.after ?? change?.before;
  if (!flight) return {};
  const facts: Record<string, string> = { date: flight.date, reg_num: flight.reg_num };
  if (flight.takeoff_airport) facts.takeoff_airport = flight.takeoff_airport;
  if (flight.takeoff_time) facts.takeoff_time = flight.takeoff_time;
  return facts;
}

/**
 * The members on board whose flight the club recorded or changed (pilot in command, second pilot,
 * instructor, before and after the change): each reads it in profile/actions (issue 11 §1).
 */
function concernedPilots(changes: { before: StoredFlight | null; after: StoredFlight | null }[]) {
  const ids = [
    ...new Set(
      changes.flatMap(({ before, after }) =>
        [before, after].flatMap((f) => (f ? [f.pic_id, f.sic_id, f.instructor_id] : [])),
      ),
    ),
  ].filter((id): id is string => Boolean(id));
  return ids.length > 0 ? { subject_user_id: ids[0], also_subject_user_ids: ids.slice(1) } : {};
}

async function commit(
  deps: FlightDeps,
  actor: Actor,
  changes: { before: StoredFlight | null; after: StoredFlight | null }[],
  action: ActionKey,
  targetId: string,
  details: Record<string, string | number | boolean> = {},
) {
  const now = deps.now();
  const writes: FlightWrite[] = changes.map(({ before, after }) => {
    const plan = planCompletion(before && toCompletion(before), after && toCompletion(after));
    const stored = after && {
      ...after,
      applied: plan.applied ?? undefined,
      logbook_user_ids: entriesOf(toCompletion(after)).map((e) => e.user_id),
    };
    return { before, after: stored, plan, event: announcementOf(before, stored, now) };
  });
  await deps.store.write(actor, writes, {
    action,
    target_type: 'flight',
    target_id: targetId,
    details: { flights: changes.length, ...flightFacts(changes, targetId), ...details },
    ...concernedPilots(changes),
  });
  for (const { before, after } of writes) {
    const date = after?.date ?? before?.date;
    if (!date || !actor.organizationId) continue;
    await deps.publish(sheetTopic(actor.organizationId, date), {
      type: after ? 'flight.changed' : 'flight.deleted',
      flight_id: (after ?? before)?.flight_id,
      flight: after ? flightOutputOf(after) : null,
    });
    if (before && after && before.date !== date)
      await deps.publish(sheetTopic(actor.organizationId, before.date), {
        type: 'flight.deleted',
        flight_id: before.flight_id,
        flight: null,
      });
  }
  return writes;
}

/** Flights that live on the daily sheet: put on it by a timer operator, or confirmed from an OGN detection. */
const onSheet = (source: StoredFlight['source']) => source === 'daily_sheet' || source === 'ogn';

/** The day's airfield (issue 13 §3): the sheet's airport, or the organization's base airport. */
export async function dayAirfield(deps: FlightDeps, organization: ActorOrganization, date: string) {
  const sheet = await deps.sheets.sheet(organization.organization_id, date);
  return sheet?.airport ?? organization.base_airport ?? null;
}

/**
 * A flight on the daily sheet takes off from and lands at the day's airfield unless it says
 * otherwise: a place given (an outlanding, a detected airfield) stays, and null says "none known"
 * (a detected outlanding in a field).
 */
async function withPlaces(
  deps: FlightDeps,
  organization: ActorOrganization,
  input: CreateFlightInput,
  date: string,
) {
  if (!onSheet(input.source ?? 'manual')) return input;
  if (input.takeoff_airport !== undefined && input.landing_airport !== undefined) return input;
  const airfield = await dayAirfield(deps, organization, date);
  if (!airfield) return input;
  return {
    ...input,
    takeoff_airport: input.takeoff_airport === undefined ? airfield : input.takeoff_airport,
    landing_airport: input.landing_airport === undefined ? airfield : input.landing_airport,
  };
}

/**
 * POST /api/flights: a flight recorded afterwards or put on the daily sheet. `towFlightId` (a
 * detected aerotow whose tow plane is on the sheet already): that flight becomes the glider's tow
 * instead of a new one; null: no tow flight at all.
 */
export async function createFlight(
  deps: FlightDeps,
  actor: Actor,
  request: CreateFlightInput,
  options: { towFlightId?: string | null } = {},
): Promise<FlightOutput> {
  const organization = organizationOf(actor);
  const date = request.date ?? operatingDay(request.takeoff_time ?? deps.now(), organization.timezone);
  const input = await withPlaces(deps, organization, request, date);
  if (input.client_id) {
    // A replayed create (the answer was lost on the way back): the first one stands, once.
    const existing = await deps.store.flight(organization.organization_id, input.client_id);
    if (existing && existing.date === date && existing.plane_id === input.plane_id)
      return flightOutputOf(existing);
    if (existing) throw conflict();
  }
  const plane = await planeOf(deps, organization.organization_id, input.plane_id);
  await checkReferences(deps, organization.organization_id, input);
  const now = deps.now();
  const { client_id: clientId, balance_override: override, ...fields } = withoutNulls(input);
  const status = input.status ?? statusFor(input);
  const flight = completeTimes({
    ...fields,
    ...planeFieldsOf(plane),
    organization_id: organization.organization_id,
    flight_id: clientId ?? timeOrderedId(now.getTime()),
    date,
    status,
    source: input.source ?? 'manual',
    training: input.training ?? false,
    proficiency_check: input.proficiency_check ?? false,
    instructor_accepted: false,
    locked: false,
    logbook_user_ids: [],
    created_by: actor.userId,
    version: 1,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  }) as StoredFlight;
  if (flight.kind === 'glider' && plane.is_tmg === false && input.takeoff_type_id === 6)
    throw validationFailed({ takeoff_type_id: ['invalid_value'] });
  await requireCurrent(deps, organization, flight);
  await requireTowCurrent(deps, organization, flight);
  const overridden = await requirePayerStanding(deps, actor, flight, override);

  const changes: { before: StoredFlight | null; after: StoredFlight }[] = [{ before: null, after: flight }];
  const towing = onSheet(flight.source) && flight.takeoff_type_id === AEROTOW && flight.tow_plane_id;
  const towFlight =
    towing && options.towFlightId
      ? await deps.store.flight(flight.organization_id, options.towFlightId)
      : null;
  if (towFlight && !towFlight.locked && !towFlight.towed_flight_id && towFlight.date === flight.date) {
    flight.tow_flight_id = towFlight.flight_id;
    changes.push({
      before: towFlight,
      after: {
        ...towFlight,
        towed_flight_id: flight.flight_id,
        version: towFlight.version + 1,
        updated_at: flight.updated_at,
      },
    });
  } else if (towing && options.towFlightId === undefined && flight.tow_plane_id) {
    // On the daily sheet an aerotow puts the tow plane's own flight on the sheet with it.
    const towPlane = await planeOf(deps, organization.organization_id, flight.tow_plane_id);
    const tow = {
      ...planeFieldsOf(towPlane),
      organization_id: flight.organization_id,
      flight_id: timeOrderedId(now.getTime() + 1),
      date: flight.date,
      status: flight.status === 'landed' ? 'airborne' : flight.status,
      source: flight.source,
      takeoff_type_id: 1,
      takeoff_time: flight.takeoff_time,
      takeoff_airport: flight.takeoff_airport,
      // The tug comes back to the field it towed from.
      landing_airport: flight.takeoff_airport,
      pic_id: flight.tow_pilot_id,
      towed_flight_id: flight.flight_id,
      training: false,
      proficiency_check: false,
      instructor_accepted: false,
      locked: false,
      logbook_user_ids: [],
      created_by: actor.userId,
      version: 1,
      created_at: flight.created_at,
      updated_at: flight.updated_at,
    } as StoredFlight;
    flight.tow_flight_id = tow.flight_id;
    changes.push({ before: null, after: tow });
  }
  if (overridden)
    await commit(deps, actor, changes, 'flight.balance_override', flight.flight_id, {
      payer_id: flight.pic_id ?? flight.instructor_id ?? '',
    });
  else await commit(deps, actor, changes, 'flight.create', flight.flight_id);
  if (onSheet(flight.source)) await deps.store.ensureSheet(flight.organization_id, flight.date);
  return flightOutputOf(flight);
}

async function flightFor(deps: FlightDeps, actor: Actor, flightId: string) {
  const organization = organizationOf(actor);
  const flight = await deps.store.flight(organization.organization_id, flightId);
  if (!flight) throw notFound();
  return flight;
}

export async function getFlight(deps: FlightDeps, actor: Actor, flightId: string): Promise<FlightOutput> {
  return flightOutputOf(await flightFor(deps, actor, flightId));
}

/** PATCH /api/flights/{id}: absent fields stay, null clears; the version must be the one read. */
export async function updateFlight(
  deps: FlightDeps,
  actor: Actor,
  flightId: string,
  input: UpdateFlightInput,
): Promise<FlightOutput> {
  const organization = organizationOf(actor);
  const before = await flightFor(deps, actor, flightId);
  if (before.locked) throw domainError('not_editable');
  if (input.version !== before.version) throw conflict();
  const { version: _version, balance_override: override, ...changes } = input;
  const merged: Record<string, unknown> = { ...before };
  for (const [field, value] of Object.entries(changes)) {
    if (value === null) delete merged[field];
    else if (value !== undefined) merged[field] = value;
  }
  if (input.plane_id && input.plane_id !== before.plane_id) {
    const plane = await planeOf(deps, organization.organization_id, input.plane_id);
    if (kindOf(plane) !== before.kind) throw validationFailed({ plane_id: ['invalid_value'] });
    Object.assign(merged, planeFieldsOf(plane));
  }
  await checkReferences(deps, organization.organization_id, merged);
  if (
    input.flight_time === undefined &&
    (input.takeoff_time !== undefined || input.landing_time !== undefined)
  )
    delete merged.flight_time;
  const status = input.status ?? statusFor(merged);
  const takeoffMoved = input.takeoff_time !== undefined && input.takeoff_time !== before.takeoff_time;
  const after = completeTimes({
    ...merged,
    status,
    date:
      takeoffMoved && merged.takeoff_time
        ? operatingDay(String(merged.takeoff_time), organization.timezone)
        : before.date,
    version: before.version + 1,
    updated_at: deps.now().toISOString(),
  } as StoredFlight);
  const payerChanged = after.pic_id !== before.pic_id || after.instructor_id !== before.instructor_id;
  const overridden = payerChanged && (await requirePayerStanding(deps, actor, after, override));
  const writes = [{ before, after }, ...(await towFollows(deps, actor, before, after))];
  if (overridden)
    await commit(deps, actor, writes, 'flight.balance_override', flightId, {
      payer_id: after.pic_id ?? after.instructor_id ?? '',
    });
  else await commit(deps, actor, writes, 'flight.update', flightId);
  return flightOutputOf(after);
}

/**
 * The tow plane's flight on the sheet takes off with its glider: a moved takeoff moves it too,
 * unless the tow's own takeoff was corrected separately.
 */
async function towFollows(deps: FlightDeps, actor: Actor, before: StoredFlight, after: StoredFlight) {
  if (!before.tow_flight_id || before.takeoff_time === after.takeoff_time) return [];
  const tow = await deps.store.flight(organizationOf(actor).organization_id, before.tow_flight_id);
  if (!tow || tow.locked || (tow.takeoff_time && tow.takeoff_time !== before.takeoff_time)) return [];
  if (!after.takeoff_time) {
    // The glider's take-off taken back (the sheet's undo): the tug that left with it is waiting again,
    // unless it has landed since.
    if (tow.landing_time || !tow.takeoff_time) return [];
    const { takeoff_time: _gone, ...rest } = tow;
    const grounded = {
      ...rest,
      status: 'planned',
      version: tow.version + 1,
      updated_at: after.updated_at,
    } as StoredFlight;
    return [{ before: tow, after: grounded }];
  }
  const moved = {
    ...tow,
    takeoff_time: after.takeoff_time,
    status: tow.status === 'planned' && after.takeoff_time ? 'airborne' : tow.status,
    date: after.date,
    version: tow.version + 1,
    updated_at: after.updated_at,
  } as StoredFlight;
  return [{ before: tow, after: completeTimes(moved) }];
}

/** The daily sheet's one tap: take off now (or at the corrected instant). */
export async function takeOff(deps: FlightDeps, actor: Actor, flightId: string, input: FlightMomentInput) {
  const at = input.at ?? deps.now().toISOString();
  const launching = await flightFor(deps, actor, flightId);
  await requireCurrent(deps, organizationOf(actor), launching);
  await requireTowCurrent(deps, organizationOf(actor), launching);
  return updateFlight(deps, actor, flightId, {
    version: input.version,
    takeoff_time: at,
    status: 'airborne',
  });
}

/** The daily sheet's one tap: land now (or at the corrected instant). */
export async function land(deps: FlightDeps, actor: Actor, flightId: string, input: FlightMomentInput) {
  const at = input.at ?? deps.now().toISOString();
  return updateFlight(deps, actor, flightId, { version: input.version, landing_time: at, status: 'landed' });
}

/** DELETE /api/flights/{id}: takes back its counters and logbook lines; a sheet's tow goes with it. */
export async function deleteFlight(
  deps: FlightDeps,
  actor: Actor,
  flightId: string,
  version: number | undefined,
) {
  const before = await flightFor(deps, actor, flightId);
  if (before.locked) throw domainError('not_editable');
  if (version !== undefined && version !== before.version) throw conflict();
  const changes: { before: StoredFlight; after: null }[] = [{ before, after: null }];
  if (before.tow_flight_id) {
    const tow = await deps.store.flight(before.organization_id, before.tow_flight_id);
    if (tow && !tow.locked) changes.push({ before: tow, after: null });
  }
  await commit(deps, actor, changes, 'flight.delete', flightId);
}

/**
 * The daily sheet's change of one of its flights: a sheet route names its day, and a flight of
 * another day is not on that sheet (404); then the same rules as anywhere.
 */
async function ofSheet<T>(
  deps: FlightDeps,
  actor: Actor,
  date: string,
  flightId: string,
  change: () => Promise<T>,
) {
  if ((await flightFor(deps, actor, flightId)).date !== date) throw notFound();
  return change();
}

export const updateSheetFlight = (
  deps: FlightDeps,
  actor: Actor,
  date: string,
  flightId: string,
  input: UpdateFlightInput,
) => ofSheet(deps, actor, date, flightId, () => updateFlight(deps, actor, flightId, input));

export const takeOffSheetFlight = (
  deps: FlightDeps,
  actor: Actor,
  date: string,
  flightId: string,
  input: FlightMomentInput,
) => ofSheet(deps, actor, date, flightId, () => takeOff(deps, actor, flightId, input));

export const landSheetFlight = (
  deps: FlightDeps,
  actor: Actor,
  date: string,
  flightId: string,
  input: FlightMomentInput,
) => ofSheet(deps, actor, date, flightId, () => land(deps, actor, flightId, input));

export const deleteSheetFlight = (
  deps: FlightDeps,
  actor: Actor,
  date: string,
  flightId: string,
  version: number | undefined,
) => ofSheet(deps, actor, date, flightId, () => deleteFlight(deps, actor, flightId, version));

/** Spec §4 "Flight: accepted by the instructor": the flight's instructor confirms it. */
export async function acceptFlight(deps: FlightDeps, actor: Actor, flightId: string, version: number) {
  const before = await flightFor(deps, actor, flightId);
  if (before.instructor_id !== actor.userId) throw missingPermissions();
  if (version !== before.version) throw conflict();
  const now = deps.now().toISOString();
  const after = {
    ...before,
    instructor_accepted: true,
    accepted_by: actor.userId,
    accepted_at: now,
    version: before.version + 1,
    updated_at: now,
  };
  await commit(deps, actor, [{ before, after }], 'flight.accept', flightId);
  return flightOutputOf(after);
}

/**
 * GET /api/flights: a page of the organization's flights between two days, newest first. The kind
 * is not in the key, so the page is filled from further reads until it is full or the days end —
 * a powered-flight page is not left empty by a day of glider flights.
 */
export async function listFlights(deps: FlightDeps, actor: Actor, query: ListFlightsQuery) {
  const organization = organizationOf(actor);
  const today = operatingDay(deps.now(), organization.timezone);
  const page = await fillPage(
    async (cursor, limit) => {
      const read = await deps.store.flightsBetween(organization.organization_id, {
        from: query.from ?? '0000-01-01',
        to: query.to ?? today,
        cursor,
        limit,
        planeId: query.plane_id,
      });
      return { data: read.items.filter((f) => !query.kind || f.kind === query.kind), cursor: read.cursor };
    },
    { cursor: query.cursor, limit: query.limit ?? 50 },
  );
  return { items: page.items.map(flightOutputOf), cursor: page.cursor };
}
