import type { notificationRoutes } from '../../contracts/routes/notifications.ts';
import type { OpsFor } from '../platform/http/router.ts';
import * as notifications from './notifications-service.ts';
import { notificationDeps as deps } from './notifications-service.ts';

/** The person's notifications (spec §7): always the caller's own; another person's id is a 404. */
export const notificationOps: OpsFor<typeof notificationRoutes> = {
  listNotifications: ({ actor, query }) => notifications.listNotifications(deps, actor, query),
  searchNotifications: ({ actor, body }) => notifications.searchNotifications(deps, actor, body),
  getNotification: ({ actor, params }) => notifications.getNotification(deps, actor, params.id),
  markNotificationRead: ({ actor, body }) => notifications.markNotificationRead(deps, actor, body.id),
  deleteNotification: ({ actor, params }) => notifications.deleteNotification(deps, actor, params.id),
};
