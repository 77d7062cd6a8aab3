import type { DomainOps } from '../platform/http/router.ts';
import * as messages from './message-service.ts';

/** HTTP adaptor of the messages domain: one line per operation, the rules are in message-service.ts. */
export const ops: DomainOps<'messages'> = {
  listMessages: ({ actor, query }) => messages.listMessages(actor, query),
  createMessage: ({ actor, body }) => messages.createMessage(actor, body),
  getMessage: ({ actor, params }) => messages.getMessage(actor, params.id),
  updateMessage: ({ actor, params, body }) => messages.updateMessage(actor, params.id, body),
  deleteMessage: ({ actor, params }) => messages.deleteMessage(actor, params.id),
  sendMessage: ({ actor, params, body }) => messages.sendMessage(actor, params.id, body),
  unscheduleMessage: ({ actor, params, body }) => messages.unscheduleMessage(actor, params.id, body),
  listMessageRecipients: ({ actor, params, query }) =>
    messages.listMessageRecipients(actor, params.id, query),
  listInbox: ({ actor, query }) => messages.listInbox(actor, query),
  getReceivedMessage: ({ actor, params }) => messages.getReceivedMessage(actor, params.id),
  markMessageRead: ({ actor, params }) => messages.markMessageRead(actor, params.id),
  acknowledgeMessage: ({ actor, params }) => messages.acknowledgeMessage(actor, params.id),
  broadcastNotification: ({ actor, body }) => messages.broadcastNotification(actor, body),
};
