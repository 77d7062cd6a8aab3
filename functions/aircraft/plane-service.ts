import { randomBytes } from 'node:crypto';
import { todayIn } from '../../contracts/calendar.ts';
import {
  type CreatePlaneInput,
  CURRENT_COUNTERS,
  isFunctional,
  isInoperable,
  type ListPlanesQuery,
  PLANE_FIELDS,
  type PlaneField,
  type PlaneListItem,
  type PlaneOutput,
  START_COUNTERS,
  type UpdatePlaneInput,
} from '../../contracts/schemas/aircraft.ts';
import { type LimitBucket, limitBucketOf } from '../../contracts/schemas/aircraft-enums.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { lostRace } from '../platform/db/writes.ts';
import { conflict, domainError, notFound, validationFailed } from '../platform/http/errors.ts';
import { usageStatistics } from './plane-statistics.ts';
import {
  type PlaneCount,
  type PlaneLimits,
  type PlaneStore,
  planeStore,
  type StoredPlane,
} from './plane-store.ts';

/**
 * Rules of the fleet (spec §3 Plane, §9 package limits): create, edit, delete, close a share.
 * Takes its dependencies as an argument; no HTTP, no SDK.
 */

interface PlaneDeps {
  store: PlaneStore;
  now: () => Date;
}

export const planeDeps: PlaneDeps = { store: planeStore, now: () => new Date() };

const DEFAULT_PAGE = 25;

// Package limits ------------------------------------------------------------------------------

/**
 * Spec §9: a package limits the aircraft in total and separately general/TMG and glider aircraft.
 * True when one more aircraft in `bucket` would exceed a limit (`total: false` for a move between
 * buckets, which keeps the total). An absent limit is no limit.
 */
export const limitReached = (
  count: Pick<PlaneCount, 'total' | 'general' | 'glider'>,
  limits: PlaneLimits,
  bucket: LimitBucket,
  options: { total: boolean } = { total: true },
) => {
  if (options.total && typeof limits.plane_limit === 'number' && count.total >= limits.plane_limit)
    return true;
  const bucketLimit = bucket === 'general' ? limits.general_limit : limits.glider_limit;
  return typeof bucketLimit === 'number' && count[bucket] >= bucketLimit;
};

// Records -------------------------------------------------------------------------------------

/** `HA-4012` → `plane-ha-4012-1f2e3d`: ids sort by registration, so the list comes in that order. */
export const planeIdFor = (regNum: string, suffix = randomBytes(3).toString('hex')) =>
  `plane-${regNum.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${suffix}`;

const orNull = <T>(value: T | undefined | null): T | null => value ?? null;

export function planeOutputOf(p: StoredPlane): PlaneOutput {
  return {
    plane_id: p.plane_id,
    reg_num: p.reg_num,
    tail_number: orNull(p.tail_number),
    plane_type: orNull(p.plane_type),
    plane_category: p.plane_category,
    plane_class: orNull(p.plane_class),
    callsign: orNull(p.callsign),
    serial_number: orNull(p.serial_number),
    manufacturer: orNull(p.manufacturer),
    model: orNull(p.model),
    year_of_manufacture: orNull(p.year_of_manufacture),
    seats: orNull(p.seats),
    logcard_number: orNull(p.logcard_number),
    certificate_number: orNull(p.certificate_number),
    ogn_id: orNull(p.ogn_id),
    is_tmg: p.is_tmg,
    owner: orNull(p.owner),
    owner_name: orNull(p.owner_name),
    owner_organization: orNull(p.owner_organization),
    private_plane: p.private_plane,
    status: p.status,
    functional: isFunctional(p.status),
    inoperable: isInoperable(p.status),
    can_be_shared: p.can_be_shared,
    share_start_date: orNull(p.share_start_date),
    share_end_date: orNull(p.share_end_date),
    start_counter_flight: p.start_counter_flight,
    start_counter_engine: p.start_counter_engine,
    start_counter_takeoff: p.start_counter_takeoff,
    start_counter_landing: p.start_counter_landing,
    counter_flight: p.counter_flight,
    counter_engine: p.counter_engine,
    counter_takeoff: p.counter_takeoff,
    counter_landing: p.counter_landing,
    current_counter_flight: p.current_counter_flight,
    current_counter_engine: p.current_counter_engine,
    current_counter_takeoff: p.current_counter_takeoff,
    current_counter_landing: p.current_counter_landing,
    limit_date: orNull(p.limit_date),
    limit_counter_flight: orNull(p.limit_counter_flight),
    limit_counter_engine: orNull(p.limit_counter_engine),
    limit_counter_takeoff: orNull(p.limit_counter_takeoff),
    lifetime_flight: orNull(p.lifetime_flight),
    lifetime_engine: orNull(p.lifetime_engine),
    lifetime_takeoff: orNull(p.lifetime_takeoff),
    installation_date: orNull(p.installation_date),
    rentable: p.rentable,
    rent_type: orNull(p.rent_type),
    rent_price_flight: orNull(p.rent_price_flight),
    rent_price_motor: orNull(p.rent_price_motor),
    rent_price_landing: orNull(p.rent_price_landing),
    rent_price_training: orNull(p.rent_price_training),
    rent_discount: orNull(p.rent_discount),
    rent_flat_rate: orNull(p.rent_flat_rate),
    rent_req_instructor: p.rent_req_instructor,
    rent_multiple_days_allowed: p.rent_multiple_days_allowed,
    night_reservation_on: p.night_reservation_on,
    version: p.version,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

const planeListItemOf = (p: StoredPlane): PlaneListItem => ({
  plane_id: p.plane_id,
  reg_num: p.reg_num,
  tail_number: orNull(p.tail_number),
  plane_type: orNull(p.plane_type),
  model: orNull(p.model),
  callsign: orNull(p.callsign),
  plane_category: p.plane_category,
  is_tmg: p.is_tmg,
  status: p.status,
  functional: isFunctional(p.status),
  inoperable: isInoperable(p.status),
  current_counter_flight: p.current_counter_flight,
  current_counter_engine: p.current_counter_engine,
  current_counter_takeoff: p.current_counter_takeoff,
  can_be_shared: p.can_be_shared,
  rentable: p.rentable,
});

/**
 * What an update writes: changed fields SET, nulls REMOVEd, and a changed start_ reading moves
 * current_ by the same amount as an ADD (flights ADD to current_ concurrently, so it is never SET).
 */
export function planePatch(before: StoredPlane, input: Partial<Record<PlaneField, unknown>>) {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  const add: Record<string, number> = {};
  const stored = before as unknown as Record<string, unknown>;
  for (const field of PLANE_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    const startIndex = (START_COUNTERS as readonly string[]).indexOf(field);
    if (startIndex >= 0) {
      const next = (value as number | null) ?? 0;
      const delta = next - ((stored[field] as number | undefined) ?? 0);
      if (delta !== 0) {
        set[field] = next;
        add[CURRENT_COUNTERS[startIndex] as string] = delta;
      }
      continue;
    }
    if (value === null) {
      if (stored[field] !== undefined) remove.push(field);
    } else if (stored[field] !== value) set[field] = value;
  }
  return { set, remove, add, fields: [...Object.keys(set), ...remove] };
}

/** A create's item: defaults for what the form left out; current_ starts at the start_ readings. */
export function newPlaneItem(organizationId: string, planeId: string, input: CreatePlaneInput) {
  const item: Record<string, unknown> = { organization_id: organizationId, plane_id: planeId };
  for (const field of PLANE_FIELDS) {
    const value = input[field];
    if (value !== undefined && value !== null) item[field] = value;
  }
  START_COUNTERS.forEach((field, index) => {
    const start = input[field] ?? 0;
    item[field] = start;
    item[CURRENT_COUNTERS[index] as string] = start;
  });
  return item as Record<string, unknown> & { organization_id: string; plane_id: string; reg_num: string };
}

// Operations ----------------------------------------------------------------------------------

const organizationOf = (actor: Actor) => {
  if (!actor.organizationId) throw notFound();
  return actor.organizationId;
};

async function found(deps: PlaneDeps, organizationId: string, planeId: string) {
  const plane = await deps.store.plane(organizationId, planeId);
  if (!plane) throw notFound();
  return plane;
}

async function checkOwner(deps: PlaneDeps, organizationId: string, owner: string | null | undefined) {
  if (owner && !(await deps.store.isActiveMember(organizationId, owner)))
    throw validationFailed({ owner: ['invalid_value'] });
}

/**
 * Is the registration used by an aircraft other than `exceptPlaneId`? The count item's set says so
 * atomically; an entry no aircraft carries (a rename whose clean-up did not run) is released here.
 */
async function regNumTaken(
  deps: PlaneDeps,
  organizationId: string,
  count: PlaneCount,
  regNum: string,
  exceptPlaneId?: string,
) {
  if (!count.reg_nums.includes(regNum)) return false;
  const planes = await deps.store.allPlanes(organizationId);
  if (planes.some((p) => p.reg_num === regNum && p.plane_id !== exceptPlaneId)) return true;
  if (!planes.some((p) => p.reg_num === regNum)) await deps.store.releaseRegNum(organizationId, regNum);
  return false;
}

/** A write that lost its race is tried once more after a fresh read (a stale registration entry). */
async function committed(write: () => Promise<void>) {
  try {
    await write();
    return true;
  } catch (error) {
    if (lostRace(error)) return false;
    throw error;
  }
}

export async function listPlanes(deps: PlaneDeps, actor: Actor, query: ListPlanesQuery) {
  const organizationId = organizationOf(actor);
  const { items, cursor } = await deps.store.planes(organizationId, {
    cursor: query.cursor,
    limit: query.limit ?? DEFAULT_PAGE,
    status: query.status,
    category: query.category,
    filter: query.filter,
  });
  return { items: items.map(planeListItemOf), cursor };
}

export async function getPlane(deps: PlaneDeps, actor: Actor, planeId: string) {
  return planeOutputOf(await found(deps, organizationOf(actor), planeId));
}

/** Spec §9: the aircraft's statistics for a year (default this one), its years and last 12 months. */
export async function planeStatistics(
  deps: PlaneDeps,
  actor: Actor,
  planeId: string,
  year: number | undefined,
) {
  const organizationId = organizationOf(actor);
  await found(deps, organizationId, planeId);
  const today = todayIn(actor.organization?.timezone ?? 'Europe/Budapest', deps.now());
  const days = await deps.store.usageDays(organizationId, planeId);
  return usageStatistics(planeId, days, year ?? Number(today.slice(0, 4)), today);
}

/**
 * Spec §9: "Reaching the limit gives the plane-limit message" — checked first for a clear answer,
 * and again by the TransactWrite's condition on the count item, which is what holds when two admins
 * add the last allowed aircraft at the same moment.
 */
export async function createPlane(deps: PlaneDeps, actor: Actor, input: CreatePlaneInput) {
  const organizationId = organizationOf(actor);
  await checkOwner(deps, organizationId, input.owner);
  const bucket = limitBucketOf({ plane_category: input.plane_category, is_tmg: input.is_tmg ?? false });
  const planeId = planeIdFor(input.reg_num);
  const item = newPlaneItem(organizationId, planeId, input);
  const audit = {
    action: 'plane.create' as const,
    target_type: 'plane',
    target_id: planeId,
    details: { reg_num: input.reg_num, plane_category: input.plane_category },
  };
  // Two rounds: the second after a stale registration entry was released.
  for (let round = 0; round < 2; round++) {
    const [limits, count] = await Promise.all([
      deps.store.limits(organizationId),
      deps.store.ensureCount(organizationId, limitBucketOf),
    ]);
    if (await regNumTaken(deps, organizationId, count, input.reg_num))
      throw validationFailed({ reg_num: ['reg_num_taken'] });
    if (limitReached(count, limits, bucket)) throw domainError('plane_limit_reached');
    if (await committed(() => deps.store.createPlane(actor, item, bucket, limits, audit)))
      return planeOutputOf(await found(deps, organizationId, planeId));
  }
  throw conflict();
}

export async function updatePlane(deps: PlaneDeps, actor: Actor, planeId: string, input: UpdatePlaneInput) {
  const organizationId = organizationOf(actor);
  const before = await found(deps, organizationId, planeId);
  if (before.version !== input.version) throw conflict();
  if (input.owner !== undefined && input.owner !== before.owner)
    await checkOwner(deps, organizationId, input.owner);
  const { version, ...fields } = input;
  const patch = planePatch(before, fields);
  const fromBucket = limitBucketOf(before);
  const toBucket = limitBucketOf({
    plane_category: input.plane_category ?? before.plane_category,
    is_tmg: input.is_tmg ?? before.is_tmg,
  });
  const newRegNum = input.reg_num !== before.reg_num ? input.reg_num : undefined;
  const moves = fromBucket !== toBucket;
  const audit = {
    action: 'plane.update' as const,
    target_type: 'plane',
    target_id: planeId,
    details: { fields: patch.fields },
  };
  for (let round = 0; round < 2; round++) {
    let countChange: Parameters<PlaneStore['updatePlane']>[3]['count'];
    if (moves || newRegNum) {
      const [limits, count] = await Promise.all([
        deps.store.limits(organizationId),
        deps.store.ensureCount(organizationId, limitBucketOf),
      ]);
      if (newRegNum && (await regNumTaken(deps, organizationId, count, newRegNum, planeId)))
        throw validationFailed({ reg_num: ['reg_num_taken'] });
      if (moves && limitReached(count, limits, toBucket, { total: false }))
        throw domainError('plane_limit_reached');
      countChange = { from: fromBucket, to: toBucket, regNum: newRegNum, limits };
    }
    const change = { ...patch, version, count: countChange };
    if (await committed(() => deps.store.updatePlane(actor, organizationId, planeId, change, audit))) {
      // The old registration is free again (a crash here leaves an entry regNumTaken releases).
      if (newRegNum) await deps.store.releaseRegNum(organizationId, before.reg_num);
      return planeOutputOf(await found(deps, organizationId, planeId));
    }
    const now = await deps.store.plane(organizationId, planeId);
    if (!now || now.version !== version) throw conflict();
  }
  throw conflict();
}

/**
 * An aircraft with components, maintenance items or fault reports is refused (409 plane_in_use):
 * their history would be orphaned. Retiring an aircraft is its status `inactive`; delete is for an
 * aircraft recorded by mistake.
 */
export async function deletePlane(deps: PlaneDeps, actor: Actor, planeId: string) {
  const organizationId = organizationOf(actor);
  const plane = await found(deps, organizationId, planeId);
  if (await deps.store.hasDependents(organizationId, planeId)) throw domainError('plane_in_use');
  // The count item exists for every organization that has an aircraft; ensure it for old data.
  await deps.store.ensureCount(organizationId, limitBucketOf);
  await deps.store.deletePlane(actor, plane, limitBucketOf(plane), {
    action: 'plane.delete',
    target_type: 'plane',
    target_id: planeId,
    details: { reg_num: plane.reg_num },
  });
}

/**
 * Spec §4 "Share of aircraft data: it can be closed": sharing stops today (in the organization's
 * time zone); a window that had not started yet is dropped whole.
 */
export async function closePlaneShare(deps: PlaneDeps, actor: Actor, planeId: string, version: number) {
  const organizationId = organizationOf(actor);
  const before = await found(deps, organizationId, planeId);
  if (before.version !== version) throw conflict();
  const today = todayIn(actor.organization?.timezone ?? 'UTC', deps.now());
  const notStarted = before.share_start_date !== undefined && before.share_start_date > today;
  const patch = {
    set: { can_be_shared: false, ...(notStarted ? {} : { share_end_date: today }) },
    remove: notStarted ? ['share_start_date', 'share_end_date'] : [],
    version,
  };
  await deps.store.updatePlane(actor, organizationId, planeId, patch, {
    action: 'plane.share_close',
    target_type: 'plane',
    target_id: planeId,
  });
  return planeOutputOf(await found(deps, organizationId, planeId));
}
