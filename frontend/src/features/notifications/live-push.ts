import { type NotificationOutput, notificationOutput } from '../../../../contracts/schemas/notifications.ts';
import { watchTopics } from '../../lib/live-topics.ts';

export { connectTarget } from '../../lib/live-topics.ts';

/**
 * The person's own live channels (spec §7): notifications and the refresh channel. This module
 * (and the MQTT connection with it) loads only after sign-in.
 */
interface LivePushHandlers {
  onNotification(notification: NotificationOutput): void;
  /** The refresh channel: reload the profile (roles, organization, modules changed). */
  onRefresh(): void;
}

export function startLivePush(userId: string, handlers: LivePushHandlers): () => void {
  const topics = { notifications: `user/${userId}/notifications`, refresh: `user/${userId}/refresh` };
  let dropped = false;
  return watchTopics(userId, [topics.notifications, topics.refresh], {
    onMessage(topic, payload) {
      if (topic === topics.refresh) return handlers.onRefresh();
      // Not JSON, or not a notification: nothing a person could read.
      const parsed = notificationOutput.safeParse(payload);
      if (parsed.success) handlers.onNotification(parsed.data);
    },
    // Back after a drop (a revocation ends the connection in the cloud, right after its refresh
    // signal): the profile may have changed meanwhile, so read it again.
    onState(connected) {
      if (connected && dropped) handlers.onRefresh();
      dropped = !connected;
    },
  });
}
