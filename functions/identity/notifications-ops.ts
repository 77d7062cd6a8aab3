import type { DomainOps } from '../platform/http/router.ts';
import * as notifications from './notifications-service.ts';
import { notificationsStore as store } from './notifications-store.ts';

type NotificationOps = Pick<
  DomainOps<'identity'>,
  | 'listNotifications'
  | 'searchNotifications'
  | 'getNotification'
  | 'markNotificationRead'
  | 'deleteNotification'
>;

/** The person's notifications (spec §7): always the caller's own; another person's id is a 404. */
export const notificationOps: NotificationOps = {
  listNotifications: ({ actor, query }) => notifications.listNotifications(store, actor, query),
  searchNotifications: ({ actor, body }) => notifications.searchNotifications(store, actor, body),
  getNotification: ({ actor, params }) => notifications.getNotification(store, actor, params.id),
  markNotificationRead: ({ actor, body }) => notifications.markNotificationRead(store, actor, body.id),
  deleteNotification: ({ actor, params }) => notifications.deleteNotification(store, actor, params.id),
};
