import { createHash, randomUUID } from 'node:crypto';
import type { Lang } from '../../contracts/langs.ts';
import type {
  ListNotificationsQuery,
  NotificationKind,
  NotificationOutput,
  NotificationParams,
  SearchNotificationsInput,
} from '../../contracts/schemas/notifications.ts';
import { publish, userTopic } from '../platform/events/push.ts';
import { notFound } from '../platform/http/errors.ts';
import {
  type NotificationsStore,
  notificationsStore,
  type StoredNotification,
} from './notifications-store.ts';
import { messageMatches } from './notifications-text.ts';

/** How long a notification is kept (read or not); DynamoDB's TTL removes it afterwards. */
export const NOTIFICATION_DAYS = 180;
const DEFAULT_PAGE = 20;
/** A text search reads at most this many pages per request, then hands back a cursor to go on. */
const MAX_ROUNDS = 10;

/** The person whose notifications these are: only their own, ever (the id comes from the actor). */
export interface NotificationOwner {
  userId: string;
  lang: Lang;
}

/** `2026-11-05T10:15:00.123Z` → `20261105T101500123Z`: sorts like the instant, safe in a URL and a key. */
export const compactInstant = (iso: string) => iso.replace(/[-:.]/g, '');

/**
 * A new notification's id: its creation instant and a random part. With a natural `key` (a job's
 * "medical expiry, 30 days, this person") the id is the day and a hash of the key instead, so a
 * retried job on the same day writes the same item and notifies once (STYLE §9).
 */
export function notificationIdFor(now: Date, key?: string): string {
  if (!key) return `${compactInstant(now.toISOString())}-${randomUUID().slice(0, 8)}`;
  const day = `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;
  return `${compactInstant(day)}-${createHash('sha256').update(key).digest('hex').slice(0, 12)}`;
}

/** Inclusive UTC day bounds of a search as id bounds (`~` sorts after every id character). */
export const idRangeOf = (from?: string, to?: string) => ({
  fromId: from ? compactInstant(`${from}T00:00:00.000Z`) : undefined,
  toId: to ? `${compactInstant(`${to}T23:59:59.999Z`)}~` : undefined,
});

export const notificationOutputOf = (item: StoredNotification): NotificationOutput => ({
  id: item.notification_id,
  kind: item.kind,
  message: item.message,
  params: { ...item.params },
  link: item.link ?? null,
  read: item.read,
  created_at: item.created_at,
  read_at: item.read_at ?? null,
});

export interface NotifyInput {
  kind: NotificationKind;
  /** The i18n key under `notifications:message.` (add it to all eight languages). */
  message_key: string;
  params?: NotificationParams;
  /** An in-app path, e.g. `/profile/pilot-info-edit/`. */
  link?: string;
  /** A natural key that makes a retry write (and push) nothing new the same day. */
  key?: string;
}

export interface NotifyDeps {
  store: NotificationsStore;
  publish: (topic: string, payload: unknown) => Promise<void>;
  now: () => Date;
}

const defaultDeps: NotifyDeps = { store: notificationsStore, publish, now: () => new Date() };

/**
 * Tells a person something (any area may call this): stores the notification under the person and
 * pushes it on their channel `user/<userId>/notifications`. The push is best effort; the stored
 * item is what the bell and the list show.
 */
export async function notify(
  userId: string,
  input: NotifyInput,
  deps: NotifyDeps = defaultDeps,
): Promise<NotificationOutput> {
  const now = deps.now();
  const item: StoredNotification = {
    user_id: userId,
    notification_id: notificationIdFor(now, input.key),
    kind: input.kind,
    message: input.message_key,
    params: input.params ?? {},
    ...(input.link && { link: input.link }),
    read: false,
    created_at: now.toISOString(),
    ttl: Math.floor(now.getTime() / 1000) + NOTIFICATION_DAYS * 24 * 3600,
  };
  const created = await deps.store.create(item);
  if (!created) {
    const existing = await deps.store.get(userId, item.notification_id);
    return notificationOutputOf(existing ?? item);
  }
  const output = notificationOutputOf(item);
  await deps.publish(userTopic(userId, 'notifications'), output);
  return output;
}

/** GET /api/profile/notifications: newest first, optionally only unread, with the unread count. */
export async function listNotifications(
  store: NotificationsStore,
  owner: NotificationOwner,
  query: ListNotificationsQuery,
) {
  const read = query.read === undefined ? undefined : query.read === 'true';
  const [page, unread] = await Promise.all([
    collect(store, owner, { cursor: query.cursor, limit: query.limit ?? DEFAULT_PAGE, read }),
    store.countUnread(owner.userId),
  ]);
  return { ...page, unread };
}

/** POST /api/profile/search-notifications: read state, days (UTC) and a text in the person's language. */
export async function searchNotifications(
  store: NotificationsStore,
  owner: NotificationOwner,
  input: SearchNotificationsInput,
) {
  return collect(store, owner, {
    cursor: input.cursor,
    limit: input.limit ?? DEFAULT_PAGE,
    read: input.read,
    ...idRangeOf(input.from, input.to),
    text: input.text,
  });
}

/**
 * Fills a page. Each round asks the table for exactly the items still missing, so the cursor it
 * returns never skips a match even when filters (read state, expiry, text) drop items.
 */
async function collect(
  store: NotificationsStore,
  owner: NotificationOwner,
  query: { cursor?: string; limit: number; read?: boolean; fromId?: string; toId?: string; text?: string },
) {
  const items: NotificationOutput[] = [];
  let cursor: string | null = query.cursor ?? null;
  for (let round = 0; round < MAX_ROUNDS && items.length < query.limit; round++) {
    const page = await store.page(owner.userId, {
      cursor: cursor ?? undefined,
      limit: query.limit - items.length,
      read: query.read,
      fromId: query.fromId,
      toId: query.toId,
    });
    for (const item of page.items) {
      if (!query.text || messageMatches(owner.lang, item, query.text)) items.push(notificationOutputOf(item));
    }
    cursor = page.cursor;
    if (!cursor) break;
  }
  return { items, cursor };
}

export async function getNotification(store: NotificationsStore, owner: NotificationOwner, id: string) {
  const item = await store.get(owner.userId, id);
  if (!item) throw notFound();
  return notificationOutputOf(item);
}

/** Spec §7 set-notification-read: only the person's own; another's id is simply not found. */
export async function markNotificationRead(store: NotificationsStore, owner: NotificationOwner, id: string) {
  const item = await store.markRead(owner.userId, id, new Date().toISOString());
  if (!item) throw notFound();
  return { id: item.notification_id };
}

export async function deleteNotification(store: NotificationsStore, owner: NotificationOwner, id: string) {
  if (!(await store.remove(owner.userId, id))) throw notFound();
  return { id };
}
