import { timeOrderedId } from '../../contracts/ids.ts';
import { NO_TIME } from '../../functions/messages/entities.ts';
import { defaultDeps, deliver, recipientsOf } from '../../functions/messages/message-service.ts';
import { messageStore, type StoredMessage } from '../../functions/messages/message-store.ts';
import { activeMembers } from '../../functions/organizations/public.ts';
import { orgIdOf, userIdOf } from './seed.ts';

/**
 * The demo club's messages (issue 17 §8): a safety notice to the flying members sent last week
 * that asks for "I have read it" — acknowledged by some, not yet by Anna Molnár, so her dashboard
 * shows it — the invitation to the general meeting to everyone, a draft and one scheduled for next
 * week. No e-mail goes out for them (the outbox stays the developer's).
 */
const DAY = 24 * 3600 * 1000;

export async function seedMessages(now = new Date()): Promise<void> {
  const organization_id = orgIdOf('demo');
  const members = await activeMembers(organization_id);
  const admin = { id: userIdOf('admin'), name: 'Kovács Péter' };
  const base = (at: number, key: string) => ({
    organization_id,
    message_id: timeOrderedId(at, key),
    send_mail: false,
    send_notification: true,
    role_ids: [] as string[],
    user_ids: [] as string[],
    author_id: admin.id,
    author_name: admin.name,
    recipient_ids: [] as string[],
    recipient_count: 0,
    read_count: 0,
    ack_count: 0,
    version: 1,
    created_at: new Date(at).toISOString(),
    updated_at: new Date(at).toISOString(),
  });

  const send = async (message: StoredMessage) => {
    const recipients = recipientsOf(members, message).map((m) => m.user_id);
    const sending: StoredMessage = {
      ...message,
      status: 'sending',
      due_at: message.sent_at!,
      sent_by: admin.id,
      sent_by_name: admin.name,
      recipient_ids: recipients,
      recipient_count: recipients.length,
    };
    await messageStore.put(
      { userId: admin.id, organizationId: organization_id, actingSupervisorId: null },
      sending,
      { from: [] },
      {
        action: 'message.send',
        target_type: 'message',
        target_id: message.message_id,
        details: { recipients: recipients.length },
      },
    );
    await deliver(sending, { ...defaultDeps, now: () => new Date(Date.parse(message.sent_at!)) });
    return sending;
  };

  const noticeAt = now.getTime() - 6 * DAY;
  const notice = await send({
    ...base(noticeAt, 'demomsg001'),
    subject: 'Új csörlőkötél – figyeljünk a kötélszakadásra',
    body: 'Kedves Pilóták!\n\nSzombattól új, szintetikus csörlőkötéllel indítunk. Az első hetekben nagyobb a kötélszakadás esélye: a kioldási magasság eléréséig tartsák a gyakorolt vészeljárást fejben, és indítás előtt beszéljék át a csörlőssel a jelzéseket.\n\nKérjük, az „Elolvastam” gombbal jelezzék, hogy tudomásul vették.',
    recipient_kind: 'roles',
    role_ids: ['pilot', 'student', 'instructor'],
    show_dashboard: true,
    require_ack: true,
    status: 'sent',
    due_at: NO_TIME,
    sent_at: new Date(noticeAt).toISOString(),
  });
  // Some have confirmed reading it; Anna Molnár and the student not yet.
  for (const [key, hours] of [
    ['finance', 3],
    ['technical', 20],
    ['instructor', 30],
  ] as const) {
    const delivery = await messageStore.delivery(userIdOf(key), organization_id, notice.message_id);
    if (!delivery) continue;
    const at = new Date(noticeAt + hours * 3600 * 1000).toISOString();
    await messageStore.acknowledge(
      { userId: userIdOf(key), organizationId: organization_id, actingSupervisorId: null },
      delivery,
      at,
      {
        action: 'message.acknowledge',
        target_type: 'message',
        target_id: notice.message_id,
      },
    );
  }

  const meetingAt = now.getTime() - 2 * DAY;
  await send({
    ...base(meetingAt, 'demomsg002'),
    subject: 'Évnyitó közgyűlés – március 14., 10:00, klubház',
    body: 'Napirend: a 2026-os szezon költségvetése, a repülési díjak, a vezetőség beszámolója.\n\nA közgyűlés után szezonnyitó ebéd a hangárban.',
    recipient_kind: 'everyone',
    show_dashboard: true,
    require_ack: false,
    status: 'sent',
    due_at: NO_TIME,
    sent_at: new Date(meetingAt).toISOString(),
  });

  const actor = { userId: admin.id, organizationId: organization_id, actingSupervisorId: null };
  const draftAt = now.getTime() - DAY;
  const draft: StoredMessage = {
    ...base(draftAt, 'demomsg003'),
    subject: 'Hangárrend a téli időszakban',
    body: 'A téli tárolás beosztását a hétvégén véglegesítjük.',
    recipient_kind: 'members',
    user_ids: [userIdOf('technical'), userIdOf('instructor')],
    show_dashboard: false,
    require_ack: false,
    status: 'draft',
    due_at: NO_TIME,
  };
  await messageStore.put(
    actor,
    draft,
    { from: [] },
    { action: 'message.create', target_type: 'message', target_id: draft.message_id },
  );

  const later = new Date(now.getTime() + 7 * DAY);
  later.setUTCHours(7, 0, 0, 0);
  const scheduled: StoredMessage = {
    ...base(now.getTime() - 3600 * 1000, 'demomsg004'),
    subject: 'Emlékeztető: tavaszi átvizsgálás',
    body: 'Jövő hétvégén tavaszi átvizsgálás a hangárban, 9 órától. Minden segítő kézre szükség van.',
    recipient_kind: 'everyone',
    show_dashboard: true,
    require_ack: false,
    sending_at: later.toISOString(),
    status: 'scheduled',
    due_at: later.toISOString(),
    sent_by: admin.id,
    sent_by_name: admin.name,
  };
  await messageStore.put(
    actor,
    scheduled,
    { from: [] },
    {
      action: 'message.schedule',
      target_type: 'message',
      target_id: scheduled.message_id,
    },
  );
}
