import type { NotificationKind, NotificationParams } from '../../contracts/schemas/notifications.ts';
import { db } from '../platform/db/service.ts';
import { isConditionFailure } from '../platform/db/writes.ts';
import { validationFailed } from '../platform/http/errors.ts';

/** A notification as stored (functions/identity/entities.ts `notification`). */
export interface StoredNotification {
  user_id: string;
  notification_id: string;
  kind: NotificationKind;
  message: string;
  params: NotificationParams;
  link?: string;
  read: boolean;
  read_at?: string;
  created_at: string;
  ttl: number;
}

export interface NotificationQuery {
  cursor?: string;
  limit: number;
  read?: boolean;
  /** Inclusive bounds on the id (which starts with the creation instant). */
  fromId?: string;
  toId?: string;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * A cursor the table does not accept (garbled, or taken from another person's list: DynamoDB
 * refuses a start key outside the key condition) is the caller's mistake, not a server error.
 */
const asCursorError = (error: unknown): never => {
  const text = error instanceof Error ? `${error.name} ${error.message} ${String(error.cause ?? '')}` : '';
  if (/cursor|starting key|ExclusiveStartKey|ValidationException/i.test(text)) {
    throw validationFailed({ cursor: ['invalid_value'] });
  }
  throw error;
};

/** The notification reads and writes (ElectroDB); functions/identity/notifications-service.ts holds the rules. */
export const notificationsStore = {
  /** Creates it unless an item with this id exists; false for a duplicate (an at-least-once retry). */
  async create(item: StoredNotification): Promise<boolean> {
    try {
      await db().entities.notification.create(item).go({ response: 'none' });
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },

  async get(userId: string, notificationId: string): Promise<StoredNotification | null> {
    const { data } = await db()
      .entities.notification.get({ user_id: userId, notification_id: notificationId })
      .go();
    // DynamoDB removes expired items lazily: an expired one is gone for the person already.
    return data && data.ttl > nowSeconds() ? (data as StoredNotification) : null;
  },

  /** One page, newest first, expired ones left out. */
  async page(userId: string, query: NotificationQuery) {
    const { notification } = db().entities;
    const key = { user_id: userId };
    const base =
      query.fromId && query.toId
        ? notification.query
            .byPerson(key)
            .between({ notification_id: query.fromId }, { notification_id: query.toId })
        : query.fromId
          ? notification.query.byPerson(key).gte({ notification_id: query.fromId })
          : query.toId
            ? notification.query.byPerson(key).lte({ notification_id: query.toId })
            : notification.query.byPerson(key);
    const filtered = base.where(({ ttl, read }, { gt, eq }) =>
      query.read === undefined
        ? gt(ttl, nowSeconds())
        : `${gt(ttl, nowSeconds())} AND ${eq(read, query.read)}`,
    );
    try {
      const { data, cursor } = await filtered.go({
        cursor: query.cursor ?? null,
        limit: query.limit,
        order: 'desc',
      });
      return { items: data as StoredNotification[], cursor: cursor ?? null };
    } catch (error) {
      return asCursorError(error);
    }
  },

  /** How many unread notifications the person has (the bell). */
  async countUnread(userId: string): Promise<number> {
    const { data } = await db()
      .entities.notification.query.byPerson({ user_id: userId })
      .where(({ ttl, read }, { gt, eq }) => `${gt(ttl, nowSeconds())} AND ${eq(read, false)}`)
      .go({ pages: 'all', attributes: ['notification_id'] });
    return data.length;
  },

  /** Marks it read; null when there is no such notification (never creates one). */
  async markRead(userId: string, notificationId: string, at: string): Promise<StoredNotification | null> {
    try {
      const { data } = await db()
        .entities.notification.patch({ user_id: userId, notification_id: notificationId })
        .set({ read: true, read_at: at })
        .where(({ ttl }, { gt }) => gt(ttl, nowSeconds()))
        .go({ response: 'all_new' });
      return data as StoredNotification;
    } catch (error) {
      if (isConditionFailure(error)) return null;
      throw error;
    }
  },

  /** Deletes it; false when there was no such notification. */
  async remove(userId: string, notificationId: string): Promise<boolean> {
    try {
      await db()
        .entities.notification.delete({ user_id: userId, notification_id: notificationId })
        .where(({ notification_id }, { exists }) => exists(notification_id))
        .go({ response: 'none' });
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },
};

export type NotificationsStore = typeof notificationsStore;
