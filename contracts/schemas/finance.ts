import * as z from 'zod/mini';
import { MAX_MINOR } from '../money.ts';
import { cursor, entityId, isoDate, userText, version, whole } from '../validation.ts';
import {
  AMOUNT_SOURCES,
  BALANCE_POLICIES,
  BALANCE_STATES,
  CADENCES,
  EXPORT_FORMATS,
  MANUAL_TRANSACTION_TYPES,
  MEMBERSHIP_TYPES,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  SCHEDULED_TRANSACTION_TYPES,
  TRANSACTION_TYPES,
} from './finance-enums.ts';
import { clientFlightId } from './flights.ts';
import { chargeExplanation } from './tariffs.ts';

/**
 * The finance domain's contract (spec §3 Transaction, Membership; issue 14): the ledger, statements
 * and balances, scheduled transactions, memberships, card payments and the bookkeeper's exports.
 * Money is integer minor units of the organization's currency; a balance is what the club owes the
 * member (a charge makes it smaller).
 */

const money = z.number().check(whole, z.nonnegative(), z.maximum(MAX_MINOR));
const positiveMoney = z.number().check(whole, z.minimum(1), z.maximum(MAX_MINOR));
const signedMoney = z.number().check(whole, z.minimum(-MAX_MINOR), z.maximum(MAX_MINOR));
const optionalMoney = z.optional(z.nullable(money));
const comment = z.optional(z.nullable(userText(500, { multiline: true })));
const limit = (max: number) => z.optional(z.coerce.number().check(whole, z.minimum(1), z.maximum(max)));
const nullableString = z.nullable(z.string());
const nullableNumber = z.nullable(z.number());

// The ledger ---------------------------------------------------------------------------------------

/** Where an entry came from: typed in, a flight's charge, a scheduled run, a card payment, an enrolment. */
export const ENTRY_SOURCES = [
  'manual',
  'flight',
  'schedule',
  'payment',
  'training',
  'work',
  'fuel',
  'airport',
] as const;

export const transactionOutput = z.object({
  transaction_id: z.string(),
  user_id: z.string(),
  user_name: nullableString,
  transaction_type: z.enum(TRANSACTION_TYPES),
  /** Signed: positive credits the member, negative charges them. */
  amount: z.number(),
  currency_id: z.string(),
  /** The day it counts on (value date): a flight's operating day, a run's day, the day paid. */
  date: z.string(),
  comment: nullableString,
  source: z.enum(ENTRY_SOURCES),
  /** The flight, schedule, payment or enrolment it came from. */
  source_id: nullableString,
  /** A rollback points at the entry it takes back; the original points back at it. */
  reversal_of: nullableString,
  reversed_by: nullableString,
  created_by: nullableString,
  created_at: z.string(),
  /** A flight charge's explanation: the rules, their inputs and amounts. */
  explanation: z.nullable(chargeExplanation),
  /** On a statement: the balance after this entry. */
  balance_after: z.optional(z.number()),
  can_rollback: z.boolean(),
});
export type TransactionOutput = z.infer<typeof transactionOutput>;

/** GET /api/transactions: the organization's ledger, newest first, filtered by member, type and days. */
export const listTransactionsQuery = z.strictObject({
  user_id: z.optional(entityId),
  type: z.optional(z.enum(TRANSACTION_TYPES)),
  from: z.optional(isoDate),
  to: z.optional(isoDate),
  cursor: z.optional(cursor),
  limit: limit(200),
});
export type ListTransactionsQuery = z.infer<typeof listTransactionsQuery>;

export const transactionListOutput = z.object({
  items: z.array(transactionOutput),
  cursor: nullableString,
  currency_id: z.string(),
  can_create: z.boolean(),
});

/** GET /api/transactions/totals: the same filter's sums per type. */
export const transactionTotalsQuery = z.strictObject({
  user_id: z.optional(entityId),
  type: z.optional(z.enum(TRANSACTION_TYPES)),
  from: z.optional(isoDate),
  to: z.optional(isoDate),
});
export const transactionTotalsOutput = z.object({
  by_type: z.array(
    z.object({ transaction_type: z.enum(TRANSACTION_TYPES), count: z.number(), amount: z.number() }),
  ),
  count: z.number(),
  credits: z.number(),
  debits: z.number(),
  total: z.number(),
  currency_id: z.string(),
});

/**
 * POST /api/transactions: an entry typed in by a treasurer. The amount is typed positive and the
 * type gives its sign (a payment received credits, a fee or refund charges); a correction is typed
 * with its sign. `client_id` (chosen once per form) makes a retried save post once.
 */
export const createTransactionInput = z
  .strictObject({
    client_id: clientFlightId,
    user_id: entityId,
    transaction_type: z.enum(MANUAL_TRANSACTION_TYPES),
    amount: signedMoney,
    date: isoDate,
    comment,
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.amount === 0)
        ctx.addIssue({ code: 'custom', message: 'too_small', path: ['amount'], input: value });
      else if (value.transaction_type !== 'correction' && value.amount < 0)
        ctx.addIssue({ code: 'custom', message: 'too_small', path: ['amount'], input: value });
    }),
  );
export type CreateTransactionInput = z.infer<typeof createTransactionInput>;

/** POST /api/transactions/{id}/rollback: a reversing entry, once (spec: rollback). */
export const rollbackInput = z.strictObject({ comment });

/** A member's statement: the entries of the days with the balance after each, newest first. */
export const statementQuery = z.strictObject({
  from: z.optional(isoDate),
  to: z.optional(isoDate),
  type: z.optional(z.enum(TRANSACTION_TYPES)),
  cursor: z.optional(cursor),
  limit: limit(200),
});
export type StatementQuery = z.infer<typeof statementQuery>;

/** POST /api/profile/search-transactions (spec §7): the member's own statement, by the same criteria. */
export const searchTransactionsInput = z.strictObject({
  from: z.optional(isoDate),
  to: z.optional(isoDate),
  type: z.optional(z.enum(TRANSACTION_TYPES)),
  cursor: z.optional(cursor),
  limit: z.optional(z.number().check(whole, z.minimum(1), z.maximum(200))),
});

export const statementOutput = z.object({
  user_id: z.string(),
  user_name: nullableString,
  currency_id: z.string(),
  from: nullableString,
  to: z.string(),
  /** The balance at the start of `from` and at the end of `to` (every type counted). */
  opening_balance: z.number(),
  closing_balance: z.number(),
  /** The balance now, and the least it should be (the membership's, else the organization's). */
  balance: z.number(),
  balance_min: nullableNumber,
  items: z.array(transactionOutput),
  cursor: nullableString,
  can_create: z.boolean(),
});
export type StatementOutput = z.infer<typeof statementOutput>;

// Balances -----------------------------------------------------------------------------------------

export const balanceRow = z.object({
  user_id: z.string(),
  user_name: z.string(),
  balance: z.number(),
  balance_min: nullableNumber,
  below_minimum: z.boolean(),
  membership_type: z.nullable(z.enum(MEMBERSHIP_TYPES)),
  last_entry_date: nullableString,
});
export type BalanceRow = z.infer<typeof balanceRow>;

/** GET /api/balances: every member's balance in name order; `debtors`: only those below zero or their minimum. */
export const listBalancesQuery = z.strictObject({
  debtors: z.optional(z.enum(['true', 'false'])),
  cursor: z.optional(cursor),
  limit: limit(200),
});
export const balanceListOutput = z.object({
  items: z.array(balanceRow),
  cursor: nullableString,
  currency_id: z.string(),
  /** Members' balances added up (what the club owes its members, net). */
  total: z.number(),
});

/** GET /api/finance/standing: payers' standing for the daily sheet (states only, no amounts). */
export const standingQuery = z.strictObject({
  user_ids: z
    .string()
    .check(z.minLength(1), z.maxLength(2000), z.regex(/^[A-Za-z0-9_-]+(,[A-Za-z0-9_-]+)*$/)),
});
export const standingOutput = z.object({
  policy: z.enum(BALANCE_POLICIES),
  items: z.array(z.object({ user_id: z.string(), state: z.enum(BALANCE_STATES) })),
});

// Exports ------------------------------------------------------------------------------------------

/** GET /api/ledger/export: the ledger of the days per member and type, with opening and closing balances. */
export const ledgerExportQuery = z.strictObject({
  from: isoDate,
  to: isoDate,
  format: z.enum(EXPORT_FORMATS),
  /** CSV holds one table: per member (default), per type, or the entries; XLSX holds all three. */
  view: z.optional(z.enum(['members', 'types', 'entries'])),
});
export const balancesExportQuery = z.strictObject({
  format: z.enum(EXPORT_FORMATS),
  debtors: z.optional(z.enum(['true', 'false'])),
});
/** A file, base64: the API answers JSON, the browser saves it. */
export const exportOutput = z.object({ filename: z.string(), content_type: z.string(), data: z.string() });
export type ExportOutput = z.infer<typeof exportOutput>;

// Memberships (spec §3 Membership) -----------------------------------------------------------------

const membershipFields = {
  user_id: entityId,
  membership_type: z.enum(MEMBERSHIP_TYPES),
  membership_name: z.optional(z.nullable(userText(80))),
  start_date: isoDate,
  end_date: z.optional(z.nullable(isoDate)),
  /** per month */
  membership_fee: optionalMoney,
  discount_fee: optionalMoney,
  full_fee: optionalMoney,
  /** per year */
  yearly_membership_fee: optionalMoney,
  /** No fees at all (honorary members). */
  membership_free: z.optional(z.boolean()),
  /** The membership fee is posted by the scheduled transactions that name membership fees. */
  automatic_membership_fee_deduction_on: z.optional(z.boolean()),
  /** The least balance this member may fly with (may be negative: credit); else the organization's. */
  balance_min: z.optional(z.nullable(signedMoney)),
  /** Tell the member when the balance drops below the minimum (at most once a week). */
  balance_notification_on: z.optional(z.boolean()),
  /** A monthly statement by mail and notification. */
  balance_summary_notification_on: z.optional(z.boolean()),
  /** Voting right. */
  vote: z.optional(z.boolean()),
};

const datesInOrder = z.superRefine<{ start_date: string; end_date?: string | null }>((value, ctx) => {
  if (value.end_date && value.end_date < value.start_date)
    ctx.addIssue({ code: 'custom', message: 'too_small', path: ['end_date'], input: value });
});

export const createMembershipInput = z.strictObject(membershipFields).check(datesInOrder);
export type CreateMembershipInput = z.infer<typeof createMembershipInput>;
export const updateMembershipInput = z.strictObject({ ...membershipFields, version }).check(datesInOrder);
export type UpdateMembershipInput = z.infer<typeof updateMembershipInput>;

export const membershipOutput = z.object({
  membership_id: z.string(),
  user_id: z.string(),
  user_name: nullableString,
  membership_type: z.enum(MEMBERSHIP_TYPES),
  membership_name: nullableString,
  start_date: z.string(),
  end_date: nullableString,
  membership_fee: nullableNumber,
  discount_fee: nullableNumber,
  full_fee: nullableNumber,
  yearly_membership_fee: nullableNumber,
  membership_free: z.boolean(),
  automatic_membership_fee_deduction_on: z.boolean(),
  balance_min: nullableNumber,
  balance_notification_on: z.boolean(),
  balance_summary_notification_on: z.boolean(),
  vote: z.boolean(),
  /** Spec membership_balance: the member's balance now. */
  membership_balance: z.number(),
  currency_id: z.string(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});
export type MembershipOutput = z.infer<typeof membershipOutput>;

export const listMembershipsQuery = z.strictObject({
  user_id: z.optional(entityId),
  type: z.optional(z.enum(MEMBERSHIP_TYPES)),
  cursor: z.optional(cursor),
  limit: limit(200),
});
export const membershipListOutput = z.object({
  items: z.array(membershipOutput),
  cursor: nullableString,
  can_create: z.boolean(),
});

// Scheduled (recurring) transactions (spec §3, §4 "Scheduled transactions run") --------------------

export const schedulePeriod = z
  .string()
  .check(z.regex(/^\d{4}(-(0[1-9]|1[0-2])|-Q[1-4])?$/, { error: 'invalid_value' }));

const scheduleFields = {
  name: userText(120, { min: 1 }),
  transaction_type: z.enum(SCHEDULED_TRANSACTION_TYPES),
  amount_source: z.enum(AMOUNT_SOURCES),
  /** Charged per run (fixed amounts); minor units, positive. */
  amount: z.optional(z.nullable(positiveMoney)),
  /** Members by name, and/or every member whose membership on the run's day is of these types. */
  user_ids: z.array(entityId).check(z.maxLength(500)),
  membership_types: z.array(z.enum(MEMBERSHIP_TYPES)).check(z.maxLength(MEMBERSHIP_TYPES.length)),
  cadence: z.enum(CADENCES),
  /** The day of the month it runs on; 31 runs on the last day of shorter months. */
  day_of_month: z.number().check(whole, z.minimum(1), z.maximum(31)),
  /** The month of the year it runs in (yearly), or of its first quarter (quarterly). */
  month: z.number().check(whole, z.minimum(1), z.maximum(12)),
  start_date: isoDate,
  end_date: z.optional(z.nullable(isoDate)),
  comment: z.optional(z.nullable(userText(200))),
};

const scheduleRules = z.superRefine<{
  amount_source: string;
  amount?: number | null;
  user_ids: string[];
  membership_types: string[];
  start_date: string;
  end_date?: string | null;
}>((value, ctx) => {
  if (value.amount_source === 'fixed' && !value.amount)
    ctx.addIssue({ code: 'custom', message: 'field_required', path: ['amount'], input: value });
  if (value.user_ids.length === 0 && value.membership_types.length === 0)
    ctx.addIssue({ code: 'custom', message: 'field_required', path: ['membership_types'], input: value });
  if (value.end_date && value.end_date < value.start_date)
    ctx.addIssue({ code: 'custom', message: 'too_small', path: ['end_date'], input: value });
});

export const scheduleInput = z.strictObject(scheduleFields).check(scheduleRules);
export type ScheduleInput = z.infer<typeof scheduleInput>;
export const updateScheduleInput = z.strictObject({ ...scheduleFields, version }).check(scheduleRules);
export type UpdateScheduleInput = z.infer<typeof updateScheduleInput>;

export const scheduleRun = z.object({
  period: z.string(),
  date: z.string(),
  members: z.number(),
  total: z.number(),
  at: z.string(),
});

export const scheduleOutput = z.object({
  schedule_id: z.string(),
  name: z.string(),
  transaction_type: z.enum(SCHEDULED_TRANSACTION_TYPES),
  amount_source: z.enum(AMOUNT_SOURCES),
  amount: nullableNumber,
  user_ids: z.array(z.string()),
  membership_types: z.array(z.enum(MEMBERSHIP_TYPES)),
  cadence: z.enum(CADENCES),
  day_of_month: z.number(),
  month: z.number(),
  start_date: z.string(),
  end_date: nullableString,
  comment: nullableString,
  /** The next day it runs on (null: ended). */
  next_run_date: nullableString,
  last_run_period: nullableString,
  last_billing_at: nullableString,
  runs: z.array(scheduleRun),
  currency_id: z.string(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});
export type ScheduleOutput = z.infer<typeof scheduleOutput>;

export const listSchedulesQuery = z.strictObject({ cursor: z.optional(cursor), limit: limit(200) });
export const scheduleListOutput = z.object({
  items: z.array(scheduleOutput),
  cursor: nullableString,
  can_create: z.boolean(),
});

/** POST /api/scheduled-transactions/preview: the next runs of a schedule as the form has it. */
export const schedulePreviewOutput = z.object({
  runs: z.array(z.object({ date: z.string(), period: z.string(), members: z.number(), total: z.number() })),
  /** Who the next run charges and how much. */
  members: z.array(z.object({ user_id: z.string(), user_name: z.string(), amount: z.number() })),
  currency_id: z.string(),
});

/**
 * POST /api/scheduled-transactions/{id}/recalculate: a period already run, posted again with the
 * schedule as it is now. `apply: false` only shows what would change; `apply: true` rolls the old
 * entries back and posts the new ones — the earlier calculation is then gone (spec).
 */
export const recalculateInput = z.strictObject({ period: schedulePeriod, apply: z.boolean(), version });
export const recalculateOutput = z.object({
  period: z.string(),
  applied: z.boolean(),
  changes: z.array(
    z.object({
      user_id: z.string(),
      user_name: z.string(),
      posted: z.number(),
      recalculated: z.number(),
      difference: z.number(),
    }),
  ),
  total_difference: z.number(),
  currency_id: z.string(),
  schedule: scheduleOutput,
});

// Flight charges -----------------------------------------------------------------------------------

export const FLIGHT_CHARGE_STATES = ['charged', 'no_charge', 'no_payer', 'not_charged'] as const;
export const PAYER_MODES = ['default', 'custom', 'none'] as const;

export const flightChargeOutput = z.object({
  flight_id: z.string(),
  /** charged; no_charge: priced at nothing; no_payer: nobody to charge; not_charged: not landed (or not yet priced). */
  state: z.enum(FLIGHT_CHARGE_STATES),
  priced_version: nullableNumber,
  explanation: z.nullable(chargeExplanation),
  entries: z.array(
    z.object({
      transaction_id: z.string(),
      user_id: z.string(),
      user_name: nullableString,
      amount: z.number(),
      date: z.string(),
    }),
  ),
  payers_mode: z.enum(PAYER_MODES),
  payers: z.array(z.object({ user_id: z.string(), user_name: nullableString, percent: z.number() })),
  currency_id: z.string(),
  version: z.number(),
  can_edit: z.boolean(),
});
export type FlightChargeOutput = z.infer<typeof flightChargeOutput>;

/** PUT /api/flights/{id}/charge/payers: who pays the flight — its default payer, a chosen one or a split, or nobody. */
export const flightPayersInput = z
  .strictObject({
    mode: z.enum(PAYER_MODES),
    payers: z
      .array(
        z.strictObject({ user_id: entityId, percent: z.number().check(whole, z.minimum(1), z.maximum(100)) }),
      )
      .check(z.maxLength(4)),
    version,
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.mode !== 'custom') return;
      const sum = value.payers.reduce((total, p) => total + p.percent, 0);
      if (value.payers.length === 0 || sum !== 100)
        ctx.addIssue({ code: 'custom', message: 'invalid_value', path: ['payers'], input: value });
      if (new Set(value.payers.map((p) => p.user_id)).size !== value.payers.length)
        ctx.addIssue({ code: 'custom', message: 'duplicate_value', path: ['payers'], input: value });
    }),
  );
export type FlightPayersInput = z.infer<typeof flightPayersInput>;

/** POST /api/flights/{id}/charge/recalculate: priced again under the tariff in force today. */
export const recalculateChargeInput = z.strictObject({ version });

// Card payments (issue 14 §8) ----------------------------------------------------------------------

export const paymentConfigOutput = z.object({
  enabled: z.boolean(),
  provider: z.nullable(z.enum(PAYMENT_PROVIDERS)),
  currency_id: z.string(),
  min: z.number(),
  max: z.number(),
  /** The member's balance now. */
  balance: z.number(),
});

/** POST /api/payments: a top-up within the club's limits; the browser goes on to the provider's page. */
export const startPaymentInput = z.strictObject({
  amount: positiveMoney,
  /** The web app's origin the provider sends the member back to (checked against the allowed ones). */
  return_origin: z.string().check(z.maxLength(200), z.regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/)),
});
export const startPaymentOutput = z.object({ payment_id: z.string(), checkout_url: z.string() });

export const paymentOutput = z.object({
  payment_id: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number(),
  currency_id: z.string(),
  created_at: z.string(),
  completed_at: nullableString,
  /** The member's balance now. */
  balance: z.number(),
});

export const webhookOutput = z.object({ received: z.literal(true) });
