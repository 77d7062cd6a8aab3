import { addDays, todayIn } from '../../contracts/calendar.ts';
import { DEFAULT_LANG, isLang } from '../../contracts/langs.ts';
import { type NotifyInput, notify } from '../identity/public.ts';
import { activeMemberIds, allOrganizations, mailRecipientOf } from '../organizations/public.ts';
import { logger } from '../platform/log/logger.ts';
import { mailPerson } from '../platform/mail/mail-person.ts';
import { type LogbookStore, logbookStore } from './logbook-store.ts';

/**
 * Scheduled entries of the flights domain (contracts/schedules.ts). Each is idempotent per period
 * (docs/ARCHITECTURE.md "Scheduled jobs"): a retried or doubled run tells nobody twice.
 */

type ScheduledEvent = { scheduleId: string; scheduledTime: string };

/** A line waits "too long" once its flight is more than this many days old. */
export const SIGNATURE_WAIT_DAYS = 7;
/** The weekly claim is kept a little longer than its week, then DynamoDB's TTL removes it. */
const REMINDER_TTL_DAYS = 14;

/** The ISO 8601 week of a day: `2026-11-25` → `2026-W48` (weeks start on Monday; week 1 holds 4 January). */
export function isoWeekOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const weekday = (day.getUTCDay() + 6) % 7;
  // The Thursday of the same week decides its year.
  const thursday = new Date(day.getTime() + (3 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  const firstWeekday = (firstThursday.getUTCDay() + 6) % 7;
  const week1Monday = firstThursday.getTime() - firstWeekday * 86_400_000;
  const week = Math.floor((thursday.getTime() - week1Monday) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export interface ReminderDeps {
  store: Pick<LogbookStore, 'toSign' | 'toSignBefore' | 'claimReminder'>;
  /** Every organization, with the name a mail is signed with. */
  organizations: () => Promise<{ organization_id: string; organization_name: string }[]>;
  /** The organization's active members (the people who may have lines to sign). */
  activeMembers: (organizationId: string) => Promise<string[]>;
  /** Who a mail goes to: address, name, language and their mail choice. */
  recipient: (userId: string) => Promise<Parameters<typeof mailPerson>[0] | null>;
  notify: (userId: string, input: NotifyInput) => Promise<unknown>;
  mail: typeof mailPerson;
}

const defaultReminderDeps: ReminderDeps = {
  store: logbookStore,
  async organizations() {
    return (await allOrganizations()).map((o) => ({
      organization_id: o.organization_id,
      organization_name: o.organization_name,
    }));
  },
  // Resolved at call time: organizations' modules import this domain's public.ts (a cycle).
  activeMembers: (organizationId) => activeMemberIds(organizationId),
  recipient: (userId) => mailRecipientOf(userId),
  notify: (userId, input) => notify(userId, input),
  mail: (person, input) => mailPerson(person, input),
};

/**
 * Daily (logbook-signature-reminder): every instructor with training lines waiting for their
 * signature whose flight is more than a week old is told once per ISO week — a notification that
 * leads to the signature screen, and a mail in their language (unless they turned mail off) — with
 * how many lines wait and since when. The week is claimed first (a not-exists write), so a second
 * run, a retry or two runs at once in that week remind nobody twice; a run that fails after its
 * claim sends that week's reminder no more, and the next week's reminds again.
 */
export async function remindPendingSignatures(
  event: ScheduledEvent,
  deps: ReminderDeps = defaultReminderDeps,
) {
  const at = new Date(event.scheduledTime);
  const today = todayIn('UTC', at);
  const week = isoWeekOf(today);
  const before = `${addDays(today, -SIGNATURE_WAIT_DAYS)}T00:00:00.000Z`;
  const ttl = Math.floor(at.getTime() / 1000) + REMINDER_TTL_DAYS * 86_400;
  const totals = { instructors: 0, reminded: 0, mails: 0 };
  const seen = new Set<string>();
  for (const organization of await deps.organizations()) {
    for (const userId of await deps.activeMembers(organization.organization_id)) {
      // A person in two clubs is one instructor: their lines wait in one list.
      if (seen.has(userId)) continue;
      seen.add(userId);
      const overdue = await deps.store.toSignBefore(userId, before);
      if (overdue.length === 0) continue;
      totals.instructors += 1;
      const waiting = await deps.store.toSign(userId);
      const oldest = overdue.reduce((a, b) => (a.takeoff_time <= b.takeoff_time ? a : b)).date;
      if (!(await deps.store.claimReminder({ user_id: userId, week, waiting: waiting.length, oldest, ttl })))
        continue;
      totals.reminded += 1;
      const params = { count: String(waiting.length), since: oldest.replaceAll('-', '.') };
      await deps.notify(userId, {
        kind: 'flight',
        message_key: 'signatures_waiting',
        params,
        link: '/signature/',
        key: `logbook-signature-reminder#${userId}#${week}`,
      });
      const person = await deps.recipient(userId);
      if (!person) continue;
      try {
        const sent = await deps.mail(
          { ...person, lang: person.lang && isLang(person.lang) ? person.lang : DEFAULT_LANG },
          {
            key: 'signature_reminder',
            params,
            sender: organization.organization_name,
            tag: 'signature-reminder',
          },
        );
        if ('messageId' in sent) totals.mails += 1;
      } catch (error) {
        logger.warn('signature reminder mail failed', {
          user_id: userId,
          week,
          reason: error instanceof Error ? error.message : '',
        });
      }
    }
  }
  return totals;
}
