import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NotifyInput, tell } from '../../functions/identity/notifications-service.ts';
import { notificationsStore } from '../../functions/identity/notifications-store.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

// The demo seed gives several members notifications (documents, messages, invitations); this file
// empties the operator's and finance's own before it starts, so every list below is exactly its own.
const operator = subOf('operator@demo.windsock.aero');
const finance = subOf('finance@demo.windsock.aero');

let platform: Platform;
const pushed: { topic: string; payload: any }[] = [];

/** notify() as a job at a given instant, with the pushes recorded. */
const notifyAt = (userId: string, at: string, input: NotifyInput) =>
  tell(
    {
      store: notificationsStore,
      publish: async (topic, payload) => {
        pushed.push({ topic, payload });
      },
      now: () => new Date(at),
    },
    userId,
    input,
  );

// The operator (Hungarian) gets four notifications over two months; finance one.
let welcome: any;
let medical: any;
let document: any;
let roles: any;
let financeOwn: any;

beforeAll(async () => {
  platform = await startPlatform();
  for (const userId of ['user-operator', 'user-finance']) {
    const seeded = await notificationsStore.page(userId, { nowSeconds: 0, limit: 100 });
    for (const n of seeded.items) await notificationsStore.remove(userId, n.notification_id);
  }
  const recent = (daysAgo: number) => new Date(Date.now() - daysAgo * 24 * 3600 * 1000).toISOString();
  welcome = await notifyAt('user-operator', recent(60), {
    kind: 'welcome',
    message_key: 'welcome',
    params: { name: 'Anna' },
  });
  medical = await notifyAt('user-operator', recent(30), {
    kind: 'medical_expiry',
    message_key: 'medical_expiring',
    params: { date: '2027-01-15' },
    link: '/profile/pilot-info-edit/',
  });
  document = await notifyAt('user-operator', recent(10), {
    kind: 'document_expiry',
    message_key: 'document_expiring',
    params: { document: 'Biztosítási kötvény', date: '2027-02-01' },
  });
  roles = await notifyAt('user-operator', recent(1), {
    kind: 'membership',
    message_key: 'roles_changed',
    params: { organization: 'Szélzsák Repülő Egyesület' },
  });
  financeOwn = await notifyAt('user-finance', recent(2), {
    kind: 'system',
    message_key: 'membership_added',
    params: { organization: 'SZRE' },
  });
});
afterAll(async () => {
  await platform?.close();
});

const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('notify()', () => {
  it('stores the message as a key with its values and pushes it on the person’s channel', async () => {
    const { body } = await platform.invoke('getNotification', { sub: operator, params: { id: medical.id } });

    expect(body).toMatchObject({
      id: medical.id,
      kind: 'medical_expiry',
      message: 'medical_expiring',
      params: { date: '2027-01-15' },
      link: '/profile/pilot-info-edit/',
      read: false,
      read_at: null,
    });
    expect(pushed.find((p) => p.payload.id === medical.id)?.topic).toBe('user/user-operator/notifications');
  });

  it('writes and pushes a retried job’s notification once (same natural key, same day)', async () => {
    const before = pushed.length;
    const input: NotifyInput = {
      kind: 'medical_expiry',
      message_key: 'medical_expiring',
      params: { date: '2027-01-15' },
      key: 'medical:user-finance:2027-01-15:30',
    };

    const first = await notifyAt('user-finance', new Date().toISOString(), input);
    const retry = await notifyAt('user-finance', new Date().toISOString(), input);
    const { body } = await platform.invoke('listNotifications', { sub: finance });

    expect(retry.id).toBe(first.id);
    expect(body.items.filter((n: any) => n.id === first.id)).toHaveLength(1);
    expect(pushed.length - before).toBe(1);
  });
});

describe('GET /api/profile/notifications', () => {
  it('lists the person’s own notifications newest first with the unread count', async () => {
    const { status, body } = await platform.invoke('listNotifications', { sub: operator });

    expect(status).toBe(200);
    expect(ids(body.items)).toEqual([roles.id, document.id, medical.id, welcome.id]);
    expect(body.unread).toBe(4);
    expect(body.cursor).toBeNull();
  });

  it('pages by keys without skipping or repeating', async () => {
    const first = await platform.invoke('listNotifications', { sub: operator, query: { limit: '3' } });
    const second = await platform.invoke('listNotifications', {
      sub: operator,
      query: { limit: '3', cursor: first.body.cursor },
    });

    expect(ids(first.body.items)).toEqual([roles.id, document.id, medical.id]);
    expect(ids(second.body.items)).toEqual([welcome.id]);
  });

  it('leaves out an expired notification the table has not removed yet', async () => {
    const now = Math.floor(Date.now() / 1000);
    await notificationsStore.create({
      user_id: 'user-operator',
      notification_id: '20260101T000000000Z-expired1',
      kind: 'system',
      message: 'welcome',
      params: {},
      read: false,
      created_at: '2026-01-01T00:00:00.000Z',
      ttl: now - 60,
    });

    const { body } = await platform.invoke('listNotifications', { sub: operator });
    const gone = await platform.invoke('getNotification', {
      sub: operator,
      params: { id: '20260101T000000000Z-expired1' },
    });

    expect(ids(body.items)).not.toContain('20260101T000000000Z-expired1');
    expect(body.unread).toBe(4);
    expect(gone.status).toBe(404);
  });

  it('refuses a garbled cursor, another person’s cursor and a bad page size with field errors', async () => {
    const financePage = await platform.invoke('listNotifications', { sub: finance, query: { limit: '1' } });

    const garbled = await platform.invoke('listNotifications', { sub: operator, query: { cursor: 'xyz' } });
    const foreign = await platform.invoke('listNotifications', {
      sub: operator,
      query: { cursor: financePage.body.cursor },
    });
    const zero = await platform.invoke('listNotifications', { sub: operator, query: { limit: '0' } });

    expect(financePage.body.cursor).toEqual(expect.any(String));
    expect(garbled.status).toBe(422);
    expect(garbled.body.errors).toEqual({ cursor: ['invalid_value'] });
    expect(foreign.status).toBe(422);
    expect(zero.status).toBe(422);
    expect(zero.body.errors).toEqual({ limit: ['too_small'] });
  });
});

describe('POST /api/profile/search-notifications', () => {
  it('filters by days (inclusive, UTC)', async () => {
    const day = (iso: string) => iso.slice(0, 10);

    const { status, body } = await platform.invoke('searchNotifications', {
      sub: operator,
      body: { from: day(medical.created_at), to: day(document.created_at) },
    });

    expect(status).toBe(200);
    expect(ids(body.items)).toEqual([document.id, medical.id]);
  });

  it('finds a text as the person reads it, ignoring case and accents, and in the values', async () => {
    // The operator reads Hungarian: "Egészségügyi alkalmassági igazolása hamarosan lejár: …"
    const medicalText = await platform.invoke('searchNotifications', {
      sub: operator,
      body: { text: 'EGESZSEGUGYI' },
    });
    const byValue = await platform.invoke('searchNotifications', {
      sub: operator,
      body: { text: 'kötvény' },
    });
    const english = await platform.invoke('searchNotifications', {
      sub: operator,
      body: { text: 'medical' },
    });

    expect(ids(medicalText.body.items)).toEqual([medical.id]);
    expect(ids(byValue.body.items)).toEqual([document.id]);
    expect(english.body.items).toEqual([]);
  });

  it('fills a page across filtered-out items and continues from its cursor', async () => {
    const first = await platform.invoke('searchNotifications', {
      sub: operator,
      body: { text: 'lejár', limit: 1 },
    });
    const second = await platform.invoke('searchNotifications', {
      sub: operator,
      body: { text: 'lejár', limit: 1, cursor: first.body.cursor },
    });

    expect(ids(first.body.items)).toEqual([document.id]);
    expect(ids(second.body.items)).toEqual([medical.id]);
  });

  it('reports invalid criteria by field', async () => {
    const { status, body } = await platform.invoke('searchNotifications', {
      sub: operator,
      body: { from: '2026-13-01', read: 'yes', limit: 0, sort: 'asc' },
    });
    const reversed = await platform.invoke('searchNotifications', {
      sub: operator,
      body: { from: '2026-11-02', to: '2026-11-01' },
    });

    expect(status).toBe(422);
    expect(body.errors).toEqual({
      from: ['date_format'],
      read: ['invalid_value'],
      limit: ['too_small'],
      sort: ['unknown_field'],
    });
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors).toEqual({ to: ['invalid_value'] });
  });
});

describe('marking read and deleting (spec §7)', () => {
  it('marks the person’s own notification read: the unread count and the read filter follow', async () => {
    const marked = await platform.invoke('markNotificationRead', { sub: operator, body: { id: welcome.id } });
    const unread = await platform.invoke('listNotifications', { sub: operator, query: { read: 'false' } });
    const read = await platform.invoke('searchNotifications', { sub: operator, body: { read: true } });
    const item = await platform.invoke('getNotification', { sub: operator, params: { id: welcome.id } });

    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ id: welcome.id });
    expect(ids(unread.body.items)).toEqual([roles.id, document.id, medical.id]);
    expect(unread.body.unread).toBe(3);
    expect(ids(read.body.items)).toEqual([welcome.id]);
    expect(item.body.read).toBe(true);
    expect(item.body.read_at).toEqual(expect.any(String));
  });

  it('deletes the person’s own notification', async () => {
    const deleted = await platform.invoke('deleteNotification', { sub: operator, params: { id: roles.id } });
    const after = await platform.invoke('getNotification', { sub: operator, params: { id: roles.id } });
    const again = await platform.invoke('deleteNotification', { sub: operator, params: { id: roles.id } });

    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: roles.id });
    expect(after.status).toBe(404);
    expect(again.status).toBe(404);
  });

  it('answers 404 for another person’s notification and leaves it as it was', async () => {
    const read = await platform.invoke('getNotification', { sub: operator, params: { id: financeOwn.id } });
    const marked = await platform.invoke('markNotificationRead', {
      sub: operator,
      body: { id: financeOwn.id },
    });
    const deleted = await platform.invoke('deleteNotification', {
      sub: operator,
      params: { id: financeOwn.id },
    });
    const owners = await platform.invoke('getNotification', { sub: finance, params: { id: financeOwn.id } });

    expect([read.status, marked.status, deleted.status]).toEqual([404, 404, 404]);
    expect(marked.body).toEqual({ code: 'not_found' });
    expect(owners.status).toBe(200);
    expect(owners.body.read).toBe(false);
  });

  it('reports a missing or malformed id in the body by field', async () => {
    const missing = await platform.invoke('markNotificationRead', { sub: operator, body: {} });
    const malformed = await platform.invoke('markNotificationRead', { sub: operator, body: { id: 'a b/c' } });

    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ id: ['field_required'] });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors).toEqual({ id: ['invalid_value'] });
  });

  it('answers 401 to an anonymous caller', async () => {
    const list = await platform.invoke('listNotifications', {});
    const mark = await platform.invoke('markNotificationRead', { body: { id: medical.id } });

    expect(list.status).toBe(401);
    expect(mark.status).toBe(401);
  });
});
