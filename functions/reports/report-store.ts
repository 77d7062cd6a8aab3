import type { EntityItem } from 'electrodb';
import { type ActionRecord, type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { db } from '../platform/db/service.ts';
import { patchAtVersion } from '../platform/db/writes.ts';
import type { reportDefinition } from './entities.ts';

export type StoredReport = EntityItem<typeof reportDefinition>;

/** The reports domain's own data: saved report definitions (report-service.ts holds the rules). */
export const reportStore = {
  async report(organizationId: string, reportId: string): Promise<StoredReport | null> {
    const { data } = await db()
      .entities.reportDefinition.get({ organization_id: organizationId, report_id: reportId })
      .go();
    return data;
  },

  /** A page of the organization's saved reports, newest first (a Query on `report#`). */
  async page(organizationId: string, options: { cursor?: string; limit: number }) {
    const { data, cursor } = await db()
      .entities.reportDefinition.query.byOrganization({ organization_id: organizationId })
      .go({ cursor: options.cursor, limit: options.limit, order: 'desc' });
    return { items: data, cursor: cursor ?? null };
  },

  async create(actor: Auditor, item: StoredReport, audit: ActionRecord) {
    await auditedWrite(actor, audit, ({ reportDefinition }) => [reportDefinition.create(item).commit()]);
  },

  async update(
    actor: Auditor,
    key: { organization_id: string; report_id: string },
    change: { set: Partial<StoredReport>; remove: string[] },
    version: number,
    audit: ActionRecord,
  ) {
    await auditedWrite(actor, audit, ({ reportDefinition }) => [
      patchAtVersion(reportDefinition.patch(key), change, version),
    ]);
  },

  async remove(
    actor: Auditor,
    key: { organization_id: string; report_id: string },
    version: number,
    audit: ActionRecord,
  ) {
    await auditedWrite(actor, audit, ({ reportDefinition }) => [
      reportDefinition
        .delete(key)
        .where(({ version: stored }, { eq }) => eq(stored, version))
        .commit(),
    ]);
  },
};
