import { addDays, daysBetween, instantIn, localDateTimeIn, todayIn } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import {
  type CancelReservationInput,
  CHECK_FIELDS,
  CHECK_MESSAGES,
  type CheckLevel,
  type CreateReservationInput,
  DEFAULT_CHECK_LEVELS,
  type ListReservationsQuery,
  RESERVATION_CHECKS,
  RESERVATION_MAX_DAYS,
  RESERVATION_RANGE_MAX_DAYS,
  type ReservationCheck,
  type ReservationOptionsOutput,
  type ReservationOutput,
  type ReservationSettingsInput,
} from '../../contracts/schemas/reservations.ts';
import { fleet, maintenanceDueOf, plane as planeOf } from '../aircraft/public.ts';
import { belowBalanceMinimum } from '../finance/public.ts';
import { pilotRecency } from '../flights/public.ts';
import {
  activeHoldersOf,
  activeMemberIds,
  isActiveMember,
  medicalValidUntil,
  recordNames,
  rentPermitTypes,
} from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { lostRace } from '../platform/db/writes.ts';
import {
  conflict,
  domainError,
  found,
  missingPermissions,
  notFound,
  validationFailed,
} from '../platform/http/errors.ts';
import {
  type BookingTimes,
  bookingErrors,
  checkBooking,
  decide,
  type RentalAircraft,
} from './reservation-checks.ts';
import { type ReservationStore, reservationStore, type StoredReservation } from './reservation-store.ts';

/** Reservations (issue 15 §5): booking, the club's checks, cancellation and the calendar. */

type Plane = NonNullable<Awaited<ReturnType<typeof planeOf>>>;

export interface ReservationDeps {
  store: ReservationStore;
  now: () => Date;
  plane: (organizationId: string, planeId: string) => Promise<Plane | null>;
  fleet: typeof fleet;
  maintenanceDue: typeof maintenanceDueOf;
  rentPermitTypes: typeof rentPermitTypes;
  /** The pilot's recency on a day: whether a rule for this kind of aircraft lapsed. */
  recencyLapsed: (userId: string, day: string, kind: 'glider' | 'powered') => Promise<boolean>;
  medicalValidUntil: (userId: string) => Promise<string | null | undefined>;
  /** The pilot's ledger balance is below their minimum on the day (finance public.ts). */
  belowBalanceMin: (organizationId: string, userId: string, day: string) => Promise<boolean>;
  instructors: (organizationId: string) => Promise<string[]>;
  members: (organizationId: string) => Promise<string[]>;
  isActiveMember: (organizationId: string, userId: string) => Promise<boolean>;
  names: (userIds: readonly string[]) => Promise<Map<string, string>>;
}

/** The rule a booked flight depends on: SFCL.160(a) for a sailplane, FCL.060 (90 days) powered. */
const RECENCY_RULE = { glider: 'sfcl_160a', powered: 'fcl_060' } as const;

export const reservationDeps: ReservationDeps = {
  store: reservationStore,
  now: () => new Date(),
  plane: planeOf,
  fleet,
  maintenanceDue: maintenanceDueOf,
  rentPermitTypes,
  recencyLapsed: async (userId, day, kind) =>
    (await pilotRecency(userId, day)).rules.some(
      (r) => r.rule === RECENCY_RULE[kind] && r.status === 'lapsed',
    ),
  medicalValidUntil,
  belowBalanceMin: belowBalanceMinimum,
  instructors: (organizationId) => activeHoldersOf(organizationId, 'instructor'),
  members: activeMemberIds,
  isActiveMember,
  names: recordNames,
};

const organizationOf = (actor: Actor) => {
  if (!actor.organizationId || !actor.organization) throw notFound();
  return { id: actor.organizationId, timeZone: actor.organization.timezone };
};

const mayAdminister = (actor: Actor) => actor.permissions.has('reservation-administration');

/** How many times a booking that lost a race on its aircraft or instructor reads again and retries. */
const ATTEMPTS = 3;

const rentalOf = (p: Plane): RentalAircraft & { plane_category: string } => ({
  plane_id: p.plane_id,
  plane_type: p.plane_type ?? null,
  plane_category: p.plane_category,
  rentable: p.rentable,
  status: p.status,
  rent_req_instructor: p.rent_req_instructor,
  rent_multiple_days_allowed: p.rent_multiple_days_allowed,
  night_reservation_on: p.night_reservation_on,
});

async function levelsOf(deps: ReservationDeps, organizationId: string) {
  const stored = await deps.store.settings(organizationId);
  const checks = Object.fromEntries(
    RESERVATION_CHECKS.map((check) => [check, stored?.[check] ?? DEFAULT_CHECK_LEVELS[check]]),
  ) as Record<ReservationCheck, CheckLevel>;
  return { checks, version: stored?.version ?? 0 };
}

const canCancel = (actor: Actor, r: StoredReservation, now: Date) =>
  r.status === 'active' &&
  Date.parse(r.reservation_end) > now.getTime() &&
  (r.user_id === actor.userId || r.created_by === actor.userId || mayAdminister(actor));

/** The output of bookings, with aircraft registrations and people's names read once. */
async function outputsOf(
  deps: ReservationDeps,
  actor: Actor,
  timeZone: string,
  items: readonly StoredReservation[],
): Promise<ReservationOutput[]> {
  if (items.length === 0) return [];
  const organizationId = items[0]!.organization_id;
  const people = [
    ...new Set(items.flatMap((r) => [r.user_id, ...(r.instructor_id ? [r.instructor_id] : [])])),
  ];
  const [planes, names] = await Promise.all([deps.fleet(organizationId), deps.names(people)]);
  const regNums = new Map(planes.map((p) => [p.plane_id, p.reg_num]));
  const now = deps.now();
  return items.map((r) => ({
    reservation_id: r.reservation_id,
    plane_id: r.plane_id,
    reg_num: regNums.get(r.plane_id) ?? '',
    user_id: r.user_id,
    user_name: names.get(r.user_id) ?? '',
    instructor_id: r.instructor_id ?? null,
    instructor_name: r.instructor_id ? (names.get(r.instructor_id) ?? '') : null,
    reservation_start: r.reservation_start,
    reservation_end: r.reservation_end,
    local_start: localDateTimeIn(timeZone, r.reservation_start),
    local_end: localDateTimeIn(timeZone, r.reservation_end),
    comment: r.comment ?? null,
    status: r.status,
    cancel_reason: r.cancel_reason ?? null,
    warnings: r.warnings ?? [],
    overridden: r.overridden ?? [],
    version: r.version,
    can_cancel: canCancel(actor, r, now),
  }));
}

const outputOf = async (deps: ReservationDeps, actor: Actor, timeZone: string, r: StoredReservation) =>
  (await outputsOf(deps, actor, timeZone, [r]))[0]!;

/** The form's choices: rentable functional aircraft, the instructors, members for an administrator. */
export async function reservationOptions(
  deps: ReservationDeps,
  actor: Actor,
): Promise<ReservationOptionsOutput> {
  const org = organizationOf(actor);
  const administer = mayAdminister(actor);
  const [planes, instructorIds, memberIds, levels] = await Promise.all([
    deps.fleet(org.id),
    deps.instructors(org.id),
    administer ? deps.members(org.id) : Promise.resolve([]),
    levelsOf(deps, org.id),
  ]);
  const rentable = planes.filter((p) => p.rentable && p.status === 'functional');
  const details = await Promise.all(rentable.map((p) => deps.plane(org.id, p.plane_id)));
  const names = await deps.names([...new Set([...instructorIds, ...memberIds])]);
  const named = (ids: readonly string[]) =>
    ids
      .map((user_id) => ({ user_id, name: names.get(user_id) ?? '' }))
      .sort((a, b) => a.name.localeCompare(b.name, 'hu'));
  return {
    time_zone: org.timeZone,
    aircraft: details
      .filter((p): p is Plane => p !== null)
      .map((p) => ({
        plane_id: p.plane_id,
        reg_num: p.reg_num,
        plane_type: p.plane_type ?? null,
        callsign: p.callsign ?? null,
        rent_req_instructor: p.rent_req_instructor,
        rent_multiple_days_allowed: p.rent_multiple_days_allowed,
        night_reservation_on: p.night_reservation_on,
      }))
      .sort((a, b) => a.reg_num.localeCompare(b.reg_num)),
    instructors: named(instructorIds),
    members: named(memberIds),
    checks: levels.checks,
    can_administer: administer,
  };
}

/** The calendar: active bookings overlapping the club-time days from..to (cancelled ones on request). */
export async function listReservations(deps: ReservationDeps, actor: Actor, query: ListReservationsQuery) {
  const org = organizationOf(actor);
  const range = rangeOf(query, todayIn(org.timeZone, deps.now()), 6, RESERVATION_RANGE_MAX_DAYS);
  const from = instantIn(range.from, '00:00', org.timeZone);
  const to = instantIn(addDay(range.to), '00:00', org.timeZone);
  const page = await deps.store.page(
    org.id,
    {
      from: new Date(Date.parse(from) - RESERVATION_MAX_DAYS * DAY_MS - DAY_MS).toISOString(),
      to,
      endsAfter: from,
      planeId: query.plane_id,
      includeCancelled: query.include_cancelled === 'true',
    },
    { cursor: query.cursor, limit: query.limit ?? 100 },
  );
  return { items: await outputsOf(deps, actor, org.timeZone, page.items), cursor: page.cursor };
}

const DAY_MS = 24 * 3600 * 1000;

/** A calendar read's days: `from` defaults to today, `to` to `days` after it; at most `max` days long. */
export function rangeOf(query: { from?: string; to?: string }, today: string, days: number, max: number) {
  const from = query.from ?? today;
  const to = query.to ?? addDays(from, days);
  if (to < from) throw validationFailed({ to: ['invalid_value'] });
  if (daysBetween(from, to) > max) throw validationFailed({ to: ['too_big'] });
  return { from, to };
}
const addDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

export async function getReservation(deps: ReservationDeps, actor: Actor, reservationId: string) {
  const org = organizationOf(actor);
  const item = found(await deps.store.reservation(org.id, reservationId));
  return outputOf(deps, actor, org.timeZone, item);
}

/**
 * Books an aircraft. The booking's own errors are a 422; then the club's checks: blocking findings a
 * 422 on their fields (a reservation administrator may override them), warnings a 409
 * `reservation_warnings` until the member confirms. The overlap read and the write are guarded by
 * the aircraft's (and instructor's) book version: of two bookings at once one is written, the other
 * reads again and meets the first as an overlap.
 */
export async function createReservation(deps: ReservationDeps, actor: Actor, input: CreateReservationInput) {
  const org = organizationOf(actor);
  const administer = mayAdminister(actor);
  const userId = input.user_id ?? actor.userId;
  if (userId !== actor.userId) {
    if (!administer) throw missingPermissions();
    if (!(await deps.isActiveMember(org.id, userId))) throw validationFailed({ user_id: ['invalid_value'] });
  }
  const times: BookingTimes = {
    start_date: input.start_date,
    start_time: input.start_time,
    end_date: input.end_date,
    end_time: input.end_time,
    start: instantIn(input.start_date, input.start_time, org.timeZone),
    end: instantIn(input.end_date, input.end_time, org.timeZone),
  };
  const stored = await deps.plane(org.id, input.plane_id);
  const plane = stored ? rentalOf(stored) : null;
  const instructorId = input.instructor_id ?? null;
  const errors = bookingErrors(plane, times, instructorId, deps.now());
  if (instructorId && (instructorId === userId || !(await deps.instructors(org.id)).includes(instructorId)))
    errors.instructor_id = ['invalid_value'];
  if (Object.keys(errors).length > 0 || !plane) throw validationFailed(errors);

  for (let attempt = 1; ; attempt++) {
    try {
      const item = await book(deps, actor, org.id, userId, plane, times, input, administer);
      return await outputOf(deps, actor, org.timeZone, item);
    } catch (error) {
      if (!lostRace(error) || attempt >= ATTEMPTS) throw error;
    }
  }
}

async function book(
  deps: ReservationDeps,
  actor: Actor,
  organizationId: string,
  userId: string,
  plane: RentalAircraft & { plane_category: string },
  times: BookingTimes,
  input: CreateReservationInput,
  administer: boolean,
): Promise<StoredReservation> {
  const instructorId = input.instructor_id ?? null;
  const subjects = [`plane#${plane.plane_id}`, ...(instructorId ? [`instructor#${instructorId}`] : [])];
  // The books' versions first: a booking written after this read moves them on and cancels ours.
  const books = await deps.store.bookVersions(organizationId, subjects);
  const windowStart = new Date(
    Date.parse(times.start) - RESERVATION_MAX_DAYS * DAY_MS - DAY_MS,
  ).toISOString();
  const today = todayIn(actor.organization?.timezone ?? 'UTC', deps.now());
  const kind = plane.plane_category === 'plc_02' ? 'glider' : 'powered';
  const [levels, planeBookings, instructorBookings, maintenance, permits, recencyLapsed, medical, belowMin] =
    await Promise.all([
      levelsOf(deps, organizationId),
      deps.store.planeBookings(organizationId, plane.plane_id, windowStart, times.end),
      instructorId
        ? deps.store.instructorBookings(organizationId, instructorId, windowStart, times.end)
        : Promise.resolve([]),
      deps.maintenanceDue(organizationId, plane.plane_id, today),
      deps.rentPermitTypes(organizationId, userId, times.end_date),
      deps.recencyLapsed(userId, times.end_date, kind),
      deps.medicalValidUntil(userId),
      deps.belowBalanceMin(organizationId, userId, times.start_date),
    ]);
  const findings = checkBooking(levels.checks, plane, times, {
    planeBookings,
    instructorBookings,
    maintenance,
    rentPermitTypes: permits,
    recencyLapsed,
    medicalValidUntil: medical ?? null,
    withInstructor: instructorId !== null,
    belowBalanceMin: belowMin,
  });
  const decision = decide(findings, {
    confirmWarnings: input.confirm_warnings ?? false,
    override: input.override ?? false,
    mayOverride: administer,
  });
  const errorsOf = (checks: readonly ReservationCheck[]) => {
    const errors: Record<string, string[]> = {};
    for (const check of checks) {
      const field = CHECK_FIELDS[check];
      errors[field] = [...(errors[field] ?? []), CHECK_MESSAGES[check]];
    }
    return errors;
  };
  if (decision.outcome === 'blocked') throw validationFailed(errorsOf(decision.checks));
  if (decision.outcome === 'confirm') throw domainError('reservation_warnings', errorsOf(decision.checks));

  const item: StoredReservation = {
    organization_id: organizationId,
    reservation_id: timeOrderedId(Date.parse(times.start)),
    plane_id: plane.plane_id,
    user_id: userId,
    instructor_id: instructorId ?? undefined,
    instructor_key: instructorId ?? '-',
    reservation_start: times.start,
    reservation_end: times.end,
    comment: input.comment || undefined,
    status: 'active',
    warnings: decision.warnings.map((c) => CHECK_MESSAGES[c]),
    overridden: decision.overridden.map((c) => CHECK_MESSAGES[c]),
    created_by: actor.userId,
    version: 1,
    created_at: deps.now().toISOString(),
    updated_at: deps.now().toISOString(),
  };
  await deps.store.create(actor, item, books, {
    action: 'reservation.create',
    target_type: 'reservation',
    target_id: item.reservation_id,
    subject_user_id: userId,
    details: {
      plane_id: plane.plane_id,
      ...(decision.warnings.length > 0 ? { warnings: decision.warnings } : {}),
      ...(decision.overridden.length > 0 ? { overridden: decision.overridden } : {}),
    },
  });
  return item;
}

/** Cancels a booking that has not ended: the member's own, or anyone's for an administrator. */
export async function cancelReservation(
  deps: ReservationDeps,
  actor: Actor,
  reservationId: string,
  input: CancelReservationInput,
) {
  const org = organizationOf(actor);
  const item = found(await deps.store.reservation(org.id, reservationId));
  const now = deps.now();
  if (item.status !== 'active' || Date.parse(item.reservation_end) <= now.getTime())
    throw validationFailed({ status: ['read_only'] });
  if (!canCancel(actor, item, now)) throw missingPermissions();
  if (item.version !== input.version) throw conflict();
  const change = { cancel_reason: input.reason, cancelled_by: actor.userId, cancelled_at: now.toISOString() };
  await deps.store.cancel(actor, item, change, input.version, {
    action: 'reservation.cancel',
    target_type: 'reservation',
    target_id: item.reservation_id,
    subject_user_id: item.user_id,
    details: { plane_id: item.plane_id },
  });
  return outputOf(deps, actor, org.timeZone, {
    ...item,
    ...change,
    status: 'cancelled',
    version: input.version + 1,
  });
}

export async function reservationSettings(deps: ReservationDeps, actor: Actor) {
  return levelsOf(deps, organizationOf(actor).id);
}

export async function updateReservationSettings(
  deps: ReservationDeps,
  actor: Actor,
  input: ReservationSettingsInput,
) {
  const org = organizationOf(actor);
  await deps.store.saveSettings(actor, org.id, input.checks, input.version, {
    action: 'reservation.settings',
    target_type: 'organization',
    target_id: org.id,
    details: { ...input.checks },
  });
  return levelsOf(deps, org.id);
}
