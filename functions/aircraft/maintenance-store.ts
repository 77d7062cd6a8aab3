import type { EntityItem } from 'electrodb';
import { timeOrderedId } from '../organizations/organization-store.ts';
import { type ActionRecord, actionItem } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { db } from '../platform/db/service.ts';
import { committed } from '../platform/db/writes.ts';
import type {
  aircraftEvent as aircraftEventEntity,
  component as componentEntity,
  maintenanceItem as maintenanceItemEntity,
  plane as planeEntity,
} from './entities.ts';
import { readUsageRate } from './forecast.ts';
import type { UsageRate } from './next-due.ts';

export type StoredPlane = EntityItem<typeof planeEntity>;
export type StoredComponent = EntityItem<typeof componentEntity>;
export type StoredMaintenanceItem = EntityItem<typeof maintenanceItemEntity>;
export type StoredEvent = EntityItem<typeof aircraftEventEntity>;
type AuditActor = Pick<Actor, 'userId' | 'organizationId' | 'actingSupervisorId'>;

/** An event to write with a change: the store gives it its time-ordered id. */
export type EventInput = Omit<StoredEvent, 'event_id' | 'at'>;

export interface Page<T> {
  items: T[];
  cursor: string | null;
}
export interface PageRequest {
  cursor?: string;
  limit: number;
}

/** A page of a Query; a cursor from another list or a tampered one is a 422 (the router's rule). */
async function paged<T>(run: () => Promise<{ data: T[]; cursor: string | null }>): Promise<Page<T>> {
  const { data, cursor } = await run();
  return { items: data, cursor: cursor ?? null };
}

/** Events written together keep their order: one millisecond apart. */
const eventItems = (events: EventInput[]) => {
  const at = Date.now();
  return events.map((event, index) => ({ ...event, event_id: timeOrderedId(at + index) }));
};

/**
 * Components, maintenance items, their history and what the fleet overview reads; every read a key
 * lookup or a Query (org partition by prefix, gsi1 byPlane), never a Scan.
 */
export const maintenanceStore = {
  // Planes (read only: the planes area owns the record) ------------------------------------------

  async plane(organizationId: string, planeId: string) {
    const { data } = await db()
      .entities.plane.get({ organization_id: organizationId, plane_id: planeId })
      .go();
    return data;
  },

  async planes(organizationId: string) {
    const { data } = await db()
      .entities.plane.query.byOrganization({ organization_id: organizationId })
      .go({ pages: 'all' });
    return data;
  },

  usageRate(organizationId: string, planeId: string, today: string): Promise<UsageRate> {
    return readUsageRate(organizationId, planeId, today);
  },

  /** Open faults per aircraft: one Query of the organization's faults, filtered on status. */
  async openFaultCounts(organizationId: string) {
    const { data } = await db()
      .entities.fault.query.byOrganization({ organization_id: organizationId })
      .where(({ status }, { eq }) => eq(status, 'open'))
      .go({ pages: 'all', attributes: ['plane_id'] });
    const counts = new Map<string, number>();
    for (const f of data) counts.set(f.plane_id, (counts.get(f.plane_id) ?? 0) + 1);
    return counts;
  },

  async personNames(userIds: string[]) {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return new Map<string, string>();
    const { data } = await db()
      .entities.person.get(unique.map((user_id) => ({ user_id })))
      .go();
    return new Map(data.map((p) => [p.user_id, `${p.last_name} ${p.first_name}`.trim()]));
  },

  // Components ------------------------------------------------------------------------------------

  async component(organizationId: string, componentId: string) {
    const { data } = await db()
      .entities.component.get({ organization_id: organizationId, component_id: componentId })
      .go();
    return data;
  },

  componentsPage(organizationId: string, page: PageRequest) {
    return paged(() =>
      db()
        .entities.component.query.byOrganization({ organization_id: organizationId })
        .go({ cursor: page.cursor ?? null, count: page.limit }),
    );
  },

  planeComponentsPage(organizationId: string, planeId: string, page: PageRequest) {
    return paged(() =>
      db()
        .entities.component.query.byPlane({ organization_id: organizationId, plane_id: planeId })
        .go({ cursor: page.cursor ?? null, count: page.limit }),
    );
  },

  async allComponents(organizationId: string) {
    const { data } = await db()
      .entities.component.query.byOrganization({ organization_id: organizationId })
      .go({ pages: 'all' });
    return data;
  },

  async createComponent(actor: AuditActor, item: StoredComponent, events: EventInput[], audit: ActionRecord) {
    const result = await db()
      .transaction.write(({ component, aircraftEvent, action }) => [
        component.create(item as never).commit(),
        ...eventItems(events).map((e) => aircraftEvent.create(e).commit()),
        action.put(actionItem(actor, audit)).commit(),
      ])
      .go();
    committed(result);
  },

  /** The record on the caller's `version` (else 409), its events and the log entry, together. */
  async updateComponent(
    actor: AuditActor,
    key: { organization_id: string; component_id: string },
    patch: { set: Record<string, unknown>; remove: string[] },
    version: number,
    events: EventInput[],
    audit: ActionRecord,
  ) {
    const result = await db()
      .transaction.write(({ component, aircraftEvent, action }) => {
        const update = component
          .patch(key)
          .set({ ...(patch.set as Record<string, never>), version: version + 1 });
        return [
          (patch.remove.length ? update.remove(patch.remove as never[]) : update)
            .where(({ version: current }, { eq }) => eq(current, version))
            .commit(),
          ...eventItems(events).map((e) => aircraftEvent.create(e).commit()),
          action.put(actionItem(actor, audit)).commit(),
        ];
      })
      .go();
    committed(result);
  },

  async deleteComponent(
    actor: AuditActor,
    key: { organization_id: string; component_id: string },
    events: EventInput[],
    audit: ActionRecord,
  ) {
    const result = await db()
      .transaction.write(({ component, aircraftEvent, action }) => [
        component
          .delete(key)
          .where(({ component_id }, { exists }) => exists(component_id))
          .commit(),
        ...eventItems(events).map((e) => aircraftEvent.create(e).commit()),
        action.put(actionItem(actor, audit)).commit(),
      ])
      .go();
    committed(result);
  },

  /**
   * The cached due state of the lists (the daily job): not a user's change, so no version bump —
   * an open edit form must not 409 because the night job ran.
   */
  async setComponentStatus(
    organizationId: string,
    componentId: string,
    status: StoredComponent['maintenance_status_id'],
  ) {
    await db()
      .entities.component.patch({ organization_id: organizationId, component_id: componentId })
      .set({ maintenance_status_id: status })
      .go({ response: 'none' })
      .catch(() => undefined); // deleted meanwhile: nothing to refresh
  },

  // Maintenance items -----------------------------------------------------------------------------

  async item(organizationId: string, maintenanceId: string) {
    const { data } = await db()
      .entities.maintenanceItem.get({ organization_id: organizationId, maintenance_id: maintenanceId })
      .go();
    return data;
  },

  itemsPage(organizationId: string, page: PageRequest) {
    return paged(() =>
      db()
        .entities.maintenanceItem.query.byOrganization({ organization_id: organizationId })
        .go({ cursor: page.cursor ?? null, count: page.limit }),
    );
  },

  planeItemsPage(organizationId: string, planeId: string, page: PageRequest) {
    return paged(() =>
      db()
        .entities.maintenanceItem.query.byPlane({ organization_id: organizationId, plane_id: planeId })
        .go({ cursor: page.cursor ?? null, count: page.limit }),
    );
  },

  async allItems(organizationId: string) {
    const { data } = await db()
      .entities.maintenanceItem.query.byOrganization({ organization_id: organizationId })
      .go({ pages: 'all' });
    return data;
  },

  async createItem(
    actor: AuditActor,
    item: StoredMaintenanceItem,
    events: EventInput[],
    audit: ActionRecord,
  ) {
    const result = await db()
      .transaction.write(({ maintenanceItem, aircraftEvent, action }) => [
        maintenanceItem.create(item as never).commit(),
        ...eventItems(events).map((e) => aircraftEvent.create(e).commit()),
        action.put(actionItem(actor, audit)).commit(),
      ])
      .go();
    committed(result);
  },

  async updateItem(
    actor: AuditActor,
    key: { organization_id: string; maintenance_id: string },
    patch: { set: Record<string, unknown>; remove: string[] },
    version: number,
    events: EventInput[],
    audit: ActionRecord,
  ) {
    const result = await db()
      .transaction.write(({ maintenanceItem, aircraftEvent, action }) => {
        const update = maintenanceItem
          .patch(key)
          .set({ ...(patch.set as Record<string, never>), version: version + 1 });
        return [
          (patch.remove.length ? update.remove(patch.remove as never[]) : update)
            .where(({ version: current }, { eq }) => eq(current, version))
            .commit(),
          ...eventItems(events).map((e) => aircraftEvent.create(e).commit()),
          action.put(actionItem(actor, audit)).commit(),
        ];
      })
      .go();
    committed(result);
  },

  // History ---------------------------------------------------------------------------------------

  /** Newest first: event ids sort by time. */
  eventsPage(organizationId: string, subjectId: string, page: PageRequest) {
    return paged(() =>
      db()
        .entities.aircraftEvent.query.bySubject({ organization_id: organizationId, subject_id: subjectId })
        .go({ cursor: page.cursor ?? null, count: page.limit, order: 'desc' }),
    );
  },
};

export type MaintenanceStore = typeof maintenanceStore;
