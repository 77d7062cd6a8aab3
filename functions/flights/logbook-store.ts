import type { EntityItem } from 'electrodb';
import { STAT_FIELDS } from '../../contracts/logbook-totals.ts';
import type { FlightKind } from '../../contracts/schemas/flight-enums.ts';
import { logbookAccess, recencyRecords, recordNames } from '../organizations/public.ts';
import { type ActionRecord, type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { fillPage } from '../platform/db/pages.ts';
import { db } from '../platform/db/service.ts';
import { saveAtVersion, transactWrite, writtenIf } from '../platform/db/writes.ts';
import type { StatChange } from './completion.ts';
import type { logbookBook, logbookEntry } from './entities.ts';
import type { Signature } from './logbook-signature.ts';

export type StoredEntry = EntityItem<typeof logbookEntry>;
export type StoredBook = EntityItem<typeof logbookBook>;

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
    const filtered = organizationId
      ? query.where(({ organization_id }, { eq }) => eq(organization_id, organizationId))
      : query;
    return fillPage((cursor, limit) => filtered.go({ cursor, limit, order: 'desc' }), options);
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

  /** The lines waiting for an instructor's signature whose flight took off before `before`. */
  async toSignBefore(signerId: string, before: string) {
    const { data } = await db()
      .entities.logbookEntry.query.toSign({ signer_id: signerId })
      .lt({ takeoff_time: before })
      .go({ pages: 'all' });
    return data;
  },

  /** "Reminded this week": false when an earlier run already did (the not-exists condition failed). */
  async claimReminder(item: { user_id: string; week: string; waiting: number; oldest: string; ttl: number }) {
    return writtenIf(() => db().entities.signReminder.create(item).go({ response: 'none' }));
  },

  /** Pilots' and instructors' names as the logbook prints them (organizations). */
  names: (userIds: string[]) => recordNames(userIds),

  /** What the organization may read of a member's logbook: null for none (organizations). */
  access: (organizationId: string, userId: string) => logbookAccess(organizationId, userId),

  /** Until when the pilot's medical is valid (organizations). */
  recencyRecords: (userId: string) => recencyRecords(userId),

  /**
   * A private line written, moved or removed, with its month statistics, in one TransactWrite.
   * `before` null: a new line; `after` null: removed. The version read must still be stored.
   */
  async savePrivate(
    actor: Auditor,
    before: StoredEntry | null,
    after: StoredEntry | null,
    stats: StatChange[],
    audit: ActionRecord,
  ) {
    await auditedWrite(actor, audit, (e) => {
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
          e.flightStat.update({ user_id: s.user_id, kind: s.kind, month: s.month }).add(statAdd(s)).commit(),
        );
      return items;
    });
  },

  /** The previous totals, created on first save or replaced at the version read. */
  async saveBook(item: StoredBook, readVersion: number) {
    await transactWrite(({ logbookBook: book }) => [saveAtVersion(book, item, readVersion)]);
  },

  /**
   * An instructor's signatures, in one TransactWrite (all or none): each line (at the version read,
   * still awaiting) with its audit entry, each pilot's chain head (at the number read, so two
   * signatures cannot take the same place) and each club flight locked.
   */
  sign(actor: Auditor, lines: SignedLine[], books: ChainHead[]) {
    return auditedWrite(
      actor,
      lines.map((line) => line.audit),
      (e) => {
        const items = [];
        const flights = new Set<string>();
        for (const { entry, signature } of lines) {
          items.push(
            e.logbookEntry
              .patch({
                user_id: entry.user_id,
                kind: entry.kind,
                takeoff_time: entry.takeoff_time,
                entry_id: entry.entry_id,
              })
              .set({ status: 'signed', signature, signer_id: '' })
              .add({ version: 1 })
              .where(
                ({ version, status }, { eq }) =>
                  `${eq(version, entry.version)} AND ${eq(status, 'awaiting_signature')}`,
              )
              .commit(),
          );
          const flightKey = `${entry.organization_id}|${entry.date}|${entry.flight_id}`;
          if (
            entry.flight_id &&
            entry.organization_id &&
            entry.source === 'club' &&
            !flights.has(flightKey)
          ) {
            // Two lines of one flight lock it once: a transaction names each item once.
            flights.add(flightKey);
            items.push(
              e.flight
                .patch({
                  organization_id: entry.organization_id,
                  date: entry.date,
                  flight_id: entry.flight_id,
                })
                .set({ locked: true })
                .commit(),
            );
          }
        }
        for (const { user_id, kind, read, seq, hash } of books) {
          const chain = { chain_seq: seq, chain_head: hash };
          items.push(
            read
              ? e.logbookBook
                  .patch({ user_id, kind })
                  .set(chain)
                  .add({ version: 1 })
                  .where(({ chain_seq }, { eq }) => eq(chain_seq, read.chain_seq))
                  .commit()
              : e.logbookBook.create({ user_id, kind, ...chain }).commit(),
          );
        }
        return items;
      },
    );
  },
};

/** A line to sign, its signature and its audit entry. */
export interface SignedLine {
  entry: StoredEntry;
  signature: Signature;
  audit: ActionRecord;
}

/** A pilot's chain head of one kind after the signatures: as read (null: none yet) and as it becomes. */
export interface ChainHead {
  user_id: string;
  kind: FlightKind;
  read: StoredBook | null;
  seq: number;
  hash: string;
}

export type LogbookStore = typeof logbookStore;
