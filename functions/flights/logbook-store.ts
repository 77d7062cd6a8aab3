import type { EntityItem } from 'electrodb';
import type { FlightKind } from '../../contracts/schemas/flight-enums.ts';
import { type ActionRecord, actionItem } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { db } from '../platform/db/service.ts';
import { committed } from '../platform/db/writes.ts';
import { STAT_FIELDS, type StatChange } from './completion.ts';
import type { logbookBook, logbookEntry } from './entities.ts';
import type { Signature } from './logbook-signature.ts';

export type StoredEntry = EntityItem<typeof logbookEntry>;
export type StoredBook = EntityItem<typeof logbookBook>;
type AuditActor = Pick<Actor, 'userId' | 'organizationId' | 'actingSupervisorId'>;

const statAdd = (s: StatChange) => Object.fromEntries(STAT_FIELDS.map((field) => [field, s[field]]));

/** Personal logbooks: lines under `person#<id>` by kind and takeoff time, one book item per kind. */
export const logbookStore = {
  /**
   * A page of one kind's lines between two instants, newest first; with `organizationId`, only the
   * lines of that organization's flights (a filter on the same Query, read on until the page is full).
   */
  async entries(
    userId: string,
    kind: FlightKind,
    options: { from: string; to: string; cursor?: string; limit: number; organizationId?: string },
  ) {
    const query = db()
      .entities.logbookEntry.query.byKind({ user_id: userId, kind })
      .between({ takeoff_time: options.from }, { takeoff_time: options.to });
    const { organizationId } = options;
    const { data, cursor } = organizationId
      ? await query
          .where(({ organization_id }, { eq }) => eq(organization_id, organizationId))
          .go({ cursor: options.cursor, count: options.limit, order: 'desc' })
      : await query.go({ cursor: options.cursor, limit: options.limit, order: 'desc' });
    return { items: data, cursor: cursor ?? null };
  },

  /** Every line of one kind since an instant (recency reads three years at most). */
  async entriesSince(userId: string, kind: FlightKind, from: string) {
    const { data } = await db()
      .entities.logbookEntry.query.byKind({ user_id: userId, kind })
      // Not gte: `logbook#general#…` ≥ from would run on into every `logbook#glider#…` line.
      .between({ takeoff_time: from }, { takeoff_time: '9999' })
      .go({ pages: 'all' });
    return data;
  },

  /** The signed lines of one kind, for the chain check. */
  async signedEntries(userId: string, kind: FlightKind) {
    const { data } = await db()
      .entities.logbookEntry.query.byKind({ user_id: userId, kind })
      .where(({ status }, { eq }) => eq(status, 'signed'))
      .go({ pages: 'all' });
    return data;
  },

  async entry(userId: string, entryId: string) {
    const { data } = await db()
      .entities.logbookEntry.query.byEntry({ user_id: userId, entry_id: entryId })
      .go({ limit: 1 });
    return data[0] ?? null;
  },

  async book(userId: string, kind: FlightKind) {
    const { data } = await db().entities.logbookBook.get({ user_id: userId, kind }).go();
    return data;
  },

  async stats(userId: string, kind: FlightKind) {
    const { data } = await db()
      .entities.flightStat.query.byMonth({ user_id: userId, kind })
      .go({ pages: 'all' });
    return data;
  },

  /** The launch methods finished trainings opened to the pilot (SFCL.155(a)), from every club. */
  async launchPrivileges(userId: string) {
    const { data } = await db()
      .entities.launchPrivilege.query.byPilot({ user_id: userId })
      .go({ pages: 'all' });
    return data;
  },

  async toSign(signerId: string) {
    const { data } = await db()
      .entities.logbookEntry.query.toSign({ signer_id: signerId })
      .go({ pages: 'all' });
    return data;
  },

  async names(userIds: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(userIds.filter(Boolean))];
    if (unique.length === 0) return new Map();
    const { data } = await db()
      .entities.person.get(unique.map((user_id) => ({ user_id })))
      .go();
    return new Map(data.map((p) => [p.user_id, `${p.last_name} ${p.first_name}`.trim()]));
  },

  /**
   * A private line written, moved or removed, with its month statistics, in one TransactWrite.
   * `before` null: a new line; `after` null: removed. The version read must still be stored.
   */
  async savePrivate(
    actor: AuditActor,
    before: StoredEntry | null,
    after: StoredEntry | null,
    stats: StatChange[],
    audit: ActionRecord,
  ) {
    const result = await db()
      .transaction.write((e) => {
        const items = [];
        const sameKey =
          before && after && before.takeoff_time === after.takeoff_time && before.kind === after.kind;
        if (before && !sameKey)
          items.push(
            e.logbookEntry
              .delete(before)
              .where(({ version }, { eq }) => eq(version, before.version))
              .commit(),
          );
        if (after && sameKey)
          items.push(
            e.logbookEntry
              .put(after)
              .where(({ version }, { eq }) => eq(version, before.version))
              .commit(),
          );
        else if (after) items.push(e.logbookEntry.create(after).commit());
        for (const s of stats)
          items.push(
            e.flightStat
              .update({ user_id: s.user_id, kind: s.kind, month: s.month })
              .add(statAdd(s))
              .commit(),
          );
        items.push(e.action.put(actionItem(actor, audit)).commit());
        return items;
      })
      .go();
    committed(result);
  },

  /** The previous totals, created on first save or replaced at the version read. */
  async saveBook(item: StoredBook, readVersion: number) {
    const result = await db()
      .transaction.write(({ logbookBook: book }) => [
        readVersion === 0
          ? book.create(item).commit()
          : book
              .put(item)
              .where(({ version }, { eq }) => eq(version, readVersion))
              .commit(),
      ])
      .go();
    committed(result);
  },

  /**
   * An instructor's signature, in one TransactWrite: the line (at the version read, still awaiting),
   * the pilot's chain head (at the number read, so two signatures cannot take the same place), the
   * club flight locked, and the audit entry.
   */
  async sign(
    actor: AuditActor,
    entry: StoredEntry,
    signature: Signature,
    book: StoredBook | null,
    audit: ActionRecord,
  ) {
    const chain = { chain_seq: signature.seq, chain_head: signature.hash };
    const result = await db()
      .transaction.write((e) => {
        const items = [
          e.logbookEntry
            .patch({
              user_id: entry.user_id,
              kind: entry.kind,
              takeoff_time: entry.takeoff_time,
              entry_id: entry.entry_id,
            })
            .set({
              status: 'signed',
              signature,
              signer_id: '',
            })
            .add({ version: 1 })
            .where(
              ({ version, status }, { eq }) =>
                `${eq(version, entry.version)} AND ${eq(status, 'awaiting_signature')}`,
            )
            .commit(),
          book
            ? e.logbookBook
                .patch({ user_id: entry.user_id, kind: entry.kind })
                .set(chain)
                .add({ version: 1 })
                .where(({ chain_seq }, { eq }) => eq(chain_seq, book.chain_seq))
                .commit()
            : e.logbookBook.create({ user_id: entry.user_id, kind: entry.kind, ...chain }).commit(),
          e.action.put(actionItem(actor, audit)).commit(),
        ];
        if (entry.flight_id && entry.organization_id && entry.source === 'club')
          items.push(
            e.flight
              .patch({ organization_id: entry.organization_id, date: entry.date, flight_id: entry.flight_id })
              .set({ locked: true })
              .commit(),
          );
        return items;
      })
      .go();
    committed(result);
  },
};

export type LogbookStore = typeof logbookStore;
