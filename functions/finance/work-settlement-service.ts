import type { MembershipType } from '../../contracts/schemas/finance-enums.ts';
import { type FinanceDeps, membershipOn } from './finance-context.ts';
import type { EntryToPost } from './ledger-store.ts';
import { afterPosting } from './notices.ts';

/**
 * The year's close of work hours on the ledger (issue 15 §7): the operations domain settles each
 * member's year and asks finance (public.ts) to post it. A member's settlement is at most two
 * entries — the charge for missing hours and the credit for paid work — with ids made of the year
 * and the member, created only where absent in ONE TransactWrite: a second close (a retry, or two
 * administrators at once) is refused by the ledger and posts nothing. Without the financial module
 * nothing is posted.
 */

export const workChargeEntryId = (year: number, userId: string) => `wk-${year}-${userId}-charge`;
export const workCreditEntryId = (year: number, userId: string) => `wk-${year}-${userId}-credit`;

export interface WorkLedger {
  currency_id: string;
  /** The organization's ledger takes postings (financial module on). */
  ledger: boolean;
  social_work_price: number | null;
  normal_work_price: number | null;
  professional_work_price: number | null;
}

export async function workLedgerOf(deps: FinanceDeps, organizationId: string): Promise<WorkLedger | null> {
  const org = await deps.organization(organizationId);
  if (!org) return null;
  return {
    currency_id: org.currency_id,
    ledger: org.modules.includes('financial'),
    social_work_price: org.social_work_price,
    normal_work_price: org.normal_work_price,
    professional_work_price: org.professional_work_price,
  };
}

/** Each member's membership type on a day (null without a membership then). */
export async function membershipTypesOn(
  deps: FinanceDeps,
  organizationId: string,
  userIds: readonly string[],
  date: string,
): Promise<Map<string, MembershipType | null>> {
  const types = await Promise.all(
    userIds.map(async (userId) => {
      const held = membershipOn(await deps.store.memberMemberships(organizationId, userId), date);
      return [userId, held?.membership_type ?? null] as const;
    }),
  );
  return new Map(types);
}

export interface WorkSettlementInput {
  organization_id: string;
  user_id: string;
  year: number;
  /** Minor units: negative (missing hours) or 0. */
  charge: number;
  /** Minor units: positive (paid work) or 0. */
  credit: number;
}

/** Posts one member's settlement once: `posted`, `already` (a close before), or `none` (nothing to post). */
export async function postWorkSettlement(
  deps: FinanceDeps,
  input: WorkSettlementInput,
): Promise<'posted' | 'already' | 'none'> {
  const org = await deps.organization(input.organization_id);
  if (!org?.modules.includes('financial')) return 'none';
  const base = {
    organization_id: org.organization_id,
    user_id: input.user_id,
    date: `${input.year}-12-31`,
    currency_id: org.currency_id,
    source: 'work' as const,
    source_id: String(input.year),
  };
  const entries: EntryToPost[] = [];
  if (input.charge < 0)
    entries.push({
      ...base,
      entry_id: workChargeEntryId(input.year, input.user_id),
      transaction_type: 'work_charge',
      amount: input.charge,
    });
  if (input.credit > 0)
    entries.push({
      ...base,
      entry_id: workCreditEntryId(input.year, input.user_id),
      transaction_type: 'work_credit',
      amount: input.credit,
    });
  if (entries.length === 0) return 'none';
  const outcome = await deps.ledger.post({ organization_id: org.organization_id, entries });
  return outcome.status === 'posted' ? 'posted' : 'already';
}

/** After a close: members now below their minimum are told (once a week at most). */
export async function afterWorkSettlements(deps: FinanceDeps, organizationId: string, userIds: string[]) {
  const org = await deps.organization(organizationId);
  if (org && userIds.length > 0) await afterPosting(deps, org, userIds);
}
