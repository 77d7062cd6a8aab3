import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueMessages } from '../../functions/messages/message-service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Messages and the message center (issue 17 §3): a safety notice to the pilots, sent now, reaches
 * each of them once (message center, push, e-mail), asks for acknowledgement and shows the sender
 * who has and who has not; once sent it cannot be changed, deleted or sent again (spec §4). A
 * scheduled message is sent by the job once, however often the job runs.
 */
const ADMIN = subOf('admin@demo.windsock.aero');
const OPERATOR = subOf('operator@demo.windsock.aero');
const PILOT = subOf('pilot@demo.windsock.aero');
const STUDENT = subOf('student@demo.windsock.aero');
const ALPINE_ADMIN = subOf('admin@alpine.windsock.aero');

let platform: Platform;
/** The demo club's active members holding the pilot role: who a message to that role reaches. */
let pilots: { user_id: string; user_name: string; email: string }[] = [];
beforeAll(async () => {
  platform = await startPlatform();
  const members = await platform.invoke('listMembers', {
    sub: ADMIN,
    query: { role: 'pilot', limit: '100' },
  });
  pilots = members.body.items.filter((m: { status: string }) => m.status === 'active');
  expect(pilots.length).toBeGreaterThan(3);
});
afterAll(async () => {
  await platform?.close();
});

const notice = {
  subject: 'Csörlőkötél-csere szombaton',
  body: 'Szombaton 9 és 11 óra között cseréljük a csörlőkötelet.\n\nAddig csörlős indítás nincs.',
  recipient_kind: 'roles',
  role_ids: ['pilot'],
  user_ids: [],
  send_mail: true,
  send_notification: true,
  show_dashboard: true,
  require_ack: true,
};

async function draft(body: Record<string, unknown> = notice) {
  const created = await platform.invoke('createMessage', { sub: ADMIN, body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body as { message_id: string; version: number; status: string };
}

/** The message notifications a person got about one subject (the demo seed sends its own too). */
const notifications = async (sub: string, subject: string) =>
  (await platform.invoke('listNotifications', { sub, query: { limit: '100' } })).body.items.filter(
    (n: { message: string; params: { subject?: string } }) =>
      n.message === 'message_received' && n.params.subject === subject,
  );
const inboxOf = async (sub: string) =>
  (await platform.invoke('listInbox', { sub, query: { limit: '100' } })).body as {
    items: { message_id: string; subject: string }[];
    can_compose: boolean;
  };

describe('a safety notice to the pilots', () => {
  let messageId = '';

  it('is sent once to the holders of the role: message center, push and e-mail', async () => {
    const message = await draft();
    expect(message.status).toBe('draft');
    messageId = message.message_id;
    const mailsBefore = platform.mail().length;

    const sent = await platform.invoke('sendMessage', {
      sub: OPERATOR,
      params: { id: messageId },
      body: { version: message.version },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({
      status: 'sent',
      recipient_count: pilots.length,
      can_edit: false,
      can_send: false,
    });

    const inbox = await inboxOf(PILOT);
    expect(inbox.items.filter((m) => m.message_id === messageId)).toEqual([
      expect.objectContaining({ subject: notice.subject, require_ack: true, read_at: null }),
    ]);
    expect(inbox.can_compose).toBe(false);
    expect(await notifications(PILOT, notice.subject)).toHaveLength(1);
    const mails = platform.mail().slice(mailsBefore);
    // Each pilot once (the seed's people all keep e-mail notifications on).
    expect(mails.map((m) => m.to).sort()).toEqual(pilots.map((p) => p.email).sort());
    expect(mails[0]!.subject).toBe(notice.subject);
    expect(mails[0]!.text).toContain('Addig csörlős indítás nincs.');

    // The student holds no pilot role: nothing for them.
    expect((await inboxOf(STUDENT)).items.map((m) => m.message_id)).not.toContain(messageId);
  });

  it('cannot be changed, deleted or sent again once sent', async () => {
    const current = await platform.invoke('getMessage', { sub: ADMIN, params: { id: messageId } });
    const version = current.body.version;
    const edit = await platform.invoke('updateMessage', {
      sub: ADMIN,
      params: { id: messageId },
      body: { ...notice, subject: 'Más', version },
    });
    expect([edit.status, edit.body.code]).toEqual([409, 'not_editable']);
    const remove = await platform.invoke('deleteMessage', { sub: ADMIN, params: { id: messageId } });
    expect([remove.status, remove.body.code]).toEqual([409, 'not_editable']);
    const again = await platform.invoke('sendMessage', {
      sub: ADMIN,
      params: { id: messageId },
      body: { version },
    });
    expect([again.status, again.body.code]).toEqual([409, 'not_editable']);
    const after = await platform.invoke('getMessage', { sub: ADMIN, params: { id: messageId } });
    expect(after.body).toMatchObject({ subject: notice.subject, version, recipient_count: pilots.length });
    expect((await inboxOf(PILOT)).items.filter((m) => m.message_id === messageId)).toHaveLength(1);
  });

  it('shows the sender who has acknowledged it and who has not', async () => {
    const read = await platform.invoke('markMessageRead', { sub: PILOT, params: { id: messageId } });
    expect(read.body.read_at).not.toBeNull();
    const ack = await platform.invoke('acknowledgeMessage', { sub: PILOT, params: { id: messageId } });
    expect(ack.status).toBe(200);
    expect(ack.body.acknowledged_at).not.toBeNull();
    // Twice is once.
    const twice = await platform.invoke('acknowledgeMessage', { sub: PILOT, params: { id: messageId } });
    expect(twice.body.acknowledged_at).toBe(ack.body.acknowledged_at);

    const message = await platform.invoke('getMessage', { sub: ADMIN, params: { id: messageId } });
    expect(message.body).toMatchObject({ read_count: 1, ack_count: 1 });
    const pending = await platform.invoke('listMessageRecipients', {
      sub: ADMIN,
      params: { id: messageId },
      query: { acknowledged: 'false' },
    });
    const others = pilots.filter((p) => p.user_id !== 'user-pilot').map((p) => p.user_id);
    expect(pending.body.items.map((r: { user_id: string }) => r.user_id).sort()).toEqual(others.sort());
    const done = await platform.invoke('listMessageRecipients', {
      sub: ADMIN,
      params: { id: messageId },
      query: { acknowledged: 'true' },
    });
    expect(done.body.items).toEqual([
      expect.objectContaining({ name: 'Molnár Anna', notified: true, mailed: true }),
    ]);

    // Acknowledged: no longer among those waiting for the pilot's confirmation.
    const waiting = await platform.invoke('listInbox', { sub: PILOT, query: { unacknowledged: 'true' } });
    expect(waiting.body.items.map((m: { message_id: string }) => m.message_id)).not.toContain(messageId);
  });

  it('is nobody else’s: another club and a person who did not get it find nothing', async () => {
    expect(
      (await platform.invoke('getMessage', { sub: ALPINE_ADMIN, params: { id: messageId } })).status,
    ).toBe(403);
    expect(
      (await platform.invoke('getReceivedMessage', { sub: STUDENT, params: { id: messageId } })).status,
    ).toBe(404);
    expect((await platform.invoke('listMessages', { sub: PILOT })).status).toBe(403);
  });
});

describe('a scheduled message', () => {
  it('waits for its time, then the job sends it once however often it runs', async () => {
    const at = new Date(Date.now() + 3600_000).toISOString();
    const message = await draft({
      ...notice,
      subject: 'Szezonzáró vacsora',
      recipient_kind: 'members',
      role_ids: [],
      user_ids: ['user-student', 'user-pilot'],
      send_mail: false,
      require_ack: false,
      sending_at: at,
    });
    const scheduled = await platform.invoke('sendMessage', {
      sub: ADMIN,
      params: { id: message.message_id },
      body: { version: message.version },
    });
    expect(scheduled.body).toMatchObject({
      status: 'scheduled',
      sending_at: at,
      can_edit: true,
      can_unschedule: true,
    });
    expect(await sendDueMessages(new Date())).toEqual({ scheduled: 0, resumed: 0, failed: 0 });
    const subjects = async () => (await inboxOf(STUDENT)).items.map((m) => m.subject);
    expect(await subjects()).not.toContain('Szezonzáró vacsora');

    const later = new Date(Date.parse(at) + 60_000);
    const runs = await Promise.all([sendDueMessages(later), sendDueMessages(later)]);
    expect(runs.map((r) => r.scheduled).sort()).toEqual([0, 1]);
    expect(await sendDueMessages(later)).toEqual({ scheduled: 0, resumed: 0, failed: 0 });

    expect((await subjects()).filter((s) => s === 'Szezonzáró vacsora')).toHaveLength(1);
    expect(await notifications(STUDENT, 'Szezonzáró vacsora')).toHaveLength(1);
    const sent = await platform.invoke('getMessage', { sub: ADMIN, params: { id: message.message_id } });
    expect(sent.body).toMatchObject({ status: 'sent', recipient_count: 2, sent_by_name: 'Kovács Péter' });
  });

  it('refuses a sending time in the past and members who are not the club’s', async () => {
    const past = await platform.invoke('createMessage', {
      sub: ADMIN,
      body: { ...notice, sending_at: '2020-01-01T10:00:00Z' },
    });
    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual({ sending_at: ['too_small'] });
    const foreign = await platform.invoke('createMessage', {
      sub: ADMIN,
      body: { ...notice, recipient_kind: 'members', role_ids: [], user_ids: ['user-alpine-admin'] },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ user_ids: ['invalid_value'] });
  });
});

describe('notify: an admin’s broadcast', () => {
  it('tells each chosen member once, even when the request is retried', async () => {
    const body = {
      broadcast_id: 'b-2026-pályazár'.replace(/[^A-Za-z0-9-]/g, ''),
      text: 'A reptér ma 15 órától zárva.',
      recipient_kind: 'everyone',
      role_ids: [],
      user_ids: [],
    };
    const first = await platform.invoke('broadcastNotification', { sub: ADMIN, body });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.recipients).toBeGreaterThan(5);
    await platform.invoke('broadcastNotification', { sub: ADMIN, body });
    const told = (await platform.invoke('listNotifications', { sub: PILOT })).body.items.filter(
      (n: { message: string }) => n.message === 'broadcast',
    );
    expect(told).toEqual([expect.objectContaining({ params: expect.objectContaining({ text: body.text }) })]);
    expect((await platform.invoke('broadcastNotification', { sub: OPERATOR, body })).status).toBe(403);
  });
});
