import type { CreateTransactionInput } from '../../contracts/schemas/finance.ts';
import type { BalancePolicy } from '../../contracts/schemas/finance-enums.ts';
import { organizationFinance } from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { defaultFinanceDeps, standingOf } from './finance-context.ts';
import { createTransaction, manualEntryId } from './ledger-service.ts';
import { ledgerStore } from './ledger-store.ts';
import { afterPosting } from './notices.ts';
import {
  afterWorkSettlements,
  membershipTypesOn,
  postWorkSettlement as postSettlement,
  type WorkSettlementInput,
  workLedgerOf,
} from './work-settlement-service.ts';

/**
 * What other domains may ask the finance domain (domain ownership: they never touch its entities).
 * The flights domain asks it before a flight is put on the daily sheet (issue 14 §9); finance never
 * waits on flights in turn — charges follow the `flight.changed` event.
 */

export interface PayerStanding {
  /** The organization's policy for payers below the minimum: off, warn, block. */
  policy: BalancePolicy;
  /** Who would pay the flight by default: the pilot in command (the student), else the instructor. */
  payer_id: string | null;
  /** The payer's balance is below their minimum (the membership's, else the organization's). */
  below_minimum: boolean;
}

/** The default payer of a flight with this crew and whether they are below their minimum balance. */
export async function payerStanding(
  organizationId: string,
  crew: { pic_id?: string | null; instructor_id?: string | null },
  date: string,
): Promise<PayerStanding> {
  const payer = crew.pic_id ?? crew.instructor_id ?? null;
  const org = await organizationFinance(organizationId);
  if (!org) return { policy: 'off', payer_id: payer, below_minimum: false };
  if (!org.modules.includes('financial') || org.balance_policy === 'off' || !payer)
    return { policy: org.balance_policy, payer_id: payer, below_minimum: false };
  const standing = await standingOf(defaultFinanceDeps, org, payer, date);
  return { policy: org.balance_policy, payer_id: payer, below_minimum: standing.below };
}

/**
 * Whether a member's ledger balance is below their minimum on a day (the membership's balance_min,
 * else the organization's) — the booking check of issue 15 §5. False where the club keeps no ledger
 * (financial module off) or sets no minimum.
 */
export async function belowBalanceMinimum(
  organizationId: string,
  userId: string,
  date: string,
): Promise<boolean> {
  const org = await organizationFinance(organizationId);
  if (!org?.modules.includes('financial')) return false;
  return (await standingOf(defaultFinanceDeps, org, userId, date)).below;
}

/** A ledger entry as a report reads it (issue 17 §4): the day, the member, the type, the signed amount. */
export interface LedgerLine {
  date: string;
  user_id: string;
  transaction_type: string;
  amount: number;
  currency_id: string;
}

/**
 * One page of the organization's ledger entries between two days (yyyy-mm-dd), newest first: a
 * Query on the club's entries by date (`ledgerEntry.byDate`), never a Scan. The caller guards with
 * the transaction list's permission and the financial module, as the finance screens do.
 */
export async function ledgerPage(
  organizationId: string,
  options: { from: string; to: string; cursor?: string | null; limit: number },
): Promise<{ items: LedgerLine[]; cursor: string | null }> {
  const page = await ledgerStore.organizationEntries(organizationId, {
    from: options.from,
    to: options.to,
    cursor: options.cursor ?? undefined,
    limit: options.limit,
  });
  return {
    items: page.items.map((e) => ({
      date: e.date,
      user_id: e.user_id,
      transaction_type: e.transaction_type,
      amount: e.amount,
      currency_id: e.currency_id,
    })),
    cursor: page.cursor,
  };
}

// ---- operations (issue 15 §7): the year's close of work hours ------------------------------------

export type { WorkLedger, WorkSettlementInput } from './work-settlement-service.ts';

/** The organization's currency, work prices and whether its ledger takes postings. */
export const workLedger = (organizationId: string) => workLedgerOf(defaultFinanceDeps, organizationId);

/** Each member's membership type on a day (the yearly obligation depends on it). */
export const membershipTypesAt = (organizationId: string, userIds: readonly string[], date: string) =>
  membershipTypesOn(defaultFinanceDeps, organizationId, userIds, date);

/** One member's settlement of a year, posted once however often it is asked for. */
export const postWorkSettlement = (input: WorkSettlementInput) => postSettlement(defaultFinanceDeps, input);

/** Tells the members a close left below their minimum balance. */
export const workSettlementsPosted = (organizationId: string, userIds: string[]) =>
  afterWorkSettlements(defaultFinanceDeps, organizationId, userIds);
/** A charge another domain posts to a member's ledger (a landing fee: issue 15 §3). */
export interface ChargeToPost {
  organization_id: string;
  user_id: string;
  /** The ledger entry's id: one per cause (`ao-<operation>`), so a retry posts nothing more. */
  entry_id: string;
  date: string;
  /** Minor units, positive: the member's balance goes down by it. */
  amount: number;
  currency_id: string;
  source: 'airport';
  source_id: string;
}

/**
 * Posts a charge once (the entry is created only where absent): `posted` the first time,
 * `already_posted` when the entry stands, `not_posted` when the organization keeps no ledger (the
 * financial module is off) or the charge is in another currency than its books.
 */
export async function postCharge(charge: ChargeToPost): Promise<'posted' | 'already_posted' | 'not_posted'> {
  const org = await organizationFinance(charge.organization_id);
  if (!org?.modules.includes('financial') || org.currency_id !== charge.currency_id) return 'not_posted';
  if (await ledgerStore.entry(org.organization_id, charge.entry_id)) return 'already_posted';
  const outcome = await ledgerStore.post({
    organization_id: org.organization_id,
    entries: [
      {
        organization_id: org.organization_id,
        user_id: charge.user_id,
        entry_id: charge.entry_id,
        date: charge.date,
        transaction_type: 'fee',
        amount: -charge.amount,
        currency_id: charge.currency_id,
        source: charge.source,
        source_id: charge.source_id,
      },
    ],
  });
  if (outcome.status !== 'posted') return 'already_posted';
  await afterPosting(defaultFinanceDeps, org, [charge.user_id]);
  return 'posted';
}

/**
 * Data import of ledger entries (issue 17 §5): one typed-in transaction, as POST /api/transactions
 * posts it (the same rules, balance and activity log). The id comes from the row (`client_id`), so
 * the same row imported again posts nothing new.
 */
export const importTransaction = (actor: Actor, input: CreateTransactionInput) =>
  createTransaction(defaultFinanceDeps, actor, input);

/**
 * Which imported rows' entries are already on the ledger: the rows' `client_id`s, read by their
 * full keys (member, day, entry id) in BatchGetItem requests — one round trip per 100 rows.
 */
export async function postedTransactions(
  organizationId: string,
  rows: readonly { client_id: string; user_id: string; date: string }[],
): Promise<Set<string>> {
  const found = await ledgerStore.entriesByKey(
    rows.map((row) => ({
      organization_id: organizationId,
      user_id: row.user_id,
      date: row.date,
      entry_id: manualEntryId(row.client_id),
    })),
  );
  const posted = new Set(found.map((entry) => entry.entry_id));
  return new Set(rows.filter((row) => posted.has(manualEntryId(row.client_id))).map((row) => row.client_id));
}

/** The currency the organization keeps its ledger in (null: no organization). */
export async function ledgerCurrency(organizationId: string): Promise<string | null> {
  return (await organizationFinance(organizationId))?.currency_id ?? null;
}
