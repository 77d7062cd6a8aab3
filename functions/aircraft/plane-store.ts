import type { EntityItem } from 'electrodb';
import type { LimitBucket } from '../../contracts/schemas/aircraft-enums.ts';
import { isActiveMember, planeLimits } from '../organizations/public.ts';
import { type ActionRecord, type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { fillPage } from '../platform/db/pages.ts';
import { db } from '../platform/db/service.ts';
import { type Change, patchAtVersion, writtenIf } from '../platform/db/writes.ts';
import type { plane as planeEntity } from './entities.ts';

export type StoredPlane = EntityItem<typeof planeEntity>;

/** The package's caps; an absent one is unlimited. */
export interface PlaneLimits {
  plane_limit?: number;
  general_limit?: number;
  glider_limit?: number;
}

export interface PlaneCount {
  total: number;
  general: number;
  glider: number;
  reg_nums: string[];
}

const countOf = (data: { total?: number; general?: number; glider?: number; reg_nums?: string[] }) => ({
  total: data.total ?? 0,
  general: data.general ?? 0,
  glider: data.glider ?? 0,
  reg_nums: [...(data.reg_nums ?? [])],
});

/** The planeCount update of a create or a bucket move: +1 in `bucket`, guarded by the limits. */
const countGuard =
  (limits: PlaneLimits, bucket: LimitBucket, options: { total: boolean; regNum?: string }) =>
  (
    attributes: Record<'total' | 'general' | 'glider' | 'reg_nums', never>,
    op: {
      lt: (a: never, v: number) => string;
      notContains: (a: never, v: never) => string;
      exists: (a: never) => string;
    },
  ) => {
    const conditions = [op.exists(attributes.total)];
    const bucketLimit = bucket === 'general' ? limits.general_limit : limits.glider_limit;
    if (options.total && typeof limits.plane_limit === 'number')
      conditions.push(op.lt(attributes.total, limits.plane_limit));
    if (typeof bucketLimit === 'number') conditions.push(op.lt(attributes[bucket], bucketLimit));
    if (options.regNum) conditions.push(op.notContains(attributes.reg_nums, options.regNum as never));
    return conditions.join(' AND ');
  };

/** The aircraft domain's plane reads and writes (ElectroDB); the rules are in plane-service.ts. */
export const planeStore = {
  /** Every usage day of one aircraft (`usage#<plane>#`), for its statistics: a few hundred a year. */
  async usageDays(organizationId: string, planeId: string) {
    const { data } = await db()
      .entities.usageDay.query.byPlaneDate({ organization_id: organizationId, plane_id: planeId })
      .go({ pages: 'all' });
    return data;
  },

  async plane(organizationId: string, planeId: string): Promise<StoredPlane | null> {
    const { data } = await db()
      .entities.plane.get({ organization_id: organizationId, plane_id: planeId })
      .go();
    return data;
  },

  /** One page of the organization's aircraft by id (ids begin with the registration). */
  async planes(
    organizationId: string,
    options: {
      cursor?: string;
      limit: number;
      status?: StoredPlane['status'];
      category?: 'plc_01' | 'plc_02' | 'tmg';
      filter?: string;
    },
  ) {
    const query = db().entities.plane.query.byOrganization({ organization_id: organizationId });
    const text = options.filter?.trim() ?? '';
    const upper = text.toUpperCase();
    const filtered =
      options.status || options.category || text
        ? query.where((attr, op) => {
            const parts: string[] = [];
            if (options.status) parts.push(op.eq(attr.status, options.status));
            if (options.category === 'tmg') parts.push(op.eq(attr.is_tmg, true));
            else if (options.category) parts.push(op.eq(attr.plane_category, options.category));
            if (text)
              parts.push(
                `(${[
                  op.contains(attr.reg_num, upper),
                  op.contains(attr.plane_type, text),
                  op.contains(attr.plane_type, upper),
                  op.contains(attr.model, text),
                  op.contains(attr.callsign, upper),
                  op.contains(attr.tail_number, upper),
                ].join(' OR ')})`,
              );
            return parts.join(' AND ');
          })
        : query;
    return fillPage((cursor, limit) => filtered.go({ cursor, limit }), options);
  },

  /** Every aircraft of the organization (one Query on `org#<id>` begins_with `plane#`). */
  async allPlanes(organizationId: string): Promise<StoredPlane[]> {
    const { data } = await db()
      .entities.plane.query.byOrganization({ organization_id: organizationId })
      .go({ pages: 'all' });
    return data;
  },

  async count(organizationId: string): Promise<PlaneCount | null> {
    const { data } = await db().entities.planeCount.get({ organization_id: organizationId }).go();
    return data ? countOf(data) : null;
  },

  /**
   * The organization's count item, created from its aircraft when it is missing (an organization
   * that never had one). A concurrent creator of the same item wins; its count is as good.
   */
  async ensureCount(organizationId: string, bucketOf: (plane: StoredPlane) => LimitBucket) {
    const existing = await planeStore.count(organizationId);
    if (existing) return existing;
    const planes = await planeStore.allPlanes(organizationId);
    const general = planes.filter((p) => bucketOf(p) === 'general').length;
    const item = {
      organization_id: organizationId,
      total: planes.length,
      general,
      glider: planes.length - general,
      ...(planes.length > 0 ? { reg_nums: planes.map((p) => p.reg_num) } : {}),
    };
    await writtenIf(() => db().entities.planeCount.create(item).go({ response: 'none' }));
    return (await planeStore.count(organizationId)) ?? countOf(item);
  },

  /**
   * One TransactWrite: the aircraft (must not exist), the count item (+1 total and bucket, the
   * registration into the set; only while under the limits and the registration is free) and the
   * activity-log record. A cancelled write is a 409; the service finds out why and may retry.
   */
  async createPlane(
    actor: Auditor,
    item: Record<string, unknown> & { organization_id: string; plane_id: string; reg_num: string },
    bucket: LimitBucket,
    limits: PlaneLimits,
    audit: ActionRecord,
  ): Promise<void> {
    await auditedWrite(actor, audit, ({ plane, planeCount }) => [
      plane.create(item as never).commit(),
      planeCount
        .update({ organization_id: item.organization_id })
        .add({
          total: 1,
          general: bucket === 'general' ? 1 : 0,
          glider: bucket === 'glider' ? 1 : 0,
          reg_nums: [item.reg_num],
        })
        .where(countGuard(limits, bucket, { total: true, regNum: item.reg_num }) as never)
        .commit(),
    ]);
  },

  /**
   * The record's UpdateItem on `version` (it moves on) with the start_ → current_ corrections as
   * ADDs (flights ADD to current_ meanwhile without touching the version), the count item's bucket
   * move and new registration where they change, and the log entry: one TransactWrite.
   */
  async updatePlane(
    actor: Auditor,
    organizationId: string,
    planeId: string,
    change: Change & {
      version: number;
      /** A new bucket and/or a new registration to register in the count item. */
      count?: { from?: LimitBucket; to?: LimitBucket; regNum?: string; limits: PlaneLimits };
    },
    audit: ActionRecord,
  ): Promise<void> {
    const { version, count } = change;
    await auditedWrite(actor, audit, ({ plane, planeCount }) => {
      const writes = [
        patchAtVersion(plane.patch({ organization_id: organizationId, plane_id: planeId }), change, version),
      ];
      if (count && (count.to || count.regNum)) {
        const moves: Record<string, unknown> = {};
        if (count.from && count.to && count.from !== count.to) {
          moves[count.from] = -1;
          moves[count.to] = 1;
        }
        if (count.regNum) moves.reg_nums = [count.regNum];
        const guard =
          count.to && count.from !== count.to
            ? countGuard(count.limits, count.to, { total: false, regNum: count.regNum })
            : countGuard({}, count.to ?? 'general', { total: false, regNum: count.regNum });
        writes.push(
          planeCount
            .update({ organization_id: organizationId })
            .add(moves as never)
            .where(guard as never)
            .commit() as never,
        );
      }
      return writes;
    });
  },

  /** A registration no aircraft uses any more leaves the count item's set. */
  async releaseRegNum(organizationId: string, regNum: string) {
    await db()
      .entities.planeCount.update({ organization_id: organizationId })
      .delete({ reg_nums: [regNum] })
      .go({ response: 'none' });
  },

  /** The aircraft (at the version read), its place in the count item and the log entry, together. */
  async deletePlane(actor: Auditor, stored: StoredPlane, bucket: LimitBucket, audit: ActionRecord) {
    await auditedWrite(actor, audit, ({ plane, planeCount }) => [
      plane
        .delete({ organization_id: stored.organization_id, plane_id: stored.plane_id })
        .where(({ version }, { eq }) => eq(version, stored.version))
        .commit(),
      planeCount
        .update({ organization_id: stored.organization_id })
        .add({ total: -1, [bucket]: -1 } as never)
        .delete({ reg_nums: [stored.reg_num] })
        .commit(),
    ]);
  },

  /** Components, maintenance items or faults recorded against the aircraft (gsi1, one of each). */
  async hasDependents(organizationId: string, planeId: string) {
    const keys = { organization_id: organizationId, plane_id: planeId };
    const { entities } = db();
    const found = await Promise.all([
      entities.component.query.byPlane(keys).go({ limit: 1, attributes: ['component_id'] }),
      entities.maintenanceItem.query.byPlane(keys).go({ limit: 1, attributes: ['maintenance_id'] }),
      entities.fault.query.byPlane(keys).go({ limit: 1, attributes: ['fault_id'] }),
    ]);
    return found.some((result) => result.data.length > 0);
  },

  /** An active member of the organization (a private owner must be one); resolved at call time (an import cycle). */
  isActiveMember: (organizationId: string, userId: string) => isActiveMember(organizationId, userId),

  /** The organization's package limits (organizations). */
  limits: (organizationId: string): Promise<PlaneLimits> => planeLimits(organizationId),
};

export type PlaneStore = typeof planeStore;
