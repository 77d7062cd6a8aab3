import type Stripe from 'stripe';
import { signedFetch } from '../platform/aws/signed-fetch.ts';
import { env } from '../platform/config/env.ts';

/**
 * Stripe, as the finance domain uses it (issue 14 §8): Checkout Sessions for a top-up, and webhook
 * events verified against the raw body. The keys come from Secrets Manager in the cloud (a JSON
 * secret `{ "secret_key", "webhook_secret" }`, read once per container and again after 5 minutes),
 * from the environment locally, where the SDK's host/port/protocol options point it at the fake
 * Stripe of bin/local/stripe.ts. No keys at all: payments are not configured.
 *
 * Amounts: Stripe takes an amount in the currency's minor unit — and treats HUF as a two-decimal
 * currency in its API (fillér), like our ledger — so 5 000 Ft is `unit_amount: 500000`, `huf`. Stripe
 * pays HUF out only in whole forints (amounts divisible by 100), so a top-up is whole forints too.
 */

export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
  /** The API's address when it is not Stripe's own (the fake Stripe). */
  apiUrl: string | null;
}

const KEYS_TTL_MS = 5 * 60 * 1000;
let cached: { keys: StripeKeys | null; at: number; source: string } | null = null;

async function secretFromManager(arn: string): Promise<StripeKeys | null> {
  const region = arn.split(':')[3] || env().AWS_REGION;
  const response = await signedFetch({
    service: 'secretsmanager',
    endpoint: `secretsmanager.${region}.amazonaws.com`,
    path: '/',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'secretsmanager.GetSecretValue',
    },
    body: JSON.stringify({ SecretId: arn }),
    timeoutMs: 5000,
  });
  if (!response.ok) throw new Error(`Secrets Manager answered ${response.status}`);
  const { SecretString } = (await response.json()) as { SecretString?: string };
  const value = JSON.parse(SecretString ?? '{}') as { secret_key?: string; webhook_secret?: string };
  if (!value.secret_key || !value.webhook_secret) return null;
  return { secretKey: value.secret_key, webhookSecret: value.webhook_secret, apiUrl: null };
}

/** The clock of the keys' cache (milliseconds). */
const cacheClock = { now: () => Date.now() };

/** The keys in force, or null when card payment is not configured. */
export async function stripeKeys(): Promise<StripeKeys | null> {
  const { STRIPE_SECRET_ARN, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL } = env();
  const source = `${STRIPE_SECRET_ARN ?? ''}|${STRIPE_SECRET_KEY ?? ''}|${STRIPE_API_URL ?? ''}`;
  if (cached && cached.source === source && cacheClock.now() - cached.at < KEYS_TTL_MS) return cached.keys;
  let keys: StripeKeys | null = null;
  if (STRIPE_SECRET_KEY && STRIPE_WEBHOOK_SECRET)
    keys = {
      secretKey: STRIPE_SECRET_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      apiUrl: STRIPE_API_URL ?? null,
    };
  else if (STRIPE_SECRET_ARN) keys = await secretFromManager(STRIPE_SECRET_ARN);
  cached = { keys, at: cacheClock.now(), source };
  return keys;
}

const clients = new Map<string, Stripe>();

/** The SDK client for the keys (loaded with the first payment, not at cold start). */
export async function stripeClient(keys: StripeKeys): Promise<Stripe> {
  const id = `${keys.secretKey}|${keys.apiUrl ?? ''}`;
  let client = clients.get(id);
  if (!client) {
    const { default: StripeSdk } = await import('stripe');
    const api = keys.apiUrl ? new URL(keys.apiUrl) : null;
    client = new StripeSdk(keys.secretKey, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      telemetry: false,
      ...(api && {
        host: api.hostname,
        port: api.port || (api.protocol === 'https:' ? 443 : 80),
        protocol: api.protocol === 'https:' ? 'https' : 'http',
      }),
    });
    clients.set(id, client);
  }
  return client;
}

/** The amount Stripe is asked for: our minor units are Stripe's (HUF is two-decimal there too). */
export const stripeAmountOf = (minor: number) => minor;
export const stripeCurrencyOf = (currency: string) => currency.toLowerCase();

/** Forgets the keys and clients (tests point the platform at a new fake Stripe). */
export const resetStripeForTests = () => {
  cached = null;
  clients.clear();
};
