import type { EntityItem } from 'electrodb';
import type { AircraftEventKind, FaultStatus, PlaneStatus } from '../../contracts/schemas/aircraft-enums.ts';
import { MAX_FAULT_PHOTOS } from '../../contracts/schemas/faults.ts';
import { activeHoldersOf } from '../organizations/public.ts';
import { type ActionRecord, type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { fillPage } from '../platform/db/pages.ts';
import { db } from '../platform/db/service.ts';
import { patchAtVersion } from '../platform/db/writes.ts';
import type { fault as faultEntity } from './entities.ts';

export type StoredFault = EntityItem<typeof faultEntity>;
export type FaultPhoto = StoredFault['photos'][number];

/** What a fault needs of its aircraft: the name for the screens, the status and version to change it. */
export interface PlaneState {
  plane_id: string;
  reg_num: string;
  status: PlaneStatus;
  version: number;
}

/**
 * The aircraft's side of a fault write. `status` set: the status changes (version + 1, on the
 * version read). Without it: only a check that nobody changed the aircraft meanwhile.
 */
export interface PlaneWrite {
  plane_id: string;
  version: number;
  status?: PlaneStatus;
}

interface EventRecord {
  plane_id: string;
  event_id: string;
  kind: AircraftEventKind;
  date: string;
  details: Record<string, string | number | boolean>;
}

/** One fault change and everything that must happen with it, in one TransactWrite. */
export interface FaultWrite {
  organizationId: string;
  create?: StoredFault;
  /** An open fault's change on the caller's version. */
  update?: { fault_id: string; version: number; set: Partial<StoredFault> };
  plane?: PlaneWrite;
  /** Other faults that must still be open (the aircraft stays grounded because of them). */
  stillOpen?: string[];
  event?: EventRecord;
  audit: ActionRecord;
}

interface FaultPageQuery {
  status?: FaultStatus;
  plane_id?: string;
  cursor?: string;
  limit: number;
}

/** The aircraft domain's fault reads and writes; fault-service.ts holds the rules. */
export const faultStore = {
  async fault(organizationId: string, faultId: string): Promise<StoredFault | null> {
    const { data } = await db()
      .entities.fault.get({ organization_id: organizationId, fault_id: faultId })
      .go();
    return data;
  },

  async plane(organizationId: string, planeId: string): Promise<PlaneState | null> {
    const { data } = await db()
      .entities.plane.get({ organization_id: organizationId, plane_id: planeId })
      .go({ attributes: ['plane_id', 'reg_num', 'status', 'version'] });
    return data
      ? { plane_id: data.plane_id, reg_num: data.reg_num, status: data.status, version: data.version }
      : null;
  },

  /** The aircraft's open grounding faults (its gsi1 partition holds its faults). */
  async openGroundingFaults(organizationId: string, planeId: string): Promise<StoredFault[]> {
    const { data } = await db()
      .entities.fault.query.byPlane({ organization_id: organizationId, plane_id: planeId })
      .where(({ status, severity }, { eq }) => `${eq(status, 'open')} AND ${eq(severity, 'grounding')}`)
      .go({ pages: 'all' });
    return data;
  },

  /** Newest first (fault ids sort by time): the organization's, or one aircraft's; by status. */
  page(organizationId: string, query: FaultPageQuery) {
    const base = query.plane_id
      ? db().entities.fault.query.byPlane({ organization_id: organizationId, plane_id: query.plane_id })
      : db().entities.fault.query.byOrganization({ organization_id: organizationId });
    const wanted = query.status;
    const filtered = wanted ? base.where(({ status }, { eq }) => eq(status, wanted)) : base;
    return fillPage((cursor, limit) => filtered.go({ cursor, limit, order: 'desc' }), query);
  },

  /** The active technical operators (they are told about faults). */
  technicalOperators: (organizationId: string) => activeHoldersOf(organizationId, 'technical_operator'),

  async write(actor: Auditor, change: FaultWrite): Promise<void> {
    const organization_id = change.organizationId;
    // A version, an open status or an aircraft changed meanwhile: a lost race, 409.
    await auditedWrite(actor, change.audit, ({ fault, plane, aircraftEvent }) => {
      const writes = [];
      if (change.create) writes.push(fault.create(change.create).commit());
      if (change.update) {
        const { fault_id, version, set } = change.update;
        writes.push(
          fault
            .patch({ organization_id, fault_id })
            .set({ ...set, version: version + 1 })
            .where(
              ({ version: stored, status }, { eq }) => `${eq(stored, version)} AND ${eq(status, 'open')}`,
            )
            .commit(),
        );
      }
      if (change.plane) {
        const { plane_id, version, status } = change.plane;
        writes.push(
          status
            ? patchAtVersion(plane.patch({ organization_id, plane_id }), { set: { status } }, version)
            : plane
                .check({ organization_id, plane_id })
                .where(({ version: stored }, { eq }) => eq(stored, version))
                .commit(),
        );
      }
      for (const fault_id of change.stillOpen ?? []) {
        writes.push(
          fault
            .check({ organization_id, fault_id })
            .where(({ status }, { eq }) => eq(status, 'open'))
            .commit(),
        );
      }
      if (change.event) {
        const { plane_id, ...event } = change.event;
        writes.push(
          aircraftEvent
            .put({ organization_id, subject_id: plane_id, plane_id, user_id: actor.userId, ...event })
            .commit(),
        );
      }
      return writes;
    });
  },

  /**
   * Adds a checked photo without touching the version (an open edit form must not 409 because the
   * reporter's phone finished an upload), while the fault is open and has room for it.
   */
  async appendPhoto(
    actor: Auditor,
    organizationId: string,
    faultId: string,
    photo: FaultPhoto,
    audit: ActionRecord,
  ) {
    await auditedWrite(actor, audit, ({ fault }) => [
      fault
        .patch({ organization_id: organizationId, fault_id: faultId })
        .append({ photos: [photo] })
        .where(
          ({ photos, status }, { eq, size, value }) =>
            `${eq(status, 'open')} AND ${size(photos)} < ${value(photos, MAX_FAULT_PHOTOS as never)}`,
        )
        .commit(),
    ]);
  },
};

export type FaultStore = typeof faultStore;
