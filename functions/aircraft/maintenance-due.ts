import type { DueState } from '../../contracts/schemas/aircraft-enums.ts';
import { GROUNDED_STATUSES } from '../../contracts/schemas/aircraft-enums.ts';
import type {
  DueOutput,
  FleetDueOutput,
  FleetOverviewOutput,
  FleetPlaneOutput,
} from '../../contracts/schemas/maintenance.ts';
import type {
  MaintenanceStore,
  StoredComponent,
  StoredMaintenanceItem,
  StoredPlane,
} from './maintenance-store.ts';
import { type Counters, compareUrgency, type NextDue, nextDue, type UsageRate } from './next-due.ts';

/**
 * What is due across an organization's fleet: the one place that puts the owners' counters, the
 * schedules and the usage together (the lists, the fleet overview and the daily job read this).
 */

/** An aircraft's readings now. current_ is start_ + counter_, kept by the counters service. */
export const planeCounters = (p: StoredPlane): Counters => ({
  flight: p.current_counter_flight || p.start_counter_flight + p.counter_flight,
  engine: p.current_counter_engine || p.start_counter_engine + p.counter_engine,
  takeoff: p.current_counter_takeoff || p.start_counter_takeoff + p.counter_takeoff,
});

/** A component's readings since new: when recorded, plus what flights added since. */
export const componentCounters = (c: StoredComponent): Counters => ({
  flight: c.start_counter_flight + c.counter_flight,
  engine: c.start_counter_engine + c.counter_engine,
  takeoff: c.start_counter_takeoff + c.counter_takeoff,
});

export const dueOutputOf = (due: NextDue): DueOutput => ({
  state: due.state,
  first: due.first,
  due_date: due.due_date,
  remaining_minutes: due.remaining_minutes,
  remaining_takeoffs: due.remaining_takeoffs,
  remaining_days: due.remaining_days,
  dimensions: due.dimensions,
});

export const componentDue = (c: StoredComponent, today: string, usage: UsageRate | null) =>
  nextDue({ schedule: c, limits: c, counters: componentCounters(c), today, usage });

/** An aircraft's own limits (limit_counter_*, limit_date, lifetime_*). */
const planeLimitsDue = (p: StoredPlane, today: string, usage: UsageRate | null) =>
  nextDue({ limits: p, counters: planeCounters(p), today, usage });

/** The owner's readings for an item: its component's since new, else the aircraft's. */
export const itemCounters = (plane: StoredPlane | null, component: StoredComponent | null) =>
  component
    ? componentCounters(component)
    : plane
      ? planeCounters(plane)
      : { flight: 0, engine: 0, takeoff: 0 };

export const itemDue = (
  item: StoredMaintenanceItem,
  plane: StoredPlane | null,
  component: StoredComponent | null,
  today: string,
  usage: UsageRate | null,
) => nextDue({ schedule: item, counters: itemCounters(plane, component), today, usage });

/** Reads shared by one request or job run: planes, and each plane's usage, once. */
export function dueContext(store: MaintenanceStore, organizationId: string, today: string) {
  let planes: Promise<Map<string, StoredPlane>> | null = null;
  const usage = new Map<string, Promise<UsageRate>>();
  const components = new Map<string, Promise<StoredComponent | null>>();
  return {
    today,
    planes() {
      planes ??= store.planes(organizationId).then((list) => new Map(list.map((p) => [p.plane_id, p])));
      return planes;
    },
    async plane(planeId: string) {
      return (await this.planes()).get(planeId) ?? null;
    },
    usage(planeId: string) {
      let rate = usage.get(planeId);
      if (!rate) {
        rate = store.usageRate(organizationId, planeId, today);
        usage.set(planeId, rate);
      }
      return rate;
    },
    component(componentId: string) {
      let c = components.get(componentId);
      if (!c) {
        c = store.component(organizationId, componentId);
        components.set(componentId, c);
      }
      return c;
    },
    seed(list: StoredComponent[]) {
      for (const c of list) components.set(c.component_id, Promise.resolve(c));
    },
  };
}
export type DueContext = ReturnType<typeof dueContext>;

/** One due thing of an aircraft, with its computed next due. */
export interface FleetEntry {
  source: 'maintenance' | 'component' | 'plane';
  id: string;
  name: string;
  kind: string | null;
  due: NextDue;
  /** A component's cached due state (maintenance_status_id), for the daily job's refresh. */
  cached_state?: DueState;
}

export interface PlaneDues {
  plane: StoredPlane;
  entries: FleetEntry[];
  arc: FleetEntry | null;
}

const hasLimits = (p: StoredPlane) =>
  [
    p.limit_counter_flight,
    p.limit_counter_engine,
    p.limit_counter_takeoff,
    p.lifetime_flight,
    p.lifetime_engine,
    p.lifetime_takeoff,
  ].some((v) => typeof v === 'number') || Boolean(p.limit_date);

/**
 * Every aircraft of the organization with what is due on it: active maintenance items (the ARC
 * among them), components' own cycles and life limits, and the aircraft's own limits. Three
 * Queries of the organization's partition and one usage Query per aircraft.
 */
export async function fleetDues(
  store: MaintenanceStore,
  organizationId: string,
  today: string,
): Promise<PlaneDues[]> {
  const ctx = dueContext(store, organizationId, today);
  const [planes, items, components] = await Promise.all([
    ctx.planes(),
    store.allItems(organizationId),
    store.allComponents(organizationId),
  ]);
  ctx.seed(components);
  const byPlane = new Map<string, PlaneDues>();
  for (const plane of planes.values()) byPlane.set(plane.plane_id, { plane, entries: [], arc: null });

  await Promise.all(
    [...byPlane.values()].map(async (dues) => {
      const { plane } = dues;
      const usage = await ctx.usage(plane.plane_id);
      if (hasLimits(plane))
        dues.entries.push({
          source: 'plane',
          id: plane.plane_id,
          name: plane.reg_num,
          kind: null,
          due: planeLimitsDue(plane, today, usage),
        });
      for (const c of components) {
        if (c.plane_id !== plane.plane_id) continue;
        const due = componentDue(c, today, usage);
        if (due.first)
          dues.entries.push({
            source: 'component',
            id: c.component_id,
            name: c.name,
            kind: c.component_type,
            due,
            cached_state: c.maintenance_status_id,
          });
      }
      for (const item of items) {
        if (item.plane_id !== plane.plane_id || item.status !== 'active') continue;
        const component = item.component_id ? await ctx.component(item.component_id) : null;
        const entry: FleetEntry = {
          source: 'maintenance',
          id: item.maintenance_id,
          name: item.name,
          kind: item.kind,
          due: itemDue(item, plane, component, today, usage),
        };
        dues.entries.push(entry);
        if (item.kind === 'arc' && (!dues.arc || (entry.due.due_date ?? '') < (dues.arc.due.due_date ?? '')))
          dues.arc = entry;
      }
    }),
  );
  return [...byPlane.values()].sort((a, b) => a.plane.reg_num.localeCompare(b.plane.reg_num));
}

const byUrgency = (a: FleetEntry, b: FleetEntry) =>
  a.due.first && b.due.first ? compareUrgency(a.due.first, b.due.first) : a.due.first ? -1 : 1;

const fleetDueOf = (e: FleetEntry): FleetDueOutput => ({
  source: e.source,
  id: e.id,
  name: e.name,
  kind: e.kind,
  state: e.due.state,
  key: e.due.first?.key ?? null,
  due_date: e.due.due_date,
  forecast: e.due.first?.forecast ?? false,
  remaining_minutes: e.due.remaining_minutes,
  remaining_takeoffs: e.due.remaining_takeoffs,
  remaining_days: e.due.remaining_days,
});

const DUE_WINDOW_DAYS = 30;
/** "Due within 30 days": not ok, or a (forecast) date within the window. */
const dueWithinWindow = (due: NextDue) =>
  due.state !== 'ok' || (due.remaining_days !== null && due.remaining_days <= DUE_WINDOW_DAYS);

/** GET /api/maintenance/fleet: per aircraft at a glance, and what is due and grounded in all. */
export function fleetOverviewOf(
  dues: PlaneDues[],
  openFaults: Map<string, number>,
  today: string,
): FleetOverviewOutput {
  const items: FleetPlaneOutput[] = dues.map(({ plane, entries, arc }) => {
    const sorted = [...entries].filter((e) => e.due.first).sort(byUrgency);
    const count = (state: DueState) => entries.filter((e) => e.due.state === state).length;
    const reasons: FleetPlaneOutput['grounded_reasons'] = [];
    if (GROUNDED_STATUSES.has(plane.status)) reasons.push('status');
    if (entries.some((e) => e.source !== 'plane' && e.due.state === 'overdue')) reasons.push('overdue');
    if (entries.some((e) => e.source === 'plane' && e.due.state === 'overdue')) reasons.push('limit');
    if (plane.certificate_grounded) reasons.push('certificate');
    const counters = planeCounters(plane);
    return {
      plane_id: plane.plane_id,
      reg_num: plane.reg_num,
      model: plane.model ?? null,
      plane_type: plane.plane_type ?? null,
      status: plane.status,
      grounded: reasons.length > 0,
      grounded_reasons: reasons,
      next_due: sorted[0] ? fleetDueOf(sorted[0]) : null,
      arc_expiry: arc?.due.due_date ?? null,
      arc_state: arc?.due.state ?? null,
      certificates: (plane.certificates ?? []).map((c) => ({
        requirement: c.requirement,
        state: c.state,
        expiration_date: c.expiration_date ?? null,
      })),
      open_faults: openFaults.get(plane.plane_id) ?? 0,
      overdue: count('overdue'),
      due_soon: count('due_soon'),
      due_within_30_days: entries.filter((e) => dueWithinWindow(e.due)).length,
      current_counter_flight: counters.flight,
      current_counter_engine: counters.engine,
      current_counter_takeoff: counters.takeoff,
    };
  });
  return {
    today,
    summary: {
      aircraft: items.length,
      grounded: items.filter((p) => p.grounded).length,
      due_within_30_days: items.reduce((sum, p) => sum + p.due_within_30_days, 0),
      overdue: items.reduce((sum, p) => sum + p.overdue, 0),
    },
    items,
  };
}
