import type { Lang } from '../../contracts/langs.ts';
import { type ActionRecord, type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { db } from '../platform/db/service.ts';
import { saveAtVersion } from '../platform/db/writes.ts';

/**
 * The global lookup lists (type-lists): one item per list under `ref#type-lists`, its entries inside.
 * A list is read whole and saved whole on its `version`.
 */

export interface TypeListEntry {
  code: string;
  names: Partial<Record<Lang, string>>;
  active: boolean;
  sort_order: number;
}

export const typeListStore = {
  async typeLists() {
    const { data } = await db().entities.typeList.query.byId({}).go({ pages: 'all' });
    return data;
  },

  async typeList(listId: string) {
    const { data } = await db().entities.typeList.get({ list_id: listId }).go();
    return data;
  },

  /** A whole list on its `version` (0: the list is new and must not exist yet), with its log record. */
  async saveTypeList(
    actor: Auditor,
    listId: string,
    items: TypeListEntry[],
    version: number,
    audit: ActionRecord,
  ) {
    await auditedWrite(actor, audit, ({ typeList }) => [
      saveAtVersion(typeList, { list_id: listId, items, version: version + 1 }, version),
    ]);
  },
};

export type TypeListStore = typeof typeListStore;
