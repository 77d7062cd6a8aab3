import type { Guard, RouteDef } from '../route-types.ts';
import * as messages from '../schemas/messages.ts';
import { entityId } from '../validation.ts';

/**
 * Messages domain (spec §2 messages (message-list), message/{edit_type}/{id?} (message-edit), module
 * message-center; notify (role admin)). A sent message is read-only: edits, deletion and a second
 * send answer 409 `not_editable`.
 */
const readers: Guard = { auth: 'user', permission: 'message-list', module: 'message-center' };
const writers: Guard = { auth: 'user', permission: 'message-edit', module: 'message-center' };
const oneMessage = { id: entityId };

export const messageRoutes = {
  /** The organization's messages (drafts, scheduled, sent), newest first. */
  listMessages: {
    method: 'GET',
    path: '/api/messages',
    domain: 'messages',
    guard: writers,
    query: messages.listMessagesQuery,
    output: messages.messageListOutput,
  },
  /** A draft; recipients are resolved when it is sent. */
  createMessage: {
    method: 'POST',
    path: '/api/messages',
    domain: 'messages',
    guard: writers,
    body: messages.createMessageInput,
    output: messages.messageOutput,
  },
  getMessage: {
    method: 'GET',
    path: '/api/messages/{id}',
    params: oneMessage,
    domain: 'messages',
    guard: writers,
    output: messages.messageOutput,
  },
  updateMessage: {
    method: 'PATCH',
    path: '/api/messages/{id}',
    params: oneMessage,
    domain: 'messages',
    guard: writers,
    body: messages.updateMessageInput,
    output: messages.messageOutput,
  },
  deleteMessage: {
    method: 'DELETE',
    path: '/api/messages/{id}',
    params: oneMessage,
    domain: 'messages',
    guard: writers,
    output: messages.noContent,
  },
  /** Now, or at its sending_at (scheduled): the recipients, push, e-mail and dashboard follow. */
  sendMessage: {
    method: 'POST',
    path: '/api/messages/{id}/send',
    params: oneMessage,
    domain: 'messages',
    guard: writers,
    body: messages.messageVersionInput,
    output: messages.messageOutput,
  },
  /** A scheduled message back to a draft, before its time comes. */
  unscheduleMessage: {
    method: 'POST',
    path: '/api/messages/{id}/unschedule',
    params: oneMessage,
    domain: 'messages',
    guard: writers,
    body: messages.messageVersionInput,
    output: messages.messageOutput,
  },
  /** Who got it, who read it and who acknowledged it. */
  listMessageRecipients: {
    method: 'GET',
    path: '/api/messages/{id}/recipients',
    params: oneMessage,
    domain: 'messages',
    guard: writers,
    query: messages.listRecipientsQuery,
    output: messages.recipientListOutput,
  },
  /** The message center: what the caller received in their current organization. */
  listInbox: {
    method: 'GET',
    path: '/api/message-center',
    domain: 'messages',
    guard: readers,
    query: messages.inboxQuery,
    output: messages.inboxOutput,
  },
  getReceivedMessage: {
    method: 'GET',
    path: '/api/message-center/{id}',
    params: oneMessage,
    domain: 'messages',
    guard: readers,
    output: messages.receivedMessageOutput,
  },
  markMessageRead: {
    method: 'POST',
    path: '/api/message-center/{id}/read',
    params: oneMessage,
    domain: 'messages',
    guard: readers,
    output: messages.receivedMessageOutput,
  },
  /** "I have read it", on a message that asks for it; the sender sees it in the recipients list. */
  acknowledgeMessage: {
    method: 'POST',
    path: '/api/message-center/{id}/acknowledge',
    params: oneMessage,
    domain: 'messages',
    guard: readers,
    output: messages.receivedMessageOutput,
  },
  /** Spec §2 notify: an admin's broadcast of a notification to members, pushed at once. */
  broadcastNotification: {
    method: 'POST',
    path: '/api/notify',
    domain: 'messages',
    guard: { auth: 'user', roles: ['admin'] },
    body: messages.broadcastInput,
    output: messages.broadcastOutput,
  },
} as const satisfies Record<string, RouteDef>;
