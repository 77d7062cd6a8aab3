import type { RouteDef } from '../route-types.ts';
import * as notifications from '../schemas/notifications.ts';
import { entityId } from '../validation.ts';
import { signedIn } from './identity.ts';

/** Identity domain: the person's own notifications (spec §7), always the caller's. */
export const notificationRoutes = {
  listNotifications: {
    method: 'GET',
    path: '/api/profile/notifications',
    domain: 'identity',
    guard: signedIn,
    query: notifications.listNotificationsQuery,
    output: notifications.notificationListOutput,
  },
  searchNotifications: {
    method: 'POST',
    path: '/api/profile/search-notifications',
    domain: 'identity',
    guard: signedIn,
    body: notifications.searchNotificationsInput,
    output: notifications.notificationPageOutput,
  },
  getNotification: {
    method: 'GET',
    path: '/api/profile/notification/{id}',
    params: { id: entityId },
    domain: 'identity',
    guard: signedIn,
    output: notifications.notificationOutput,
  },
  markNotificationRead: {
    method: 'PATCH',
    path: '/api/profile/set-notification-read',
    domain: 'identity',
    guard: signedIn,
    body: notifications.markNotificationReadInput,
    output: notifications.notificationIdOutput,
  },
  deleteNotification: {
    method: 'DELETE',
    path: '/api/profile/notification/{id}',
    params: { id: entityId },
    domain: 'identity',
    guard: signedIn,
    output: notifications.notificationIdOutput,
  },
} as const satisfies Record<string, RouteDef>;
