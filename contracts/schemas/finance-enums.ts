/**
 * The finance domain's closed vocabularies (spec §3 Transaction, Membership; issue 14).
 *
 * Money is integer minor units of the organization's currency (DESIGN §4: 8 450 Ft = 845000). A
 * member's balance is what the club owes the member: a payment received raises it, a charge lowers it.
 */

/**
 * What an entry of the ledger is. The first four are typed in by a treasurer (transaction/new);
 * the rest are posted by the product: a landed flight's charge, a scheduled transaction's run, a
 * card top-up, a training programme's fee on enrolment. A rollback posts the same type with the opposite amount and points at the original.
 */
export const TRANSACTION_TYPES = [
  'payment_received',
  'correction',
  'fee',
  'refund',
  'flight_charge',
  'membership_fee',
  'card_payment',
  'training_fee',
  /** The year's close of work hours (issue 15 §7): paid work credited, missing obligation hours charged. */
  'work_credit',
  'work_charge',
  'fuel_charge',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** The types a treasurer types in, and the sign each gives the amount typed (correction: as typed). */
export const MANUAL_TRANSACTION_TYPES = ['payment_received', 'correction', 'fee', 'refund'] as const;
export type ManualTransactionType = (typeof MANUAL_TRANSACTION_TYPES)[number];
export const MANUAL_SIGN: Record<ManualTransactionType, 1 | -1 | 0> = {
  payment_received: 1,
  fee: -1,
  // The club pays a member's credit back: the credit goes down.
  refund: -1,
  correction: 0,
};

/** What a scheduled (recurring) transaction posts. */
export const SCHEDULED_TRANSACTION_TYPES = ['membership_fee', 'fee'] as const;
export type ScheduledTransactionType = (typeof SCHEDULED_TRANSACTION_TYPES)[number];

/** Spec §3 membership types, as spelt (`regular` is also called normal; `patron pilot` with `_`). */
export const MEMBERSHIP_TYPES = [
  'full_price',
  'hourly',
  'honorary',
  'patron',
  'patron_pilot',
  'probationary',
  'guest',
  'regular',
  'suspended',
  'removed',
] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];

/** Issue 14 §6: how often a scheduled transaction runs. */
export const CADENCES = ['monthly', 'quarterly', 'yearly'] as const;
export type Cadence = (typeof CADENCES)[number];

/** Where a scheduled run's amount comes from: the schedule's own, or each member's membership fee. */
export const AMOUNT_SOURCES = ['fixed', 'membership_fee'] as const;
export type AmountSource = (typeof AMOUNT_SOURCES)[number];

/**
 * Issue 14 §9: what the daily sheet does with a payer below the minimum balance — nothing, a
 * warning, or a refusal (409) that the day's coordinator may override.
 */
export const BALANCE_POLICIES = ['off', 'warn', 'block'] as const;
export type BalancePolicy = (typeof BALANCE_POLICIES)[number];

/** A payer's standing as the daily sheet shows it. */
export const BALANCE_STATES = ['ok', 'below_minimum', 'unknown'] as const;
export type BalanceState = (typeof BALANCE_STATES)[number];

/** A tariff is edited as a draft, then published (and then never changed: copy it to change prices). */
export const TARIFF_STATUSES = ['draft', 'published'] as const;
export type TariffStatus = (typeof TARIFF_STATUSES)[number];

/**
 * What a price rule prices (issue 14 §3). A flight's charge has one line per component at most,
 * from the first rule that matches (or from the base prices), plus every matching surcharge and
 * multiplier:
 * - flight_time / engine_time: per minute of the flight / of the engine counter;
 * - tow_time: per minute of a tow plane's flight towing a glider (charged to the glider's payer);
 * - launch: the winch launch or the aerotow (by height in steps);
 * - landing: per landing (touch-and-goes count);
 * - surcharge: added on top (per flight or per minute);
 * - multiplier: multiplies the flight's subtotal (a guest's × 1.5).
 */
export const PRICE_COMPONENTS = [
  'flight_time',
  'engine_time',
  'tow_time',
  'launch',
  'landing',
  'surcharge',
  'multiplier',
] as const;
export type PriceComponent = (typeof PRICE_COMPONENTS)[number];

/** The aircraft a rule may name by kind: gliders, touring motor gliders, other powered aircraft. */
export const AIRCRAFT_CATEGORIES = ['glider', 'tmg', 'powered'] as const;
export type AircraftCategory = (typeof AIRCRAFT_CATEGORIES)[number];

/** A flight's part in an aerotow: its own flight, or the tow plane's flight towing a glider. */
export const FLIGHT_ROLES = ['own', 'tow'] as const;
export type FlightRole = (typeof FLIGHT_ROLES)[number];

/** Card payments (issue 14 §8): the providers a top-up can go through. */
export const PAYMENT_PROVIDERS = ['stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** A top-up: waiting for the provider, paid (and credited), or not paid. */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The bookkeeper's export formats (issue 14 §10). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The smallest amount a charge is rounded to, in minor units: forints and crowns are paid in whole
 * units (no fillér or haléř since 1999 and 2008), so a HUF charge of 8 449,50 is 8 450 Ft.
 */
export const ROUNDING_UNIT: Record<string, number> = { HUF: 100, CZK: 100 };
export const roundingUnitOf = (currency: string) => ROUNDING_UNIT[currency] ?? 1;

/** Rounds half away from zero to a multiple of `unit`. */
export const roundTo = (amount: number, unit: number) =>
  Math.sign(amount) * Math.round(Math.abs(amount) / unit) * unit;
