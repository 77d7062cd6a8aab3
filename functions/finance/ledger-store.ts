import type { EntityItem } from 'electrodb';
import { batchGet } from '../platform/db/batch.ts';
import { db } from '../platform/db/service.ts';
import {
  type TransactionBuilder,
  type TransactionEntities,
  transactWriteCodes,
  writtenIf,
} from '../platform/db/writes.ts';
import { conflict } from '../platform/http/errors.ts';
import type { ledgerEntry, ledgerMonth, memberBalance } from './entities.ts';

export type StoredEntry = EntityItem<typeof ledgerEntry>;
export type StoredBalance = EntityItem<typeof memberBalance>;
export type StoredMonth = EntityItem<typeof ledgerMonth>;
type Commit = ReturnType<TransactionBuilder>[number];

/** An entry to create (its id decided by what it posts: a retry writes the same one). */
export type EntryToPost = Omit<StoredEntry, 'created_at' | 'reversed_by'> & { created_at?: string };

export interface Posting {
  organization_id: string;
  /** New entries; each is created only where absent. */
  entries: EntryToPost[];
  /** Originals taken back by one of `entries` (`reversed_by` is set once, never again). */
  reverses?: {
    original: Pick<StoredEntry, 'organization_id' | 'user_id' | 'date' | 'entry_id'>;
    by: string;
  }[];
  /** Further writes of the same change (a flight charge's state, a cap's use, the audit entry). */
  extra?: (e: TransactionEntities) => Commit[];
}

export type PostingOutcome =
  | { status: 'posted' }
  /** A condition failed: an entry exists already, an original was taken back, a version moved on. */
  | { status: 'refused'; codes: string[] };

/** A TransactWrite holds at most 100 items. */
const MAX_ITEMS = 100;
/** Concurrent transactions on one balance are cancelled as conflicts (DynamoDB): tried again this often. */
const CONFLICT_RETRIES = 12;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const monthOf = (date: string) => date.slice(0, 7);

/** A between() upper bound that takes in every entry of the day. */
const endOf = (date: string) => `${date}\uffff`;

/**
 * The finance domain's ledger reads and writes. `post` is the only way an amount reaches a
 * balance: the entries, their ADDs to the balance and month items, and whatever else the change
 * writes go in ONE TransactWrite.
 */
export const ledgerStore = {
  /**
   * Posts entries: each created only where absent, the members' balances and months moved by ADD
   * by exactly their sum (merged per item: a transaction touches an item once), originals marked
   * as taken back. All or nothing. A conflict with a concurrent posting is tried again; a failed
   * condition (posted before, taken back before, a stale version) is answered as `refused`.
   */
  async post(posting: Posting): Promise<PostingOutcome> {
    const org = posting.organization_id;
    const balances = new Map<string, { amount: number; count: number }>();
    const months = new Map<string, { user_id: string; month: string; amount: number; count: number }>();
    for (const entry of posting.entries) {
      const b = balances.get(entry.user_id) ?? { amount: 0, count: 0 };
      b.amount += entry.amount;
      b.count += 1;
      balances.set(entry.user_id, b);
      const key = `${entry.user_id}|${monthOf(entry.date)}`;
      const m = months.get(key) ?? {
        user_id: entry.user_id,
        month: monthOf(entry.date),
        amount: 0,
        count: 0,
      };
      m.amount += entry.amount;
      m.count += 1;
      months.set(key, m);
    }
    for (let attempt = 0; ; attempt++) {
      const codes = await transactWriteCodes((e) => {
        const items: Commit[] = [];
        for (const entry of posting.entries) items.push(e.ledgerEntry.create(entry).commit());
        for (const { original, by } of posting.reverses ?? [])
          items.push(
            e.ledgerEntry
              .patch({
                organization_id: original.organization_id,
                user_id: original.user_id,
                date: original.date,
                entry_id: original.entry_id,
              })
              .set({ reversed_by: by })
              .where(({ reversed_by }, { notExists }) => notExists(reversed_by))
              .commit(),
          );
        // Upserts, not updates: an update would leave the month's member index keys unwritten.
        for (const [user_id, b] of balances)
          items.push(
            e.memberBalance
              .upsert({ organization_id: org, user_id })
              .add({ balance: b.amount, entries: b.count })
              .commit(),
          );
        for (const m of months.values())
          items.push(
            e.ledgerMonth
              .upsert({ organization_id: org, user_id: m.user_id, month: m.month })
              .add({ amount: m.amount, entries: m.count })
              .commit(),
          );
        items.push(...(posting.extra?.(e) ?? []));
        if (items.length > MAX_ITEMS) throw new Error('posting too large for one transaction');
        return items;
      });
      if (!codes) return { status: 'posted' };
      if (codes.includes('ConditionalCheckFailed')) return { status: 'refused', codes };
      if (!codes.includes('TransactionConflict') || attempt >= CONFLICT_RETRIES) throw conflict();
      await sleep(Math.random() * 20 * 2 ** Math.min(attempt, 5));
    }
  },

  async entry(organizationId: string, entryId: string) {
    const { data } = await db()
      .entities.ledgerEntry.query.byId({ organization_id: organizationId, entry_id: entryId })
      .go({ limit: 1 });
    return data[0] ?? null;
  },

  /** Entries by their full keys (member, day, id) in BatchGetItem requests: an import's re-check. */
  async entriesByKey(
    keys: readonly { organization_id: string; user_id: string; date: string; entry_id: string }[],
  ) {
    return batchGet(db().entities.ledgerEntry, keys);
  },

  async entries(organizationId: string, entryIds: string[]) {
    const found = await Promise.all(entryIds.map((id) => ledgerStore.entry(organizationId, id)));
    return found.filter((e): e is StoredEntry => e !== null);
  },

  /** A member's entries between two days, newest first (a page). */
  async memberEntries(
    organizationId: string,
    userId: string,
    options: {
      from: string;
      to: string;
      type?: string;
      cursor?: string;
      limit: number;
      order?: 'asc' | 'desc';
    },
  ) {
    const query = db()
      .entities.ledgerEntry.query.byMember({ organization_id: organizationId, user_id: userId })
      .between({ date: options.from }, { date: endOf(options.to) });
    const go = { cursor: options.cursor, order: options.order ?? ('desc' as const) };
    const { data, cursor } = options.type
      ? await query
          .where(({ transaction_type }, { eq }) =>
            eq(transaction_type, options.type as StoredEntry['transaction_type']),
          )
          .go({ ...go, count: options.limit })
      : await query.go({ ...go, limit: options.limit });
    return { items: data, cursor: cursor ?? null };
  },

  /** Every entry of a member between two days (a balance at a day, a month's statement). */
  async allMemberEntries(organizationId: string, userId: string, from: string, to: string) {
    const { data } = await db()
      .entities.ledgerEntry.query.byMember({ organization_id: organizationId, user_id: userId })
      .between({ date: from }, { date: endOf(to) })
      .go({ pages: 'all' });
    return data;
  },

  /** The organization's entries between two days, newest first, optionally of one type (a page). */
  async organizationEntries(
    organizationId: string,
    options: { from: string; to: string; type?: string; cursor?: string; limit: number },
  ) {
    const query = db()
      .entities.ledgerEntry.query.byDate({ organization_id: organizationId })
      .between({ date: options.from }, { date: endOf(options.to) });
    const { data, cursor } = options.type
      ? await query
          .where(({ transaction_type }, { eq }) =>
            eq(transaction_type, options.type as StoredEntry['transaction_type']),
          )
          .go({ cursor: options.cursor, count: options.limit, order: 'desc' })
      : await query.go({ cursor: options.cursor, limit: options.limit, order: 'desc' });
    return { items: data, cursor: cursor ?? null };
  },

  /** Every entry of the organization between two days, oldest first (exports, totals). */
  async allOrganizationEntries(organizationId: string, from: string, to: string) {
    const { data } = await db()
      .entities.ledgerEntry.query.byDate({ organization_id: organizationId })
      .between({ date: from }, { date: endOf(to) })
      .go({ pages: 'all' });
    return data;
  },

  async balance(organizationId: string, userId: string) {
    const { data } = await db()
      .entities.memberBalance.get({ organization_id: organizationId, user_id: userId })
      .go();
    return data;
  },

  async balances(organizationId: string, userIds: string[]) {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return new Map<string, StoredBalance>();
    const { data } = await db()
      .entities.memberBalance.get(unique.map((user_id) => ({ organization_id: organizationId, user_id })))
      .go();
    return new Map(data.map((b) => [b.user_id, b]));
  },

  /** Every member's balance item of the organization (the debtor list, exports, statements). */
  async allBalances(organizationId: string) {
    const { data } = await db()
      .entities.memberBalance.query.byOrganization({ organization_id: organizationId })
      .go({ pages: 'all' });
    return data;
  },

  /** Sets `low_notified_at` unless it was set within the week: true when this call set it. */
  async markLowNotified(organizationId: string, userId: string, now: string, weekAgo: string) {
    return writtenIf(() =>
      db()
        .entities.memberBalance.patch({ organization_id: organizationId, user_id: userId })
        .set({ low_notified_at: now })
        .where(
          ({ low_notified_at }, { notExists, lt }) =>
            `${notExists(low_notified_at)} OR ${lt(low_notified_at, weekAgo)}`,
        )
        .go(),
    );
  },

  /** A member's months after `month` (yyyy-mm), for a balance at a past day. */
  async memberMonthsAfter(organizationId: string, userId: string, month: string) {
    const { data } = await db()
      .entities.ledgerMonth.query.byMember({ organization_id: organizationId, user_id: userId })
      .gt({ month })
      .go({ pages: 'all' });
    return data;
  },

  /** Every member's months before `month` (the export's opening balances). */
  async monthsBefore(organizationId: string, month: string) {
    const { data } = await db()
      .entities.ledgerMonth.query.byMonth({ organization_id: organizationId })
      .lt({ month })
      .go({ pages: 'all' });
    return data;
  },
};

export type LedgerStore = typeof ledgerStore;
