import { addDays } from '../../contracts/calendar.ts';
import { formatMoney } from '../../contracts/money.ts';
import { financialOrganizations } from '../organizations/public.ts';
import { logger } from '../platform/log/logger.ts';
import { mailPerson } from '../platform/mail/mail-person.ts';
import { type FinanceDeps, membershipOn } from './finance-context.ts';
import { balanceAtEndOf } from './ledger-service.ts';

/**
 * The monthly statement (issue 14 §7 balance_summary_notification_on): on the 1st, last month's
 * opening and closing balance, what was charged and what was paid, by mail and notification, to each
 * member whose membership asks for it. A notice is claimed per (month, member) before it is sent,
 * so a job that runs twice sends once.
 */

const previousMonth = (today: string) => {
  const first = `${today.slice(0, 7)}-01`;
  const last = addDays(first, -1);
  return { month: last.slice(0, 7), from: `${last.slice(0, 7)}-01`, to: last };
};

export async function sendMonthlyStatements(
  deps: FinanceDeps,
  at: Date,
  organizations = financialOrganizations,
) {
  let sent = 0;
  for (const org of await organizations()) {
    const { month, from, to } = previousMonth(at.toISOString().slice(0, 10));
    const memberships = await deps.store.allMemberships(org.organization_id);
    const byUser = new Map<string, typeof memberships>();
    for (const m of memberships) byUser.set(m.user_id, [...(byUser.get(m.user_id) ?? []), m]);
    const wanted = [...byUser].filter(([, list]) => membershipOn(list, to)?.balance_summary_notification_on);
    if (wanted.length === 0) continue;
    const people = await deps.members(
      org.organization_id,
      wanted.map(([userId]) => userId),
    );
    for (const [userId] of wanted) {
      const person = people.get(userId);
      if (!person) continue;
      try {
        if (!(await deps.store.claimNotice(org.organization_id, `statement-${month}-${userId}`, deps.now())))
          continue;
        const [opening, closing, entries] = await Promise.all([
          balanceAtEndOf(deps, org.organization_id, userId, addDays(from, -1)),
          balanceAtEndOf(deps, org.organization_id, userId, to),
          deps.ledger.allMemberEntries(org.organization_id, userId, from, to),
        ]);
        const money = (minor: number) => formatMoney(minor, org.currency_id, person.lang);
        const params = {
          month,
          opening: money(opening),
          closing: money(closing),
          charged: money(-entries.filter((e) => e.amount < 0).reduce((s, e) => s + e.amount, 0)),
          paid: money(entries.filter((e) => e.amount > 0).reduce((s, e) => s + e.amount, 0)),
          entries: entries.length,
          organization: org.organization_name,
        };
        await deps.notify(userId, {
          kind: 'balance',
          message_key: 'monthly_statement',
          params,
          link: '/profile/transactions/',
          key: `statement-${org.organization_id}-${month}`,
        });
        await mailPerson(person, {
          key: 'finance.statement',
          params,
          sender: org.organization_name,
          tag: 'finance-statement',
          required: false,
        });
        sent += 1;
      } catch (error) {
        logger.warn('monthly statement failed', {
          organizationId: org.organization_id,
          userId,
          error: error instanceof Error ? error.name : 'error',
        });
      }
    }
  }
  return { sent };
}
