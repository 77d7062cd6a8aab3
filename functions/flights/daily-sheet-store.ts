import type { EntityItem } from 'electrodb';
import { type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { fillPage } from '../platform/db/pages.ts';
import { db } from '../platform/db/service.ts';
import { saveAtVersion } from '../platform/db/writes.ts';
import type { dailySheet } from './entities.ts';

export type StoredSheet = EntityItem<typeof dailySheet>;

/** Daily sheets: one item per organization and day (`sheet#<date>`), newest first by key. */
export const dailySheetStore = {
  async sheet(organizationId: string, date: string) {
    const { data } = await db().entities.dailySheet.get({ organization_id: organizationId, date }).go();
    return data;
  },

  sheets(organizationId: string, options: { cursor?: string; limit: number }) {
    const query = db().entities.dailySheet.query.byDate({ organization_id: organizationId });
    return fillPage((cursor, limit) => query.go({ cursor, limit, order: 'desc' }), options);
  },

  /** Creates the day's sheet (version 0 read) or replaces it at the version read; 409 otherwise. */
  async save(actor: Auditor, item: StoredSheet, readVersion: number) {
    await auditedWrite(
      actor,
      { action: 'daily_sheet.save', target_type: 'daily_sheet', target_id: item.date },
      ({ dailySheet: sheet }) => [saveAtVersion(sheet, item, readVersion)],
    );
  },
};

export type DailySheetStore = typeof dailySheetStore;
