import type { EntityItem } from 'electrodb';
import { type ActionRecord, type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { fillPage } from '../platform/db/pages.ts';
import { db } from '../platform/db/service.ts';
import { saveAtVersion } from '../platform/db/writes.ts';
import type { winchLog } from './fuel-entities.ts';

export type StoredWinchLog = EntityItem<typeof winchLog>;

/** The operations domain's winch-log reads and writes; winch-service.ts holds the rules. */
export const winchStore = {
  /** The logs of one day (every winch's). */
  async logsOf(organizationId: string, date: string): Promise<StoredWinchLog[]> {
    const { data } = await db()
      .entities.winchLog.query.byOrganization({ organization_id: organizationId, date })
      .go({ pages: 'all' });
    return data;
  },

  /** A page of the logs of the days from..to, newest first. */
  logs(organizationId: string, from: string, to: string, page: { cursor?: string; limit: number }) {
    const query = db()
      .entities.winchLog.query.byOrganization({ organization_id: organizationId })
      .between({ date: from }, { date: `${to}~` });
    return fillPage((cursor, limit) => query.go({ cursor, limit, order: 'desc' }), page);
  },

  /** A log saved on the version read (0: new), with its activity record. */
  async save(actor: Auditor, item: StoredWinchLog, readVersion: number, audit: ActionRecord) {
    await auditedWrite(actor, audit, ({ winchLog }) => [
      saveAtVersion(winchLog, { ...item, version: readVersion + 1 }, readVersion),
    ]);
  },
};

export type WinchStore = typeof winchStore;
