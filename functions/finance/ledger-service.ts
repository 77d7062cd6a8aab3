import { addDays } from '../../contracts/calendar.ts';
import type {
  BalanceRow,
  CreateTransactionInput,
  ListTransactionsQuery,
  StatementOutput,
  StatementQuery,
  TransactionOutput,
} from '../../contracts/schemas/finance.ts';
import {
  MANUAL_SIGN,
  TRANSACTION_TYPES,
  type TransactionType,
} from '../../contracts/schemas/finance-enums.ts';
import type { ChargeExplanation } from '../../contracts/schemas/tariffs.ts';
import type { MemberPerson, OrganizationFinance } from '../organizations/public.ts';
import { auditRecord } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { domainError, missingPermissions, notFound, validationFailed } from '../platform/http/errors.ts';
import {
  balanceMinOf,
  can,
  type FinanceDeps,
  isBelowMinimum,
  memberOf,
  membershipOn,
  nameOf,
  organizationOf,
  standingOf,
  todayOf,
} from './finance-context.ts';
import type { StoredMembership } from './finance-store.ts';
import type { EntryToPost, StoredEntry } from './ledger-store.ts';
import { afterPosting } from './notices.ts';

/**
 * The ledger as people use it (issue 14 §1): the organization's transactions, a member's statement
 * with the balance after each entry, the balances of everyone, entries typed in by a treasurer and
 * their rollback. Append-only: a rollback posts a reversing entry, never an edit or a delete.
 */

/** Days without a bound: the ledger's first and last possible day. */
export const FIRST_DAY = '1900-01-01';
export const LAST_DAY = '2199-12-31';

/** The reversing entry of an original: its id, once. */
export const reversalIdOf = (entryId: string) => `rv-${entryId}`;

/** A rollback takes an entry back on the entry's own day, so every past balance reads as if it had been right. */
export function reversalOf(
  original: StoredEntry,
  fields: { comment?: string; created_by?: string },
): EntryToPost {
  return {
    organization_id: original.organization_id,
    user_id: original.user_id,
    entry_id: reversalIdOf(original.entry_id),
    date: original.date,
    transaction_type: original.transaction_type,
    amount: -original.amount,
    currency_id: original.currency_id,
    source: original.source,
    source_id: original.source_id,
    reversal_of: original.entry_id,
    ...(fields.comment && { comment: fields.comment }),
    ...(fields.created_by && { created_by: fields.created_by }),
  };
}

/** Whether the actor may take this entry back here: a flight's charge follows its flight instead. */
const canRollback = (actor: Actor, entry: StoredEntry) =>
  can(actor, 'transaction-edit') && entry.source !== 'flight' && !entry.reversal_of && !entry.reversed_by;

export function transactionOutputOf(
  actor: Actor,
  entry: StoredEntry,
  names: ReadonlyMap<string, MemberPerson>,
  balanceAfter?: number,
): TransactionOutput {
  return {
    transaction_id: entry.entry_id,
    user_id: entry.user_id,
    user_name: nameOf(names.get(entry.user_id), actor.lang),
    transaction_type: entry.transaction_type,
    amount: entry.amount,
    currency_id: entry.currency_id,
    date: entry.date,
    comment: entry.comment ?? null,
    source: entry.source,
    source_id: entry.source_id ?? null,
    reversal_of: entry.reversal_of ?? null,
    reversed_by: entry.reversed_by ?? null,
    created_by: entry.created_by ?? null,
    created_at: entry.created_at,
    explanation: (entry.explanation as ChargeExplanation | undefined) ?? null,
    ...(balanceAfter !== undefined && { balance_after: balanceAfter }),
    can_rollback: canRollback(actor, entry),
  };
}

const range = (query: { from?: string; to?: string }) => ({
  from: query.from ?? FIRST_DAY,
  to: query.to ?? LAST_DAY,
});

/** GET /api/transactions: the organization's ledger, newest first; by member, type and days. */
export async function listTransactions(deps: FinanceDeps, actor: Actor, query: ListTransactionsQuery) {
  const org = await organizationOf(deps, actor);
  const limit = query.limit ?? 50;
  const page = query.user_id
    ? await deps.ledger.memberEntries(org.organization_id, query.user_id, {
        ...range(query),
        type: query.type,
        cursor: query.cursor,
        limit,
      })
    : await deps.ledger.organizationEntries(org.organization_id, {
        ...range(query),
        type: query.type,
        cursor: query.cursor,
        limit,
      });
  const names = await deps.members(
    org.organization_id,
    page.items.map((e) => e.user_id),
  );
  return {
    items: page.items.map((e) => transactionOutputOf(actor, e, names)),
    cursor: page.cursor,
    currency_id: org.currency_id,
    can_create: can(actor, 'transaction-edit'),
  };
}

/** At most this many entries are added up for the totals of one filter (a year of a large club is far below). */
const MAX_TOTALLED = 50_000;

/** GET /api/transactions/totals: the filter's sums per type, credits and debits. */
export async function transactionTotals(
  deps: FinanceDeps,
  actor: Actor,
  query: Omit<ListTransactionsQuery, 'cursor' | 'limit'>,
) {
  const org = await organizationOf(deps, actor);
  const { from, to } = range(query);
  const entries = query.user_id
    ? await deps.ledger.allMemberEntries(org.organization_id, query.user_id, from, to)
    : await deps.ledger.allOrganizationEntries(org.organization_id, from, to);
  if (entries.length > MAX_TOTALLED) throw validationFailed({ from: ['too_small'] });
  const byType = new Map<TransactionType, { count: number; amount: number }>();
  let credits = 0;
  let debits = 0;
  for (const e of entries) {
    if (query.type && e.transaction_type !== query.type) continue;
    const sum = byType.get(e.transaction_type) ?? { count: 0, amount: 0 };
    sum.count += 1;
    sum.amount += e.amount;
    byType.set(e.transaction_type, sum);
    if (e.amount > 0) credits += e.amount;
    else debits += e.amount;
  }
  return {
    by_type: TRANSACTION_TYPES.filter((t) => byType.has(t)).map((t) => ({
      transaction_type: t,
      ...byType.get(t)!,
    })),
    count: [...byType.values()].reduce((n, s) => n + s.count, 0),
    credits,
    debits,
    total: credits + debits,
    currency_id: org.currency_id,
  };
}

/** GET /api/transactions/{id}: one entry of the organization. */
export async function getTransaction(deps: FinanceDeps, actor: Actor, entryId: string) {
  const org = await organizationOf(deps, actor);
  const entry = await deps.ledger.entry(org.organization_id, entryId);
  if (!entry) throw notFound();
  const names = await deps.members(org.organization_id, [entry.user_id]);
  return transactionOutputOf(actor, entry, names);
}

/** The id of an entry typed in: its form's once-chosen id, so a retried save posts once. */
export const manualEntryId = (clientId: string) => `man-${clientId}`;

/** POST /api/transactions: a payment received, a correction, a fee or a refund, typed in. */
export async function createTransaction(deps: FinanceDeps, actor: Actor, input: CreateTransactionInput) {
  const org = await organizationOf(deps, actor);
  const person = await memberOf(deps, org.organization_id, input.user_id);
  const sign = MANUAL_SIGN[input.transaction_type];
  const entry: EntryToPost = {
    organization_id: org.organization_id,
    user_id: input.user_id,
    entry_id: manualEntryId(input.client_id),
    date: input.date,
    transaction_type: input.transaction_type,
    amount: sign === 0 ? input.amount : sign * Math.abs(input.amount),
    currency_id: org.currency_id,
    source: 'manual',
    ...(input.comment && { comment: input.comment }),
    created_by: actor.userId,
  };
  const outcome = await deps.ledger.post({
    organization_id: org.organization_id,
    entries: [entry],
    extra: (e) => [
      ...auditRecord(actor, {
        action: 'transaction.create',
        target_type: 'transaction',
        target_id: entry.entry_id,
        details: { type: entry.transaction_type, amount: entry.amount, user_id: entry.user_id },
        subject_user_id: entry.user_id,
      })(e),
    ],
  });
  if (outcome.status === 'refused') {
    // The same form saved twice (an answer lost on the way back): the first stands, once.
    const existing = await deps.ledger.entry(org.organization_id, entry.entry_id);
    if (existing && existing.user_id === entry.user_id && existing.amount === entry.amount)
      return transactionOutputOf(actor, existing, new Map([[person.user_id, person]]));
    throw domainError('conflict');
  }
  await afterPosting(deps, org, [entry.user_id]);
  const stored = await deps.ledger.entry(org.organization_id, entry.entry_id);
  return transactionOutputOf(actor, stored!, new Map([[person.user_id, person]]));
}

/** POST /api/transactions/{id}/rollback: a reversing entry, once; a flight's charge follows its flight. */
export async function rollbackTransaction(
  deps: FinanceDeps,
  actor: Actor,
  entryId: string,
  comment: string | null | undefined,
) {
  const org = await organizationOf(deps, actor);
  const original = await deps.ledger.entry(org.organization_id, entryId);
  if (!original) throw notFound();
  if (original.source === 'flight') throw domainError('charge_follows_flight');
  if (original.reversal_of || original.reversed_by) throw domainError('already_rolled_back');
  const reversal = reversalOf(original, { comment: comment ?? undefined, created_by: actor.userId });
  const outcome = await deps.ledger.post({
    organization_id: org.organization_id,
    entries: [reversal],
    reverses: [{ original, by: reversal.entry_id }],
    extra: (e) => [
      ...auditRecord(actor, {
        action: 'transaction.rollback',
        target_type: 'transaction',
        target_id: original.entry_id,
        details: { type: original.transaction_type, amount: reversal.amount, user_id: original.user_id },
        subject_user_id: original.user_id,
      })(e),
    ],
  });
  if (outcome.status === 'refused') throw domainError('already_rolled_back');
  await afterPosting(deps, org, [original.user_id]);
  const names = await deps.members(org.organization_id, [original.user_id]);
  return transactionOutputOf(
    actor,
    (await deps.ledger.entry(org.organization_id, reversal.entry_id))!,
    names,
  );
}

// Balances at a day ---------------------------------------------------------------------------------

const lastDayOfMonth = (day: string) => {
  const [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  return `${day.slice(0, 7)}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};
const sum = (items: readonly { amount: number }[]) => items.reduce((total, i) => total + i.amount, 0);

/**
 * A member's balance at the end of a day: the balance now, less the months after that day's month
 * and that month's entries after the day (month items are ADDed with every entry). A few Queries,
 * however long the member's history.
 */
export async function balanceAtEndOf(
  deps: FinanceDeps,
  organizationId: string,
  userId: string,
  day: string,
  current?: number,
): Promise<number> {
  const now = current ?? (await deps.ledger.balance(organizationId, userId))?.balance ?? 0;
  if (day >= LAST_DAY) return now;
  const after = await deps.ledger.memberMonthsAfter(organizationId, userId, day.slice(0, 7));
  const monthEnd = lastDayOfMonth(day);
  const rest =
    day < monthEnd
      ? await deps.ledger.allMemberEntries(organizationId, userId, addDays(day, 1), monthEnd)
      : [];
  return now - sum(after) - sum(rest);
}

/** A statement page's cursor: the store's, and the balance after the next entry (the page goes on from it). */
const wrapCursor = (inner: string | null, running: number) =>
  inner ? Buffer.from(JSON.stringify({ c: inner, b: running })).toString('base64url') : null;

function unwrapCursor(cursor: string | undefined): { c: string; b: number } | null {
  if (!cursor) return null;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      c?: unknown;
      b?: unknown;
    };
    if (typeof value.c === 'string' && Number.isSafeInteger(value.b))
      return { c: value.c, b: value.b as number };
  } catch {
    // refused below
  }
  throw validationFailed({ cursor: ['invalid_value'] });
}

/**
 * A member's statement (issue 14 §1): the entries of the days, newest first, each with the balance
 * after it; the opening and closing balances of the days; the balance now and the minimum. With a
 * type filter the running balance is left out (it would not add up).
 */
export async function memberStatement(
  deps: FinanceDeps,
  actor: Actor,
  org: OrganizationFinance,
  userId: string,
  query: StatementQuery,
): Promise<StatementOutput> {
  const today = todayOf(deps, org);
  const to = query.to ?? LAST_DAY;
  const from = query.from ?? null;
  const limit = query.limit ?? 50;
  const [balanceItem, memberships, names] = await Promise.all([
    deps.ledger.balance(org.organization_id, userId),
    deps.store.memberMemberships(org.organization_id, userId),
    deps.members(org.organization_id, [userId]),
  ]);
  const balance = balanceItem?.balance ?? 0;
  const closing = await balanceAtEndOf(deps, org.organization_id, userId, to, balance);
  const opening = from
    ? await balanceAtEndOf(deps, org.organization_id, userId, addDays(from, -1), balance)
    : 0;
  const resumed = unwrapCursor(query.cursor);
  const page = await deps.ledger.memberEntries(org.organization_id, userId, {
    from: from ?? '0000',
    to,
    type: query.type,
    cursor: resumed?.c,
    limit,
  });
  let running = resumed?.b ?? closing;
  const items = page.items.map((entry) => {
    const after = query.type ? undefined : running;
    running -= entry.amount;
    return transactionOutputOf(actor, entry, names, after);
  });
  return {
    user_id: userId,
    user_name: nameOf(names.get(userId), actor.lang),
    currency_id: org.currency_id,
    from,
    to: query.to ?? today,
    opening_balance: opening,
    closing_balance: closing,
    balance,
    balance_min: balanceMinOf(org, membershipOn(memberships, today)),
    items,
    cursor: wrapCursor(page.cursor, running),
    can_create: can(actor, 'transaction-edit'),
  };
}

/** GET /api/members/{user_id}/transactions: a member's statement (transaction-list). */
export async function statementOfMember(
  deps: FinanceDeps,
  actor: Actor,
  userId: string,
  query: StatementQuery,
) {
  const org = await organizationOf(deps, actor);
  const person = (await deps.members(org.organization_id, [userId])).get(userId);
  // A former member's entries stay readable to the treasurer; nobody else's id is.
  if (!person && !(await deps.ledger.balance(org.organization_id, userId))) throw notFound();
  return memberStatement(deps, actor, org, userId, query);
}

/** POST /api/profile/search-transactions (spec §7): the member's own statement. */
export async function ownStatement(deps: FinanceDeps, actor: Actor, query: StatementQuery) {
  const org = await organizationOf(deps, actor);
  return memberStatement(deps, { ...actor, permissions: new Set() }, org, actor.userId, query);
}

// Balances of everyone -------------------------------------------------------------------------------

function rowOf(
  org: OrganizationFinance,
  userId: string,
  person: MemberPerson | undefined,
  actor: Actor,
  balance: { balance: number; updated_at?: string } | undefined,
  membership: StoredMembership | null,
): BalanceRow {
  const min = balanceMinOf(org, membership);
  const value = balance?.balance ?? 0;
  return {
    user_id: userId,
    user_name: nameOf(person, actor.lang) ?? userId,
    balance: value,
    balance_min: min,
    below_minimum: isBelowMinimum(value, min),
    membership_type: membership?.membership_type ?? null,
    last_entry_date: balance?.updated_at?.slice(0, 10) ?? null,
  };
}

/** A debtor: below the minimum where one is set, else below zero. */
const isDebtor = (row: BalanceRow) => row.below_minimum || row.balance < 0;

/**
 * GET /api/balances: every member's balance in name order (one page of members, their balance items
 * by key), the minimum highlighted; `debtors`: only members below zero or their minimum, whole.
 */
export async function listBalances(
  deps: FinanceDeps,
  actor: Actor,
  query: { debtors?: 'true' | 'false'; cursor?: string; limit?: number },
) {
  const org = await organizationOf(deps, actor);
  const today = todayOf(deps, org);
  const memberships = await deps.store.allMemberships(org.organization_id);
  const membershipFor = (userId: string) =>
    membershipOn(
      memberships.filter((m) => m.user_id === userId),
      today,
    );
  const allBalances = await deps.ledger.allBalances(org.organization_id);
  const total = sum(allBalances.map((b) => ({ amount: b.balance })));
  if (query.debtors === 'true') {
    const ids = await deps.allMemberIds(org.organization_id);
    const people = await deps.members(org.organization_id, ids);
    const byUser = new Map(allBalances.map((b) => [b.user_id, b]));
    const items = ids
      .map((id) => rowOf(org, id, people.get(id), actor, byUser.get(id), membershipFor(id)))
      .filter(isDebtor)
      .sort((a, b) => a.balance - b.balance);
    return { items, cursor: null, currency_id: org.currency_id, total };
  }
  const page = await deps.memberIdsPage(org.organization_id, {
    cursor: query.cursor,
    limit: query.limit ?? 50,
  });
  const [people, balances] = await Promise.all([
    deps.members(org.organization_id, page.userIds),
    deps.ledger.balances(org.organization_id, page.userIds),
  ]);
  return {
    items: page.userIds.map((id) =>
      rowOf(org, id, people.get(id), actor, balances.get(id), membershipFor(id)),
    ),
    cursor: page.cursor,
    currency_id: org.currency_id,
    total,
  };
}

/** Every member's balance row (the balances export). */
export async function allBalanceRows(
  deps: FinanceDeps,
  actor: Actor,
  org: OrganizationFinance,
  debtorsOnly: boolean,
) {
  const today = todayOf(deps, org);
  const [ids, memberships, balances] = await Promise.all([
    deps.allMemberIds(org.organization_id),
    deps.store.allMemberships(org.organization_id),
    deps.ledger.allBalances(org.organization_id),
  ]);
  const people = await deps.members(org.organization_id, ids);
  const byUser = new Map(balances.map((b) => [b.user_id, b]));
  const rows = ids.map((id) =>
    rowOf(
      org,
      id,
      people.get(id),
      actor,
      byUser.get(id),
      membershipOn(
        memberships.filter((m) => m.user_id === id),
        today,
      ),
    ),
  );
  return debtorsOnly ? rows.filter(isDebtor) : rows;
}

// The daily sheet: a payer's standing (issue 14 §9) --------------------------------------------------

/** GET /api/finance/standing: states only (no amounts), for the daily sheet's cards. */
export async function standings(deps: FinanceDeps, actor: Actor, userIds: readonly string[]) {
  const org = await organizationOf(deps, actor);
  if (!actor.organizationId) throw missingPermissions();
  const today = todayOf(deps, org);
  const unique = [...new Set(userIds)].slice(0, 100);
  const members = await deps.members(org.organization_id, unique);
  const items = await Promise.all(
    unique.map(async (user_id) => {
      if (!members.has(user_id)) return { user_id, state: 'unknown' as const };
      const standing = await standingOf(deps, org, user_id, today);
      return { user_id, state: standing.below ? ('below_minimum' as const) : ('ok' as const) };
    }),
  );
  return { policy: org.balance_policy, items };
}
