import type { EntityItem } from 'electrodb';
import { type ActionRecord, type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { fillPage } from '../platform/db/pages.ts';
import { db } from '../platform/db/service.ts';
import { lostRace, patchAtVersion, saveAtVersion } from '../platform/db/writes.ts';
import type { rfidBadge, work, workHoursEntry, workSettings, workYearClose } from './work-entities.ts';

export type StoredWork = EntityItem<typeof work>;
export type StoredHours = EntityItem<typeof workHoursEntry>;
export type StoredWorkSettings = EntityItem<typeof workSettings>;
export type StoredYearClose = EntityItem<typeof workYearClose>;
export type StoredBadge = EntityItem<typeof rfidBadge>;

/** The operations domain's work and badge reads and writes; work-service.ts holds the rules. */
export const workStore = {
  async work(organizationId: string, workId: string): Promise<StoredWork | null> {
    const { data } = await db().entities.work.get({ organization_id: organizationId, work_id: workId }).go();
    return data;
  },

  /** A year's works by date (one page). */
  worksOfYear(organizationId: string, year: number, page: { cursor?: string; limit: number }) {
    const query = db().entities.work.query.byYear({ organization_id: organizationId, year });
    return fillPage((cursor, limit) => query.go({ cursor, limit }), page);
  },

  async allWorksOfYear(organizationId: string, year: number): Promise<StoredWork[]> {
    const { data } = await db()
      .entities.work.query.byYear({ organization_id: organizationId, year })
      .go({ pages: 'all' });
    return data;
  },

  async hoursOfWork(organizationId: string, workId: string): Promise<StoredHours[]> {
    const { data } = await db()
      .entities.workHoursEntry.query.byWork({ organization_id: organizationId, work_id: workId })
      .go({ pages: 'all' });
    return data;
  },

  async hoursOfMember(organizationId: string, userId: string, year: number): Promise<StoredHours[]> {
    const { data } = await db()
      .entities.workHoursEntry.query.byMember({ organization_id: organizationId, user_id: userId, year })
      .go({ pages: 'all' });
    return data;
  },

  async hoursOfYear(organizationId: string, year: number): Promise<StoredHours[]> {
    const { data } = await db()
      .entities.workHoursEntry.query.byYear({ organization_id: organizationId, year })
      .go({ pages: 'all' });
    return data;
  },

  async settings(organizationId: string): Promise<StoredWorkSettings | null> {
    const { data } = await db().entities.workSettings.get({ organization_id: organizationId }).go();
    return data;
  },

  async saveSettings(actor: Auditor, item: StoredWorkSettings, readVersion: number, audit: ActionRecord) {
    await auditedWrite(actor, audit, ({ workSettings }) => [
      saveAtVersion(workSettings, { ...item, version: readVersion + 1 }, readVersion),
    ]);
  },

  async yearClose(organizationId: string, year: number): Promise<StoredYearClose | null> {
    const { data } = await db().entities.workYearClose.get({ organization_id: organizationId, year }).go();
    return data;
  },

  /** The close's record with its audit entry, written once (a second close leaves the first's record). */
  async recordYearClose(actor: Auditor, item: StoredYearClose, audit: ActionRecord): Promise<boolean> {
    try {
      await auditedWrite(actor, audit, ({ workYearClose }) => [workYearClose.create(item).commit()]);
      return true;
    } catch (error) {
      if (lostRace(error)) return false;
      throw error;
    }
  },

  async createWork(actor: Auditor, item: StoredWork, audit: ActionRecord) {
    await auditedWrite(actor, audit, ({ work }) => [work.create(item).commit()]);
  },

  /** A change of the work on the version read (details, lock, leader). */
  async patchWork(
    actor: Auditor,
    key: { organization_id: string; work_id: string },
    change: { set?: Record<string, unknown>; remove?: string[] },
    version: number,
    audit: ActionRecord,
  ) {
    await auditedWrite(actor, audit, ({ work }) => [patchAtVersion(work.patch(key), change, version)]);
  },

  /**
   * Hours recorded (created, or changed on the version read) while the work is still unlocked and
   * at its year: one TransactWrite with the audit record.
   */
  async saveHours(actor: Auditor, entry: StoredHours, readVersion: number, audit: ActionRecord) {
    const { organization_id, work_id, user_id } = entry;
    await auditedWrite(actor, audit, ({ work, workHoursEntry }) => [
      work
        .check({ organization_id, work_id })
        .where(({ locked, year }, { eq }) => `${eq(locked, false)} AND ${eq(year, entry.year)}`)
        .commit(),
      readVersion === 0
        ? workHoursEntry.create({ ...entry, version: 1 }).commit()
        : patchAtVersion(
            workHoursEntry.patch({ organization_id, work_id, user_id }),
            {
              set: {
                hours: entry.hours,
                status: 'pending',
                updated_at: entry.updated_at,
                ...(entry.note !== undefined ? { note: entry.note } : {}),
              },
              remove: ['decided_by', 'decided_at', 'reason', ...(entry.note === undefined ? ['note'] : [])],
            },
            readVersion,
          ),
    ]);
  },

  /** A decision on hours, on the entry's version read, while the work is unlocked. */
  async decideHours(
    actor: Auditor,
    key: { organization_id: string; work_id: string; user_id: string },
    decision: { status: 'approved' | 'rejected'; decided_by: string; decided_at: string; reason?: string },
    readVersion: number,
    audit: ActionRecord,
  ) {
    await auditedWrite(actor, audit, ({ work, workHoursEntry }) => [
      work
        .check({ organization_id: key.organization_id, work_id: key.work_id })
        .where(({ locked }, { eq }) => eq(locked, false))
        .commit(),
      patchAtVersion(
        workHoursEntry.patch(key),
        {
          set: { ...decision, updated_at: decision.decided_at },
          remove: decision.reason === undefined ? ['reason'] : [],
        },
        readVersion,
      ),
    ]);
  },

  async badge(organizationId: string, tokenHash: string): Promise<StoredBadge | null> {
    const { data } = await db()
      .entities.rfidBadge.get({ organization_id: organizationId, token_hash: tokenHash })
      .go();
    return data;
  },

  /** Links a badge to a member, only where no one holds it yet. */
  linkBadge: (actor: Auditor, item: StoredBadge, audit: ActionRecord) =>
    auditedWrite(actor, audit, ({ rfidBadge }) => [rfidBadge.create(item).commit()]),
};

export type WorkStore = typeof workStore;
