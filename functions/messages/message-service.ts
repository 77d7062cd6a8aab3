import { timeOrderedId } from '../../contracts/ids.ts';
import type {
  BroadcastInput,
  CreateMessageInput,
  InboxOutput,
  InboxQuery,
  ListMessagesQuery,
  ListRecipientsQuery,
  MessageOutput,
  MessageStatus,
  MessageVersionInput,
  ReceivedMessageOutput,
  RecipientKind,
  UpdateMessageInput,
} from '../../contracts/schemas/messages.ts';
import { type NotifyInput, notify } from '../identity/public.ts';
import * as organizations from '../organizations/public.ts';
import type { ActionRecord } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { conflict, domainError, notFound, validationFailed } from '../platform/http/errors.ts';
import { logger } from '../platform/log/logger.ts';
import { mailPerson } from '../platform/mail/mail-person.ts';
import { NO_TIME } from './entities.ts';
import { type MessageStore, messageStore, type StoredDelivery, type StoredMessage } from './message-store.ts';

/**
 * Messages and the message center (spec §2, §3 Message, §4 "once sent it cannot be edited or
 * withdrawn"; issue 17 §3). A message is written as a draft, then sent now or scheduled for its
 * sending_at; sending fixes the recipients (the organization's members active at that moment: all,
 * the holders of chosen roles, or chosen members), gives each a copy in their message center, and
 * pushes (send_notification) and mails (send_mail) it by the person's own choices. From `sending`
 * on, nothing about it changes but who read and acknowledged it.
 */

export interface MessageDeps {
  store: MessageStore;
  organizations: Pick<typeof organizations, 'activeMembers' | 'organizationRoles' | 'organizationSettings'>;
  notify: (userId: string, input: NotifyInput) => Promise<unknown>;
  mail: typeof mailPerson;
  now: () => Date;
}

export const defaultDeps: MessageDeps = {
  store: messageStore,
  organizations,
  // Called through, not captured: identity's public module sits in an import cycle with organizations'.
  notify: (...args) => notify(...args),
  mail: mailPerson,
  now: () => new Date(),
};

type MessageActor = Pick<
  Actor,
  'userId' | 'userName' | 'lang' | 'organizationId' | 'organization' | 'actingSupervisorId' | 'permissions'
>;

const DEFAULT_PAGE = 25;
/** Deliveries written (and pushed, mailed) at once: enough to be quick, few enough for DynamoDB and SES. */
const PARALLEL = 8;
/** A sending nobody finished for this long was interrupted: the job finishes it. */
export const STALE_SENDING_MS = 2 * 60 * 1000;

const organizationOf = (actor: MessageActor) => {
  // The route guard requires the message-center module, so there is a current organization.
  if (!actor.organizationId || !actor.organization) throw notFound();
  return actor.organizationId;
};

const editable = (status: MessageStatus) => status === 'draft' || status === 'scheduled';

export function messageView(m: StoredMessage): MessageOutput {
  return {
    message_id: m.message_id,
    subject: m.subject,
    body: m.body,
    recipient_kind: m.recipient_kind,
    role_ids: [...m.role_ids],
    user_ids: [...m.user_ids],
    send_mail: m.send_mail,
    send_notification: m.send_notification,
    show_dashboard: m.show_dashboard,
    require_ack: m.require_ack,
    sending_at: m.sending_at ?? null,
    status: m.status,
    sent_at: m.sent_at ?? null,
    author_name: m.author_name,
    sent_by_name: m.sent_by_name ?? null,
    recipient_count: m.recipient_count,
    read_count: m.read_count,
    ack_count: m.ack_count,
    created_at: m.created_at,
    updated_at: m.updated_at,
    version: m.version,
    can_edit: editable(m.status),
    can_delete: editable(m.status),
    can_send: editable(m.status),
    can_unschedule: m.status === 'scheduled',
  };
}

export const receivedView = (d: StoredDelivery): ReceivedMessageOutput => ({
  message_id: d.message_id,
  subject: d.subject,
  body: d.body,
  sender_name: d.sender_name,
  organization_name: d.organization_name,
  sent_at: d.sent_at,
  show_dashboard: d.show_dashboard,
  require_ack: d.require_ack,
  read_at: d.read_at ?? null,
  acknowledged_at: d.acknowledged_at ?? null,
});

interface Recipients {
  recipient_kind: RecipientKind;
  role_ids: string[];
  user_ids: string[];
}

/** Chosen roles must be the organization's, chosen members its active members: 422 otherwise. */
async function checkRecipients(organizationId: string, input: Recipients, deps: MessageDeps) {
  const errors: Record<string, string[]> = {};
  if (input.recipient_kind === 'roles') {
    const roles = new Set((await deps.organizations.organizationRoles(organizationId)).map((r) => r.role_id));
    if (input.role_ids.some((id) => !roles.has(id))) errors.role_ids = ['invalid_value'];
  }
  if (input.recipient_kind === 'members') {
    const members = new Set((await deps.organizations.activeMembers(organizationId)).map((m) => m.user_id));
    if (input.user_ids.some((id) => !members.has(id))) errors.user_ids = ['invalid_value'];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/** Who gets it, as of now: active members only (an invited, suspended or removed person gets nothing). */
export function recipientsOf(members: readonly organizations.ActiveMember[], choice: Recipients) {
  if (choice.recipient_kind === 'everyone') return [...members];
  if (choice.recipient_kind === 'roles') {
    const chosen = new Set(choice.role_ids);
    return members.filter((m) => m.role_ids.some((id) => chosen.has(id)));
  }
  const chosen = new Set(choice.user_ids);
  return members.filter((m) => chosen.has(m.user_id));
}

const checkSendingAt = (sendingAt: string | null | undefined, now: Date) => {
  if (sendingAt && Date.parse(sendingAt) <= now.getTime())
    throw validationFailed({ sending_at: ['too_small'] });
};

const fieldsOf = (input: CreateMessageInput) => ({
  subject: input.subject,
  body: input.body,
  recipient_kind: input.recipient_kind,
  // Only the choice that applies is kept: a roles message has no stale member list.
  role_ids: input.recipient_kind === 'roles' ? [...new Set(input.role_ids)] : [],
  user_ids: input.recipient_kind === 'members' ? [...new Set(input.user_ids)] : [],
  send_mail: input.send_mail,
  send_notification: input.send_notification,
  show_dashboard: input.show_dashboard,
  require_ack: input.require_ack,
  sending_at: input.sending_at ?? undefined,
});

const audit = (action: ActionRecord['action'], m: StoredMessage, details = {}): ActionRecord => ({
  action,
  target_type: 'message',
  target_id: m.message_id,
  details: { recipient_kind: m.recipient_kind, ...details },
});

async function existing(organizationId: string, messageId: string, deps: MessageDeps) {
  const found = await deps.store.get(organizationId, messageId);
  if (!found) throw notFound();
  return found;
}

/** Spec §4: a message on its way or sent is not editable (409 `not_editable`, "Not editable."). */
const stillEditable = (m: StoredMessage) => {
  if (!editable(m.status)) throw domainError('not_editable');
};

// ---- the organization's messages ----------------------------------------------------------------

export async function listMessages(
  actor: MessageActor,
  query: ListMessagesQuery,
  deps: MessageDeps = defaultDeps,
) {
  const page = await deps.store.page(organizationOf(actor), {
    cursor: query.cursor,
    limit: query.limit ?? DEFAULT_PAGE,
    status: query.status,
  });
  return { items: page.items.map(messageView), cursor: page.cursor };
}

export async function getMessage(actor: MessageActor, messageId: string, deps: MessageDeps = defaultDeps) {
  return messageView(await existing(organizationOf(actor), messageId, deps));
}

export async function createMessage(
  actor: MessageActor,
  input: CreateMessageInput,
  deps: MessageDeps = defaultDeps,
) {
  const organizationId = organizationOf(actor);
  const now = deps.now();
  checkSendingAt(input.sending_at, now);
  await checkRecipients(organizationId, input, deps);
  const item: StoredMessage = {
    organization_id: organizationId,
    message_id: timeOrderedId(now.getTime()),
    ...fieldsOf(input),
    status: 'draft',
    due_at: NO_TIME,
    author_id: actor.userId,
    author_name: actor.userName,
    recipient_ids: [],
    recipient_count: 0,
    read_count: 0,
    ack_count: 0,
    version: 1,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await deps.store.put(actor, item, { from: [] }, audit('message.create', item));
  return messageView(item);
}

export async function updateMessage(
  actor: MessageActor,
  messageId: string,
  input: UpdateMessageInput,
  deps: MessageDeps = defaultDeps,
) {
  const organizationId = organizationOf(actor);
  const current = await existing(organizationId, messageId, deps);
  stillEditable(current);
  if (current.version !== input.version) throw conflict();
  checkSendingAt(input.sending_at, deps.now());
  await checkRecipients(organizationId, input, deps);
  const fields = fieldsOf(input);
  // A scheduled message keeps its place in the queue at its (possibly new) time; without a time it is a draft again.
  const scheduled = current.status === 'scheduled' && fields.sending_at;
  const next: StoredMessage = {
    ...current,
    ...fields,
    status: scheduled ? 'scheduled' : 'draft',
    due_at: scheduled ? fields.sending_at! : NO_TIME,
    version: current.version + 1,
  };
  if (!fields.sending_at) delete next.sending_at;
  await deps.store.put(
    actor,
    next,
    { expected: input.version, from: ['draft', 'scheduled'] },
    audit('message.update', next),
  );
  return messageView(next);
}

export async function deleteMessage(actor: MessageActor, messageId: string, deps: MessageDeps = defaultDeps) {
  const current = await existing(organizationOf(actor), messageId, deps);
  stillEditable(current);
  await deps.store.remove(actor, current, current.version, audit('message.delete', current));
  return null;
}

/** A scheduled message back to a draft (before its time comes). */
export async function unscheduleMessage(
  actor: MessageActor,
  messageId: string,
  input: MessageVersionInput,
  deps: MessageDeps = defaultDeps,
) {
  const current = await existing(organizationOf(actor), messageId, deps);
  if (current.status !== 'scheduled')
    throw domainError(editable(current.status) ? 'conflict' : 'not_editable');
  if (current.version !== input.version) throw conflict();
  const next: StoredMessage = { ...current, status: 'draft', due_at: NO_TIME, version: current.version + 1 };
  delete next.sent_by;
  delete next.sent_by_name;
  await deps.store.put(
    actor,
    next,
    { expected: input.version, from: ['scheduled'] },
    audit('message.unschedule', next),
  );
  return messageView(next);
}

/**
 * Send: with a sending_at still ahead the message is scheduled (the job sends it then); otherwise
 * the recipients are fixed and it is delivered now. A second send, or a send of a sent message,
 * answers 409 `not_editable`: a message goes out once.
 */
export async function sendMessage(
  actor: MessageActor,
  messageId: string,
  input: MessageVersionInput,
  deps: MessageDeps = defaultDeps,
) {
  const organizationId = organizationOf(actor);
  const current = await existing(organizationId, messageId, deps);
  stillEditable(current);
  if (current.version !== input.version) throw conflict();
  const now = deps.now();
  const sender = { sent_by: actor.userId, sent_by_name: actor.userName };
  if (current.sending_at && Date.parse(current.sending_at) > now.getTime()) {
    const next: StoredMessage = {
      ...current,
      ...sender,
      status: 'scheduled',
      due_at: current.sending_at,
      version: current.version + 1,
    };
    await deps.store.put(
      actor,
      next,
      { expected: input.version, from: ['draft', 'scheduled'] },
      audit('message.schedule', next, { sending_at: current.sending_at }),
    );
    return messageView(next);
  }
  const sending = await startSending(actor, { ...current, ...sender }, input.version, now, deps);
  return messageView(await deliver(sending, deps));
}

/** Fixes the recipients and moves the message to `sending` (out of every editor's reach), on its version. */
async function startSending(
  auditor: Pick<Actor, 'userId' | 'organizationId' | 'actingSupervisorId'>,
  m: StoredMessage,
  expected: number,
  now: Date,
  deps: MessageDeps,
) {
  const members = await deps.organizations.activeMembers(m.organization_id);
  const recipients = recipientsOf(members, m);
  const next: StoredMessage = {
    ...m,
    status: 'sending',
    due_at: now.toISOString(),
    sent_at: now.toISOString(),
    recipient_ids: recipients.map((r) => r.user_id),
    recipient_count: recipients.length,
    version: m.version + 1,
  };
  await deps.store.put(
    { ...auditor, organizationId: m.organization_id },
    next,
    { expected, from: ['draft', 'scheduled'] },
    audit('message.send', next, { recipients: recipients.length }),
  );
  return next;
}

async function inBatches<T>(items: readonly T[], size: number, run: (item: T) => Promise<void>) {
  for (let start = 0; start < items.length; start += size)
    await Promise.all(items.slice(start, start + size).map(run));
}

/**
 * Delivers a message in `sending`: each recipient's copy once (its key is the person and the
 * message), then the push and the e-mail, each claimed on the copy so a resumed sending does not
 * repeat them; then the message is `sent`. Safe to run again, and twice at once.
 */
export async function deliver(m: StoredMessage, deps: MessageDeps): Promise<StoredMessage> {
  const [members, settings] = await Promise.all([
    deps.organizations.activeMembers(m.organization_id),
    deps.organizations.organizationSettings(m.organization_id),
  ]);
  const organizationName = settings?.organization_name ?? '';
  const byId = new Map(members.map((p) => [p.user_id, p]));
  const sentAt = m.sent_at ?? deps.now().toISOString();
  const senderName = m.sent_by_name ?? m.author_name;
  // Someone who left the club since the sending started gets nothing more.
  const recipients = m.recipient_ids.flatMap((id) => {
    const person = byId.get(id);
    return person ? [person] : [];
  });
  await inBatches(recipients, PARALLEL, async (person) => {
    const copy: StoredDelivery = {
      user_id: person.user_id,
      organization_id: m.organization_id,
      message_id: m.message_id,
      recipient_name: `${person.last_name} ${person.first_name}`.trim(),
      subject: m.subject,
      body: m.body,
      sender_name: senderName,
      organization_name: organizationName,
      sent_at: sentAt,
      show_dashboard: m.show_dashboard,
      require_ack: m.require_ack,
      notified: false,
      mailed: false,
    };
    if (!(await deps.store.deliver(copy))) {
      const stored = await deps.store.delivery(person.user_id, m.organization_id, m.message_id);
      if (stored) Object.assign(copy, { notified: stored.notified, mailed: stored.mailed });
    }
    try {
      if (
        m.send_notification &&
        person.message_notification_on &&
        !copy.notified &&
        (await deps.store.claimDeliveryStep(copy, 'notified'))
      )
        await deps.notify(person.user_id, {
          kind: 'message',
          message_key: 'message_received',
          params: { sender: senderName, subject: m.subject },
          link: `/messages/?message=${m.message_id}`,
          key: `message#${m.organization_id}#${m.message_id}`,
        });
      if (m.send_mail && !copy.mailed && (await deps.store.claimDeliveryStep(copy, 'mailed')))
        await deps.mail(person, {
          subject: m.subject,
          body: m.body,
          sender: organizationName,
          tag: 'message',
        });
    } catch (error) {
      // The copy is in the message center; a failed push or mail is logged, not retried into a double.
      logger.warn('message push or mail failed', {
        message_id: m.message_id,
        reason: error instanceof Error ? error.message : '',
      });
    }
  });
  await deps.store.markSent(m.organization_id, m.message_id, sentAt, m.recipient_ids.length);
  return { ...m, status: 'sent', sent_at: sentAt, due_at: NO_TIME };
}

/**
 * The job (messages-scheduled): scheduled messages whose time has come are sent, and sendings that
 * were interrupted (older than STALE_SENDING_MS) are finished. Idempotent per message: the move to
 * `sending` is conditioned on the version, each copy on its key.
 */
export async function sendDueMessages(at: Date, deps: MessageDeps = defaultDeps) {
  const totals = { scheduled: 0, resumed: 0, failed: 0 };
  for (const m of await deps.store.due(at.toISOString())) {
    try {
      if (m.status === 'scheduled') {
        const sender = m.sent_by
          ? { userId: m.sent_by, organizationId: m.organization_id, actingSupervisorId: null }
          : { userId: m.author_id, organizationId: m.organization_id, actingSupervisorId: null };
        const sending = await startSending(sender, m, m.version, at, deps).catch((error: unknown) => {
          // Another run (or an edit) got there first.
          if (error instanceof Error && error.message === 'conflict') return null;
          throw error;
        });
        if (!sending) continue;
        await deliver(sending, deps);
        totals.scheduled += 1;
      } else if (m.status === 'sending' && at.getTime() - Date.parse(m.updated_at) >= STALE_SENDING_MS) {
        await deliver(m, deps);
        totals.resumed += 1;
      }
    } catch (error) {
      totals.failed += 1;
      logger.error('scheduled message failed', {
        message_id: m.message_id,
        reason: error instanceof Error ? error.message : '',
      });
    }
  }
  return totals;
}

export async function listMessageRecipients(
  actor: MessageActor,
  messageId: string,
  query: ListRecipientsQuery,
  deps: MessageDeps = defaultDeps,
) {
  const organizationId = organizationOf(actor);
  await existing(organizationId, messageId, deps);
  const page = await deps.store.recipients(organizationId, messageId, {
    cursor: query.cursor,
    limit: query.limit ?? 50,
    acknowledged: query.acknowledged === undefined ? undefined : query.acknowledged === 'true',
  });
  return {
    items: page.items.map((d) => ({
      user_id: d.user_id,
      name: d.recipient_name,
      read_at: d.read_at ?? null,
      acknowledged_at: d.acknowledged_at ?? null,
      notified: d.notified,
      mailed: d.mailed,
    })),
    cursor: page.cursor,
  };
}

// ---- the message center -------------------------------------------------------------------------

export async function listInbox(
  actor: MessageActor,
  query: InboxQuery,
  deps: MessageDeps = defaultDeps,
): Promise<InboxOutput> {
  const organizationId = organizationOf(actor);
  const page = await deps.store.inbox(actor.userId, organizationId, {
    cursor: query.cursor,
    limit: query.limit ?? DEFAULT_PAGE,
    unread: query.unread === 'true',
    unacknowledged: query.unacknowledged === 'true',
    dashboard: query.dashboard === 'true',
  });
  return {
    items: page.items.map(receivedView),
    cursor: page.cursor,
    can_compose: actor.permissions.has('message-edit'),
  };
}

async function received(actor: MessageActor, messageId: string, deps: MessageDeps) {
  const delivery = await deps.store.delivery(actor.userId, organizationOf(actor), messageId);
  if (!delivery) throw notFound();
  return delivery;
}

export async function getReceivedMessage(
  actor: MessageActor,
  messageId: string,
  deps: MessageDeps = defaultDeps,
) {
  return receivedView(await received(actor, messageId, deps));
}

export async function markMessageRead(
  actor: MessageActor,
  messageId: string,
  deps: MessageDeps = defaultDeps,
) {
  const delivery = await received(actor, messageId, deps);
  if (delivery.read_at) return receivedView(delivery);
  const at = deps.now().toISOString();
  if (await deps.store.markRead(delivery, at)) return receivedView({ ...delivery, read_at: at });
  return receivedView(await received(actor, messageId, deps));
}

/** "I have read it" (issue 17 §3), once; a message that does not ask for it answers 409. */
export async function acknowledgeMessage(
  actor: MessageActor,
  messageId: string,
  deps: MessageDeps = defaultDeps,
) {
  const delivery = await received(actor, messageId, deps);
  if (delivery.acknowledged_at) return receivedView(delivery);
  if (!delivery.require_ack) throw conflict();
  const at = deps.now().toISOString();
  const done = await deps.store.acknowledge(actor, delivery, at, {
    action: 'message.acknowledge',
    target_type: 'message',
    target_id: messageId,
  });
  if (done) return receivedView({ ...delivery, acknowledged_at: at, read_at: delivery.read_at ?? at });
  const now = await received(actor, messageId, deps);
  if (!now.acknowledged_at) throw conflict();
  return receivedView(now);
}

// ---- notify (spec §2, role admin) ---------------------------------------------------------------

/**
 * An admin's broadcast: one notification to the chosen members, stored and pushed now. The
 * browser's broadcast id keys each notification, so a retried request tells nobody twice.
 */
export async function broadcastNotification(
  actor: MessageActor,
  input: BroadcastInput,
  deps: MessageDeps = defaultDeps,
) {
  const organizationId = organizationOf(actor);
  await checkRecipients(organizationId, input, deps);
  const recipients = recipientsOf(await deps.organizations.activeMembers(organizationId), input);
  const sender = `${actor.userName} (${actor.organization?.short_name ?? ''})`;
  await inBatches(recipients, PARALLEL, async (person) => {
    await deps.notify(person.user_id, {
      kind: 'system',
      message_key: 'broadcast',
      params: { sender, text: input.text },
      key: `broadcast#${organizationId}#${input.broadcast_id}`,
    });
  });
  await deps.store.logBroadcast(actor, {
    action: 'notification.broadcast',
    target_type: 'notification',
    target_id: input.broadcast_id,
    details: { recipient_kind: input.recipient_kind, recipients: recipients.length },
  });
  return { recipients: recipients.length };
}
