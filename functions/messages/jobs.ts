import { sendDueMessages } from './message-service.ts';

/**
 * Scheduled entries of the messages domain (contracts/schedules.ts `messages-scheduled`): every
 * five minutes the messages whose sending_at has come are sent, and an interrupted sending is
 * finished. Idempotent per message (message-service.ts sendDueMessages).
 */
type ScheduledEvent = { scheduleId: string; scheduledTime: string };

export const sendScheduledMessages = (event: ScheduledEvent) =>
  sendDueMessages(new Date(event.scheduledTime));
