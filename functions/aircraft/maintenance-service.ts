import { randomBytes } from 'node:crypto';
import { todayIn } from '../../contracts/calendar.ts';
import {
  type CreateMaintenanceInput,
  type ListQuery,
  type MaintenanceOutput,
  namesCycle,
  type PerformedInput,
  SCHEDULE_FIELDS,
  type UpdateMaintenanceInput,
} from '../../contracts/schemas/maintenance.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { conflict, notFound, validationFailed } from '../platform/http/errors.ts';
import {
  type DueContext,
  dueContext,
  dueOutputOf,
  fleetDues,
  fleetOverviewOf,
  itemCounters,
  itemDue,
} from './maintenance-due.ts';
import {
  type EventInput,
  type MaintenanceStore,
  maintenanceStore,
  type StoredMaintenanceItem,
  type StoredPlane,
} from './maintenance-store.ts';
import { type Counters, performedSchedule } from './next-due.ts';

/** Maintenance items (maintenance/operations): rules over the deps.store, no HTTP, no SDK. */

const DEFAULT_PAGE = 50;

export const organizationOf = (actor: Actor) => {
  if (!actor.organizationId) throw notFound();
  return actor.organizationId;
};
export interface MaintenanceDeps {
  store: MaintenanceStore;
  now: () => Date;
}

export const maintenanceDeps: MaintenanceDeps = { store: maintenanceStore, now: () => new Date() };

/** Today in the organization's time zone (maintenance dates are its calendar days). */
export const todayOf = (deps: Pick<MaintenanceDeps, 'now'>, actor: Actor) =>
  todayIn(actor.organization?.timezone ?? 'UTC', deps.now());

/** `Éves ellenőrzés` → `mnt-1f2e3d4c5b`: a short random id; the list order comes from the screen. */
export const newId = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;

const orNull = <T>(value: T | undefined | null): T | null => value ?? null;

/** Hours run on engine time for aeroplanes, TMGs and engines; on flight time for gliders. */
export const defaultHoursBasis = (plane: StoredPlane | null, componentType?: string) =>
  componentType === 'engine' ||
  componentType === 'propeller' ||
  plane?.plane_category === 'plc_01' ||
  plane?.is_tmg
    ? 'engine'
    : 'flight';

/** Fills what a new schedule leaves out: from today, from the owner's readings now. */
const scheduleDefaults = (input: Record<string, unknown>, today: string, counters: Counters) => ({
  maintenanced_at: (input.maintenanced_at as string | null | undefined) ?? today,
  done_counter_flight: (input.done_counter_flight as number | null | undefined) ?? counters.flight,
  done_counter_engine: (input.done_counter_engine as number | null | undefined) ?? counters.engine,
  done_counter_takeoff: (input.done_counter_takeoff as number | null | undefined) ?? counters.takeoff,
});

/** Input → a patch: null or '' removes the attribute, a value sets it, absent leaves it. */
export function patchOf(input: Record<string, unknown>, fields: readonly string[]) {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const field of fields) {
    if (!(field in input)) continue;
    const value = input[field];
    if (value === null || value === '') remove.push(field);
    else if (value !== undefined) set[field] = value;
  }
  return { set, remove };
}

/** The readings a "performed" records: each one given, or the owner's current one. */
export const performedCounters = (input: PerformedInput, current: Counters): Counters => ({
  flight: input.counters?.flight ?? current.flight,
  engine: input.counters?.engine ?? current.engine,
  takeoff: input.counters?.takeoff ?? current.takeoff,
});

/** A performed date may be in the past (recorded later), never in the future. */
export const checkPerformedDate = (date: string, today: string) => {
  if (date > today) throw validationFailed({ date: ['invalid_value'] });
};

async function itemOutput(ctx: DueContext, item: StoredMaintenanceItem): Promise<MaintenanceOutput> {
  const [plane, component, usage] = await Promise.all([
    ctx.plane(item.plane_id),
    item.component_id ? ctx.component(item.component_id) : Promise.resolve(null),
    ctx.usage(item.plane_id),
  ]);
  const due = item.status === 'active' ? itemDue(item, plane, component, ctx.today, usage) : null;
  return {
    maintenance_id: item.maintenance_id,
    plane_id: item.plane_id,
    reg_num: plane?.reg_num ?? null,
    component_id: orNull(item.component_id),
    component_name: component?.name ?? null,
    name: item.name,
    kind: item.kind,
    status: item.status,
    comment: orNull(item.comment),
    cycle_hours: orNull(item.cycle_hours),
    hours_basis: orNull(item.hours_basis),
    cycle_takeoffs: orNull(item.cycle_takeoffs),
    cycle_days: orNull(item.cycle_days),
    cycle_calendar: orNull(item.cycle_calendar),
    maintenanced_at: orNull(item.maintenanced_at),
    done_counter_flight: orNull(item.done_counter_flight),
    done_counter_engine: orNull(item.done_counter_engine),
    done_counter_takeoff: orNull(item.done_counter_takeoff),
    notice_days: orNull(item.notice_days),
    notice_hours: orNull(item.notice_hours),
    notice_takeoffs: orNull(item.notice_takeoffs),
    current: itemCounters(plane, component),
    due: due
      ? dueOutputOf(due)
      : {
          state: 'ok',
          first: null,
          due_date: null,
          remaining_minutes: null,
          remaining_takeoffs: null,
          remaining_days: null,
          dimensions: [],
        },
    version: item.version,
    updated_at: item.updated_at,
  };
}

async function requireItem(deps: MaintenanceDeps, organizationId: string, id: string) {
  const item = await deps.store.item(organizationId, id);
  if (!item) throw notFound();
  return item;
}

async function requirePlane(deps: MaintenanceDeps, organizationId: string, planeId: string) {
  const plane = await deps.store.plane(organizationId, planeId);
  // Another organization's aircraft is not found in this one (tenancy).
  if (!plane) throw notFound();
  return plane;
}

/** A component named by an item must be in the same organization and on the same aircraft. */
async function requireComponentOn(
  deps: MaintenanceDeps,
  organizationId: string,
  componentId: string,
  planeId: string,
) {
  const component = await deps.store.component(organizationId, componentId);
  if (!component) throw notFound();
  if (component.plane_id !== planeId) throw validationFailed({ component_id: ['invalid_value'] });
  return component;
}

// Lists --------------------------------------------------------------------------------------------

export async function listItems(deps: MaintenanceDeps, actor: Actor, query: ListQuery) {
  const organizationId = organizationOf(actor);
  const page = { cursor: query.cursor, limit: query.limit ?? DEFAULT_PAGE };
  const result = query.plane_id
    ? await deps.store.planeItemsPage(organizationId, query.plane_id, page)
    : await deps.store.itemsPage(organizationId, page);
  const ctx = dueContext(deps.store, organizationId, todayOf(deps, actor));
  return {
    items: await Promise.all(result.items.map((item) => itemOutput(ctx, item))),
    cursor: result.cursor,
  };
}

export async function listPlaneItems(
  deps: MaintenanceDeps,
  actor: Actor,
  planeId: string,
  query: { cursor?: string; limit?: number },
) {
  const organizationId = organizationOf(actor);
  await requirePlane(deps, organizationId, planeId);
  return listItems(deps, actor, { ...query, plane_id: planeId });
}

export async function getItem(deps: MaintenanceDeps, actor: Actor, id: string) {
  const organizationId = organizationOf(actor);
  const item = await requireItem(deps, organizationId, id);
  return itemOutput(dueContext(deps.store, organizationId, todayOf(deps, actor)), item);
}

// Writes -------------------------------------------------------------------------------------------

const event = (
  deps: Pick<MaintenanceDeps, 'now'>,
  actor: Actor,
  item: Pick<StoredMaintenanceItem, 'organization_id' | 'plane_id'>,
  fields: Omit<EventInput, 'organization_id' | 'plane_id' | 'user_id' | 'at'>,
): EventInput => ({
  at: deps.now().toISOString(),
  organization_id: item.organization_id,
  plane_id: item.plane_id,
  user_id: actor.userId,
  ...fields,
});

export async function createItem(deps: MaintenanceDeps, actor: Actor, input: CreateMaintenanceInput) {
  const organizationId = organizationOf(actor);
  const today = todayOf(deps, actor);
  const plane = await requirePlane(deps, organizationId, input.plane_id);
  const component = input.component_id
    ? await requireComponentOn(deps, organizationId, input.component_id, plane.plane_id)
    : null;
  const counters = itemCounters(plane, component);
  const { set } = patchOf(input as Record<string, unknown>, [...SCHEDULE_FIELDS, 'name', 'kind', 'comment']);
  const item = {
    ...set,
    organization_id: organizationId,
    maintenance_id: newId('mnt'),
    plane_id: plane.plane_id,
    ...(component && { component_id: component.component_id }),
    name: input.name,
    kind: input.kind ?? 'inspection',
    status: 'active',
    ...(input.cycle_hours
      ? { hours_basis: input.hours_basis ?? defaultHoursBasis(plane, component?.component_type) }
      : {}),
    ...scheduleDefaults(input, today, counters),
  } as StoredMaintenanceItem;
  await deps.store.createItem(
    actor,
    item,
    [
      event(deps, actor, item, {
        subject_id: item.maintenance_id,
        kind: 'created',
        date: today,
        details: { name: item.name },
      }),
    ],
    {
      action: 'maintenance.create',
      target_type: 'maintenance',
      target_id: item.maintenance_id,
      details: { plane_id: plane.plane_id },
    },
  );
  return getItem(deps, actor, item.maintenance_id);
}

export async function updateItem(
  deps: MaintenanceDeps,
  actor: Actor,
  id: string,
  input: UpdateMaintenanceInput,
) {
  const organizationId = organizationOf(actor);
  const today = todayOf(deps, actor);
  const item = await requireItem(deps, organizationId, id);
  if (input.component_id) await requireComponentOn(deps, organizationId, input.component_id, item.plane_id);
  const { version, ...rest } = input;
  const patch = patchOf(rest as Record<string, unknown>, [
    ...SCHEDULE_FIELDS,
    'name',
    'kind',
    'comment',
    'status',
    'component_id',
  ]);
  // The schedule after the change must still name a cycle.
  const after = { ...item, ...patch.set } as Record<string, unknown>;
  for (const field of patch.remove) delete after[field];
  if (!namesCycle(after)) throw validationFailed({ cycle_hours: ['field_required'] });
  if (patch.remove.includes('maintenanced_at'))
    throw validationFailed({ maintenanced_at: ['field_required'] });
  if (after.cycle_hours && !after.hours_basis) {
    const plane = await deps.store.plane(organizationId, item.plane_id);
    patch.set.hours_basis = defaultHoursBasis(plane);
  }
  const fields = [...Object.keys(patch.set), ...patch.remove];
  const closing = patch.set.status !== undefined && patch.set.status !== item.status;
  await deps.store.updateItem(
    actor,
    { organization_id: organizationId, maintenance_id: id },
    patch,
    version,
    [
      event(deps, actor, item, {
        subject_id: id,
        kind: closing ? 'status_changed' : 'updated',
        date: today,
        details: closing ? { status: String(patch.set.status) } : { fields },
      }),
    ],
    { action: 'maintenance.update', target_type: 'maintenance', target_id: id, details: { fields } },
  );
  return getItem(deps, actor, id);
}

/**
 * Performed: the new cycle runs from that date and those readings (default: the owner's current),
 * written with the item's event (and the component's, for a component's item) in one TransactWrite.
 */
export async function performItem(deps: MaintenanceDeps, actor: Actor, id: string, input: PerformedInput) {
  const organizationId = organizationOf(actor);
  const today = todayOf(deps, actor);
  checkPerformedDate(input.date, today);
  const item = await requireItem(deps, organizationId, id);
  if (item.status !== 'active') throw conflict();
  if (input.version !== undefined && input.version !== item.version) throw conflict();
  const [plane, component] = await Promise.all([
    deps.store.plane(organizationId, item.plane_id),
    item.component_id ? deps.store.component(organizationId, item.component_id) : Promise.resolve(null),
  ]);
  const counters = performedCounters(input, itemCounters(plane, component));
  const details = {
    maintenance_id: id,
    name: item.name,
    counter_flight: counters.flight,
    counter_engine: counters.engine,
    counter_takeoff: counters.takeoff,
  };
  const events: EventInput[] = [
    event(deps, actor, item, {
      subject_id: id,
      kind: 'maintenance_performed',
      date: input.date,
      comment: input.comment ?? undefined,
      details,
    }),
  ];
  if (component)
    events.push(
      event(deps, actor, item, {
        subject_id: component.component_id,
        kind: 'maintenance_performed',
        date: input.date,
        comment: input.comment ?? undefined,
        details,
      }),
    );
  await deps.store.updateItem(
    actor,
    { organization_id: organizationId, maintenance_id: id },
    { set: performedSchedule(input.date, counters), remove: [] },
    item.version,
    events,
    {
      action: 'maintenance.performed',
      target_type: 'maintenance',
      target_id: id,
      details: { date: input.date },
    },
  );
  return getItem(deps, actor, id);
}

// Fleet overview -----------------------------------------------------------------------------------

export async function fleetOverview(deps: MaintenanceDeps, actor: Actor) {
  const organizationId = organizationOf(actor);
  const today = todayOf(deps, actor);
  const [dues, faults] = await Promise.all([
    fleetDues(deps.store, organizationId, today),
    deps.store.openFaultCounts(organizationId),
  ]);
  return fleetOverviewOf(dues, faults, today);
}
