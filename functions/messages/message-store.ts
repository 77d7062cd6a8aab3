import type { EntityItem } from 'electrodb';
import type { MessageStatus } from '../../contracts/schemas/messages.ts';
import { type ActionRecord, auditedWrite } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { db } from '../platform/db/service.ts';
import { lostRace, writtenIf } from '../platform/db/writes.ts';
import { validationFailed } from '../platform/http/errors.ts';
import type { message, messageDelivery } from './entities.ts';
import { NO_TIME } from './entities.ts';

/** The messages domain's reads and writes; message-service.ts holds the rules. */

export type StoredMessage = EntityItem<typeof message>;
export type StoredDelivery = EntityItem<typeof messageDelivery>;
type Auditor = Pick<Actor, 'userId' | 'organizationId' | 'actingSupervisorId'>;

/** A filtered Query page can come back short with more to read: read on, at most this many rounds. */
const MAX_ROUNDS = 20;

/** A cursor from another list (opened by the router, but not this query's) is the caller's mistake. */
async function paged<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (
      error instanceof Error &&
      /cursor|ExclusiveStartKey|ValidationException/i.test(`${error.name} ${error.message}`)
    )
      throw validationFailed({ cursor: ['invalid_value'] });
    throw error;
  }
}

/** Fills a page through filtered Query rounds, each asking for exactly what is still missing. */
async function fill<T>(
  read: (cursor: string | null, count: number) => Promise<{ data: T[]; cursor: string | null }>,
  page: { cursor?: string; limit: number },
) {
  const items: T[] = [];
  let cursor: string | null = page.cursor ?? null;
  let rounds = 0;
  do {
    const result = await paged(() => read(cursor, page.limit - items.length));
    items.push(...result.data);
    cursor = result.cursor;
    rounds += 1;
  } while (items.length < page.limit && cursor && rounds < MAX_ROUNDS);
  return { items, cursor };
}

export interface InboxFilter {
  unread?: boolean;
  unacknowledged?: boolean;
  dashboard?: boolean;
}

export const messageStore = {
  async get(organizationId: string, messageId: string): Promise<StoredMessage | null> {
    const { data } = await db()
      .entities.message.get({ organization_id: organizationId, message_id: messageId })
      .go();
    return data;
  },

  /** The organization's messages, newest first, optionally one status. */
  async page(organizationId: string, page: { cursor?: string; limit: number; status?: MessageStatus }) {
    return fill((cursor, count) => {
      const base = db().entities.message.query.byOrganization({ organization_id: organizationId });
      const wanted = page.status;
      const filtered = wanted ? base.where(({ status }, { eq }) => eq(status, wanted)) : base;
      return filtered.go({ cursor, count, order: 'desc' });
    }, page);
  },

  /**
   * A whole message, new or on the version read (`expected`), with the statuses it may come from;
   * the queue index follows the status because the item is written whole.
   */
  async put(
    auditor: Auditor,
    item: StoredMessage,
    condition: { expected?: number; from: readonly MessageStatus[] },
    audit: ActionRecord,
  ) {
    await auditedWrite(auditor, audit, ({ message: messages }) => [
      condition.expected === undefined
        ? messages.create(item).commit()
        : messages
            .put(item)
            .where(({ version, status }, { eq }) =>
              [
                eq(version, condition.expected!),
                `(${condition.from.map((s) => eq(status, s)).join(' OR ')})`,
              ].join(' AND '),
            )
            .commit(),
    ]);
  },

  async remove(auditor: Auditor, item: StoredMessage, expected: number, audit: ActionRecord) {
    await auditedWrite(auditor, audit, ({ message: messages }) => [
      messages
        .delete({ organization_id: item.organization_id, message_id: item.message_id })
        .where(
          ({ version, status }, { eq }) =>
            `${eq(version, expected)} AND (${eq(status, 'draft')} OR ${eq(status, 'scheduled')})`,
        )
        .commit(),
    ]);
  },

  /** Sending done: out of the queue, never editable again. */
  async markSent(organizationId: string, messageId: string, sentAt: string, recipientCount: number) {
    // Refused when another run finished it meanwhile: the message is sent either way.
    await writtenIf(() =>
      db()
        .entities.message.patch({ organization_id: organizationId, message_id: messageId })
        .set({ status: 'sent', sent_at: sentAt, due_at: NO_TIME, recipient_count: recipientCount })
        .where(({ status }, { eq }) => eq(status, 'sending'))
        .go({ response: 'none' }),
    );
  },

  /** Messages due by `at`: scheduled ones whose time has come and sendings to finish. */
  async due(at: string): Promise<StoredMessage[]> {
    const { data } = await db().entities.message.query.byDue({}).lte({ due_at: at }).go({ pages: 'all' });
    return data;
  },

  /** A delivery, once: false when it exists already (a resumed sending). */
  async deliver(item: StoredDelivery): Promise<boolean> {
    return writtenIf(() => db().entities.messageDelivery.create(item).go({ response: 'none' }));
  },

  async delivery(userId: string, organizationId: string, messageId: string): Promise<StoredDelivery | null> {
    const { data } = await db()
      .entities.messageDelivery.get({
        user_id: userId,
        organization_id: organizationId,
        message_id: messageId,
      })
      .go();
    return data;
  },

  /** Claims a side effect of a delivery (the push, the e-mail): true for the one run that gets it. */
  async claimDeliveryStep(delivery: StoredDelivery, step: 'notified' | 'mailed'): Promise<boolean> {
    return writtenIf(() =>
      db()
        .entities.messageDelivery.patch({
          user_id: delivery.user_id,
          organization_id: delivery.organization_id,
          message_id: delivery.message_id,
        })
        .set({ [step]: true })
        .where((attributes, { eq }) => eq(attributes[step], false))
        .go({ response: 'none' }),
    );
  },

  /** The message center: the person's messages from one organization, newest first. */
  async inbox(
    userId: string,
    organizationId: string,
    page: { cursor?: string; limit: number } & InboxFilter,
  ) {
    return fill((cursor, count) => {
      const base = db().entities.messageDelivery.query.byRecipient({
        user_id: userId,
        organization_id: organizationId,
      });
      const filtered =
        page.unread || page.unacknowledged || page.dashboard
          ? base.where((a, { eq, notExists }) => {
              const parts: string[] = [];
              if (page.unread) parts.push(notExists(a.read_at));
              if (page.unacknowledged)
                parts.push(`${eq(a.require_ack, true)} AND ${notExists(a.acknowledged_at)}`);
              if (page.dashboard)
                parts.push(
                  `(${eq(a.show_dashboard, true)} OR (${eq(a.require_ack, true)} AND ${notExists(a.acknowledged_at)}))`,
                );
              return parts.join(' AND ');
            })
          : base;
      return filtered.go({ cursor, count, order: 'desc' });
    }, page);
  },

  /** Who got a message, in name order, optionally only who has (or has not) acknowledged it. */
  async recipients(
    organizationId: string,
    messageId: string,
    page: { cursor?: string; limit: number; acknowledged?: boolean },
  ) {
    return fill((cursor, count) => {
      const base = db().entities.messageDelivery.query.byMessage({
        organization_id: organizationId,
        message_id: messageId,
      });
      const filtered =
        page.acknowledged === undefined
          ? base
          : base.where((a, { exists, notExists }) =>
              page.acknowledged ? exists(a.acknowledged_at) : notExists(a.acknowledged_at),
            );
      return filtered.go({ cursor, count, order: 'asc' });
    }, page);
  },

  /**
   * First read: the delivery's read_at and the message's read count, together; false when it was
   * read already (the condition failed), which changes nothing.
   */
  async markRead(delivery: StoredDelivery, at: string): Promise<boolean> {
    const result = await db()
      .transaction.write(({ messageDelivery: deliveries, message: messages }) => [
        deliveries
          .patch({
            user_id: delivery.user_id,
            organization_id: delivery.organization_id,
            message_id: delivery.message_id,
          })
          .set({ read_at: at })
          .where((a, { notExists }) => notExists(a.read_at))
          .commit(),
        messages
          .patch({ organization_id: delivery.organization_id, message_id: delivery.message_id })
          .add({ read_count: 1 })
          .commit(),
      ])
      .go();
    return !result.canceled;
  },

  /** "I have read it": once; also the first read if it was not read yet. False when acknowledged already. */
  async acknowledge(
    auditor: Auditor,
    delivery: StoredDelivery,
    at: string,
    audit: ActionRecord,
  ): Promise<boolean> {
    const firstRead = !delivery.read_at;
    const write = auditedWrite(auditor, audit, ({ messageDelivery: deliveries, message: messages }) => [
      deliveries
        .patch({
          user_id: delivery.user_id,
          organization_id: delivery.organization_id,
          message_id: delivery.message_id,
        })
        .set(firstRead ? { acknowledged_at: at, read_at: at } : { acknowledged_at: at })
        .where((a, { eq, notExists }) =>
          [
            eq(a.require_ack, true),
            notExists(a.acknowledged_at),
            ...(firstRead ? [notExists(a.read_at)] : []),
          ].join(' AND '),
        )
        .commit(),
      messages
        .patch({ organization_id: delivery.organization_id, message_id: delivery.message_id })
        .add(firstRead ? { ack_count: 1, read_count: 1 } : { ack_count: 1 })
        .commit(),
    ]);
    // A cancelled transaction: acknowledged already (or read meanwhile; the caller reads again).
    return write.then(
      () => true,
      (error: unknown) => {
        if (lostRace(error)) return false;
        throw error;
      },
    );
  },

  /** The activity-log record of a broadcast (notify): nothing else is stored by it. */
  async logBroadcast(auditor: Auditor, audit: ActionRecord) {
    await auditedWrite(auditor, audit, () => []);
  },
};

export type MessageStore = typeof messageStore;
