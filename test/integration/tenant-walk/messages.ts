import { subOf } from '../../helpers/platform.ts';
import type { WalkArea } from './area.ts';

/** Organization A's message the walk tries to reach from organization B (which lacks the module, too). */
const a = { message: '' };
const message = () => ({ id: a.message });
const body = {
  subject: 'Walk',
  body: 'Walk',
  recipient_kind: 'members',
  role_ids: [],
  // A's member: B may not write to A's people.
  user_ids: ['user-pilot'],
  send_mail: false,
  send_notification: true,
  show_dashboard: true,
  require_ack: true,
};

/** The tenant walk over the messages domain. */
export const messagesWalk: WalkArea = {
  ids: {
    getMessage: message,
    updateMessage: message,
    deleteMessage: message,
    sendMessage: message,
    unscheduleMessage: message,
    listMessageRecipients: message,
    getReceivedMessage: message,
    markMessageRead: message,
    acknowledgeMessage: message,
  },
  bodies: {
    createMessage: body,
    updateMessage: { ...body, version: 1 },
    sendMessage: { version: 1 },
    unscheduleMessage: { version: 1 },
    broadcastNotification: { ...body, broadcast_id: 'walk', text: 'Walk' },
  },
  // A's member is no member of B's: the same 422 as for an id that does not exist (nothing told).
  expected: { broadcastNotification: [422] },
  async setup(platform) {
    const sent = await platform.invoke('createMessage', {
      sub: subOf('admin@demo.windsock.aero'),
      body: { ...body, subject: 'Szélzsák walk' },
    });
    a.message = sent.body.message_id;
    await platform.invoke('sendMessage', {
      sub: subOf('admin@demo.windsock.aero'),
      params: { id: a.message },
      body: { version: sent.body.version },
    });
  },
};
