import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerStore } from '../../functions/finance/ledger-store.ts';
import { type Platform, startPlatform, subOf, WEB_ORIGIN } from '../helpers/platform.ts';

/**
 * Card top-ups through Stripe Checkout (issue 14 §8), against the fake Stripe with the real SDK: a
 * pending payment before the member goes to Stripe; the webhook verified on the raw body; one
 * credit per payment whatever the number, order and kind of the events that say it was paid.
 */
const PILOT = subOf('pilot@demo.windsock.aero');
const STUDENT = subOf('student@demo.windsock.aero');
const ORG = 'org-demo';

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform({ stripe: true });
});
afterAll(async () => {
  await platform?.close();
});

const balanceOf = async (userId: string) => (await ledgerStore.balance(ORG, userId))?.balance ?? 0;
const start = (amount: number, sub = PILOT) =>
  platform.invoke('startPayment', { sub, body: { amount, return_origin: WEB_ORIGIN } });
const sessionOf = (checkoutUrl: string) => platform.stripe!.sessions.get(checkoutUrl.split('/').pop()!)!;

describe('a top-up by card', () => {
  it('asks Stripe for HUF in fillér — 5 000 Ft is unit_amount 500000 "huf" — after writing the pending payment', async () => {
    const config = await platform.invoke('getPaymentConfig', { sub: PILOT });

    const started = await start(500_000);
    const session = sessionOf(started.body.checkout_url);
    const pending = await platform.invoke('getPayment', {
      sub: PILOT,
      params: { id: started.body.payment_id },
    });

    expect(config.body).toMatchObject({ enabled: true, provider: 'stripe', currency_id: 'HUF' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(session).toMatchObject({
      amount_total: 500_000,
      currency: 'huf',
      client_reference_id: started.body.payment_id,
      metadata: { organization_id: ORG, payment_id: started.body.payment_id, user_id: 'user-pilot' },
      success_url: `${WEB_ORIGIN}/payment/stripe/status/${started.body.payment_id}`,
    });
    expect(pending.body).toMatchObject({ status: 'pending', amount: 500_000, currency_id: 'HUF' });
  });

  it('refuses amounts out of the club’s limits, fillér, and a return address that is not the app’s', async () => {
    const tooSmall = await start(10_000);
    const tooBig = await start(1_000_000_000);
    const filler = await start(500_050);
    const elsewhere = await platform.invoke('startPayment', {
      sub: PILOT,
      body: { amount: 500_000, return_origin: 'https://evil.example' },
    });

    expect(tooSmall.body.errors).toEqual({ amount: ['too_small'] });
    expect(tooBig.body.errors).toEqual({ amount: ['too_big'] });
    expect(filler.body.errors).toEqual({ amount: ['invalid_value'] });
    expect(elsewhere.body.errors).toEqual({ return_origin: ['invalid_value'] });
  });

  it('credits once: the webhook delivered, redelivered, duplicated and a later async-succeeded event', async () => {
    const before = await balanceOf('user-pilot');
    const started = await start(1_200_000);
    const session = sessionOf(started.body.checkout_url);

    await platform.stripe!.pay(session.id);
    const completed = platform.stripe!.events.at(-1)!;
    await platform.stripe!.redeliver(completed.id);
    await Promise.all([platform.stripe!.redeliver(completed.id), platform.stripe!.redeliver(completed.id)]);
    await platform.stripe!.emit(session.id, 'checkout.session.async_payment_succeeded');
    // An expiry arriving after the payment (out of order) takes nothing back.
    await platform.stripe!.emit(session.id, 'checkout.session.expired');
    const payment = await platform.invoke('getPayment', {
      sub: PILOT,
      params: { id: started.body.payment_id },
    });
    const entries = (
      await ledgerStore.allMemberEntries(ORG, 'user-pilot', '1900-01-01', '2199-12-31')
    ).filter((e) => e.source_id === started.body.payment_id);

    expect(payment.body).toMatchObject({ status: 'succeeded', balance: before + 1_200_000 });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      transaction_type: 'card_payment',
      amount: 1_200_000,
      source: 'payment',
    });
    expect(await balanceOf('user-pilot')).toBe(before + 1_200_000);
  });

  it('a session the member left marks the payment failed and credits nothing', async () => {
    const before = await balanceOf('user-student');
    const started = await start(300_000, STUDENT);

    const canceled = await platform.invoke('cancelPayment', {
      sub: STUDENT,
      params: { id: started.body.payment_id },
      body: {},
    });

    expect(canceled.body.status).toBe('failed');
    expect(sessionOf(started.body.checkout_url).status).toBe('expired');
    expect(await balanceOf('user-student')).toBe(before);
  });

  it('refuses a webhook whose signature does not match the raw body (400), and a member reads only their own payment', async () => {
    const started = await start(400_000);
    const body = JSON.stringify({
      id: 'evt_forged',
      type: 'checkout.session.completed',
      data: { object: {} },
    });

    const forged = await platform.invoke('stripeWebhook', {
      rawBody: body,
      headers: { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
    });
    const unsigned = await platform.invoke('stripeWebhook', { rawBody: body });
    const someoneElses = await platform.invoke('getPayment', {
      sub: STUDENT,
      params: { id: started.body.payment_id },
    });

    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ code: 'invalid_signature' });
    expect(unsigned.status).toBe(400);
    expect(someoneElses.status).toBe(404);
  });
});

describe('without keys', () => {
  it('says card payment is not configured, and starts none', async () => {
    const bare = await startPlatform({ seed: true });
    try {
      const config = await bare.invoke('getPaymentConfig', { sub: PILOT });
      const started = await bare.invoke('startPayment', {
        sub: PILOT,
        body: { amount: 500_000, return_origin: WEB_ORIGIN },
      });

      expect(config.body).toMatchObject({ enabled: false, provider: null });
      expect(started.status).toBe(409);
      expect(started.body).toEqual({ code: 'payments_not_configured' });
    } finally {
      await bare.close();
    }
  });
});
