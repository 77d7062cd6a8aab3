import { describe, expect, it } from 'vitest';
import { createMessageInput } from '../../contracts/schemas/messages.ts';
import { fieldErrors } from '../../contracts/validation.ts';
import { messageView, recipientsOf } from '../../functions/messages/message-service.ts';
import type { StoredMessage } from '../../functions/messages/message-store.ts';
import type { ActiveMember } from '../../functions/organizations/public.ts';

/** Issue 17 §3 and spec §4: who a message reaches, and that a sent one offers nothing to change. */
const member = (user_id: string, role_ids: string[]): ActiveMember => ({
  user_id,
  role_ids,
  first_name: 'A',
  last_name: user_id,
  email: `${user_id}@x.org`,
  lang: 'hu',
  email_notification_on: true,
  push_notification_on: true,
  document_expiry_notification_on: true,
  message_notification_on: true,
});

const members = [
  member('anna', ['pilot']),
  member('bence', ['student']),
  member('peter', ['admin', 'pilot']),
];

describe('recipients', () => {
  it('are everyone, the holders of the chosen roles, or the chosen members — active members only', () => {
    const ids = (choice: Parameters<typeof recipientsOf>[1]) =>
      recipientsOf(members, choice).map((m) => m.user_id);
    expect(ids({ recipient_kind: 'everyone', role_ids: [], user_ids: [] })).toEqual([
      'anna',
      'bence',
      'peter',
    ]);
    expect(ids({ recipient_kind: 'roles', role_ids: ['pilot'], user_ids: [] })).toEqual(['anna', 'peter']);
    // A chosen person who is no (active) member any more gets nothing.
    expect(ids({ recipient_kind: 'members', role_ids: [], user_ids: ['bence', 'gone'] })).toEqual(['bence']);
  });

  it('must be chosen when the kind says so', () => {
    const base = {
      subject: 'Pályazárás',
      body: 'Szombaton zárva.',
      send_mail: false,
      send_notification: true,
      show_dashboard: false,
      require_ack: false,
    };
    const roles = createMessageInput.safeParse({
      ...base,
      recipient_kind: 'roles',
      role_ids: [],
      user_ids: [],
    });
    expect(roles.success ? {} : fieldErrors(roles.error.issues)).toEqual({ role_ids: ['field_required'] });
    const people = createMessageInput.safeParse({
      ...base,
      recipient_kind: 'members',
      role_ids: [],
      user_ids: [],
    });
    expect(people.success ? {} : fieldErrors(people.error.issues)).toEqual({ user_ids: ['field_required'] });
  });
});

describe('what may be done with a message', () => {
  const message = (status: StoredMessage['status']): StoredMessage => ({
    organization_id: 'org-demo',
    message_id: 'm1',
    subject: 's',
    body: 'b',
    recipient_kind: 'everyone',
    role_ids: [],
    user_ids: [],
    send_mail: false,
    send_notification: true,
    show_dashboard: false,
    require_ack: false,
    status,
    due_at: '-',
    author_id: 'user-admin',
    author_name: 'Kovács Péter',
    recipient_ids: [],
    recipient_count: 0,
    read_count: 0,
    ack_count: 0,
    version: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  });
  const flags = (status: StoredMessage['status']) => {
    const view = messageView(message(status));
    return [view.can_edit, view.can_delete, view.can_send, view.can_unschedule];
  };
  it.each([
    ['draft', [true, true, true, false]],
    ['scheduled', [true, true, true, true]],
    ['sending', [false, false, false, false]],
    ['sent', [false, false, false, false]],
  ] as const)('%s: edit, delete, send, unschedule = %j', (status, expected) => {
    expect(flags(status)).toEqual(expected);
  });
});
