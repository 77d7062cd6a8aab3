import {
  COMPONENT_FIELDS,
  type ComponentOutput,
  type CreateComponentInput,
  type ListQuery,
  type PerformedInput,
  type UpdateComponentInput,
} from '../../contracts/schemas/maintenance.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { notFound, validationFailed } from '../platform/http/errors.ts';
import {
  componentCounters,
  componentDue,
  type DueContext,
  dueContext,
  dueOutputOf,
} from './maintenance-due.ts';
import {
  checkPerformedDate,
  defaultHoursBasis,
  type MaintenanceDeps,
  newId,
  organizationOf,
  patchOf,
  performedCounters,
  todayOf,
} from './maintenance-service.ts';
import type { EventInput, StoredComponent } from './maintenance-store.ts';
import { hasCycle, performedSchedule } from './next-due.ts';

/** Components (components, plane/{id}/components, component/{id}): rules over the store. */

const DEFAULT_PAGE = 50;
const orNull = <T>(value: T | undefined | null): T | null => value ?? null;

async function componentOutput(ctx: DueContext, c: StoredComponent): Promise<ComponentOutput> {
  const [plane, usage] = await Promise.all([ctx.plane(c.plane_id), ctx.usage(c.plane_id)]);
  const since = componentCounters(c);
  return {
    component_id: c.component_id,
    plane_id: c.plane_id,
    reg_num: plane?.reg_num ?? null,
    name: c.name,
    component_type: c.component_type,
    part_number: orNull(c.part_number),
    serial_no: orNull(c.serial_no),
    installation_date: orNull(c.installation_date),
    installation_comment: orNull(c.installation_comment),
    start_counter_flight: c.start_counter_flight,
    start_counter_engine: c.start_counter_engine,
    start_counter_takeoff: c.start_counter_takeoff,
    start_counter_landing: c.start_counter_landing,
    counter_flight: c.counter_flight,
    counter_engine: c.counter_engine,
    counter_takeoff: c.counter_takeoff,
    counter_landing: c.counter_landing,
    current_counter_flight: since.flight,
    current_counter_engine: since.engine,
    current_counter_takeoff: since.takeoff,
    current_counter_landing: c.start_counter_landing + c.counter_landing,
    limit_counter_flight: orNull(c.limit_counter_flight),
    limit_counter_engine: orNull(c.limit_counter_engine),
    limit_counter_takeoff: orNull(c.limit_counter_takeoff),
    limit_date: orNull(c.limit_date),
    lifetime_flight: orNull(c.lifetime_flight),
    lifetime_engine: orNull(c.lifetime_engine),
    lifetime_takeoff: orNull(c.lifetime_takeoff),
    lifetime_date: orNull(c.lifetime_date),
    cycle_hours: orNull(c.cycle_hours),
    hours_basis: orNull(c.hours_basis),
    cycle_takeoffs: orNull(c.cycle_takeoffs),
    cycle_days: orNull(c.cycle_days),
    cycle_calendar: orNull(c.cycle_calendar),
    maintenanced_at: orNull(c.maintenanced_at),
    done_counter_flight: orNull(c.done_counter_flight),
    done_counter_engine: orNull(c.done_counter_engine),
    done_counter_takeoff: orNull(c.done_counter_takeoff),
    notice_days: orNull(c.notice_days),
    notice_hours: orNull(c.notice_hours),
    notice_takeoffs: orNull(c.notice_takeoffs),
    maintenance_status_id: c.maintenance_status_id,
    due: dueOutputOf(componentDue(c, ctx.today, usage)),
    version: c.version,
    updated_at: c.updated_at,
  };
}

async function requireComponent(deps: MaintenanceDeps, organizationId: string, id: string) {
  const c = await deps.store.component(organizationId, id);
  if (!c) throw notFound();
  return c;
}

async function requirePlane(deps: MaintenanceDeps, organizationId: string, planeId: string) {
  const plane = await deps.store.plane(organizationId, planeId);
  if (!plane) throw notFound();
  return plane;
}

const event = (
  deps: Pick<MaintenanceDeps, 'now'>,
  actor: Actor,
  c: Pick<StoredComponent, 'organization_id' | 'component_id'>,
  planeId: string,
  fields: Omit<EventInput, 'organization_id' | 'plane_id' | 'user_id' | 'subject_id' | 'at'>,
): EventInput => ({
  at: deps.now().toISOString(),
  organization_id: c.organization_id,
  subject_id: c.component_id,
  plane_id: planeId,
  user_id: actor.userId,
  ...fields,
});

/** The cached due state written with every change, so the lists can show it without computing. */
async function statusOf(deps: MaintenanceDeps, organizationId: string, c: StoredComponent, today: string) {
  const usage = await deps.store.usageRate(organizationId, c.plane_id, today);
  return componentDue(c, today, usage).state;
}

// Reads --------------------------------------------------------------------------------------------

export async function listComponents(deps: MaintenanceDeps, actor: Actor, query: ListQuery) {
  const organizationId = organizationOf(actor);
  const page = { cursor: query.cursor, limit: query.limit ?? DEFAULT_PAGE };
  const result = query.plane_id
    ? await deps.store.planeComponentsPage(organizationId, query.plane_id, page)
    : await deps.store.componentsPage(organizationId, page);
  const ctx = dueContext(deps.store, organizationId, todayOf(deps, actor));
  return {
    items: await Promise.all(result.items.map((c) => componentOutput(ctx, c))),
    cursor: result.cursor,
  };
}

export async function listPlaneComponents(
  deps: MaintenanceDeps,
  actor: Actor,
  planeId: string,
  query: { cursor?: string; limit?: number },
) {
  await requirePlane(deps, organizationOf(actor), planeId);
  return listComponents(deps, actor, { ...query, plane_id: planeId });
}

export async function getComponent(deps: MaintenanceDeps, actor: Actor, id: string) {
  const organizationId = organizationOf(actor);
  const c = await requireComponent(deps, organizationId, id);
  return componentOutput(dueContext(deps.store, organizationId, todayOf(deps, actor)), c);
}

/** The component's history, newest first, with who recorded each entry. */
export async function listEvents(
  deps: MaintenanceDeps,
  actor: Actor,
  id: string,
  query: { cursor?: string; limit?: number },
) {
  const organizationId = organizationOf(actor);
  // A deleted component keeps its history: only an id never seen in this organization is unknown.
  const page = await deps.store.eventsPage(organizationId, id, {
    cursor: query.cursor,
    limit: query.limit ?? DEFAULT_PAGE,
  });
  if (page.items.length === 0 && !query.cursor) await requireComponent(deps, organizationId, id);
  const names = await deps.store.personNames(page.items.map((e) => e.user_id));
  return {
    items: page.items.map((e) => ({
      event_id: e.event_id,
      subject_id: e.subject_id,
      plane_id: e.plane_id,
      kind: e.kind,
      date: e.date,
      user_id: e.user_id,
      user_name: names.get(e.user_id) ?? null,
      comment: orNull(e.comment),
      details: (e.details ?? {}) as Record<string, unknown>,
      at: e.at,
    })),
    cursor: page.cursor,
  };
}

// Writes -------------------------------------------------------------------------------------------

export async function createComponent(deps: MaintenanceDeps, actor: Actor, input: CreateComponentInput) {
  const organizationId = organizationOf(actor);
  const today = todayOf(deps, actor);
  const plane = await requirePlane(deps, organizationId, input.plane_id);
  const { set } = patchOf(input as Record<string, unknown>, COMPONENT_FIELDS);
  const draft = {
    start_counter_flight: 0,
    start_counter_engine: 0,
    start_counter_takeoff: 0,
    start_counter_landing: 0,
    counter_flight: 0,
    counter_engine: 0,
    counter_takeoff: 0,
    counter_landing: 0,
    ...set,
  } as StoredComponent;
  const since = componentCounters(draft);
  const item = {
    ...draft,
    organization_id: organizationId,
    component_id: newId('cmp'),
    plane_id: plane.plane_id,
    installation_date: input.installation_date ?? today,
    // Its own cycle runs from installation and its readings then, unless told otherwise.
    ...(hasCycle(draft)
      ? {
          hours_basis:
            input.hours_basis ??
            (input.cycle_hours ? defaultHoursBasis(plane, input.component_type) : undefined),
          maintenanced_at: input.maintenanced_at ?? input.installation_date ?? today,
          done_counter_flight: input.done_counter_flight ?? since.flight,
          done_counter_engine: input.done_counter_engine ?? since.engine,
          done_counter_takeoff: input.done_counter_takeoff ?? since.takeoff,
        }
      : {}),
  } as StoredComponent;
  item.maintenance_status_id = await statusOf(deps, organizationId, item, today);
  await deps.store.createComponent(
    actor,
    item,
    [
      event(deps, actor, item, plane.plane_id, {
        kind: 'created',
        date: today,
        details: { name: item.name, plane_id: plane.plane_id },
      }),
      event(deps, actor, item, plane.plane_id, {
        kind: 'installed',
        date: item.installation_date ?? today,
        details: { plane_id: plane.plane_id, reg_num: plane.reg_num },
      }),
    ],
    {
      action: 'component.create',
      target_type: 'component',
      target_id: item.component_id,
      details: { plane_id: plane.plane_id },
    },
  );
  return getComponent(deps, actor, item.component_id);
}

export async function updateComponent(
  deps: MaintenanceDeps,
  actor: Actor,
  id: string,
  input: UpdateComponentInput,
) {
  const organizationId = organizationOf(actor);
  const today = todayOf(deps, actor);
  const current = await requireComponent(deps, organizationId, id);
  const { version, plane_id, ...rest } = input;
  const patch = patchOf(rest as Record<string, unknown>, COMPONENT_FIELDS);
  const moving = plane_id !== undefined && plane_id !== current.plane_id;
  const target = moving ? await requirePlane(deps, organizationId, plane_id) : null;
  if (target) patch.set.plane_id = target.plane_id;
  const after = { ...current, ...patch.set } as StoredComponent;
  for (const field of patch.remove) delete (after as Record<string, unknown>)[field];
  if (hasCycle(after) && !after.maintenanced_at) {
    if (patch.remove.includes('maintenanced_at'))
      throw validationFailed({ maintenanced_at: ['field_required'] });
    after.maintenanced_at = patch.set.maintenanced_at = today;
  }
  patch.set.maintenance_status_id = await statusOf(deps, organizationId, after, today);
  const fields = [...Object.keys(patch.set).filter((f) => f !== 'maintenance_status_id'), ...patch.remove];
  const events: EventInput[] = [];
  if (target) {
    events.push(
      event(deps, actor, current, current.plane_id, {
        kind: 'removed',
        date: today,
        details: { plane_id: current.plane_id },
      }),
    );
    events.push(
      event(deps, actor, current, target.plane_id, {
        kind: 'installed',
        date: after.installation_date ?? today,
        details: { plane_id: target.plane_id, reg_num: target.reg_num },
      }),
    );
  }
  const changed = fields.filter((f) => f !== 'plane_id');
  if (changed.length > 0 || !target)
    events.push(
      event(deps, actor, current, after.plane_id, {
        kind: 'updated',
        date: today,
        details: { fields: changed },
      }),
    );
  await deps.store.updateComponent(
    actor,
    { organization_id: organizationId, component_id: id },
    patch,
    version,
    events,
    { action: 'component.update', target_type: 'component', target_id: id, details: { fields } },
  );
  return getComponent(deps, actor, id);
}

export async function deleteComponent(deps: MaintenanceDeps, actor: Actor, id: string) {
  const organizationId = organizationOf(actor);
  const today = todayOf(deps, actor);
  const current = await requireComponent(deps, organizationId, id);
  await deps.store.deleteComponent(
    actor,
    { organization_id: organizationId, component_id: id },
    [
      event(deps, actor, current, current.plane_id, {
        kind: 'removed',
        date: today,
        details: { plane_id: current.plane_id, deleted: true },
      }),
    ],
    {
      action: 'component.delete',
      target_type: 'component',
      target_id: id,
      details: { plane_id: current.plane_id },
    },
  );
  return { deleted: true };
}

/** Its own overhaul / inspection performed: a new cycle from that point, with its event, atomically. */
export async function performComponent(
  deps: MaintenanceDeps,
  actor: Actor,
  id: string,
  input: PerformedInput,
) {
  const organizationId = organizationOf(actor);
  const today = todayOf(deps, actor);
  checkPerformedDate(input.date, today);
  const current = await requireComponent(deps, organizationId, id);
  if (!hasCycle(current)) throw validationFailed({ cycle_hours: ['field_required'] });
  const version = input.version ?? current.version;
  const counters = performedCounters(input, componentCounters(current));
  const set: Record<string, unknown> = performedSchedule(input.date, counters);
  const after = { ...current, ...set } as StoredComponent;
  set.maintenance_status_id = await statusOf(deps, organizationId, after, today);
  await deps.store.updateComponent(
    actor,
    { organization_id: organizationId, component_id: id },
    { set, remove: [] },
    version,
    [
      event(deps, actor, current, current.plane_id, {
        kind: 'maintenance_performed',
        date: input.date,
        comment: input.comment ?? undefined,
        details: {
          counter_flight: counters.flight,
          counter_engine: counters.engine,
          counter_takeoff: counters.takeoff,
        },
      }),
    ],
    { action: 'component.performed', target_type: 'component', target_id: id, details: { date: input.date } },
  );
  return getComponent(deps, actor, id);
}
