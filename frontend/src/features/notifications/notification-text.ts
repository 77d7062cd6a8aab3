import type { TFunction } from 'i18next';
import type { NotificationOutput } from '../../../../contracts/schemas/notifications.ts';
import { formatDate } from '../../lib/format.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A notification in the reader's language: the stored key and values through i18next, calendar
 * dates shown as YYYY.MM.DD (spec §5). An unknown key shows the key rather than nothing.
 */
export const notificationText = (
  t: TFunction<'notifications'>,
  notification: Pick<NotificationOutput, 'message' | 'params'>,
) => {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(notification.params)) {
    values[name] = typeof value === 'string' && DATE.test(value) ? formatDate(value) : value;
  }
  // The message key the server stored with the notification.
  return dynamicT(t)(`message.${notification.message}`, { ...values, defaultValue: notification.message });
};
