import * as z from 'zod/mini';
import {
  entityId,
  isoInstant,
  cursor as pageCursor,
  userText,
  version as versionNumber,
} from '../validation.ts';

/**
 * Messages and the message center (spec §2 messages, message/{edit_type}/{id?}; §3 Message:
 * subject, send_mail, send_notification, show_dashboard, sending_at; §4 "once sent it cannot be
 * edited or withdrawn"), and an admin's broadcast of a notification (spec §2 notify).
 */

/** A message's life: written, waiting for its sending_at, being delivered, delivered. */
export const MESSAGE_STATUSES = ['draft', 'scheduled', 'sending', 'sent'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Who gets it: every active member, the holders of some roles, or chosen members. */
export const RECIPIENT_KINDS = ['everyone', 'roles', 'members'] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];

export const MAX_CHOSEN_MEMBERS = 500;
export const MAX_CHOSEN_ROLES = 50;
export const MAX_SUBJECT = 200;
export const MAX_BODY = 10_000;

const cursor = z.optional(pageCursor);
const limit = z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)));
const version = versionNumber.check(z.minimum(1));
const flag = z.enum(['true', 'false']);

const recipientFields = {
  recipient_kind: z.enum(RECIPIENT_KINDS),
  role_ids: z.array(entityId).check(z.maxLength(MAX_CHOSEN_ROLES)),
  user_ids: z.array(entityId).check(z.maxLength(MAX_CHOSEN_MEMBERS)),
};

type Recipients = { recipient_kind: RecipientKind; role_ids: string[]; user_ids: string[] };

/** Roles chosen for `roles`, members for `members`: an empty choice reaches nobody. */
const recipientsChosen = <T extends Recipients>() => [
  z.refine<T>((input) => input.recipient_kind !== 'roles' || input.role_ids.length > 0, {
    error: 'field_required',
    path: ['role_ids'],
  }),
  z.refine<T>((input) => input.recipient_kind !== 'members' || input.user_ids.length > 0, {
    error: 'field_required',
    path: ['user_ids'],
  }),
];

const messageFields = {
  subject: userText(MAX_SUBJECT, { min: 1 }),
  body: userText(MAX_BODY, { min: 1, multiline: true }),
  ...recipientFields,
  send_mail: z.boolean(),
  send_notification: z.boolean(),
  show_dashboard: z.boolean(),
  /** Beyond the spec: recipients confirm "I have read it", and the sender sees who has (safety notices). */
  require_ack: z.boolean(),
  /** Scheduled sending: sent by the job at this instant; absent or past: sent when the sender says so. */
  sending_at: z.optional(z.nullable(isoInstant)),
};

export const createMessageInput = z.strictObject(messageFields).check(...recipientsChosen());
export type CreateMessageInput = z.infer<typeof createMessageInput>;

export const updateMessageInput = z.strictObject({ ...messageFields, version }).check(...recipientsChosen());
export type UpdateMessageInput = z.infer<typeof updateMessageInput>;

export const messageVersionInput = z.strictObject({ version });
export type MessageVersionInput = z.infer<typeof messageVersionInput>;

export const listMessagesQuery = z.strictObject({
  cursor,
  limit,
  status: z.optional(z.enum(MESSAGE_STATUSES)),
});
export type ListMessagesQuery = z.infer<typeof listMessagesQuery>;

export const messageOutput = z.object({
  message_id: z.string(),
  subject: z.string(),
  body: z.string(),
  recipient_kind: z.enum(RECIPIENT_KINDS),
  role_ids: z.array(z.string()),
  user_ids: z.array(z.string()),
  send_mail: z.boolean(),
  send_notification: z.boolean(),
  show_dashboard: z.boolean(),
  require_ack: z.boolean(),
  sending_at: z.nullable(z.string()),
  status: z.enum(MESSAGE_STATUSES),
  sent_at: z.nullable(z.string()),
  author_name: z.string(),
  /** Who sent it (said "send", or scheduled it), once it is on its way. */
  sent_by_name: z.nullable(z.string()),
  recipient_count: z.number(),
  read_count: z.number(),
  ack_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number(),
  /** Spec §4: nothing of these once it is sent (or being sent). */
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_send: z.boolean(),
  can_unschedule: z.boolean(),
});
export type MessageOutput = z.infer<typeof messageOutput>;

export const messageListOutput = z.object({ items: z.array(messageOutput), cursor: z.nullable(z.string()) });

export const listRecipientsQuery = z.strictObject({ cursor, limit, acknowledged: z.optional(flag) });
export type ListRecipientsQuery = z.infer<typeof listRecipientsQuery>;

export const recipientOutput = z.object({
  user_id: z.string(),
  name: z.string(),
  read_at: z.nullable(z.string()),
  acknowledged_at: z.nullable(z.string()),
  notified: z.boolean(),
  mailed: z.boolean(),
});
export type RecipientOutput = z.infer<typeof recipientOutput>;

export const recipientListOutput = z.object({
  items: z.array(recipientOutput),
  cursor: z.nullable(z.string()),
});

/** The message center: what the caller received in their current organization, newest first. */
export const inboxQuery = z.strictObject({
  cursor,
  limit,
  unread: z.optional(flag),
  /** Only the ones shown on the dashboard, or still waiting for the caller's acknowledgement. */
  dashboard: z.optional(flag),
  unacknowledged: z.optional(flag),
});
export type InboxQuery = z.infer<typeof inboxQuery>;

export const receivedMessageOutput = z.object({
  message_id: z.string(),
  subject: z.string(),
  body: z.string(),
  sender_name: z.string(),
  organization_name: z.string(),
  sent_at: z.string(),
  show_dashboard: z.boolean(),
  require_ack: z.boolean(),
  read_at: z.nullable(z.string()),
  acknowledged_at: z.nullable(z.string()),
});
export type ReceivedMessageOutput = z.infer<typeof receivedMessageOutput>;

export const inboxOutput = z.object({
  items: z.array(receivedMessageOutput),
  cursor: z.nullable(z.string()),
  /** The caller may write messages (message-edit): the screen offers the sent messages too. */
  can_compose: z.boolean(),
});
export type InboxOutput = z.infer<typeof inboxOutput>;

/** Spec §2 notify (role admin): one notification to members, now. */
export const broadcastInput = z
  .strictObject({
    /** Made by the browser once per broadcast: a retried request tells nobody twice. */
    broadcast_id: entityId,
    text: userText(500, { min: 1, multiline: true }),
    ...recipientFields,
  })
  .check(...recipientsChosen());
export type BroadcastInput = z.infer<typeof broadcastInput>;

export const broadcastOutput = z.object({ recipients: z.number() });

export const noContent = z.null();
