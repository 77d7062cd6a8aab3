import type { NotificationKind, NotificationParams } from '../../contracts/schemas/notifications.ts';
import { db } from '../platform/db/service.ts';
import { writtenIf } from '../platform/db/writes.ts';

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

interface NotificationQuery {
  cursor?: string;
  limit: number;
  read?: boolean;
  /** Inclusive bounds on the id (which starts with the creation instant). */
  fromId?: string;
  toId?: string;
  /** Expired items are left out (DynamoDB deletes them lazily). */
  nowSeconds: number;
}

/** The notification reads and writes (ElectroDB); functions/identity/notifications-service.ts holds the rules. */
export const notificationsStore = {
  /** Creates it unless an item with this id exists; false for a duplicate (an at-least-once retry). */
  create(item: StoredNotification): Promise<boolean> {
    return writtenIf(() => db().entities.notification.create(item).go({ response: 'none' }));
  },

  async get(userId: string, notificationId: string, nowSeconds: number): Promise<StoredNotification | null> {
    const { data } = await db()
      .entities.notification.get({ user_id: userId, notification_id: notificationId })
      .go();
    // DynamoDB removes expired items lazily: an expired one is gone for the person already.
    return data && data.ttl > nowSeconds ? (data as StoredNotification) : null;
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
        ? gt(ttl, query.nowSeconds)
        : `${gt(ttl, query.nowSeconds)} AND ${eq(read, query.read)}`,
    );
    const { data, cursor } = await filtered.go({
      cursor: query.cursor ?? null,
      limit: query.limit,
      order: 'desc',
    });
    return { items: data as StoredNotification[], cursor: cursor ?? null };
  },

  /** How many unread notifications the person has (the bell). */
  async countUnread(userId: string, nowSeconds: number): Promise<number> {
    const { data } = await db()
      .entities.notification.query.byPerson({ user_id: userId })
      .where(({ ttl, read }, { gt, eq }) => `${gt(ttl, nowSeconds)} AND ${eq(read, false)}`)
      .go({ pages: 'all', attributes: ['notification_id'] });
    return data.length;
  },

  /** Marks it read; null when there is no such notification (never creates one). */
  async markRead(
    userId: string,
    notificationId: string,
    at: string,
    nowSeconds: number,
  ): Promise<StoredNotification | null> {
    let item: StoredNotification | null = null;
    const written = await writtenIf(async () => {
      const { data } = await db()
        .entities.notification.patch({ user_id: userId, notification_id: notificationId })
        .set({ read: true, read_at: at })
        .where(({ ttl }, { gt }) => gt(ttl, nowSeconds))
        .go({ response: 'all_new' });
      item = data as StoredNotification;
    });
    return written ? item : null;
  },

  /** Deletes it; false when there was no such notification. */
  remove(userId: string, notificationId: string): Promise<boolean> {
    return writtenIf(() =>
      db()
        .entities.notification.delete({ user_id: userId, notification_id: notificationId })
        .where(({ notification_id }, { exists }) => exists(notification_id))
        .go({ response: 'none' }),
    );
  },
};

export type NotificationsStore = typeof notificationsStore;
