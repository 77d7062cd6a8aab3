import type { EntityItem } from 'electrodb';
import { type ActionRecord, type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { fillPage } from '../platform/db/pages.ts';
import { db } from '../platform/db/service.ts';
import { patchAtVersion, writtenIf } from '../platform/db/writes.ts';
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

  /** A page of the organization's saved reports, newest first (a Query on `report#`, built-in ones left out). */
  async page(organizationId: string, options: { cursor?: string; limit: number }) {
    return fillPage(async (cursor, limit) => {
      const page = await db()
        .entities.reportDefinition.query.byOrganization({ organization_id: organizationId })
        .where(({ built_in }, { notExists }) => notExists(built_in))
        .go({ cursor, limit, order: 'desc' });
      return { data: page.data, cursor: page.cursor ?? null };
    }, options);
  },

  /** The organization's built-in report items among these ids (key lookups, one BatchGet). */
  async builtIns(organizationId: string, reportIds: readonly string[]): Promise<StoredReport[]> {
    const { data } = await db()
      .entities.reportDefinition.get(
        reportIds.map((report_id) => ({ organization_id: organizationId, report_id })),
      )
      .go();
    return data;
  },

  /** A built-in report item, created only where absent (two first reads at once write it once). */
  async createBuiltIn(item: StoredReport): Promise<void> {
    await writtenIf(() => db().entities.reportDefinition.create(item).go({ response: 'none' }));
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
