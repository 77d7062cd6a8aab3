import type { EntityItem } from 'electrodb';
import { actionItem } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { db } from '../platform/db/service.ts';
import { committed } from '../platform/db/writes.ts';
import type { dailySheet } from './entities.ts';

export type StoredSheet = EntityItem<typeof dailySheet>;

/** Daily sheets: one item per organization and day (`sheet#<date>`), newest first by key. */
export const dailySheetStore = {
  async sheet(organizationId: string, date: string) {
    const { data } = await db().entities.dailySheet.get({ organization_id: organizationId, date }).go();
    return data;
  },

  async sheets(organizationId: string, options: { cursor?: string; limit: number }) {
    const { data, cursor } = await db()
      .entities.dailySheet.query.byDate({ organization_id: organizationId })
      .go({ cursor: options.cursor, limit: options.limit, order: 'desc' });
    return { items: data, cursor: cursor ?? null };
  },

  /** Creates the day's sheet (version 0 read) or replaces it at the version read; 409 otherwise. */
  async save(
    actor: Pick<Actor, 'userId' | 'organizationId' | 'actingSupervisorId'>,
    item: StoredSheet,
    readVersion: number,
  ) {
    const result = await db()
      .transaction.write(({ dailySheet: sheet, action }) => [
        readVersion === 0
          ? sheet.create(item).commit()
          : sheet
              .put(item)
              .where(({ version }, { eq }) => eq(version, readVersion))
              .commit(),
        action
          .put(
            actionItem(actor, {
              action: 'daily_sheet.save',
              target_type: 'daily_sheet',
              target_id: item.date,
            }),
          )
          .commit(),
      ])
      .go();
    committed(result);
  },
};

export type DailySheetStore = typeof dailySheetStore;
