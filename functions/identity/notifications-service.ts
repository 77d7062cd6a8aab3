import { createHash, randomUUID } from 'node:crypto';
import type { Lang } from '../../contracts/langs.ts';
import type {
  ListNotificationsQuery,
  NotificationKind,
  NotificationOutput,
  NotificationParams,
  SearchNotificationsInput,
} from '../../contracts/schemas/notifications.ts';
import { fillPage } from '../platform/db/pages.ts';
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

/** The person whose notifications these are: only their own, ever (the id comes from the actor). */
interface NotificationOwner {
  userId: string;
  lang: Lang;
}

/** `2026-11-05T10:15:00.123Z` → `20261105T101500123Z`: sorts like the instant, safe in a URL and a key. */
export const compactInstant = (iso: string) => iso.replace(/[-:.]/g, '');

/**
 * A new notification's id: its creation instant and a random part. With a natural `key` (a job's
 * "medical expiry, 30 days, this person") the id is the day and a hash of the key instead, so a
 * retried job on the same day writes the same item and notifies once (docs/ARCHITECTURE.md "Events").
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

const notificationOutputOf = (item: StoredNotification): NotificationOutput => ({
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

interface NotificationDeps {
  store: NotificationsStore;
  publish: (topic: string, payload: unknown) => Promise<void>;
  now: () => Date;
}

export const notificationDeps: NotificationDeps = {
  store: notificationsStore,
  publish: (topic, payload) => publish(topic, payload),
  now: () => new Date(),
};

/** Tells a person something: `tell` with the default deps (any domain calls it, through public.ts). */
export const notify = (userId: string, input: NotifyInput) => tell(notificationDeps, userId, input);

/**
 * Tells a person something: stores the notification under the person and
 * pushes it on their channel `user/<userId>/notifications`. The push is best effort; the stored
 * item is what the bell and the list show.
 */
export async function tell(
  deps: NotificationDeps,
  userId: string,
  input: NotifyInput,
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
    const existing = await deps.store.get(userId, item.notification_id, Math.floor(now.getTime() / 1000));
    return notificationOutputOf(existing ?? item);
  }
  const output = notificationOutputOf(item);
  await deps.publish(userTopic(userId, 'notifications'), output);
  return output;
}

/** GET /api/profile/notifications: newest first, optionally only unread, with the unread count. */
export async function listNotifications(
  deps: NotificationDeps,
  owner: NotificationOwner,
  query: ListNotificationsQuery,
) {
  const read = query.read === undefined ? undefined : query.read === 'true';
  const [page, unread] = await Promise.all([
    collect(deps, owner, { cursor: query.cursor, limit: query.limit ?? DEFAULT_PAGE, read }),
    deps.store.countUnread(owner.userId, Math.floor(deps.now().getTime() / 1000)),
  ]);
  return { ...page, unread };
}

/** POST /api/profile/search-notifications: read state, days (UTC) and a text in the person's language. */
export async function searchNotifications(
  deps: NotificationDeps,
  owner: NotificationOwner,
  input: SearchNotificationsInput,
) {
  return collect(deps, owner, {
    cursor: input.cursor,
    limit: input.limit ?? DEFAULT_PAGE,
    read: input.read,
    ...idRangeOf(input.from, input.to),
    text: input.text,
  });
}

/**
 * Fills a page (functions/platform/db/pages.ts): the text is matched here, on what the person reads,
 * so a round may keep fewer items than it read; the cursor still resumes after the last one read.
 */
async function collect(
  deps: NotificationDeps,
  owner: NotificationOwner,
  query: { cursor?: string; limit: number; read?: boolean; fromId?: string; toId?: string; text?: string },
) {
  const nowSeconds = Math.floor(deps.now().getTime() / 1000);
  const page = await fillPage(async (cursor, limit) => {
    const read = await deps.store.page(owner.userId, {
      cursor,
      limit,
      read: query.read,
      fromId: query.fromId,
      toId: query.toId,
      nowSeconds,
    });
    return {
      data: read.items.filter((item) => !query.text || messageMatches(owner.lang, item, query.text)),
      cursor: read.cursor,
    };
  }, query);
  return { items: page.items.map(notificationOutputOf), cursor: page.cursor };
}

export async function getNotification(deps: NotificationDeps, owner: NotificationOwner, id: string) {
  const item = await deps.store.get(owner.userId, id, Math.floor(deps.now().getTime() / 1000));
  if (!item) throw notFound();
  return notificationOutputOf(item);
}

/** Spec §7 set-notification-read: only the person's own; another's id is simply not found. */
export async function markNotificationRead(deps: NotificationDeps, owner: NotificationOwner, id: string) {
  const now = deps.now();
  const item = await deps.store.markRead(
    owner.userId,
    id,
    now.toISOString(),
    Math.floor(now.getTime() / 1000),
  );
  if (!item) throw notFound();
  return { id: item.notification_id };
}

export async function deleteNotification(deps: NotificationDeps, owner: NotificationOwner, id: string) {
  if (!(await deps.store.remove(owner.userId, id))) throw notFound();
  return { id };
}
