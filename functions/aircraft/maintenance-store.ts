import type { EntityItem } from 'electrodb';
import { timeOrderedId } from '../../contracts/ids.ts';
import { recordNames } from '../organizations/public.ts';
import { type ActionRecord, type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { fillPage, type Page } from '../platform/db/pages.ts';
import { db } from '../platform/db/service.ts';
import { type Change, patchAtVersion } from '../platform/db/writes.ts';
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
type StoredEvent = EntityItem<typeof aircraftEventEntity>;

/** An event to write with a change, at the instant of the change: the store gives it its time-ordered id. */
export type EventInput = Omit<StoredEvent, 'event_id'>;

interface PageRequest {
  cursor?: string;
  limit: number;
}

type Query<T> = {
  go(options: {
    cursor?: string;
    limit: number;
    order?: 'asc' | 'desc';
  }): Promise<{ data: T[]; cursor: string | null }>;
};

/** One page of a Query. */
const paged = <T>(query: Query<T>, page: PageRequest, order: 'asc' | 'desc' = 'asc'): Promise<Page<T>> =>
  fillPage((cursor, limit) => query.go({ cursor, limit, order }), page);

/** Events written together keep their order: one millisecond apart. */
const eventItems = (events: EventInput[]) =>
  events.map((event, index) => ({ ...event, event_id: timeOrderedId(Date.parse(event.at) + index) }));

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

  /** Who changed what, as the history shows them (organizations). */
  personNames: (userIds: string[]) => recordNames(userIds),

  // Components ------------------------------------------------------------------------------------

  async component(organizationId: string, componentId: string) {
    const { data } = await db()
      .entities.component.get({ organization_id: organizationId, component_id: componentId })
      .go();
    return data;
  },

  componentsPage(organizationId: string, page: PageRequest) {
    return paged(db().entities.component.query.byOrganization({ organization_id: organizationId }), page);
  },

  planeComponentsPage(organizationId: string, planeId: string, page: PageRequest) {
    return paged(
      db().entities.component.query.byPlane({ organization_id: organizationId, plane_id: planeId }),
      page,
    );
  },

  async allComponents(organizationId: string) {
    const { data } = await db()
      .entities.component.query.byOrganization({ organization_id: organizationId })
      .go({ pages: 'all' });
    return data;
  },

  async createComponent(actor: Auditor, item: StoredComponent, events: EventInput[], audit: ActionRecord) {
    await auditedWrite(actor, audit, ({ component, aircraftEvent }) => [
      component.create(item as never).commit(),
      ...eventItems(events).map((e) => aircraftEvent.create(e).commit()),
    ]);
  },

  /** The record on the caller's `version` (else 409), its events and the log entry, together. */
  async updateComponent(
    actor: Auditor,
    key: { organization_id: string; component_id: string },
    change: Change,
    version: number,
    events: EventInput[],
    audit: ActionRecord,
  ) {
    await auditedWrite(actor, audit, ({ component, aircraftEvent }) => [
      patchAtVersion(component.patch(key), change, version),
      ...eventItems(events).map((e) => aircraftEvent.create(e).commit()),
    ]);
  },

  async deleteComponent(
    actor: Auditor,
    key: { organization_id: string; component_id: string },
    events: EventInput[],
    audit: ActionRecord,
  ) {
    await auditedWrite(actor, audit, ({ component, aircraftEvent }) => [
      component
        .delete(key)
        .where(({ component_id }, { exists }) => exists(component_id))
        .commit(),
      ...eventItems(events).map((e) => aircraftEvent.create(e).commit()),
    ]);
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
    return paged(
      db().entities.maintenanceItem.query.byOrganization({ organization_id: organizationId }),
      page,
    );
  },

  planeItemsPage(organizationId: string, planeId: string, page: PageRequest) {
    return paged(
      db().entities.maintenanceItem.query.byPlane({ organization_id: organizationId, plane_id: planeId }),
      page,
    );
  },

  async allItems(organizationId: string) {
    const { data } = await db()
      .entities.maintenanceItem.query.byOrganization({ organization_id: organizationId })
      .go({ pages: 'all' });
    return data;
  },

  async createItem(actor: Auditor, item: StoredMaintenanceItem, events: EventInput[], audit: ActionRecord) {
    await auditedWrite(actor, audit, ({ maintenanceItem, aircraftEvent }) => [
      maintenanceItem.create(item as never).commit(),
      ...eventItems(events).map((e) => aircraftEvent.create(e).commit()),
    ]);
  },

  async updateItem(
    actor: Auditor,
    key: { organization_id: string; maintenance_id: string },
    change: Change,
    version: number,
    events: EventInput[],
    audit: ActionRecord,
  ) {
    await auditedWrite(actor, audit, ({ maintenanceItem, aircraftEvent }) => [
      patchAtVersion(maintenanceItem.patch(key), change, version),
      ...eventItems(events).map((e) => aircraftEvent.create(e).commit()),
    ]);
  },

  // History ---------------------------------------------------------------------------------------

  /** Newest first: event ids sort by time. */
  eventsPage(organizationId: string, subjectId: string, page: PageRequest) {
    return paged(
      db().entities.aircraftEvent.query.bySubject({ organization_id: organizationId, subject_id: subjectId }),
      page,
      'desc',
    );
  },
};

export type MaintenanceStore = typeof maintenanceStore;
