import { formatMoney } from '../../contracts/money.ts';
import type { OrganizationFinance } from '../organizations/public.ts';
import { logger } from '../platform/log/logger.ts';
import { mailPerson } from '../platform/mail/mail-person.ts';
import { type FinanceDeps, standingOf, todayOf } from './finance-context.ts';

/**
 * What members are told about their money (issue 14 §7): a balance that dropped below the minimum
 * (at most once a week: the balance item remembers when), by notification and mail, when their
 * membership (else the organization) asks for it and they did not turn balance notices off.
 */

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** After entries were posted for these members: tells those now below their minimum, once a week at most. */
export async function afterPosting(deps: FinanceDeps, org: OrganizationFinance, userIds: readonly string[]) {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  const today = todayOf(deps, org);
  const people = await deps.members(org.organization_id, unique);
  for (const userId of unique) {
    try {
      const person = people.get(userId);
      if (!person?.balance_notification_on) continue;
      const standing = await standingOf(deps, org, userId, today);
      if (!standing.below || standing.min === null) continue;
      const wanted = standing.membership
        ? standing.membership.balance_notification_on
        : org.balance_notification_on;
      if (!wanted) continue;
      const now = deps.now();
      if (standing.low_notified_at && now.getTime() - Date.parse(standing.low_notified_at) < WEEK_MS)
        continue;
      const weekAgo = new Date(now.getTime() - WEEK_MS).toISOString();
      if (!(await deps.ledger.markLowNotified(org.organization_id, userId, now.toISOString(), weekAgo)))
        continue;
      const params = {
        balance: formatMoney(standing.balance, org.currency_id, person.lang),
        minimum: formatMoney(standing.min, org.currency_id, person.lang),
        organization: org.organization_name,
      };
      await deps.notify(userId, {
        kind: 'balance',
        message_key: 'balance_below_minimum',
        params,
        link: '/profile/transactions/',
      });
      await mailPerson(person, {
        key: 'finance.balance_low',
        params,
        sender: org.organization_name,
        tag: 'finance-balance-low',
      });
    } catch (error) {
      // A notice that failed is not worth failing the posting for: the entries stand.
      logger.warn('balance notice failed', {
        organizationId: org.organization_id,
        userId,
        error: error instanceof Error ? error.name : 'error',
      });
    }
  }
}
