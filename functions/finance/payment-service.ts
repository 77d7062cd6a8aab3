import type Stripe from 'stripe';
import { todayIn } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import { formatMoney } from '../../contracts/money.ts';
import type { OrganizationFinance } from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { env } from '../platform/config/env.ts';
import { domainError, notFound, validationFailed } from '../platform/http/errors.ts';
import type { RawRequest } from '../platform/http/router.ts';
import { logger } from '../platform/log/logger.ts';
import { defaultFinanceDeps, type FinanceDeps, organizationOf } from './finance-context.ts';
import type { StoredPayment } from './finance-store.ts';
import { afterPosting } from './notices.ts';
import {
  type StripeKeys,
  stripeAmountOf,
  stripeClient,
  stripeCurrencyOf,
  stripeKeys,
} from './stripe-gateway.ts';

/**
 * Card top-ups (issue 14 §8; spec §2 payment/start, payment/{provider}/status/{id}; §8 "Successful
 * payment", "Unsuccessful payment"). The member asks for an amount within the club's limits; a
 * pending payment is written BEFORE the member goes to Stripe Checkout; Stripe's webhook, verified
 * against the raw body, credits the balance — once per payment, whatever the order, number and kind
 * of the events that say it was paid (the entry's id is the payment's). An event that says it was not
 * paid marks a pending payment failed; it never takes a credit back.
 */

export interface PaymentDeps extends FinanceDeps {
  keys: () => Promise<StripeKeys | null>;
  stripe: (keys: StripeKeys) => Promise<Stripe>;
  /** Where a payment may send the member back to. */
  webOrigins: () => string[];
}

export const defaultPaymentDeps: PaymentDeps = {
  ...defaultFinanceDeps,
  keys: stripeKeys,
  stripe: stripeClient,
  webOrigins: () =>
    env()
      .WEB_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
};

/** Stripe's smallest charge per currency (its docs' table), in minor units: a club's limit is never below. */
const STRIPE_MINIMUM: Record<string, number> = {
  HUF: 17_500,
  EUR: 50,
  USD: 50,
  CHF: 50,
  GBP: 30,
  CZK: 1_500,
  PLN: 200,
  RON: 200,
  SEK: 300,
  NOK: 300,
  DKK: 250,
};
/** What a club that set no limits allows: 1 000 – 500 000 Ft, or 10 – 2 000 in a two-decimal currency. */
const DEFAULT_LIMITS: Record<string, { min: number; max: number }> = {
  HUF: { min: 100_000, max: 50_000_000 },
  CZK: { min: 10_000, max: 5_000_000 },
};

export function paymentLimitsOf(
  org: Pick<OrganizationFinance, 'currency_id' | 'payment_min' | 'payment_max'>,
) {
  const defaults = DEFAULT_LIMITS[org.currency_id] ?? { min: 1_000, max: 200_000 };
  const min = Math.max(org.payment_min ?? defaults.min, STRIPE_MINIMUM[org.currency_id] ?? 50);
  const max = Math.max(org.payment_max ?? defaults.max, min);
  return { min, max };
}

/** An allowed origin, exact or with one `*` for a single DNS label (`https://*.cloudfront.net`). */
export function originMatches(allowed: string, origin: string) {
  if (!allowed.includes('*')) return allowed === origin;
  const [head, tail] = allowed.split('*') as [string, string];
  if (!origin.startsWith(head) || !origin.endsWith(tail)) return false;
  return /^[a-z0-9-]+$/.test(origin.slice(head.length, origin.length - tail.length));
}

/** Forints are paid out only whole (Stripe: HUF payout amounts divisible by 100). */
const WHOLE_UNITS = new Set(['HUF']);

async function balanceOf(deps: FinanceDeps, org: OrganizationFinance, userId: string) {
  return (await deps.ledger.balance(org.organization_id, userId))?.balance ?? 0;
}

/** GET /api/payments/config: whether card payment is set up, the limits, the member's balance. */
export async function paymentConfig(deps: PaymentDeps, actor: Actor) {
  const org = await organizationOf(deps, actor);
  const keys = await deps.keys();
  const limits = paymentLimitsOf(org);
  return {
    enabled: keys !== null,
    provider: keys ? ('stripe' as const) : null,
    currency_id: org.currency_id,
    ...limits,
    balance: await balanceOf(deps, org, actor.userId),
  };
}

/**
 * POST /api/payments: the pending payment is written first, then the Checkout Session is made
 * (naming the payment in its metadata) and the browser goes to its page.
 */
export async function startPayment(
  deps: PaymentDeps,
  actor: Actor,
  input: { amount: number; return_origin: string },
) {
  const org = await organizationOf(deps, actor);
  const keys = await deps.keys();
  if (!keys) throw domainError('payments_not_configured');
  const { min, max } = paymentLimitsOf(org);
  if (input.amount < min) throw validationFailed({ amount: ['too_small'] });
  if (input.amount > max) throw validationFailed({ amount: ['too_big'] });
  if (WHOLE_UNITS.has(org.currency_id) && input.amount % 100 !== 0)
    throw validationFailed({ amount: ['invalid_value'] });
  if (!deps.webOrigins().includes(input.return_origin))
    throw validationFailed({ return_origin: ['invalid_value'] });

  const now = deps.now();
  const payment: StoredPayment = {
    organization_id: org.organization_id,
    payment_id: timeOrderedId(now.getTime()),
    user_id: actor.userId,
    provider: 'stripe',
    status: 'pending',
    amount: input.amount,
    currency_id: org.currency_id,
    version: 1,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await deps.store.createPayment(payment);
  const status = `${input.return_origin}/payment/stripe/status/${payment.payment_id}`;
  const stripe = await deps.stripe(keys);
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: stripeCurrencyOf(org.currency_id),
            unit_amount: stripeAmountOf(input.amount),
            product_data: { name: `${org.organization_name}: ${actor.userName}` },
          },
        },
      ],
      client_reference_id: payment.payment_id,
      metadata: {
        organization_id: org.organization_id,
        payment_id: payment.payment_id,
        user_id: actor.userId,
      },
      customer_email: actor.email,
      locale: 'auto',
      success_url: status,
      cancel_url: `${status}?canceled=1`,
    },
    // A retried create (a network error) makes one session, not two.
    { idempotencyKey: `topup-${org.organization_id}-${payment.payment_id}` },
  );
  if (!session.url) throw new Error('Stripe answered a session without a URL');
  await deps.store.attachSession(org.organization_id, payment.payment_id, session.id, session.url);
  return { payment_id: payment.payment_id, checkout_url: session.url };
}

async function ownPayment(deps: PaymentDeps, actor: Actor, paymentId: string) {
  const org = await organizationOf(deps, actor);
  const payment = await deps.store.payment(org.organization_id, paymentId);
  // Only the member's own: another member's payment is as absent as a made-up one.
  if (!payment || payment.user_id !== actor.userId) throw notFound();
  return { org, payment };
}

const outputOf = (payment: StoredPayment, balance: number) => ({
  payment_id: payment.payment_id,
  provider: payment.provider,
  status: payment.status,
  amount: payment.amount,
  currency_id: payment.currency_id,
  created_at: payment.created_at,
  completed_at: payment.completed_at ?? null,
  balance,
});

/** GET /api/payments/{id}: the member's own payment (the status screen asks until it is settled). */
export async function getPayment(deps: PaymentDeps, actor: Actor, paymentId: string) {
  const { org, payment } = await ownPayment(deps, actor, paymentId);
  return outputOf(payment, await balanceOf(deps, org, actor.userId));
}

/**
 * POST /api/payments/{id}/cancel: the member came back from Checkout without paying. The session is
 * expired at Stripe, so it cannot be paid later by mistake; a session paid meanwhile stays and is
 * credited by its webhook.
 */
export async function cancelPayment(deps: PaymentDeps, actor: Actor, paymentId: string) {
  const { org, payment } = await ownPayment(deps, actor, paymentId);
  if (payment.status === 'pending' && payment.session_id) {
    const keys = await deps.keys();
    if (!keys) throw domainError('payments_not_configured');
    const stripe = await deps.stripe(keys);
    try {
      const session = await stripe.checkout.sessions.expire(payment.session_id);
      if (session.status === 'expired')
        await deps.store.failPayment(org.organization_id, paymentId, null, deps.now().toISOString());
    } catch (error) {
      // Already complete or expired at Stripe: its webhook settles the payment either way.
      logger.info('checkout session not expired', {
        paymentId,
        error: error instanceof Error ? error.name : 'error',
      });
    }
  }
  return getPayment(deps, actor, paymentId);
}

/** The payment's credit: its id is the payment's, so it is posted once whatever says it was paid. */
export const paymentEntryId = (paymentId: string) => `pay-${paymentId}`;

const PAID = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const NOT_PAID = new Set(['checkout.session.expired', 'checkout.session.async_payment_failed']);

async function credit(
  deps: PaymentDeps,
  org: OrganizationFinance,
  payment: StoredPayment,
  session: Stripe.Checkout.Session,
  eventId: string,
) {
  if (
    session.amount_total !== stripeAmountOf(payment.amount) ||
    session.currency !== stripeCurrencyOf(payment.currency_id) ||
    (payment.session_id && payment.session_id !== session.id)
  ) {
    logger.error('payment does not match its session', { paymentId: payment.payment_id, eventId });
    return;
  }
  const at = deps.now().toISOString();
  const outcome = await deps.ledger.post({
    organization_id: org.organization_id,
    entries: [
      {
        organization_id: org.organization_id,
        user_id: payment.user_id,
        entry_id: paymentEntryId(payment.payment_id),
        // The day the member paid (asked to), in the club's time zone: the same for every event of it.
        date: todayIn(org.timezone, payment.created_at),
        transaction_type: 'card_payment',
        amount: payment.amount,
        currency_id: payment.currency_id,
        source: 'payment',
        source_id: payment.payment_id,
        comment: 'Stripe',
      },
    ],
    extra: (e) => [
      e.payment
        .patch({ organization_id: org.organization_id, payment_id: payment.payment_id })
        .set({ status: 'succeeded', event_id: eventId, completed_at: at, session_id: session.id })
        .commit(),
    ],
  });
  if (outcome.status === 'refused') return;
  await afterPosting(deps, org, [payment.user_id]);
  const people = await deps.members(org.organization_id, [payment.user_id]);
  const person = people.get(payment.user_id);
  await deps.notify(payment.user_id, {
    kind: 'balance',
    message_key: 'payment_succeeded',
    params: { amount: formatMoney(payment.amount, payment.currency_id, person?.lang ?? 'hu') },
    link: `/payment/stripe/status/${payment.payment_id}/`,
    key: `payment-${payment.payment_id}`,
  });
}

/**
 * POST /api/payments/stripe/webhook (public, raw body): the signature is checked on the body exactly
 * as sent; a bad one is a 400 (Stripe retries, a forger gets nothing). A verified event we have no
 * payment for is acknowledged and logged (another stage's, say), so Stripe does not retry it forever.
 */
export async function stripeWebhook(deps: PaymentDeps, raw: RawRequest) {
  const keys = await deps.keys();
  if (!keys) throw domainError('payments_not_configured');
  const signature = raw.headers['stripe-signature'];
  if (!signature) throw domainError('invalid_signature');
  const stripe = await deps.stripe(keys);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(raw.body, signature, keys.webhookSecret);
  } catch {
    throw domainError('invalid_signature');
  }
  if (!PAID.has(event.type) && !NOT_PAID.has(event.type)) return { received: true as const };
  const session = event.data.object as Stripe.Checkout.Session;
  const organizationId = session.metadata?.organization_id;
  const paymentId = session.metadata?.payment_id ?? session.client_reference_id ?? undefined;
  const org = organizationId ? await deps.organization(organizationId) : null;
  const payment = org && paymentId ? await deps.store.payment(org.organization_id, paymentId) : null;
  if (!org || !payment) {
    logger.warn('webhook for an unknown payment', { eventId: event.id, type: event.type });
    return { received: true as const };
  }
  if (PAID.has(event.type)) {
    // A completed session paid later (bank transfers) says so in async_payment_succeeded.
    if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
      await credit(deps, org, payment, session, event.id);
  } else if (payment.status === 'pending') {
    await deps.store.failPayment(org.organization_id, payment.payment_id, event.id, deps.now().toISOString());
  }
  return { received: true as const };
}
