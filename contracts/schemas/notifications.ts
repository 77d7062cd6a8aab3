import * as z from 'zod/mini';
import { isoDate, cursor as pageCursor, userText } from '../validation.ts';

/**
 * A person's notifications (spec §3 "Notification": id, message; spec §7 profile calls). The
 * message is stored as an i18n key with its values, never as rendered text, so each person reads it
 * in their own language: `t('notifications:message.<message>', params)`.
 */
export const NOTIFICATION_KINDS = [
  'welcome',
  'document_expiry',
  'medical_expiry',
  'licence_expiry',
  'rating_expiry',
  'message',
  'flight',
  'balance',
  'operating_day',
  'membership',
  'maintenance',
  'fault',
  'system',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Values interpolated into the message: names, dates (yyyy-mm-dd), counts. Never secrets. */
const notificationParams = z.record(z.string(), z.union([z.string(), z.number()]));
export type NotificationParams = z.infer<typeof notificationParams>;

export const notificationOutput = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The i18n key of the text under `notifications:message.`. */
  message: z.string(),
  params: notificationParams,
  /** An in-app path the notification points to (`/profile/pilot-info-edit/`), if any. */
  link: z.nullable(z.string()),
  read: z.boolean(),
  created_at: z.string(),
  read_at: z.nullable(z.string()),
});
export type NotificationOutput = z.infer<typeof notificationOutput>;

const cursor = z.optional(pageCursor);
/** Page size; query strings carry it as text. */
const pageSize = () => [z.int(), z.minimum(1), z.maximum(100)] as const;

/** GET /api/profile/notifications: newest first; `read=false` gives the unread ones (the bell). */
export const listNotificationsQuery = z.strictObject({
  cursor,
  limit: z.optional(z.coerce.number().check(...pageSize())),
  read: z.optional(z.enum(['true', 'false'])),
});
export type ListNotificationsQuery = z.infer<typeof listNotificationsQuery>;

export const notificationListOutput = z.object({
  items: z.array(notificationOutput),
  cursor: z.nullable(z.string()),
  /** Unread notifications in all (the bell's number). */
  unread: z.number(),
});

/** POST /api/profile/search-notifications: read state, a date range (inclusive days, UTC), a text. */
export const searchNotificationsInput = z
  .strictObject({
    read: z.optional(z.boolean()),
    from: z.optional(isoDate),
    to: z.optional(isoDate),
    text: z.optional(userText(100)),
    cursor,
    limit: z.optional(z.number().check(...pageSize())),
  })
  .check(
    z.refine((input) => !input.from || !input.to || input.from <= input.to, {
      error: 'invalid_value',
      path: ['to'],
    }),
  );
export type SearchNotificationsInput = z.infer<typeof searchNotificationsInput>;

export const notificationPageOutput = z.object({
  items: z.array(notificationOutput),
  cursor: z.nullable(z.string()),
});

const notificationId = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9-]+$/));

/** PATCH /api/profile/set-notification-read */
export const markNotificationReadInput = z.strictObject({ id: notificationId });

export const notificationIdOutput = z.object({ id: z.string() });
