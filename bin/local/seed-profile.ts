import { type NotifyInput, notificationDeps, tell } from '../../functions/identity/notifications-service.ts';
import { notificationsStore } from '../../functions/identity/notifications-store.ts';
import { db } from '../../functions/platform/db/service.ts';
import { userIdOf } from './seed.ts';

/**
 * The profile area's demo data: notifications for the demo pilot and admin (the bell has a number
 * on first sign-in: one unread medical reminder, a read welcome), and the personal fields the
 * people seed leaves empty (bin/local/seed-people.ts fills contact, callsign, consent and pilot
 * data). Dates are relative to the day of seeding.
 */
const DAY = 24 * 3600 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** notify() as if it had run `days` ago. */
const notifyBefore = (days: number, userId: string, input: NotifyInput) =>
  tell({ ...notificationDeps, now: () => daysAgo(days) }, userId, input);

const PERSONAL: Record<string, { birth_date: string; mother_name: string; emergency_contact: string }> = {
  pilot: {
    birth_date: '1991-04-17',
    mother_name: 'Szalai Judit',
    emergency_contact: 'Molnár Gergely (férj), +36 30 555 0118',
  },
  admin: {
    birth_date: '1978-09-02',
    mother_name: 'Fodor Ilona',
    emergency_contact: 'Kovácsné Varga Eszter, +36 30 555 0112',
  },
};

export async function seedProfile(): Promise<void> {
  const { entities } = db();

  for (const [key, fields] of Object.entries(PERSONAL)) {
    const user_id = userIdOf(key);
    const { data: person } = await entities.person.get({ user_id }).go();
    if (!person) continue;
    // Only what nobody has filled in yet.
    const missing = Object.fromEntries(
      Object.entries(fields).filter(([field]) => person[field as keyof typeof person] === undefined),
    );
    if (Object.keys(missing).length > 0)
      await entities.person.patch({ user_id }).set(missing).go({ response: 'none' });
  }

  // The pilot: welcomed weeks ago (read), reminded of the medical certificate two days ago (unread).
  const pilot = userIdOf('pilot');
  const welcome = await notifyBefore(40, pilot, {
    kind: 'welcome',
    message_key: 'welcome',
    params: { name: 'Anna' },
    link: '/profile/edit/',
  });
  await notificationsStore.markRead(
    pilot,
    welcome.id,
    daysAgo(39).toISOString(),
    daysAgo(39).getTime() / 1000,
  );
  const { data: pilotInfo } = await entities.pilotInfo.get({ user_id: pilot }).go();
  await notifyBefore(2, pilot, {
    kind: 'medical_expiry',
    message_key: 'medical_expiring',
    params: { date: pilotInfo?.medical_valid_until ?? inDays(30) },
    link: '/profile/pilot-info-edit/',
  });

  // The admin: a read welcome and a change of roles in the club.
  const admin = userIdOf('admin');
  const adminWelcome = await notifyBefore(90, admin, {
    kind: 'welcome',
    message_key: 'welcome',
    params: { name: 'Péter' },
  });
  await notificationsStore.markRead(
    admin,
    adminWelcome.id,
    daysAgo(89).toISOString(),
    daysAgo(89).getTime() / 1000,
  );
  await notifyBefore(1, admin, {
    kind: 'membership',
    message_key: 'roles_changed',
    params: { organization: 'Szélzsák Repülő Egyesület' },
    link: '/',
  });
}
